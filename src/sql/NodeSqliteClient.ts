/**
 * An effect/sql `SqlClient` over Node's built-in `node:sqlite` (`DatabaseSync`).
 *
 * No `@effect/sql-sqlite-*` release loads with effect 4.1, so ralph carries this small driver. It
 * follows effect's own `@effect/sql-sqlite-node` (which moved to `node:sqlite` too) and uses effect
 * 4.1's `SqlClient.makeSqliteAcquirers`:
 *
 * - one connection, shared through a semaphore: a statement borrows it for its own duration, a
 *   transaction (`withTransaction`) and a stream lease it until they end, so no statement of
 *   another fiber can land inside someone else's transaction. Nested `withTransaction` calls use
 *   savepoints (released after they commit or roll back). Top-level transactions on a writable
 *   database start with `BEGIN IMMEDIATE`: the write lock is taken at the start, so two processes
 *   sharing the file never deadlock on a read-to-write upgrade (the other one waits `busyTimeout`).
 * - the `sqlite` dialect compiler (`sql.onDialectOrElse({ sqlite: … })` picks it), span attributes
 *   `db.system.name = "sqlite"` plus the caller's, `SqlClient.SafeIntegers` honoured (effect/cluster
 *   reads its 64-bit snowflake ids with it), a bounded LRU cache of prepared statements.
 * - every failure is a `SqlError` whose reason is classified from SQLite's result code
 *   (`UniqueViolation`, `ConstraintError`, `LockTimeoutError` for SQLITE_BUSY/LOCKED,
 *   `ConnectionError` for an open failure, …) and keeps the native error as its `cause`.
 * - the database file is created (or tightened to) mode 0600 before SQLite opens it; SQLite gives
 *   its `-wal`, `-shm` and `-journal` files the mode of the database file, and existing ones are
 *   tightened too.
 * - tuning for a durable store: WAL journal, `synchronous = FULL` (see {@link NodeSqliteClientConfig}),
 *   a busy timeout, foreign keys on. A transaction begun under `LazyFlush` (./LazyFlush.ts) commits
 *   with `synchronous = NORMAL` in WAL mode: no fsync of its own, made durable by the next commit
 *   that flushes.
 *
 * `node:sqlite` is synchronous: a statement (and a busy wait) blocks the event loop while it runs.
 * Parameters: booleans are bound as 1/0, `undefined` as NULL, `Date` as its ISO-8601 text.
 */
import {
  type Array as Arr,
  Cause,
  Context,
  Duration,
  Effect,
  type Fiber,
  Layer,
  type Pull,
  type Scope,
  Semaphore,
  Stream
} from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as Client from "effect/sql/SqlClient"
import type { Connection } from "effect/sql/SqlConnection"
import { classifySqliteError, ConnectionError, SqlError } from "effect/sql/SqlError"
import * as Statement from "effect/sql/Statement"
import * as fs from "node:fs"
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite"
import { LazyFlush } from "./LazyFlush.ts"
import { loadNodeSqlite } from "./nodeSqliteModule.ts"

/** SQLite's largest busy timeout (a signed 32-bit count of milliseconds). */
const MAX_BUSY_TIMEOUT = 2_147_483_647

/** `PRAGMA journal_mode` values. */
export type JournalMode = "wal" | "delete" | "truncate" | "persist" | "memory" | "off"

/** `PRAGMA synchronous` values. */
export type Synchronous = "off" | "normal" | "full" | "extra"

