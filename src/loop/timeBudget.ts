/** A run's wall-time budget: when it passes, the run ends on its last finished report. */
import { Clock, Duration, Effect } from "effect"
import { RoundFailed } from "../domain/errors.ts"
import { cutVerification, type Guards } from "../domain/guards.ts"
import type { RunResult } from "../domain/outcome.ts"
import { formatDuration } from "../domain/render.ts"
import type { Spend } from "../domain/spend.ts"
import { summarizeUsage } from "../domain/usage.ts"
import { type LoopState, roundInFlight } from "./workflow.ts"

/**
 * When time ran out: budget-limited on the last finished report (an interrupted round never
 * counts, though what it spent does), else the cut round failed. A claim cut during its check
 * ends on it, its verification marked cut.
 */
export const timeBudgetResult = Effect.fn("Ralph.timeBudget")(function*(
  state: LoopState,
  /** What the attempts of the cut round spent. */
  cut: Spend,
  run: {
    /** The budget as it was asked for, for the message. */
    readonly maxTime: Duration.Duration
    readonly guards: Guards
  }
): Effect.fn.Return<RunResult, RoundFailed> {
  if (state.last === undefined) {
    return yield* new RoundFailed({
      round: state.round + 1,
      reason: "time-budget",
      detail: `the run's time budget (${formatDuration(Duration.toMillis(run.maxTime))}) ran out`,
      lastReport: null
    })
  }
  const checking = state.checkingSince
  const verify = run.guards.verify
  return {
    status: "budget-limited",
    limit: "time",
    roundsStarted: roundInFlight(state),
    report: state.last,
    usage: summarizeUsage([...state.usage, ...cut.soFar()]),
    ...(checking === undefined || verify === undefined ? {} : {
      // Cut during the review of a claim the verify command passed (issue 20): that run, not a cut one.
      verification: state.verified ?? cutVerification(verify.command, (yield* Clock.currentTimeMillis) - checking)
    })
  }
})
