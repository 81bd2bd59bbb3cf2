/**
 * ralph's PgClient (src/sql/PgClient.ts) on the tier's real server: connecting over TCP and over the
 * unix socket, statements, transactions seen from other connections, the pool, LISTEN/NOTIFY, the
 * per-file databases of ./harness.ts, URL parsing, and a password that never shows: not in errors
 * (however they are printed), not in logs, not in the output of a program that fails to connect.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import { Cause, Deferred, Effect, Exit, Fiber, Layer, Queue, Redacted } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { spawnSync } from "node:child_process"
import { createServer } from "node:net"
import { join, resolve } from "node:path"
import { inspect } from "node:util"
import * as PgClient from "../../src/sql/PgClient.ts"
import { failure } from "./conformance.ts"
import * as PgTest from "./harness.ts"

const root = resolve(import.meta.dirname, "../..")

/** The password of a URL, in every form it could be printed in. */
const passwordForms = (url: string): Array<string> => {
  const raw = new URL(url).password
  const decoded = decodeURIComponent(raw)
  return [...new Set([raw, decoded, encodeURIComponent(decoded)])].filter((s) => s.length > 0)
}

/** Every way a failure might end up printed. */
const renderings = (error: SqlError, cause?: Cause.Cause<unknown>): Record<string, string> => ({
  message: error.message,
  string: String(error),
  stack: error.stack ?? "",
  json: JSON.stringify(error),
  inspect: inspect(error, { depth: Infinity, showHidden: true }),
  pretty: cause ? Cause.pretty(cause) : ""
})

const assertNoPassword = (texts: Record<string, string>, url: string) => {
  for (const secret of passwordForms(url)) {
    for (const [where, text] of Object.entries(texts)) {
      assert.notInclude(text, secret, `the password shows in ${where}`)
    }
  }
}

/** A loopback port nothing listens on. */
const closedPort = () =>
  Effect.promise(() =>
    new Promise<number>((done) => {
      const server = createServer()
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number }
        server.close(() => done(port))
      })
    })
  )

/** The layer's build failure for `url`. */
const buildFailure = (url: string, options?: PgClient.PgClientOptions) =>
  Effect.gen(function*() {
    const exit = yield* Effect.exit(Effect.scoped(Layer.build(PgClient.layer(url, options))))
    const error = failure(exit)
    return { error, cause: Exit.isFailure(exit) ? exit.cause : undefined }
  })

