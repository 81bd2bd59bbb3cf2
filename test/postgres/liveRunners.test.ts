/** `liveRunners` (src/fleet/cluster.ts) on PostgreSQL: the case test/support/liveRunners.ts runs on SQLite too. */
import { layer } from "@effect/vitest"
import { Effect } from "effect"
import { liveRunnersCase } from "../support/liveRunners.ts"
import * as PgTest from "./harness.ts"

PgTest.describe("the fleet's live runners on Postgres", () => {
  layer(PgTest.layerClient({ prefix: "runners" }), { excludeTestServices: true })("a fresh database", (it) => {
    it.effect(
      "a runner is live while its heartbeat is within the shard lock expiry",
      () => Effect.scoped(liveRunnersCase),
      30_000
    )
  })
})
