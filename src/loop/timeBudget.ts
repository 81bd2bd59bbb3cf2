/** A run's wall-time budget: when it passes, the run ends on its last finished report. */
import { Duration, Effect } from "effect"
import { RoundFailed } from "../domain/errors.ts"
import type { RunResult } from "../domain/outcome.ts"
import type { Spend } from "../domain/spend.ts"
import { summarizeUsage } from "../domain/usage.ts"
import type { LoopState } from "./workflow.ts"

/**
 * When time ran out: budget-limited on the last finished report (an interrupted round never
 * counts, though what it spent does), else the cut round failed.
 */
export const timeBudgetResult = Effect.fn("Ralph.timeBudget")(function*(
  state: LoopState,
  /** What the attempts of the cut round spent. */
  cut: Spend,
  maxTime: Duration.Duration
): Effect.fn.Return<RunResult, RoundFailed> {
  if (state.last === undefined) {
    return yield* new RoundFailed({
      round: state.round + 1,
      reason: "time-budget",
      detail: `the run's time budget (${Duration.format(maxTime)}) ran out`,
      lastReport: null
    })
  }
  return {
    status: "budget-limited",
    limit: "time",
    roundsStarted: state.round + 1,
    report: state.last,
    usage: summarizeUsage([...state.usage, ...cut.soFar()])
  }
})