export interface NodeSqliteClientConfig {
  /** Path of the database file, or `":memory:"`. `file:` URIs are passed to SQLite untouched (no file mode handling). */
  readonly filename: string
  /**
   * Open read-only: no file is created or changed (modes included), no pragma that writes is
   * issued, transactions start with a plain `BEGIN`. Default `false`. Read-only clients are what
   * commands that only read (listing, showing) should use: in WAL mode they never block the writer.
   */
  readonly readonly?: boolean | undefined
  /**
   * Default `"wal"`: readers never block the writer, and a commit appends to the log instead of
   * rewriting pages through a rollback journal. Ignored for `:memory:` databases and read-only opens.
   */
  readonly journalMode?: JournalMode | undefined
  /**
   * Default `"full"`. In WAL mode, `"normal"` is safe against corruption and against a crash of the
   * process (SIGKILL included: the log is in the OS page cache), but a power loss or an OS crash can
   * lose the last transactions committed before it. `"full"` syncs the log on every commit, so a
   * committed transaction (a finished round, for ralph) survives a power loss too, for one fsync per
   * commit. ralph's rounds cost minutes and money: durability wins. `"normal"` is the choice when a
   * lost tail is acceptable. Under `"full"` (or `"extra"`) in WAL mode, a transaction begun under
   * `LazyFlush` commits at `"normal"`: for records a later flushing commit makes durable.
   */
  readonly synchronous?: Synchronous | undefined
  /**
   * How long a statement waits for a lock held by another connection (another process) before
   * failing with SQLITE_BUSY (`LockTimeoutError`). Default 5 seconds. The wait blocks the event loop.
   */
  readonly busyTimeout?: Duration.Input | undefined
  /** `PRAGMA foreign_keys`. Default `true`. */
  readonly foreignKeys?: boolean | undefined
  /**
   * Mode of the database file (created with it, or tightened to it) and of its existing
   * `-wal`/`-shm`/`-journal` files. Default `0o600`.
   */
  readonly fileMode?: number | undefined
  /** How many prepared statements are kept, least recently used dropped first. Default 200. */
  readonly prepareCacheSize?: number | undefined
  /** Extra span attributes of every statement and transaction. */
  readonly spanAttributes?: Record<string, unknown> | undefined
  /** Row column names to JavaScript names (e.g. snake_case to camelCase). */
  readonly transformResultNames?: ((str: string) => string) | undefined
  /** JavaScript names to column names in queries. */
  readonly transformQueryNames?: ((str: string) => string) | undefined
}

export interface NodeSqliteClientService extends Client.SqlClient {
  /** The configuration the client was made with. */
  readonly config: NodeSqliteClientConfig
  /**
   * Runs a script of one or more SQL statements without parameters (`DatabaseSync.exec`), on the
   * current transaction's connection when inside one. Returns no rows.
   */
  readonly exec: (script: string) => Effect.Effect<void, SqlError>
  /** Not supported by SQLite. */
  readonly updateValues: never
}

/** The client as its own service (besides `SqlClient.SqlClient`), for what only it offers. */
export class NodeSqliteClient extends Context.Service<NodeSqliteClient, NodeSqliteClientService>()(
  "ralph/sql/NodeSqliteClient"
) {}

interface SqliteConnection extends Connection {
  readonly exec: (script: string) => Effect.Effect<void, SqlError>
}

interface CachedStatement {
  readonly statement: StatementSync
  /** Whether it returns rows (a SELECT, a PRAGMA with a result, an INSERT … RETURNING). */
  readonly reader: boolean
}

const isMemory = (filename: string): boolean =>
  filename === ":memory:" || filename === "" || filename.startsWith("file:")

/**
 * The database file and its existing side files, created or tightened to `mode` before SQLite opens
 * them (SQLite creates `-wal`, `-shm` and `-journal` files with the mode of the database file).
 * A read-only open creates and changes nothing.
 */
const secureFiles = (filename: string, mode: number, readonly: boolean): void => {
  if (isMemory(filename) || readonly) return
  // O_CREAT with the mode: a new file is never readable by others, not even for an instant.
  const fd = fs.openSync(filename, fs.constants.O_RDWR | fs.constants.O_CREAT, mode)
  try {
    fs.fchmodSync(fd, mode)
  } finally {
    fs.closeSync(fd)
  }
  for (const suffix of ["-wal", "-shm", "-journal"]) {
    try {
      fs.chmodSync(filename + suffix, mode)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
    }
  }
}

const classifyError = (cause: unknown, message: string, operation: string) => {
  // node:sqlite's errors carry `code: "ERR_SQLITE_ERROR"` and the SQLite result code in `errcode`;
  // effect's classifier reads a numeric `errno`.
  if (
    typeof cause === "object" && cause !== null && "errcode" in cause && !("errno" in cause) &&
    typeof (cause as { readonly errcode: unknown }).errcode === "number"
  ) {
    Object.assign(cause, { errno: (cause as { readonly errcode: number }).errcode })
  }
  const detail = cause instanceof Error && cause.message !== "" ? `: ${cause.message}` : ""
  return new SqlError({ reason: classifySqliteError(cause, { message: message + detail, operation }) })
}

/** Binds what node:sqlite refuses (booleans, undefined, Dates) as SQLite values. */
const bindable = (params: ReadonlyArray<unknown>): Array<SQLInputValue> => {
  const out = new Array<SQLInputValue>(params.length)
  for (let i = 0; i < params.length; i++) {
    const value = params[i]
    switch (typeof value) {
      case "boolean":
        out[i] = value ? 1 : 0
        break
      case "undefined":
        out[i] = null
        break
      default:
        out[i] = value instanceof Date ? value.toISOString() : value as SQLInputValue
    }
  }
  return out
}

const STREAM_CHUNK = 128

/**
 * Opens the database and builds the client. The database closes when the scope closes.
 */
