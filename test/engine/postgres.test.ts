/**
 * The engine's contract (test/engine/cases.ts) on the SQL store over PostgreSQL (`@effect/sql-pg`
 * through src/sql/PgClient.ts): one database of this file's own on the Postgres tier's server, a
 * fresh table prefix per test, and every `connect` a new pool (as a new process would open).
 * Skipped when no server is there: it runs with the Postgres tier's URL in
 * `RALPH_TEST_DATABASE_URL` (`RALPH_TEST_DATABASE_URL=… npx vitest run test/engine/postgres.test.ts`),
 * or from the Postgres tier itself when that tier includes test/engine/postgres.test.ts.
 */
import { afterAll, beforeAll } from "@effect/vitest"
import { Effect, Exit, Layer, type Redacted, Scope } from "effect"
import { randomBytes } from "node:crypto"
import * as SqlWorkflowStore from "../../src/engine/SqlWorkflowStore.ts"
import * as PgClient from "../../src/sql/PgClient.ts"
import * as PgTest from "../postgres/harness.ts"
import { engineCases } from "./cases.ts"

let url: Redacted.Redacted | undefined
const scope = Scope.makeUnsafe()
beforeAll(async () => {
  if (!PgTest.available) return
  const database = await Effect.runPromise(Scope.provide(PgTest.freshDatabase({ prefix: "engine" }), scope))
  url = database.url
}, 60_000)
afterAll(() => Effect.runPromise(Scope.close(scope, Exit.void)), 60_000)

PgTest.describe("the engine on PostgreSQL", () => {
  engineCases({
    name: "PostgreSQL",
    makePlace: () => {
      const tablePrefix = `ralph_wf_${randomBytes(4).toString("hex")}`
      return {
        connect: () =>
          SqlWorkflowStore.layer({ tablePrefix }).pipe(
            Layer.provide(Layer.unwrap(Effect.sync(() => PgClient.layer(url!, { maxConnections: 2 }))))
          )
      }
    }
  })
})
