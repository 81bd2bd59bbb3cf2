/**
 * The Postgres tier's helpers, for ralph's own tests and for the engine's: the server's URL, a
 * database of its own per test file (or per `layer` block), and a guard that skips when no server
 * runs (the unit tier also collects test/postgres/**, without starting a server).
 *
 *     import { layer } from "@effect/vitest"
 *     import * as PgTest from "../postgres/harness.ts"
 *
 *     PgTest.describe("the engine on Postgres", () => {
 *       layer(PgTest.layerClient())("one runner", (it) => {
 *         it.effect("…", () => Effect.gen(function*() {
 *           const sql = yield* SqlClient.SqlClient            // on a fresh, empty database
 *           const { url } = yield* PgTest.TestDatabase         // its URL, for a second process
 *         }))
 *       })
 *     })
 *
 * Each database is created (`CREATE DATABASE`, the tier's role has CREATEDB) when the layer is built
 * and dropped, connections and all, when it is released, so test files never see each other's tables
 * and run in parallel.
 */
import { describe as vitestDescribe, inject } from "@effect/vitest"
import { Context, Effect, Layer, Redacted } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import type * as Scope from "effect/Scope"
import type * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { randomBytes } from "node:crypto"
import * as PgClient from "../../src/sql/PgClient.ts"

const provided = (key: "postgresUrl" | "postgresSocketUrl"): string | undefined => {
  try {
    const value = inject(key)
    return typeof value === "string" && value !== "" ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * The tier's URL (`postgres://ralph:PASSWORD@127.0.0.1:PORT/ralph`): from the tier's globalSetup, else
 * `RALPH_TEST_DATABASE_URL`; undefined outside the tier. Prefer {@link TestDatabase}'s: this one is
 * the shared database.
 */
export const url: string | undefined = provided("postgresUrl") ?? (process.env.RALPH_TEST_DATABASE_URL || undefined)

/** The same over the server's unix socket, when the tier started the server. */
export const socketUrl: string | undefined = provided("postgresSocketUrl")

/** Whether a server is there: false in the unit tier. */
export const available = url !== undefined

/** The tier's URL, or a test failure saying how to get one. */
export const requireUrl = (): string => {
  if (url === undefined) {
    throw new Error(
      "no PostgreSQL server: run `npm run test:postgres` (it starts one), or set RALPH_TEST_DATABASE_URL"
    )
  }
  return url
}

/** `describe`, skipped (with the reason in its name) when no server runs. */
export const describe = (name: string, body: () => void): void => {
  if (available) vitestDescribe(name, body)
  else vitestDescribe.skip(`${name} (skipped: no PostgreSQL server; npm run test:postgres starts one)`, body)
}

/** A database of the test's own. */
export interface TestDatabaseShape {
  readonly name: string
  /** Its URL, password included: give it to a child process as RALPH_DATABASE_URL, say. */
  readonly url: Redacted.Redacted
}

export class TestDatabase extends Context.Service<TestDatabase, TestDatabaseShape>()("ralph/test/TestDatabase") {}

/** `url` with another database. */
export const withDatabase = (base: string, database: string): string => {
  let next: URL
  try {
    next = new URL(base)
  } catch {
    // Node's TypeError would carry the URL, password included, as its `input`.
    throw new Error(`not a valid URL: ${PgClient.redactUrl(base)}`)
  }
  next.pathname = `/${encodeURIComponent(database)}`
  next.searchParams.delete("dbname")
  return next.toString()
}

/**
 * Creates an empty database on the tier's server and drops it (terminating its connections) when
 * the scope closes. Its name: `ralph_t_<prefix>_<random>`.
 */
export const freshDatabase = (
  options?: { readonly prefix?: string | undefined }
): Effect.Effect<TestDatabaseShape, SqlError, Scope.Scope> =>
  Effect.gen(function*() {
    const base = requireUrl()
    const prefix = (options?.prefix ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 20)
    const name = `ralph_t_${prefix ? `${prefix}_` : ""}${randomBytes(6).toString("hex")}`
    // One admin connection on the shared database, for the CREATE and the DROP, closed with the scope.
    const admin = yield* PgClient.make(base, { maxConnections: 1 }).pipe(Effect.provide(Reactivity.layer))
    // Identifiers through the client's escaping (a name of ours, but still never spliced raw).
    yield* admin`CREATE DATABASE ${admin(name)}`
    yield* Effect.addFinalizer(() => Effect.ignore(admin`DROP DATABASE IF EXISTS ${admin(name)} WITH (FORCE)`))
    return { name, url: Redacted.make(withDatabase(base, name)) }
  })

/** {@link TestDatabase}: a fresh database for as long as the layer lives. */
export const layerDatabase = (
  options?: { readonly prefix?: string | undefined }
): Layer.Layer<TestDatabase, SqlError> =>
  Layer.effect(TestDatabase, Effect.map(freshDatabase(options), TestDatabase.of))

/**
 * ralph's Postgres client (`PgClient` and `SqlClient.SqlClient`) on a fresh database, with
 * {@link TestDatabase} naming it. The pool closes before the database is dropped.
 */
export const layerClient = (
  options?: PgClient.PgClientOptions & { readonly prefix?: string | undefined }
): Layer.Layer<TestDatabase | PgClient.PgClient | SqlClient.SqlClient, SqlError> => {
  const { prefix, ...clientOptions } = options ?? {}
  return Layer.unwrap(Effect.map(TestDatabase, (db) => PgClient.layer(db.url, clientOptions))).pipe(
    Layer.provideMerge(layerDatabase({ prefix }))
  )
}
