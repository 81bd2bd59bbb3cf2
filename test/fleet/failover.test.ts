/**
 * A fleet on one machine (SQLite in the state dir): two workers, six runs on two repositories, one
 * worker SIGKILLed in the middle of a round. Real processes, real git.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { newWorkspace, removeWorkspaces } from "../support/cli.ts"
import { expectedRun, failoverScenario } from "../support/fleet.ts"

afterAll(removeWorkspaces)

describe("a fleet on SQLite", () => {
  it(
    "completes six runs on two workers when one is SIGKILLed mid-round: one commit a round, each round finished once",
    async () => {
      const { root, ws } = newWorkspace()
      const outcome = await failoverScenario(root, ws, 2, {})
      expect(outcome.queued).toHaveLength(6)
      for (const run of outcome.runs) expect(run).toMatchObject(expectedRun(run.runId))
      // The killed worker's run went on elsewhere.
      expect(outcome.runs.some((run) => run.takenOver)).toBe(true)
      expect(outcome.maxAtOnce).toBeLessThanOrEqual(2)
    },
    240_000
  )
})
