/**
 * What ralph needs of any `SqlClient` it stores runs in, as a function of the client's layer: the
 * same cases run on Postgres (./conformance.test.ts, a fresh database) and on ralph's node:sqlite
 * client (./sqlite-conformance.test.ts). They are test/sql/NodeSqliteClient.test.ts's cases that are
 * not about SQLite itself (pragmas, files, the ExperimentalWarning), written once for both dialects;
 * where the dialects differ the case says so (`dialect`), and that difference is part of what it pins.
 *
 * The engine's shared cases can follow the same shape: `export const engineCases = (target) => …`
 * called from one file per engine.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Exit, Fiber, type Layer, Stream } from "effect"
import * as Migrator from "effect/sql/Migrator"
import * as SqlClient from "effect/sql/SqlClient"
import { isSqlError, type SqlError } from "effect/sql/SqlError"

export type Dialect = "sqlite" | "pg"

export interface ConformanceTarget {
  /** Shown in the suite's name. */
  readonly name: string
  readonly dialect: Dialect
  /** A client on an empty database, built once for the whole suite. */
  readonly layer: Layer.Layer<SqlClient.SqlClient, SqlError>
}

/** The typed failure of an exit that must have failed. */
export const failure = <A>(exit: Exit.Exit<A, SqlError>): SqlError => {
  assert.isTrue(Exit.isFailure(exit), "the effect failed")
  const error = Exit.isFailure(exit) ? exit.cause.reasons.find((r) => r._tag === "Fail") : undefined
  assert.isDefined(error, "with a typed failure")
  return (error as { readonly error: SqlError }).error
}

/**
 * An error's messages down its cause chain: drivers differ in where they put the database's own words
 * (node:sqlite in the message, @effect/sql-pg in the innermost cause).
 */
export const errorText = (error: unknown): string => {
  const parts: Array<string> = []
  let current: unknown = error
  for (let depth = 0; depth < 10 && current instanceof Error; depth++) {
    parts.push(current.message)
    current = current.cause
  }
  return parts.join(" <- ")
}

let tables = 0
/** A table name of the case's own: the suite shares one database. */
const table = (stem: string) => `conf_${stem}_${++tables}`

