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
import { Context, Effect, type Fiber, Layer, type Scope, Semaphore } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as Client from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import * as Statement from "effect/sql/Statement"
import { LazyFlush } from "./LazyFlush.ts"
import type { NodeSqliteClientConfig } from "./nodeSqliteConfig.ts"
import { makeConnection } from "./sqliteConnection.ts"
import { openDatabase } from "./sqliteOpen.ts"

export type { JournalMode, NodeSqliteClientConfig, Synchronous } from "./nodeSqliteConfig.ts"

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

/**
 * Opens the database and builds the client. The database closes when the scope closes.
 */
export const make = (
  options: NodeSqliteClientConfig
): Effect.Effect<NodeSqliteClientService, SqlError, Scope.Scope | Reactivity.Reactivity> =>
  Effect.gen(function*() {
    const readonly = options.readonly === true
    const { db, synchronous, wal } = yield* openDatabase(options)

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

    const { clear, connection } = makeConnection(db, Math.max(0, options.prepareCacheSize ?? 200), setCommitLevel)
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        clear()
        if (db.isOpen) db.close()
      })
    )

    const semaphore = yield* Semaphore.make(1)
    const acquirers = Client.makeSqliteAcquirers({
      connection: Effect.succeed(connection),
      semaphore,
      isTransaction: () => db.isTransaction
    })

    const client = yield* Client.make({
      ...acquirers,
      compiler: Statement.makeCompilerSqlite(options.transformQueryNames),
      driver: "sqlite-node",
      spanAttributes: [
        ...(options.spanAttributes ? Object.entries(options.spanAttributes) : []),
        ["db.system.name", "sqlite"]
      ],
      transformRows: options.transformResultNames
        ? Statement.defaultTransforms(options.transformResultNames).array
        : undefined,
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
            ? connection.exec(script)
            : acquirers.borrower(() => connection.exec(script))
      )

    // The service narrows `updateValues` to `never` (SQLite has no UPDATE … FROM VALUES): the
    // client's own is there at run time, only its type is withheld, so the object is the service.
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
