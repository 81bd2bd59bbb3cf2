/**
 * The one connection of a node:sqlite client (src/sql/NodeSqliteClient.ts), as effect/sql's
 * `Connection`: statements prepared once and kept in a bounded LRU cache, parameters bound as
 * SQLite takes them, rows streamed in chunks, scripts run whole. Every failure is a `SqlError`.
 */
import { type Array as Arr, Cause, Effect, type Fiber, type Pull, Stream } from "effect"
import * as Client from "effect/sql/SqlClient"
import type { Connection } from "effect/sql/SqlConnection"
import type { SqlError } from "effect/sql/SqlError"
import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from "node:sqlite"
import { sqliteError } from "./sqliteError.ts"

export interface SqliteConnection extends Connection {
  readonly exec: (script: string) => Effect.Effect<void, SqlError>
}

interface CachedStatement {
  readonly statement: StatementSync
  /** Whether it returns rows (a SELECT, a PRAGMA with a result, an INSERT … RETURNING). */
  readonly reader: boolean
}

type Row = Record<string, SQLOutputValue>
type Transform = (<A extends object>(row: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined

const STREAM_CHUNK = 128

/** What node:sqlite binds as it is: text, numbers, blobs and NULL. */
const isSqlInput = (value: unknown): value is SQLInputValue =>
  value === null || typeof value === "string" || typeof value === "number" || typeof value === "bigint" ||
  ArrayBuffer.isView(value)

/** Binds what node:sqlite refuses (booleans, undefined, Dates) as SQLite values. */
const bindable = (params: ReadonlyArray<unknown>): Array<SQLInputValue> => {
  const out = new Array<SQLInputValue>(params.length)
  for (let i = 0; i < params.length; i++) {
    const value = params[i]
    if (typeof value === "boolean") out[i] = value ? 1 : 0
    else if (value === undefined) out[i] = null
    else if (value instanceof Date) out[i] = value.toISOString()
    else if (isSqlInput(value)) out[i] = value
    else {
      throw new TypeError(
        `parameter ${i + 1} cannot be bound: SQLite takes text, numbers, bigints, bytes, booleans, ` +
          `dates or null (got a value of type ${typeof value})`
      )
    }
  }
  return out
}

/** A bounded cache of prepared statements, least recently used dropped first (`size` 0: none kept). */
const statementCache = (db: DatabaseSync, size: number) => {
  const cache = new Map<string, CachedStatement>()
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
    if (size > 0) {
      cache.set(sql, entry)
      if (cache.size > size) cache.delete(cache.keys().next().value!)
    }
    return entry
  }
  return { prepare, prepareCached, clear: () => cache.clear() }
}

/** Rows in chunks from a statement of its own, which the iterator keeps busy until the stream ends. */
const streamRows = (
  db: DatabaseSync,
  sql: string,
  params: ReadonlyArray<unknown>,
  transform: Transform
): Stream.Stream<object, SqlError> =>
  Stream.unwrap(
    Effect.map(
      Effect.acquireRelease(
        Effect.withFiber((fiber) => {
          try {
            const statement = db.prepare(sql)
            statement.setReadBigInts(fiber.getRef(Client.SafeIntegers))
            return Effect.succeed(statement.iterate(...bindable(params)))
          } catch (cause) {
            return Effect.fail(sqliteError(cause, "Failed to execute statement", "executeStream"))
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
              return Effect.fail(sqliteError(cause, "Failed to read rows", "executeStream"))
            }
            const chunk = transform ? transform(rows) : rows
            return isNonEmpty(chunk) ? Effect.succeed(chunk) : Cause.done()
          }))
        )
      }
    )
  )

const isNonEmpty = <A>(rows: ReadonlyArray<A>): rows is Arr.NonEmptyReadonlyArray<A> => rows.length > 0

/**
 * The connection over `db`. `beforeStatement` runs before every statement and script, in the
 * caller's fiber (the client sets the commit's sync level there). `clear` drops the cached statements.
 */
export const makeConnection = (
  db: DatabaseSync,
  cacheSize: number,
  beforeStatement: (fiber: Fiber.Fiber<unknown, unknown>) => void
): { readonly connection: SqliteConnection; readonly clear: () => void } => {
  const statements = statementCache(db, cacheSize)
  /** Runs one statement in the caller's fiber; `use` reads its result. */
  const run = <A>(
    getStatement: (sql: string) => CachedStatement,
    sql: string,
    params: ReadonlyArray<unknown>,
    arrays: boolean,
    use: (cached: CachedStatement, args: Array<SQLInputValue>) => A
  ): Effect.Effect<A, SqlError> =>
    Effect.withFiber((fiber) => {
      try {
        beforeStatement(fiber)
        const cached = getStatement(sql)
        cached.statement.setReadBigInts(fiber.getRef(Client.SafeIntegers))
        cached.statement.setReturnArrays(arrays)
        return Effect.succeed(use(cached, params.length === 0 ? [] : bindable(params)))
      } catch (cause) {
        return Effect.fail(sqliteError(cause, "Failed to execute statement", "execute"))
      }
    })
  const all = ({ statement }: CachedStatement, args: Array<SQLInputValue>): ReadonlyArray<Row> => statement.all(...args)
  // With setReturnArrays(true) node:sqlite gives every row as an array; its types still say objects.
  const values = (cached: CachedStatement, args: Array<SQLInputValue>) =>
    (all(cached, args) as ReadonlyArray<unknown>) as ReadonlyArray<ReadonlyArray<unknown>>
  const rows = (getStatement: (sql: string) => CachedStatement, sql: string, params: ReadonlyArray<unknown>) =>
    run(getStatement, sql, params, false, all)

  const exec = (script: string): Effect.Effect<void, SqlError> =>
    Effect.withFiber((fiber) => {
      try {
        beforeStatement(fiber)
        db.exec(script)
        return Effect.void
      } catch (cause) {
        return Effect.fail(sqliteError(cause, "Failed to execute script", "exec"))
      }
    })

  const connection: SqliteConnection = {
    execute(sql, params, transform) {
      const result = rows(statements.prepareCached, sql, params)
      return transform ? Effect.map(result, transform) : result
    },
    executeRaw(sql, params) {
      return run(statements.prepareCached, sql, params, false, (cached, args) => {
        if (cached.reader) return cached.statement.all(...args)
        const result = cached.statement.run(...args)
        return { changes: result.changes, lastInsertRowid: result.lastInsertRowid }
      })
    },
    executeValues(sql, params) {
      return run(statements.prepareCached, sql, params, true, values)
    },
    executeValuesUnprepared(sql, params) {
      return run(statements.prepare, sql, params, true, values)
    },
    executeUnprepared(sql, params, transform) {
      const result = rows(statements.prepare, sql, params ?? [])
      return transform ? Effect.map(result, transform) : result
    },
    executeStream(sql, params, transform) {
      return streamRows(db, sql, params, transform)
    },
    exec
  }
  return { connection, clear: statements.clear }
}