PgTest.describe("PgClient on a real server", () => {
  layer(PgTest.layerClient({ prefix: "client" }), { excludeTestServices: true })("connected", (it) => {
    it.effect("connects over TCP as the tier's role, to a database of this file's own", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const db = yield* PgTest.TestDatabase
        const [row] = yield* sql<{ user: string; db: string; version: number; app: string; addr: string }>`
          SELECT current_user AS user, current_database() AS db,
                 CAST(current_setting('server_version_num') AS INTEGER) AS version,
                 current_setting('application_name') AS app, CAST(inet_server_addr() AS TEXT) AS addr`
        assert.strictEqual(row!.user, "ralph")
        assert.strictEqual(row!.db, db.name)
        assert.isAtLeast(row!.version, 130000)
        assert.strictEqual(row!.app, "ralph")
        assert.strictEqual(row!.addr, "127.0.0.1/32")
        assert.strictEqual(sql.onDialectOrElse({ pg: () => "pg", orElse: () => "other" }), "pg")
      }))

    it.effect("connects over the unix socket too", () =>
      Effect.gen(function*() {
        if (PgTest.socketUrl === undefined) return
        const db = yield* PgTest.TestDatabase
        const socket = PgTest.withDatabase(PgTest.socketUrl, db.name)
        const client = yield* PgClient.make(socket)
        const [row] = yield* client<{ db: string; addr: string | null }>`
          SELECT current_database() AS db, CAST(inet_server_addr() AS TEXT) AS addr`
        assert.deepStrictEqual({ ...row }, { db: db.name, addr: null }, "no server address: a unix socket")
        const parsed = yield* PgClient.parseUrl(socket)
        assert.isTrue(parsed.host.startsWith("/"), "the host is the socket's directory")
      }).pipe(Effect.scoped, Effect.provide(Reactivity.layer)))

    it.effect("a transaction's writes are invisible to other connections until it commits", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE isolation (v TEXT)`
        const written = yield* Deferred.make<void>()
        const commit = yield* Deferred.make<void>()
        const transaction = yield* Effect.forkChild(sql.withTransaction(Effect.gen(function*() {
          yield* sql`INSERT INTO isolation VALUES ('x')`
          yield* Deferred.succeed(written, undefined)
          yield* Deferred.await(commit)
        })))
        yield* Deferred.await(written)
        // Another connection of the pool, and another client altogether (as another process).
        assert.lengthOf(yield* sql`SELECT v FROM isolation`, 0)
        const db = yield* PgTest.TestDatabase
        const other = yield* PgClient.make(db.url, { maxConnections: 1 }).pipe(Effect.provide(Reactivity.layer))
        assert.lengthOf(yield* other`SELECT v FROM isolation`, 0)
        yield* Deferred.succeed(commit, undefined)
        yield* Fiber.join(transaction)
        assert.lengthOf(yield* sql`SELECT v FROM isolation`, 1)
        assert.lengthOf(yield* other`SELECT v FROM isolation`, 1)
      }).pipe(Effect.scoped))

    it.effect("statements of concurrent fibers run at once on the pool's connections", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const started = Date.now()
        yield* Effect.all(
          Array.from({ length: 4 }, () => sql`SELECT CAST(pg_sleep(0.3) AS TEXT) AS s`),
          { concurrency: "unbounded" }
        )
        assert.isBelow(Date.now() - started, 1000, "4 × 0.3 s in parallel, not one after another")
      }))

    it.effect("a row lock makes a second writer wait until the first commits", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE locked (id INTEGER PRIMARY KEY, owner TEXT)`
        yield* sql`INSERT INTO locked VALUES (1, NULL)`
        const order: Array<string> = []
        const holding = yield* Deferred.make<void>()
        const first = yield* Effect.forkChild(sql.withTransaction(Effect.gen(function*() {
          yield* sql`SELECT id FROM locked WHERE id = 1 FOR UPDATE`
          yield* Deferred.succeed(holding, undefined)
          yield* Effect.sleep("200 millis")
          yield* sql`UPDATE locked SET owner = 'first' WHERE id = 1`
          order.push("first commits")
        })))
        yield* Deferred.await(holding)
        yield* sql.withTransaction(Effect.gen(function*() {
          const [row] = yield* sql<{ owner: string | null }>`SELECT owner FROM locked WHERE id = 1 FOR UPDATE`
          order.push(`second reads ${row!.owner}`)
        }))
        yield* Fiber.join(first)
        assert.deepStrictEqual(order, ["first commits", "second reads first"])
      }))

    it.effect("LISTEN/NOTIFY", () =>
      Effect.gen(function*() {
        const pg = yield* PgClient.PgClient
        const queue = yield* pg.listen("ralph_runs")
        yield* pg.notify("ralph_runs", "run-1 finished")
        const note = yield* Queue.take(queue)
        assert.strictEqual(note.payload, "run-1 finished")
      }).pipe(Effect.scoped))
  })

  describe("per-test databases (harness)", () => {
    it.effect("each is new and empty, and is dropped when its scope closes", () =>
      Effect.gen(function*() {
        const base = yield* PgClient.make(PgTest.requireUrl(), { maxConnections: 1 })
        const names = yield* Effect.scoped(Effect.gen(function*() {
          const a = yield* PgTest.freshDatabase({ prefix: "a" })
          const b = yield* PgTest.freshDatabase({ prefix: "b" })
          assert.notStrictEqual(a.name, b.name)
          const client = yield* PgClient.make(a.url)
          yield* client`CREATE TABLE mine (x INTEGER)`
          const other = yield* PgClient.make(b.url)
          const tables = yield* other`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`
          assert.lengthOf(tables, 0, "b does not see a's table")
          return [a.name, b.name]
        }))
        const left = yield* base<{ datname: string }>`SELECT datname FROM pg_database WHERE ${
          base.in("datname", names)
        }`
        assert.lengthOf(left, 0, "both were dropped, with the connections still open on them")
      }).pipe(Effect.scoped, Effect.provide(Reactivity.layer)))
  })

  describe("the password never shows", () => {
    it.effect("a wrong password: AuthenticationError, a readable message, no password anywhere", () =>
      Effect.gen(function*() {
        const good = PgTest.requireUrl()
        const wrong = new URL(good)
        wrong.password = encodeURIComponent("not-the-Pa55word:@/%")
        const { error, cause } = yield* buildFailure(wrong.toString())
        assert.strictEqual(error.reason._tag, "AuthenticationError")
        assert.isFalse(error.isRetryable)
        assert.include(error.message, "password authentication failed for user \"ralph\"")
        assert.include(error.message, `postgres://ralph:***@${wrong.host}`)
        assertNoPassword(renderings(error, cause), wrong.toString())
        assertNoPassword(renderings(error, cause), good)
      }))

    it.effect("no server at the address: ConnectionError (retryable), no password", () =>
      Effect.gen(function*() {
        const url = new URL(PgTest.requireUrl())
        url.port = String(yield* closedPort())
        const { error, cause } = yield* buildFailure(url.toString())
        assert.strictEqual(error.reason._tag, "ConnectionError")
        assert.isTrue(error.isRetryable)
        assert.include(error.message, "ECONNREFUSED")
        assertNoPassword(renderings(error, cause), url.toString())
      }))

    it.effect("a malformed URL: an error that quotes none of it", () =>
      Effect.gen(function*() {
        // @effect/sql-pg's own parse failure keeps Node's TypeError, whose `input` is the whole URL
        // (util.inspect prints it): ralph parses first.
        for (
          const url of [
            "postgres://ralph:S3cret-pw@127.0.0.1:notaport/ralph",
            "postgres://ralph:S3cret-pw@[::1/ralph",
            "mysql://ralph:S3cret-pw@127.0.0.1/ralph",
            "postgres://ralph:S3cret%zz@127.0.0.1/ralph",
            "postgres://127.0.0.1/ralph?password=S3cret-pw&port=99999"
          ]
        ) {
          const { error, cause } = yield* buildFailure(url)
          assert.strictEqual(error.reason._tag, "ConnectionError", url)
          assert.include(error.message, "Invalid PostgreSQL URL", url)
          for (const [where, text] of Object.entries(renderings(error, cause))) {
            assert.notInclude(text, "S3cret", `${url}: the password shows in ${where}`)
          }
        }
      }))

    it.effect("the client's config prints the URL as <redacted>", () =>
      Effect.gen(function*() {
        const db = yield* PgTest.freshDatabase({ prefix: "config" })
        const client = yield* PgClient.make(db.url)
        const url = Redacted.value(db.url)
        assertNoPassword({
          inspect: inspect(client.config, { depth: Infinity }),
          json: JSON.stringify(client.config),
          url: inspect(client.config.url),
          parsed: inspect(yield* PgClient.parseUrl(db.url), { depth: Infinity })
        }, url)
        assert.strictEqual(inspect(client.config.url), "<redacted>")
        assert.strictEqual(JSON.stringify(client.config.url), `"<redacted>"`)
      }).pipe(Effect.scoped, Effect.provide(Reactivity.layer)))

    it("a program that connects, logs at every level and fails prints no password", () => {
      const fixture = join(root, "test", "postgres", "fixtures", "connect.ts")
      const run = (url: string) => {
        const result = spawnSync(process.execPath, [fixture], {
          cwd: root,
          encoding: "utf8",
          env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/", RALPH_DATABASE_URL: url },
          timeout: 30_000
        })
        return { status: result.status, output: `${result.stdout}\n${result.stderr}` }
      }
      const good = PgTest.requireUrl()
      const ok = run(good)
      assert.strictEqual(ok.status, 0, ok.output)
      assert.include(ok.output, `{"connected":"ralph"}`)
      assert.include(ok.output, "<redacted>", "the config was printed")
      assert.include(ok.output, "postgres://ralph:***@", "the redacted URL was logged")
      assertNoPassword({ output: ok.output }, good)

      const wrong = new URL(good)
      wrong.password = encodeURIComponent("Wr0ng-%-pass@word")
      const failed = run(wrong.toString())
      assert.strictEqual(failed.status, 1, failed.output)
      assert.include(failed.output, "password authentication failed")
      assertNoPassword({ output: failed.output }, wrong.toString())

      const malformed = run("postgres://ralph:S3cret-pw@127.0.0.1:notaport/ralph")
      assert.strictEqual(malformed.status, 1, malformed.output)
      assert.include(malformed.output, "Invalid PostgreSQL URL")
      assert.notInclude(malformed.output, "S3cret")
    }, 60_000)
  })
})

