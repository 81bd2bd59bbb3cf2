/** A run's wall-time budget: when it passes, the run ends on its last finished report. */
import { Clock, Duration, Effect, Ref } from "effect"
import { RoundFailed } from "../domain/errors.ts"
import type { RunEvent } from "../domain/events.ts"
import { cutVerification, type Guards } from "../domain/guards.ts"
import type { RunResult } from "../domain/outcome.ts"
import { formatDuration } from "../domain/render.ts"
import { hearSpend, Spend } from "../domain/spend.ts"
import type { Usage } from "../domain/usage.ts"
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

/**
 * What the attempts of the round going on spent, as the run's events tell it (the finished rounds'
 * are the workflow's): a result the time budget cuts counts every attempt, the cut one's too.
 * `pending`: the attempts of that round earlier invocations ran.
 */
export const cutSpend = Effect.fnUntraced(
  function*(pending: { readonly round: number; readonly attempts: ReadonlyArray<Usage> }) {
    const cut = yield* Ref.make(new Spend([], { round: pending.round, attempts: [...pending.attempts] }))
    const hear = (event: RunEvent) =>
      event._tag === "RoundFinished"
        ? Ref.set(cut, new Spend())
        : Effect.flatMap(Ref.get(cut), (spend) => Effect.sync(() => hearSpend(spend, event)))
    return { cut, hear }
  }
)

/**
 * The run's workflow within its time budget: its own result, or — when `maxTime` passes first —
 * the budget's (`timeBudgetResult`), from the last state the loop reported and what the cut round spent.
 */
export const withinTimeBudget = <E, R>(
  executed: Effect.Effect<RunResult, E, R>,
  budget: {
    readonly maxTime: Duration.Duration | undefined
    /** The budget as it was asked for (`maxTime` may be what was left of it), for the message. */
    readonly maxTimeGiven: Duration.Duration | undefined
    readonly progress: Ref.Ref<LoopState>
    readonly cut: Ref.Ref<Spend>
    readonly guards: Guards
  }
): Effect.Effect<RunResult, E | RoundFailed, R> => {
  const maxTime = budget.maxTime
  if (maxTime === undefined) return executed
  const ranOut = Effect.flatMap(
    Effect.all([Ref.get(budget.progress), Ref.get(budget.cut)]),
    ([state, cut]) => timeBudgetResult(state, cut, { maxTime: budget.maxTimeGiven ?? maxTime, guards: budget.guards })
  )
  // Nothing left (a run taken over after its budget passed): nothing more starts.
  if (Duration.toMillis(maxTime) <= 0) return ranOut
  return Effect.flatMap(
    executed.pipe(Effect.timeoutOrElse({ duration: maxTime, orElse: () => Effect.succeed(undefined) })),
    (result) => result !== undefined ? Effect.succeed(result) : ranOut
  )
}
