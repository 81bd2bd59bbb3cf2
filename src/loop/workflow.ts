/**
 * The Ralph loop as an effect/workflow Workflow: one execution per run (its id is the run id), one
 * activity per attempt of a round, one per check of a claimed completion, a durable sleep before
 * each retry. The body decides only from activity results, so an engine that records them can
 * replay a run after a crash: finished rounds and checks are not run again, the one in flight is,
 * and a retry's wait goes on where it was.
 */
import { Effect, Schema } from "effect"
import { Workflow } from "effect/workflow"
import {
  EngineRejected,
  MalformedReport,
  MalformedVerdict,
  OversizedReport,
  RoundFailed,
  StateUnavailable
} from "../domain/errors.ts"
import { ClaimCheck, Guards } from "../domain/guards.ts"
import { RunResult } from "../domain/outcome.ts"
import { Report } from "../domain/report.ts"
import { Spend } from "../domain/spend.ts"
import { RoundUsage, Usage } from "../domain/usage.ts"
import { Verdict } from "../domain/verdict.ts"
import type { AttemptContext } from "./attempt.ts"
import { activitiesOf, type Execution, type LoopState } from "./execution.ts"
import { iterate } from "./iterate.ts"
import { conclude, runRound } from "./round.ts"

export { type LoopState, roundInFlight } from "./execution.ts"

/** How a run can fail inside the engine; cancellation and set-up errors are the service's. */
export const RunFailure = Schema.Union([
  RoundFailed,
  MalformedReport,
  OversizedReport,
  MalformedVerdict,
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
    from: Schema.NullOr(Schema.Struct({
      round: Schema.Int,
      report: Report,
      /** The spend of the rounds before. */
      usage: Schema.optionalKey(Schema.Array(RoundUsage)),
      /** Set when that round's claimed completion was checked and did not hold. */
      rejected: Schema.optionalKey(ClaimCheck),
      /** Rounds in a row, up to that one, that changed nothing in the workspace. */
      stalled: Schema.optionalKey(Schema.Int),
      /** Reviews the run made before (issue 20), toward `maxReviews`. */
      reviews: Schema.optionalKey(Schema.Int),
      /** Set when that round's claim passed the gate and its reviewer rejected it. */
      reviewRejected: Schema.optionalKey(Verdict)
    })),
    guards: Schema.optionalKey(Guards),
    /** What failed attempts of the first round to run spent in earlier invocations (a continued run). */
    pendingUsage: Schema.optionalKey(Schema.Array(Usage)),
    /**
     * With fallbacks: the run's own agent, then the agents a round is retried with, in order, when
     * the one before is rate-limited or overloaded past the waits.
     */
    agents: Schema.optionalKey(Schema.Array(Schema.String))
  },
  success: RunResult,
  error: RunFailure,
  idempotencyKey: ({ runId }) => runId
})
export type RalphRunPayload = typeof RalphRun.payloadSchema.Type

/** Where the loop starts: a continued run first settles what its last round left open (a claim to check, a cap). */
const startOf = Effect.fnUntraced(function*(execution: Execution) {
  const from = execution.payload.from
  if (from === null) {
    return {
      round: 0,
      last: undefined,
      result: undefined,
      usage: execution.spend.finished,
      stalled: 0,
      rejected: undefined
    } satisfies LoopState
  }
  const state = yield* conclude(
    execution,
    from.round,
    from.report,
    from.stalled ?? 0,
    from.rejected,
    from.reviewRejected
  )
  yield* execution.onRound(state)
  return state
})

/**
 * The workflow's body, for the run contexts the service keeps: `contextOf` gives a live run its
 * handle, events and limits; `onRound` hears each round's outcome (also when replayed), so the
 * service knows the last finished report if its time budget cuts the run.
 */
export const ralphRunBody = (
  contextOf: (runId: string) => Effect.Effect<AttemptContext>,
  onRound: (runId: string, state: LoopState) => Effect.Effect<void>
) =>
(payload: RalphRunPayload) => {
  const guards: Guards = payload.guards ?? {}
  const execution: Execution = {
    payload,
    guards,
    spend: new Spend(payload.from?.usage ?? [], {
      round: (payload.from?.round ?? 0) + 1,
      attempts: payload.pendingUsage ?? []
    }),
    ...activitiesOf(payload, guards, contextOf),
    reviews: { count: payload.from?.reviews ?? 0 },
    onRound: (state) => onRound(payload.runId, state)
  }
  return startOf(execution).pipe(
    Effect.flatMap((initial) =>
      iterate(initial, { while: (state) => state.result === undefined, body: runRound(execution) })
    ),
    Effect.flatMap((state) =>
      state.result === undefined ? Effect.die("the loop ended without a result") : Effect.succeed(state.result)
    )
  )
}
