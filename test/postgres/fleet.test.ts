/**
 * A fleet across "machines" sharing one Postgres: three workers with --concurrency 2, six runs on
 * two repositories, one worker SIGKILLed in the middle of a round. Real processes, real git, a real
 * server (the tier's).
 */
import { assert, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expectedRun, failoverScenario } from "../support/fleet.ts"
import * as PgTest from "./harness.ts"

PgTest.describe("a fleet on Postgres", () => {
  it.live(
    "completes six runs on three workers when one is SIGKILLed mid-round: one commit a round, each round finished once",
    () =>
      Effect.gen(function*() {
        const database = yield* PgTest.freshDatabase({ prefix: "fleet" })
        const root = realpathSync(mkdtempSync(join(tmpdir(), "ralph-fleet-pg-")))
        yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(root, { recursive: true, force: true })))
        const ws = join(root, "ws")
        mkdirSync(ws)
        const outcome = yield* Effect.promise(() =>
          failoverScenario(root, ws, 3, {
            RALPH_ENGINE: "postgres",
            RALPH_DATABASE_URL: Redacted.value(database.url),
            RALPH_STATE_DIR: join(root, "state")
          })
        )
        assert.strictEqual(outcome.queued.length, 6)
        for (const run of outcome.runs) {
          const expected = expectedRun(run.runId)
          assert.deepStrictEqual(run.commits, expected.commits)
          assert.deepStrictEqual(run.finished, expected.finished)
        }
        assert.isTrue(outcome.runs.some((run) => run.takenOver))
        assert.isAtMost(outcome.maxAtOnce, 2)
      }).pipe(Effect.scoped),
    300_000
  )
})
