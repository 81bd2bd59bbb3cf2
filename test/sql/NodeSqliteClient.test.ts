/**
 * ralph's SqlClient over node:sqlite: statements, parameters, returning rows, transactions and
 * savepoints, SqlError on failures, one connection serialised between fibers, the pragmas a durable
 * store needs, file modes, and Node's ExperimentalWarning silenced (and only that one).
 */
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Exit, Fiber, Layer, Stream } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as Migrator from "effect/sql/Migrator"
import * as SqlClient from "effect/sql/SqlClient"
import { isSqlError, type SqlError } from "effect/sql/SqlError"
import { spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { lazyFlush } from "../../src/sql/LazyFlush.ts"
import * as NodeSqliteClient from "../../src/sql/NodeSqliteClient.ts"

const root = resolve(import.meta.dirname, "../..")

const reactivity = Reactivity.layer

const tempDir = (): string => realpathSync(mkdtempSync(join(tmpdir(), "ralph-sql-")))

/** A scoped temp directory, removed with the scope. */
const scopedDir = Effect.acquireRelease(
  Effect.sync(tempDir),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

/** A client on its own file in a fresh temp directory, closed with the scope. */
const fileClient = (config?: Partial<NodeSqliteClient.NodeSqliteClientConfig>) =>
  Effect.gen(function*() {
    const dir = yield* scopedDir
    const filename = join(dir, "store.db")
    const sql = yield* NodeSqliteClient.make({ filename, ...config }).pipe(Effect.provide(reactivity))
    return { dir, filename, sql }
  })

const mode = (file: string): number => statSync(file).mode & 0o777

const failure = <A>(exit: Exit.Exit<A, SqlError>): SqlError => {
  assert.isTrue(Exit.isFailure(exit), "the effect failed")
  const error = Exit.isFailure(exit) ? exit.cause.reasons.find((r) => r._tag === "Fail") : undefined
  assert.isDefined(error, "with a typed failure")
  return (error as { readonly error: SqlError }).error
}

layer(NodeSqliteClient.layer({ filename: ":memory:" }))("queries on an in-memory database", (it) => {
  it.effect("parameters are bound, never spliced", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ n: number; s: string }>`SELECT ${1} + ${2} AS n, ${"it's"} AS s`
      assert.deepStrictEqual(rows.map((r) => ({ ...r })), [{ n: 3, s: "it's" }])
      assert.strictEqual(sql.onDialectOrElse({ sqlite: () => "sqlite", orElse: () => "other" }), "sqlite")
      assert.strictEqual(sql.driver, "sqlite-node")
    }))

  it.effect("a parameter SQLite cannot hold is a SqlError naming its place, and nothing runs", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const exit = yield* Effect.exit(sql`SELECT ${1} AS a, ${{ an: "object" }} AS b`)
      assert.include(failure(exit).message, "parameter 2 cannot be bound: SQLite takes text, numbers")
    }))

  it.effect("inserts return their rows; helpers, values, raw results, unprepared statements", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, active INTEGER, note TEXT)`
      const inserted = yield* sql<{ id: number; name: string }>`
        INSERT INTO people ${sql.insert([{ name: "ada", active: true }, { name: "bob", active: false }])}
        RETURNING id, name`
      assert.deepStrictEqual(inserted.map((r) => ({ ...r })), [{ id: 1, name: "ada" }, { id: 2, name: "bob" }])

      const raw = (yield* sql`UPDATE people SET note = ${"x"} WHERE ${sql.in("id", [1, 2])}`.raw) as {
        readonly changes: number
      }
      assert.strictEqual(raw.changes, 2)

      const values = yield* sql`SELECT name, active FROM people ORDER BY id`.values
      assert.deepStrictEqual(values.map((v) => [...v]), [["ada", 1], ["bob", 0]])
      const unprepared = yield* sql`SELECT name FROM people WHERE id = ${2}`.unprepared
      assert.deepStrictEqual(unprepared.map((r) => ({ ...r })), [{ name: "bob" }])
      const valuesUnprepared = yield* sql`SELECT id FROM people WHERE name = ${"ada"}`.valuesUnprepared
      assert.deepStrictEqual(valuesUnprepared.map((v) => [...v]), [[1]])

      // undefined binds as NULL, a Date as its ISO text
      const when = new Date("2026-01-02T03:04:05.000Z")
      yield* sql`INSERT INTO people (name, active, note) VALUES (${"cy"}, ${undefined}, ${when})`
      const cy = yield* sql<{ active: null; note: string }>`SELECT active, note FROM people WHERE name = 'cy'`
      assert.deepStrictEqual(cy.map((r) => ({ ...r })), [{ active: null, note: when.toISOString() }])
    }))

  it.effect("SafeIntegers reads 64-bit integers exactly, as bigint", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const big = 9007199254740993n // 2^53 + 1
      const query = sql<{ n: unknown }>`SELECT ${big} AS n`
      // node:sqlite refuses to round it to a number
      const lossy = failure(yield* Effect.exit(query))
      assert.include(lossy.message, "too large")
      const [safe] = yield* query.pipe(Effect.provideService(SqlClient.SafeIntegers, true))
      assert.strictEqual(safe!.n, big)
      // the cached statement does not keep the setting of its last use
      const [small] = yield* sql<{ n: unknown }>`SELECT ${big} - 9007199254740000 AS n`
      assert.strictEqual(small!.n, 993)
      const [smallSafe] = yield* sql<{ n: unknown }>`SELECT ${big} - 9007199254740000 AS n`.pipe(
        Effect.provideService(SqlClient.SafeIntegers, true)
      )
      assert.strictEqual(smallSafe!.n, 993n)
    }))

  it.effect("a stream reads rows in chunks; a script runs several statements", () =>
    Effect.gen(function*() {
      const sql = yield* NodeSqliteClient.NodeSqliteClient
      yield* sql.exec(`
        CREATE TABLE numbers (n INTEGER);
        WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 300) INSERT INTO numbers SELECT n FROM c;
      `)
      const rows = yield* sql<{ n: number }>`SELECT n FROM numbers WHERE n > ${0} ORDER BY n`.stream.pipe(
        Stream.runCollect
      )
      assert.strictEqual(rows.length, 300)
      assert.strictEqual(rows[299]!.n, 300)
      // the connection is free again once the stream is done
      const [count] = yield* sql<{ c: number }>`SELECT count(*) AS c FROM numbers`
      assert.strictEqual(count!.c, 300)
    }))

  it.effect("failures are SqlErrors classified from SQLite's code, with the native error as cause", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const syntax = failure(yield* Effect.exit(sql`SELEC 1`))
      assert.isTrue(isSqlError(syntax))
      assert.include(syntax.message, "syntax error")
      assert.instanceOf(syntax.reason.cause, Error)

      const missing = failure(yield* Effect.exit(sql`SELECT * FROM nowhere`))
      assert.include(missing.message, "no such table: nowhere")

      yield* sql`CREATE TABLE parents (id INTEGER PRIMARY KEY)`
      yield* sql`CREATE TABLE uniq (k TEXT UNIQUE, parent INTEGER REFERENCES parents(id))`
      yield* sql`INSERT INTO uniq (k) VALUES ('a')`
      const unique = failure(yield* Effect.exit(sql`INSERT INTO uniq (k) VALUES (${"a"})`))
      assert.strictEqual(unique.reason._tag, "UniqueViolation")
      assert.isFalse(unique.isRetryable)
      const foreign = failure(yield* Effect.exit(sql`INSERT INTO uniq (k, parent) VALUES ('b', 99)`))
      assert.strictEqual(foreign.reason._tag, "ConstraintError", "foreign keys are enforced")
    }))

  it.effect("the pragmas of a durable store are set", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const [fk] = yield* sql<{ foreign_keys: number }>`PRAGMA foreign_keys`
      const [busy] = yield* sql<{ timeout: number }>`PRAGMA busy_timeout`
      const [sync] = yield* sql<{ synchronous: number }>`PRAGMA synchronous`
      assert.strictEqual(fk!.foreign_keys, 1)
      assert.strictEqual(busy!.timeout, 5000)
      assert.strictEqual(sync!.synchronous, 2, "FULL")
    }))
})

// Real time (no TestClock): the fibers below sleep while holding or waiting for the connection.
layer(NodeSqliteClient.layer({ filename: ":memory:" }), { excludeTestServices: true })("transactions", (it) => {
  const setup = Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`CREATE TABLE IF NOT EXISTS log (v TEXT)`
    yield* sql`DELETE FROM log`
    return sql
  })
  const values = (sql: SqlClient.SqlClient) =>
    Effect.map(sql<{ v: string }>`SELECT v FROM log ORDER BY rowid`, (rows) => rows.map((r) => r.v))

  it.effect("a transaction commits on success and rolls back on failure", () =>
    Effect.gen(function*() {
      const sql = yield* setup
      yield* sql.withTransaction(Effect.all([sql`INSERT INTO log VALUES ('a')`, sql`INSERT INTO log VALUES ('b')`]))
      const failed = yield* Effect.exit(sql.withTransaction(
        Effect.andThen(sql`INSERT INTO log VALUES ('c')`, Effect.fail("boom" as const))
      ))
      assert.isTrue(Exit.isFailure(failed))
      assert.deepStrictEqual(yield* values(sql), ["a", "b"])
    }))

  it.effect("nested transactions are savepoints: an inner failure rolls back only the inner part", () =>
    Effect.gen(function*() {
      const sql = yield* setup
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO log VALUES ('outer')`
        yield* sql.withTransaction(sql`INSERT INTO log VALUES ('inner-ok')`)
        const inner = yield* Effect.exit(sql.withTransaction(
          Effect.andThen(sql`INSERT INTO log VALUES ('inner-bad')`, Effect.fail("no" as const))
        ))
        assert.isTrue(Exit.isFailure(inner))
        // deeper nesting, committed
        yield* sql.withTransaction(sql.withTransaction(sql`INSERT INTO log VALUES ('deep')`))
      }))
      assert.deepStrictEqual(yield* values(sql), ["outer", "inner-ok", "deep"])

      // an outer failure rolls back what committed savepoints wrote
      yield* Effect.exit(sql.withTransaction(
        Effect.andThen(sql.withTransaction(sql`INSERT INTO log VALUES ('lost')`), Effect.fail("later" as const))
      ))
      assert.deepStrictEqual(yield* values(sql), ["outer", "inner-ok", "deep"])
      // no savepoint or transaction was left open
      const again = yield* Effect.exit(sql.withTransaction(sql`INSERT INTO log VALUES ('after')`))
      assert.isTrue(Exit.isSuccess(again))
    }))

  it.effect("an interrupted transaction rolls back", () =>
    Effect.gen(function*() {
      const sql = yield* setup
      const fiber = yield* Effect.forkChild(sql.withTransaction(
        Effect.andThen(sql`INSERT INTO log VALUES ('interrupted')`, Effect.never)
      ))
      yield* Effect.sleep("20 millis")
      yield* Fiber.interrupt(fiber)
      assert.deepStrictEqual(yield* values(sql), [])
    }), { timeout: 10_000 })

  it.effect("one connection, serialised: another fiber's statement never lands in a transaction", () =>
    Effect.gen(function*() {
      const sql = yield* setup
      // A transaction that writes, waits, then fails; meanwhile another fiber writes outside it.
      const doomed = yield* Effect.forkChild(Effect.exit(sql.withTransaction(
        Effect.gen(function*() {
          yield* sql`INSERT INTO log VALUES ('doomed')`
          yield* Effect.sleep("50 millis")
          return yield* Effect.fail("rollback" as const)
        })
      )))
      yield* Effect.sleep("10 millis")
      yield* sql`INSERT INTO log VALUES ('outside')`
      const exit = yield* Fiber.join(doomed)
      assert.isTrue(Exit.isFailure(exit))
      assert.deepStrictEqual(yield* values(sql), ["outside"], "the outside write waited and survived the rollback")
    }))

  it.effect("concurrent read-modify-write transactions lose no update", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE counter (n INTEGER)`
      yield* sql`INSERT INTO counter VALUES (0)`
      const increment = sql.withTransaction(Effect.gen(function*() {
        const [row] = yield* sql<{ n: number }>`SELECT n FROM counter`
        yield* Effect.yieldNow
        yield* Effect.sleep("1 millis")
        yield* sql`UPDATE counter SET n = ${row!.n + 1}`
      }))
      yield* Effect.all(Array.from({ length: 50 }, () => increment), { concurrency: "unbounded" })
      const [final] = yield* sql<{ n: number }>`SELECT n FROM counter`
      assert.strictEqual(final!.n, 50)
    }))
})

describe("files", () => {
  it.effect("the database and its -wal/-shm files are created 0600; WAL is on", () =>
    Effect.gen(function*() {
      const { filename, sql } = yield* fileClient()
      yield* sql`CREATE TABLE t (x)`
      yield* sql`INSERT INTO t VALUES (1)`
      const [journal] = yield* sql<{ journal_mode: string }>`PRAGMA journal_mode`
      assert.strictEqual(journal!.journal_mode, "wal")
      assert.strictEqual(mode(filename), 0o600)
      assert.isTrue(existsSync(`${filename}-wal`), "a WAL file exists while the database is open")
      assert.strictEqual(mode(`${filename}-wal`), 0o600)
      assert.strictEqual(mode(`${filename}-shm`), 0o600)
    }).pipe(Effect.scoped))

  it.effect("existing files readable by others are tightened", () =>
    Effect.gen(function*() {
      const { filename, sql } = yield* fileClient()
      yield* sql`CREATE TABLE t (x)`
      // The -wal and -shm files exist while a connection is open; loosen all three.
      for (const file of [filename, `${filename}-wal`, `${filename}-shm`]) chmodSync(file, 0o644)
      const second = yield* NodeSqliteClient.make({ filename }).pipe(Effect.provide(reactivity))
      yield* second`SELECT 1`
      for (const file of [filename, `${filename}-wal`, `${filename}-shm`]) assert.strictEqual(mode(file), 0o600, file)

      // a rollback-journal database made by someone else, world-readable
      const other = join(filename, "..", "other.db")
      writeFileSync(other, "")
      chmodSync(other, 0o666)
      const third = yield* NodeSqliteClient.make({ filename: other, journalMode: "delete" }).pipe(
        Effect.provide(reactivity)
      )
      yield* third`CREATE TABLE t (x)`
      assert.strictEqual(mode(other), 0o600)
    }).pipe(Effect.scoped))

  it.effect("settings can be chosen: journal, synchronous, busy timeout, foreign keys", () =>
    Effect.gen(function*() {
      const { sql } = yield* fileClient({
        journalMode: "delete",
        synchronous: "normal",
        busyTimeout: "250 millis",
        foreignKeys: false
      })
      const [journal] = yield* sql<{ journal_mode: string }>`PRAGMA journal_mode`
      const [sync] = yield* sql<{ synchronous: number }>`PRAGMA synchronous`
      const [busy] = yield* sql<{ timeout: number }>`PRAGMA busy_timeout`
      const [fk] = yield* sql<{ foreign_keys: number }>`PRAGMA foreign_keys`
      assert.deepStrictEqual([journal!.journal_mode, sync!.synchronous, busy!.timeout, fk!.foreign_keys], [
        "delete",
        1,
        250,
        0
      ])
    }).pipe(Effect.scoped))

  it.effect("under lazyFlush a commit runs at synchronous=NORMAL (WAL only); every other one at FULL", () =>
    Effect.gen(function*() {
      const { filename, sql } = yield* fileClient()
      // PRAGMA synchronous read inside a transaction gives the level its COMMIT runs at.
      const level = Effect.map(sql<{ synchronous: number }>`PRAGMA synchronous`, ([row]) => row!.synchronous)
      yield* sql`CREATE TABLE t (x)`
      assert.strictEqual(yield* lazyFlush(sql.withTransaction(level)), 1, "a lazy transaction: NORMAL")
      assert.strictEqual(yield* sql.withTransaction(level), 2, "the next plain transaction: FULL again")
      assert.strictEqual(yield* lazyFlush(level), 1, "a lazy statement on its own: NORMAL")
      assert.strictEqual(yield* level, 2)
      // Nested: the outer transaction's level holds for the whole of it.
      assert.strictEqual(yield* sql.withTransaction(lazyFlush(sql.withTransaction(level))), 2)

      // What a lazy commit wrote is committed: another connection reads it.
      yield* lazyFlush(sql.withTransaction(sql`INSERT INTO t VALUES (1)`))
      const other = yield* NodeSqliteClient.make({ filename, readonly: true }).pipe(Effect.provide(reactivity))
      assert.deepStrictEqual((yield* other<{ x: number }>`SELECT x FROM t`).map((row) => row.x), [1])

      // Outside WAL (and on a client configured below FULL) it changes nothing.
      const journaled = yield* fileClient({ journalMode: "delete" })
      const journaledLevel = yield* lazyFlush(
        journaled.sql.withTransaction(journaled.sql<{ synchronous: number }>`PRAGMA synchronous`)
      )
      assert.strictEqual(journaledLevel[0]!.synchronous, 2)
      const normal = yield* fileClient({ synchronous: "off" })
      const normalLevel = yield* lazyFlush(normal.sql<{ synchronous: number }>`PRAGMA synchronous`)
      assert.strictEqual(normalLevel[0]!.synchronous, 0)
    }).pipe(Effect.scoped))

  it.effect("a writer held by another connection: the busy timeout, then LockTimeoutError", () =>
    Effect.gen(function*() {
      const { filename, sql } = yield* fileClient({ busyTimeout: "100 millis" })
      yield* sql`CREATE TABLE t (x)`
      const other = yield* NodeSqliteClient.make({ filename, busyTimeout: "100 millis" }).pipe(
        Effect.provide(reactivity)
      )
      yield* other.exec("BEGIN IMMEDIATE; INSERT INTO t VALUES (1);")
      const started = Date.now()
      const busy = failure(yield* Effect.exit(sql`INSERT INTO t VALUES (2)`))
      assert.isAtLeast(Date.now() - started, 90)
      assert.strictEqual(busy.reason._tag, "LockTimeoutError")
      assert.isTrue(busy.isRetryable)
      yield* other.exec("COMMIT")
      yield* sql`INSERT INTO t VALUES (2)`
      const rows = yield* sql`SELECT x FROM t`
      assert.strictEqual(rows.length, 2)
    }).pipe(Effect.scoped))

  it.effect("read-only: reads work, writes fail, nothing is created", () =>
    Effect.gen(function*() {
      const { filename, sql } = yield* fileClient()
      yield* sql`CREATE TABLE t (x)`
      yield* sql`INSERT INTO t VALUES (1)`
      const reader = yield* NodeSqliteClient.make({ filename, readonly: true }).pipe(Effect.provide(reactivity))
      const rows = yield* reader`SELECT x FROM t`
      assert.strictEqual(rows.length, 1)
      const write = failure(yield* Effect.exit(reader`INSERT INTO t VALUES (2)`))
      assert.include(write.message, "readonly")

      const missing = failure(
        yield* Effect.exit(
          NodeSqliteClient.make({ filename: join(filename, "..", "absent.db"), readonly: true }).pipe(
            Effect.provide(reactivity)
          )
        )
      )
      assert.strictEqual(missing.reason._tag, "ConnectionError")
      assert.isFalse(existsSync(join(filename, "..", "absent.db")))
    }).pipe(Effect.scoped))

  it.effect("a database that cannot be opened fails the layer with a ConnectionError", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(
        Layer.build(NodeSqliteClient.layer({ filename: "/nonexistent-dir/ralph/store.db" }))
      )
      assert.strictEqual(failure(exit).reason._tag, "ConnectionError")
    }).pipe(Effect.scoped))
})

describe("Node's ExperimentalWarning", () => {
  it("is silenced for node:sqlite only, while it loads (process.emitWarning is Node's own again after)", () => {
    const dir = tempDir()
    try {
      const script = join(root, "test", "sql", `warning-probe-${process.pid}.ts`)
      writeFileSync(
        script,
        [
          `import { Effect } from "effect"`,
          `import * as SqlClient from "effect/sql/SqlClient"`,
          `import * as NodeSqliteClient from "../../src/sql/NodeSqliteClient.ts"`,
          `const nodesOwn = process.emitWarning`,
          `const program = Effect.gen(function*() { const sql = yield* SqlClient.SqlClient; return yield* sql\`SELECT 41 + 1 AS n\` })`,
          `const rows = await Effect.runPromise(program.pipe(Effect.provide(NodeSqliteClient.layer({ filename: ${
            JSON.stringify(join(dir, "w.db"))
          } }))))`,
          `process.emitWarning("another feature is experimental", "ExperimentalWarning")`,
          `process.emitWarning("something else", "DeprecationWarning")`,
          `console.log(JSON.stringify(rows))`,
          `console.log(process.emitWarning === nodesOwn ? "emitWarning: Node's own" : "emitWarning: patched")`
        ].join("\n")
      )
      try {
        const result = spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8" })
        assert.strictEqual(result.status, 0, result.stderr)
        assert.deepStrictEqual(result.stdout.trim().split("\n"), [`[{"n":42}]`, "emitWarning: Node's own"])
        assert.notInclude(result.stderr, "SQLite is an experimental feature")
        assert.include(result.stderr, "ExperimentalWarning: another feature is experimental")
        assert.include(result.stderr, "DeprecationWarning: something else")
      } finally {
        rmSync(script, { force: true })
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

layer(NodeSqliteClient.layer({ filename: ":memory:" }))("effect/sql's Migrator on the client", (it) => {
  it.effect("migrations run once, in order; a failing one rolls back and stops the rest", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const run = Migrator.make({})
      const applied = yield* run({
        loader: Migrator.fromRecord({
          "0001_create": sql`CREATE TABLE runs (id TEXT PRIMARY KEY)`,
          "0002_seed": sql`INSERT INTO runs VALUES ('r1')`
        }),
        table: "ralph_migrations"
      })
      assert.deepStrictEqual(applied.map(([id, name]) => `${id}_${name}`), ["1_create", "2_seed"])
      const again = yield* run({
        loader: Migrator.fromRecord({
          "0001_create": sql`CREATE TABLE runs (id TEXT PRIMARY KEY)`,
          "0002_seed": sql`INSERT INTO runs VALUES ('r1')`,
          "0003_broken": Effect.andThen(sql`INSERT INTO runs VALUES ('r2')`, sql`INSERT INTO nowhere VALUES (1)`),
          "0004_after": sql`INSERT INTO runs VALUES ('r3')`
        }),
        table: "ralph_migrations"
      }).pipe(Effect.exit)
      assert.isTrue(Exit.isFailure(again))
      const ids = yield* sql<{ id: string }>`SELECT id FROM runs ORDER BY id`
      assert.deepStrictEqual(ids.map((r) => r.id), ["r1"], "0003 rolled back, 0004 not run")
    }))
})
