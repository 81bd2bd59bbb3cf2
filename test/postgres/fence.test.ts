/**
 * Fencing on Postgres, in one process over ralph's own client: a write of the run checks the
 * lease's epoch holding the lease row `FOR SHARE`, so a takeover waits for a write in flight — and
 * for a holder paused inside one, at most a few seconds, after which the run counts as that
 * holder's (WorkspaceLocked naming it) instead of a takeover that hangs.
 */
import { assert, it } from "@effect/vitest"
import { Deferred, Effect, Fiber } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { makeSqlRunStore } from "../../src/record/SqlRunStore.ts"
import { checkFence, withFence } from "../../src/sql/fence.ts"
import * as PgTest from "./harness.ts"

PgTest.describe("fencing on Postgres", () => {
  it.live(
    "a takeover waits for a write in flight, then names its holder when it does not end",
    () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const store = yield* makeSqlRunStore("test")
        const held = yield* store.hold("r1", "/ws")
        // The holder's lease looks stale (a pause), and the holder is inside a write when it stops.
        yield* sql`UPDATE ralph_leases SET heartbeat_at = 0 WHERE run_id = 'r1'`
        const inside = yield* Deferred.make<void>()
        const paused = yield* Effect.forkChild(
          sql.withTransaction(
            Effect.andThen(checkFence(sql), Effect.andThen(Deferred.succeed(inside, void 0), Effect.never))
          )
            .pipe(withFence(held.fence))
        )
        yield* Deferred.await(inside)

        const startedAt = performance.now()
        const refused = yield* Effect.flip(Effect.scoped(store.hold("r1", "/ws")))
        const waited = performance.now() - startedAt
        assert.strictEqual(refused._tag, "WorkspaceLocked")
        assert.deepInclude(refused, { runId: "r1", pid: process.pid })
        assert.isAtLeast(waited, 2900)
        assert.isBelow(waited, 10_000)

        // Its write ends: the takeover goes through, and the old holder's next write is refused.
        yield* Fiber.interrupt(paused)
        yield* Effect.scoped(Effect.gen(function*() {
          yield* store.hold("r1", "/ws")
          const journal = yield* store.open("r1")
          const write = yield* Effect.flip(
            withFence(held.fence)(journal.append({ type: "round-started", round: 1, attempt: 1 }))
          )
          assert.strictEqual(write._tag, "StateUnavailable")
        }))
      }).pipe(Effect.scoped, Effect.provide(PgTest.layerClient({ prefix: "fence" }))),
    60_000
  )
})
