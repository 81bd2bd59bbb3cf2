/**
 * Processes starting together on a new Postgres database (a fleet's workers, two `ralph run`s)
 * each create ralph's tables. PostgreSQL's CREATE TABLE IF NOT EXISTS is not safe against a
 * concurrent one (the loser can fail on the catalog's unique index): every setup must still succeed.
 */
import { assert, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as SqlClient from "effect/sql/SqlClient"
import * as WorkflowStore from "../../src/engine/SqlWorkflowStore.ts"
import { FleetQueue } from "../../src/fleet/FleetQueue.ts"
import { makeSqlRunStore } from "../../src/record/SqlRunStore.ts"
import * as PgClient from "../../src/sql/PgClient.ts"
import * as PgTest from "./harness.ts"

/** Every store ralph opens on a database, over a client (a session) of its own. */
const setUp = (url: Parameters<typeof PgClient.make>[0]) =>
  Effect.gen(function*() {
    const client = yield* PgClient.make(url, { maxConnections: 1 })
    yield* Effect.provideService(
      Effect.all([
        makeSqlRunStore("the test database"),
        WorkflowStore.make(),
        Effect.asVoid(Layer.build(FleetQueue.layer))
      ]),
      SqlClient.SqlClient,
      client
    )
  }).pipe(Effect.scoped, Effect.provide(Reactivity.layer))

PgTest.describe("ralph's tables on a new Postgres database", () => {
  it.live(
    "are set up by eight processes at once, every one of them succeeding (ten databases)",
    () =>
      Effect.gen(function*() {
        for (let round = 0; round < 10; round++) {
          const exits = yield* Effect.scoped(Effect.gen(function*() {
            const database = yield* PgTest.freshDatabase({ prefix: "schema" })
            return yield* Effect.all(
              Array.from({ length: 8 }, () => Effect.exit(setUp(database.url))),
              { concurrency: "unbounded" }
            )
          }))
          const failed = exits.filter(Exit.isFailure)
          assert.deepStrictEqual(failed.map((exit) => String(exit.cause)), [], `database ${round}`)
        }
      }),
    120_000
  )
})