export const make = (
  options: NodeSqliteClientConfig
): Effect.Effect<NodeSqliteClientService, SqlError, Scope.Scope | Reactivity.Reactivity> =>
  Effect.gen(function*() {
    const readonly = options.readonly === true
    const compiler = Statement.makeCompilerSqlite(options.transformQueryNames)
    const transformRows = options.transformResultNames
      ? Statement.defaultTransforms(options.transformResultNames).array
      : undefined
    const cacheSize = Math.max(0, options.prepareCacheSize ?? 200)

    const synchronous = (options.synchronous ?? "full").toUpperCase()
    let wal = false
    const db = yield* Effect.try({
      try: (): DatabaseSync => {
        secureFiles(options.filename, options.fileMode ?? 0o600, readonly)
        const { DatabaseSync } = loadNodeSqlite()
        const db = new DatabaseSync(options.filename, {
          readOnly: readonly,
          enableForeignKeyConstraints: options.foreignKeys ?? true
        })
        try {
          const busyTimeout = Math.min(
            MAX_BUSY_TIMEOUT,
            Math.max(0, Math.round(Duration.toMillis(options.busyTimeout ?? Duration.seconds(5))))
          )
          db.exec(`PRAGMA busy_timeout = ${busyTimeout}`)
          db.exec(`PRAGMA foreign_keys = ${options.foreignKeys === false ? "OFF" : "ON"}`)
          if (!readonly) {
            if (!isMemory(options.filename)) {
              const [mode] = db.prepare(`PRAGMA journal_mode = ${(options.journalMode ?? "wal").toUpperCase()}`)
                .all() as ReadonlyArray<{ readonly journal_mode?: unknown }>
              wal = mode?.journal_mode === "wal"
            }
            db.exec(`PRAGMA synchronous = ${synchronous}`)
          }
        } catch (error) {
          db.close()
          throw error
        }
        return db
      },
      catch: (cause) => {
        const error = classifyError(cause, `Failed to open SQLite database ${options.filename}`, "open")
        // Whatever stopped the open (a missing directory, a file it may not touch, a bad header…)
        // is a connection failure to the caller.
        return error.reason._tag === "UnknownError"
          ? new SqlError({
            reason: new ConnectionError({ cause, message: error.reason.message, operation: "open" })
          })
          : error
      }
    })

    // Lazy flushes need WAL (whose log recovers as a prefix) and a level that flushes every commit.
    const lazyLevel = wal && (synchronous === "FULL" || synchronous === "EXTRA") ? "NORMAL" : undefined
    let level = synchronous
    /**
     * Sets the level the next commit runs at, by the fiber's `LazyFlush`; outside transactions only
     * (SQLite refuses the change inside one), so before the BEGIN of a transaction and before a
     * statement on its own.
     */
    const setCommitLevel = (fiber: Fiber.Fiber<unknown, unknown>): void => {
      if (lazyLevel === undefined || db.isTransaction) return
      const wanted = fiber.getRef(LazyFlush) ? lazyLevel : synchronous
      if (wanted !== level) {
        db.exec(`PRAGMA synchronous = ${wanted}`)
        level = wanted
      }
    }

    const cache = new Map<string, CachedStatement>()
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        cache.clear()
        if (db.isOpen) db.close()
      })
    )

    const prepare = (sql: string): CachedStatement => {
      const statement = db.prepare(sql)
      return { statement, reader: statement.columns().length > 0 }
    }
    const prepareCached = (sql: string): CachedStatement => {
      const hit = cache.get(sql)
      if (hit !== undefined) {
        // Most recently used last: Map keeps insertion order.
        cache.delete(sql)
        cache.set(sql, hit)
        return hit
      }
      const entry = prepare(sql)
      if (cacheSize > 0) {
        cache.set(sql, entry)
        if (cache.size > cacheSize) cache.delete(cache.keys().next().value!)
      }
      return entry
    }

    type Mode = "rows" | "arrays" | "raw"
    const run = (
      getStatement: (sql: string) => CachedStatement,
      sql: string,
      params: ReadonlyArray<unknown>,
      mode: Mode
    ): Effect.Effect<any, SqlError> =>
      Effect.withFiber<any, SqlError>((fiber) => {
        try {
          setCommitLevel(fiber)
          const { reader, statement } = getStatement(sql)
          statement.setReadBigInts(fiber.getRef(Client.SafeIntegers))
          statement.setReturnArrays(mode === "arrays")
          const args = params.length === 0 ? [] : bindable(params)
          if (mode === "raw" && !reader) {
            const result = statement.run(...args)
            return Effect.succeed({ changes: result.changes, lastInsertRowid: result.lastInsertRowid })
          }
          return Effect.succeed(statement.all(...args))
        } catch (cause) {
          return Effect.fail(classifyError(cause, "Failed to execute statement", "execute"))
        }
      })

    const stream = (
      sql: string,
      params: ReadonlyArray<unknown>,
      transform: (<A extends object>(row: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined
    ): Stream.Stream<any, SqlError> =>
      Stream.unwrap(
        Effect.map(
          Effect.acquireRelease(
            Effect.withFiber((fiber) => {
              try {
                // A statement of its own: the iterator keeps it busy until the stream ends.
                const statement = db.prepare(sql)
                statement.setReadBigInts(fiber.getRef(Client.SafeIntegers))
                return Effect.succeed(statement.iterate(...bindable(params)))
              } catch (cause) {
                return Effect.fail(classifyError(cause, "Failed to execute statement", "executeStream"))
              }
            }),
            // Resets the statement, which ends its read of the database.
            (iterator) => Effect.sync(() => iterator.return?.())
          ),
          (iterator) => {
            // node:sqlite's iterator starts the query again when `next` is called after it is done.
            let finished = false
            return Stream.fromPull(
              Effect.succeed(Effect.suspend((): Pull.Pull<Arr.NonEmptyReadonlyArray<object>, SqlError> => {
                const rows: Array<object> = []
                try {
                  while (!finished && rows.length < STREAM_CHUNK) {
                    const next = iterator.next()
                    if (next.done === true) finished = true
                    else rows.push(next.value)
                  }
                } catch (cause) {
                  finished = true
                  return Effect.fail(classifyError(cause, "Failed to read rows", "executeStream"))
                }
                if (rows.length === 0) return Cause.done()
                const chunk = transform ? transform(rows) : rows
                return Effect.succeed(chunk as Arr.NonEmptyReadonlyArray<object>)
              }))
            )
          }
        )
      )

    const exec = (script: string): Effect.Effect<void, SqlError> =>
      Effect.withFiber((fiber) => {
        try {
          setCommitLevel(fiber)
          db.exec(script)
          return Effect.void
        } catch (cause) {
          return Effect.fail(classifyError(cause, "Failed to execute script", "exec"))
        }
      })

    const connection: SqliteConnection = {
      execute(sql, params, transform) {
        const rows = run(prepareCached, sql, params, "rows")
        return transform ? Effect.map(rows, transform) : rows
      },
      executeRaw(sql, params) {
        return run(prepareCached, sql, params, "raw")
      },
      executeValues(sql, params) {
        return run(prepareCached, sql, params, "arrays")
      },
      executeValuesUnprepared(sql, params) {
        return run(prepare, sql, params, "arrays")
      },
      executeUnprepared(sql, params, transform) {
        const rows = run(prepare, sql, params ?? [], "rows")
        return transform ? Effect.map(rows, transform) : rows
      },
      executeStream(sql, params, transform) {
        return stream(sql, params, transform)
      },
      exec
    }

    const semaphore = yield* Semaphore.make(1)
    const acquirers = Client.makeSqliteAcquirers({
      connection: Effect.succeed(connection),
      semaphore,
      isTransaction: () => db.isTransaction
    })

    const client = yield* Client.make({
      ...acquirers,
      compiler,
      driver: "sqlite-node",
      spanAttributes: [
        ...(options.spanAttributes ? Object.entries(options.spanAttributes) : []),
        ["db.system.name", "sqlite"]
      ],
      transformRows,
      beginTransaction: readonly ? "BEGIN" : "BEGIN IMMEDIATE",
      // SQLite prepares BEGIN, COMMIT, ROLLBACK and savepoints like any statement: they are cached.
      prepareTransactionControls: true,
      releaseSavepoint: (name) => `RELEASE SAVEPOINT ${name}`
    })

    const execInContext = (script: string): Effect.Effect<void, SqlError> =>
      Effect.flatMap(
        Effect.serviceOption(client.transactionService),
        (transaction) =>
          transaction._tag === "Some"
            ? exec(script)
            : acquirers.borrower(() => exec(script))
      )

    return Object.assign(client, {
      config: options,
      exec: execInContext
    }) as NodeSqliteClientService
  })

/** `NodeSqliteClient` and `SqlClient.SqlClient` over one database; it closes with the layer. */
export const layer = (
  config: NodeSqliteClientConfig
): Layer.Layer<NodeSqliteClient | Client.SqlClient, SqlError> =>
  Layer.effectContext(
    Effect.map(make(config), (client) =>
      Context.make(NodeSqliteClient, client).pipe(
        Context.add(Client.SqlClient, client)
      ))
  ).pipe(Layer.provide(Reactivity.layer))