export const sqlConformance = (target: ConformanceTarget): void => {
  const { dialect } = target
  const serial = dialect === "pg" ? "SERIAL PRIMARY KEY" : "INTEGER PRIMARY KEY"
  const boolean = dialect === "pg" ? "BOOLEAN" : "INTEGER"

  // Real time (no TestClock): some fibers below sleep while holding or waiting for a connection.
  layer(target.layer, { excludeTestServices: true })(`SqlClient conformance: ${target.name}`, (it) => {
    it.effect("parameters are bound, never spliced", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const hostile = `it's'; DROP TABLE x; --`
        const rows = yield* sql<{ n: number; s: string }>`SELECT ${1} + ${2} AS n, ${hostile} AS s`
        assert.deepStrictEqual(rows.map((r) => ({ ...r })), [{ n: 3, s: hostile }])
        assert.strictEqual(
          sql.onDialectOrElse({ sqlite: () => "sqlite", pg: () => "pg", orElse: () => "other" }),
          dialect
        )
      }))

    it.effect("inserts return their rows; helpers, values, raw results, unprepared statements, NULL, dates", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const people = table("people")
        yield* sql`CREATE TABLE ${sql(people)} (id ${sql.literal(serial)}, name TEXT NOT NULL, active ${
          sql.literal(boolean)
        }, note TEXT)`
        const inserted = yield* sql<{ id: number; name: string }>`
          INSERT INTO ${sql(people)} ${sql.insert([{ name: "ada", active: true }, { name: "bob", active: false }])}
          RETURNING id, name`
        assert.deepStrictEqual(inserted.map((r) => ({ ...r })), [{ id: 1, name: "ada" }, { id: 2, name: "bob" }])

        const raw = (yield* sql`UPDATE ${sql(people)} SET note = ${"x"} WHERE ${sql.in("id", [1, 2])}`.raw) as {
          readonly changes?: number
          readonly rowCount?: number
        }
        // What a raw result says is the driver's: SQLite's `changes`, Postgres's `rowCount`.
        assert.strictEqual(dialect === "pg" ? raw.rowCount : raw.changes, 2)

        const values = yield* sql`SELECT name, active FROM ${sql(people)} ORDER BY id`.values
        assert.deepStrictEqual(values.map(([name, active]) => [name, Boolean(active)]), [["ada", true], ["bob", false]])
        const unprepared = yield* sql`SELECT name FROM ${sql(people)} WHERE id = ${2}`.unprepared
        assert.deepStrictEqual(unprepared.map((r) => ({ ...r })), [{ name: "bob" }])
        const valuesUnprepared = yield* sql`SELECT id FROM ${sql(people)} WHERE name = ${"ada"}`.valuesUnprepared
        assert.deepStrictEqual(valuesUnprepared.map((v) => [...v]), [[1]])

        // undefined binds as NULL; a Date is stored as text that reads back as the same instant
        // (ISO-8601 on SQLite, `2026-01-02 03:04:05+00` on Postgres).
        const when = new Date("2026-01-02T03:04:05.000Z")
        yield* sql`INSERT INTO ${sql(people)} (name, active, note) VALUES (${"cy"}, ${undefined}, ${when})`
        const [cy] = yield* sql<{ active: null; note: string }>`SELECT active, note FROM ${
          sql(people)
        } WHERE name = 'cy'`
        assert.isNull(cy!.active)
        assert.strictEqual(new Date(cy!.note).getTime(), when.getTime())
      }))

    it.effect("64-bit integers are exact under SafeIntegers, in parameters and in columns", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const big = 9007199254740993n // 2^53 + 1
        const ids = table("ids")
        yield* sql`CREATE TABLE ${sql(ids)} (id BIGINT PRIMARY KEY)`
        yield* sql`INSERT INTO ${sql(ids)} (id) VALUES (${big})`
        const safe = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
          Effect.provideService(effect, SqlClient.SafeIntegers, true)
        const [cast] = yield* safe(sql<{ n: unknown }>`SELECT CAST(${big} AS BIGINT) AS n`)
        assert.strictEqual(cast!.n, big)
        const [stored] = yield* safe(sql<{ id: unknown }>`SELECT id FROM ${sql(ids)} WHERE id = ${big}`)
        assert.strictEqual(stored!.id, big)
        // Small INTEGER results are numbers whatever the setting.
        const [small] = yield* sql<{ n: unknown }>`SELECT CAST(${7} AS INTEGER) AS n`
        assert.strictEqual(small!.n, 7)
      }))

    it.effect("a stream reads all rows; the client is free again afterwards", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ n: number }>`
          WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ${300})
          SELECT n FROM c ORDER BY n`.stream.pipe(Stream.runCollect)
        assert.strictEqual(rows.length, 300)
        assert.strictEqual(rows[299]!.n, 300)
        const [count] = yield* sql<{ c: number }>`SELECT CAST(count(*) AS INTEGER) AS c FROM (SELECT 1 AS x) AS t`
        assert.strictEqual(count!.c, 1)
      }))

    it.effect("failures are SqlErrors, classified; the database's words are in the error", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const syntax = failure(yield* Effect.exit(sql`SELEC 1`))
        assert.isTrue(isSqlError(syntax))
        assert.include(errorText(syntax), "syntax error")
        // Postgres says which kind (SQLSTATE 42601); SQLite's SQLITE_ERROR does not.
        assert.strictEqual(syntax.reason._tag, dialect === "pg" ? "SqlSyntaxError" : "UnknownError")
        assert.isFalse(syntax.isRetryable)

        const missing = failure(yield* Effect.exit(sql`SELECT * FROM nowhere`))
        assert.include(errorText(missing), "nowhere")

        const parents = table("parents")
        const uniq = table("uniq")
        yield* sql`CREATE TABLE ${sql(parents)} (id INTEGER PRIMARY KEY)`
        yield* sql`CREATE TABLE ${sql(uniq)} (k TEXT UNIQUE, parent INTEGER REFERENCES ${sql(parents)}(id))`
        yield* sql`INSERT INTO ${sql(uniq)} (k) VALUES ('a')`
        const unique = failure(yield* Effect.exit(sql`INSERT INTO ${sql(uniq)} (k) VALUES (${"a"})`))
        assert.strictEqual(unique.reason._tag, "UniqueViolation")
        assert.isFalse(unique.isRetryable)
        const foreign = failure(yield* Effect.exit(sql`INSERT INTO ${sql(uniq)} (k, parent) VALUES ('b', 99)`))
        assert.strictEqual(foreign.reason._tag, "ConstraintError", "foreign keys are enforced")
      }))

    const log = (sql: SqlClient.SqlClient, name: string) => ({
      create: sql`CREATE TABLE ${sql(name)} (seq ${sql.literal(serial)}, v TEXT)`,
      insert: (v: string) => sql`INSERT INTO ${sql(name)} (v) VALUES (${v})`,
      values: Effect.map(sql<{ v: string }>`SELECT v FROM ${sql(name)} ORDER BY seq`, (rows) => rows.map((r) => r.v))
    })

    it.effect("a transaction commits on success and rolls back on failure", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const t = log(sql, table("log"))
        yield* t.create
        yield* sql.withTransaction(Effect.all([t.insert("a"), t.insert("b")]))
        const failed = yield* Effect.exit(
          sql.withTransaction(Effect.andThen(t.insert("c"), Effect.fail("boom" as const)))
        )
        assert.isTrue(Exit.isFailure(failed))
        assert.deepStrictEqual(yield* t.values, ["a", "b"])
      }))

    it.effect("nested transactions are savepoints: an inner failure rolls back only the inner part", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const t = log(sql, table("log"))
        yield* t.create
        yield* sql.withTransaction(Effect.gen(function*() {
          yield* t.insert("outer")
          yield* sql.withTransaction(t.insert("inner-ok"))
          const inner = yield* Effect.exit(sql.withTransaction(
            Effect.andThen(t.insert("inner-bad"), Effect.fail("no" as const))
          ))
          assert.isTrue(Exit.isFailure(inner))
          yield* sql.withTransaction(sql.withTransaction(t.insert("deep")))
        }))
        assert.deepStrictEqual(yield* t.values, ["outer", "inner-ok", "deep"])

        // An outer failure rolls back what committed savepoints wrote.
        yield* Effect.exit(sql.withTransaction(
          Effect.andThen(sql.withTransaction(t.insert("lost")), Effect.fail("later" as const))
        ))
        assert.deepStrictEqual(yield* t.values, ["outer", "inner-ok", "deep"])
        // No savepoint or transaction was left open.
        const again = yield* Effect.exit(sql.withTransaction(t.insert("after")))
        assert.isTrue(Exit.isSuccess(again))
        assert.deepStrictEqual(yield* t.values, ["outer", "inner-ok", "deep", "after"])
      }))

    it.effect("a statement failing inside a transaction fails it, and the client goes on", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const t = log(sql, table("log"))
        yield* t.create
        const failed = yield* Effect.exit(sql.withTransaction(
          Effect.andThen(t.insert("before"), sql`INSERT INTO nowhere VALUES (1)`)
        ))
        assert.isTrue(Exit.isFailure(failed))
        yield* t.insert("later")
        assert.deepStrictEqual(yield* t.values, ["later"])
      }))

    it.effect("an interrupted transaction rolls back", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const t = log(sql, table("log"))
        yield* t.create
        const fiber = yield* Effect.forkChild(
          sql.withTransaction(Effect.andThen(t.insert("interrupted"), Effect.never))
        )
        yield* Effect.sleep("50 millis")
        yield* Fiber.interrupt(fiber)
        assert.deepStrictEqual(yield* t.values, [])
      }))

    it.effect("another fiber's statement never lands in a transaction", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const t = log(sql, table("log"))
        yield* t.create
        // A transaction that writes, waits, then fails; meanwhile another fiber writes outside it
        // (SQLite: it waits for the one connection; Postgres: on another connection of the pool).
        const doomed = yield* Effect.forkChild(Effect.exit(sql.withTransaction(
          Effect.gen(function*() {
            yield* t.insert("doomed")
            yield* Effect.sleep("100 millis")
            return yield* Effect.fail("rollback" as const)
          })
        )))
        yield* Effect.sleep("20 millis")
        yield* t.insert("outside")
        const exit = yield* Fiber.join(doomed)
        assert.isTrue(Exit.isFailure(exit))
        assert.deepStrictEqual(yield* t.values, ["outside"], "the outside write survived the rollback")
      }))

    it.effect("concurrent read-modify-write transactions that lock the row lose no update", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const counter = table("counter")
        yield* sql`CREATE TABLE ${sql(counter)} (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`
        yield* sql`INSERT INTO ${sql(counter)} (id, n) VALUES (1, 0)`
        // SQLite serialises transactions (BEGIN IMMEDIATE, one connection); on Postgres concurrent
        // transactions run at once (READ COMMITTED), so the read must lock the row: FOR UPDATE.
        const lock = dialect === "pg" ? sql.literal("FOR UPDATE") : sql.literal("")
        const increment = sql.withTransaction(Effect.gen(function*() {
          const [row] = yield* sql<{ n: number }>`SELECT n FROM ${sql(counter)} WHERE id = 1 ${lock}`
          yield* Effect.sleep("1 millis")
          yield* sql`UPDATE ${sql(counter)} SET n = ${row!.n + 1} WHERE id = 1`
        }))
        yield* Effect.all(Array.from({ length: 30 }, () => increment), { concurrency: "unbounded" })
        const [final] = yield* sql<{ n: number }>`SELECT n FROM ${sql(counter)} WHERE id = 1`
        assert.strictEqual(final!.n, 30)
      }))

    it.effect("effect/sql's Migrator: migrations run once, in order; a failing one rolls back and stops the rest", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const runs = table("runs")
        const migrations = table("migrations")
        const run = Migrator.make({})
        const first = {
          "0001_create": sql`CREATE TABLE ${sql(runs)} (id TEXT PRIMARY KEY)`,
          "0002_seed": sql`INSERT INTO ${sql(runs)} VALUES ('r1')`
        }
        const applied = yield* run({ loader: Migrator.fromRecord(first), table: migrations })
        assert.deepStrictEqual(applied.map(([id, name]) => `${id}_${name}`), ["1_create", "2_seed"])
        const again = yield* run({
          loader: Migrator.fromRecord({
            ...first,
            "0003_broken": Effect.andThen(
              sql`INSERT INTO ${sql(runs)} VALUES ('r2')`,
              sql`INSERT INTO nowhere VALUES (1)`
            ),
            "0004_after": sql`INSERT INTO ${sql(runs)} VALUES ('r3')`
          }),
          table: migrations
        }).pipe(Effect.exit)
        assert.isTrue(Exit.isFailure(again))
        const ids = yield* sql<{ id: string }>`SELECT id FROM ${sql(runs)} ORDER BY id`
        assert.deepStrictEqual(ids.map((r) => r.id), ["r1"], "0003 rolled back, 0004 not run")
      }))
  })
}
