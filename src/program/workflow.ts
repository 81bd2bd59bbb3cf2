/**
 * The Ralph loop as an effect/workflow Workflow: one execution per run (its id is the run id), one
 * activity per attempt of a round, a durable sleep before each retry. The body decides only from
 * activity results, so an engine that records them can replay a run after a crash: finished
 * rounds are not run again, the round in flight is, and a retry's wait goes on where it was.
 */
import { Duration, Effect, Schema } from "effect"
import { Activity, DurableClock, Workflow } from "effect/workflow"
import { EngineRejected, MalformedReport, OversizedReport, RoundFailed, StateUnavailable } from "../domain/errors.ts"
import { RunResult } from "../domain/outcome.ts"
import { roundPrompt } from "../domain/prompt.ts"
import { Report } from "../domain/report.ts"
import { iterate } from "../iterate.ts"
import type { ChildFailed } from "../services/SubagentProvider.ts"
import { type AttemptContext, AttemptError, AttemptSucceeded, runAttempt } from "./attempt.ts"

/** How a run can fail inside the engine; cancellation and set-up errors are the service's. */
export const RunFailure = Schema.Union([
  RoundFailed,
  MalformedReport,
  OversizedReport,
  EngineRejected,
  StateUnavailable
])
export type RunFailure = typeof RunFailure.Type

export const RalphRun = Workflow.make("ralph/Run", {
  payload: {
    runId: Schema.String,
    objective: Schema.String,
    maxRounds: Schema.Int,
    /** A run continued from a record kept outside the engine starts after this round. */
    from: Schema.NullOr(Schema.Struct({ round: Schema.Int, report: Report }))
  },
  success: RunResult,
  error: RunFailure,
  idempotencyKey: ({ runId }) => runId
})
export type RalphRunPayload = typeof RalphRun.payloadSchema.Type

/** Where the loop stands between rounds. */
export interface LoopState {
  readonly round: number
  readonly last: Report | undefined
  readonly result: RunResult | undefined
}

const roundFailed = (round: number, last: Report | undefined, failure: ChildFailed) =>
  new RoundFailed({
    round,
    reason: failure.reason,
    detail: failure.detail,
    lastReport: last ?? null,
    ...(failure.exitCode === undefined ? {} : { exitCode: failure.exitCode }),
    ...(failure.signal === undefined ? {} : { signal: failure.signal }),
    ...(failure.stderrTail === undefined ? {} : { stderrTail: failure.stderrTail }),
    ...(failure.resetAt === undefined ? {} : { resetAt: failure.resetAt })
  })

/**
 * The workflow's body, for the run contexts the service keeps: `contextOf` gives a live run its
 * handle, events and limits; `onRound` hears each round's outcome (also when replayed), so the
 * service knows the last finished report if its time budget cuts the run.
 */
export const ralphRunBody = (
  contextOf: (runId: string) => AttemptContext,
  onRound: (runId: string, state: LoopState) => Effect.Effect<void>
) =>
(payload: RalphRunPayload) => {
  const { maxRounds, objective, runId } = payload
  const attemptActivity = (round: number, attempt: number, prompt: string, waitedMillis: number) =>
    Activity.make({
      name: `round ${round} attempt ${attempt}`,
      success: AttemptSucceeded,
      error: AttemptError,
      execute: Effect.suspend(() => runAttempt(contextOf(runId), { round, maxRounds, attempt, prompt, waitedMillis }))
    })

  /** One round: attempts until one yields a report or a failure that is not retried. */
  const round = Effect.fnUntraced(function*(state: LoopState) {
    const n = state.round + 1
    const prompt = roundPrompt({ objective, round: n, maxRounds, previous: state.last })
    let attempt = 1
    let waitedMillis = 0
    let outcome: AttemptSucceeded | undefined
    while (outcome === undefined) {
      const result = yield* attemptActivity(n, attempt, prompt, waitedMillis).pipe(
        Effect.map((succeeded) => ({ succeeded })),
        Effect.catchTag("AttemptFailed", (failed) =>
          failed.retryInMs === null
            ? Effect.fail(roundFailed(n, state.last, failed.failure))
            : Effect.succeed({ retryInMs: failed.retryInMs }))
      )
      if ("succeeded" in result) {
        outcome = result.succeeded
      } else {
        // Persisted whatever its length, so a crash during the wait resumes the wait.
        yield* DurableClock.sleep({
          name: `round ${n} retry ${attempt}`,
          duration: Duration.millis(result.retryInMs),
          inMemoryThreshold: Duration.zero
        })
        waitedMillis += result.retryInMs
        attempt++
      }
    }
    const report = outcome.report
    const next: LoopState = report.status !== "continue"
      ? { round: n, last: report, result: { status: report.status, roundsStarted: n, report } }
      : n >= maxRounds
      ? { round: n, last: report, result: { status: "budget-limited", limit: "rounds", roundsStarted: n, report } }
      : { round: n, last: report, result: undefined }
    yield* onRound(runId, next)
    return next
  })

  const initial: LoopState = { round: payload.from?.round ?? 0, last: payload.from?.report, result: undefined }
  return iterate(initial, { while: (state) => state.result === undefined, body: round }).pipe(
    Effect.flatMap((state) =>
      state.result === undefined ? Effect.die("the loop ended without a result") : Effect.succeed(state.result)
    )
  )
}