describe("URLs (no server needed)", () => {
  it.effect("parseUrl follows libpq: authority, then host/port/user/password/dbname parameters", () =>
    Effect.gen(function*() {
      const a = yield* PgClient.parseUrl(
        "postgresql://al%40ice:p%40ss%3Aw%2Frd@db.example:6543/my%20db?sslmode=disable"
      )
      assert.deepInclude(a, {
        host: "db.example",
        port: 6543,
        database: "my db",
        username: "al@ice",
        hasPassword: true
      })
      assert.strictEqual(
        Redacted.value(a.url),
        "postgresql://al%40ice:p%40ss%3Aw%2Frd@db.example:6543/my%20db?sslmode=disable"
      )
      assert.strictEqual(a.redacted, "postgresql://al%40ice:***@db.example:6543/my%20db?sslmode=disable")

      const b = yield* PgClient.parseUrl(Redacted.make("postgres:///ralph?host=/run/pg&port=5433&user=r&password=x"))
      assert.deepInclude(b, { host: "/run/pg", port: 5433, database: "ralph", username: "r", hasPassword: true })
      assert.notInclude(b.redacted, "password=x")

      const c = yield* PgClient.parseUrl("postgres://[::1]/")
      assert.deepInclude(c, { host: "::1", port: 5432, database: undefined, username: undefined, hasPassword: false })
    }))

  it("redactUrl masks passwords, also in strings that are not URLs", () => {
    assert.strictEqual(PgClient.redactUrl("postgres://u:secret@h:1/d"), "postgres://u:***@h:1/d")
    assert.strictEqual(PgClient.redactUrl("postgres://h/d?password=secret&x=1"), "postgres://h/d?password=***&x=1")
    assert.strictEqual(PgClient.redactUrl("postgres://u@h/d"), "postgres://u@h/d")
    assert.strictEqual(PgClient.redactUrl(Redacted.make("postgres://u:secret@h/d")), "postgres://u:***@h/d")
    // not valid URLs
    assert.strictEqual(PgClient.redactUrl("postgres://u:se@cr@et@h:port/d"), "postgres://u:***@h:port/d")
    assert.strictEqual(PgClient.redactUrl("x postgres://u:secret@[bad/d y"), "x postgres://u:***@[bad/d y")
    assert.strictEqual(PgClient.redactUrl("postgres://h:bad/d?password=secret"), "postgres://h:bad/d?password=***")
  })
})
