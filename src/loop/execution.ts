/**
 * Where the loop stands between rounds, and one execution of the workflow: its payload, its spend
 * and its activities (an attempt, a claim's check, a review, the wait for an answer).
 */
import { Duration, Effect } from "effect"
import { Activity, DurableClock } from "effect/workflow"
import type { WorkflowEngine, WorkflowInstance } from "effect/workflow/WorkflowEngine"
import { StateUnavailable } from "../domain/errors.ts"
import { ClaimCheck, type Guards, type Verification } from "../domain/guards.ts"
import type { RunResult } from "../domain/outcome.ts"
import type { Report } from "../domain/report.ts"
import type { Spend } from "../domain/spend.ts"
import type { RoundUsage } from "../domain/usage.ts"
import type { Verdict } from "../domain/verdict.ts"
import { type AttemptContext, AttemptError, type AttemptInput, AttemptSucceeded, runAttempt } from "./attempt.ts"
import { checkClaim } from "./claim.ts"
import { AnswerOutcome } from "./inbox.ts"
import { ReviewAttemptError, reviewClaim, Reviewed, type ReviewInput } from "./review.ts"
import type { RalphRunPayload } from "./workflow.ts"

/** Where the loop stands between rounds. */
export interface LoopState {
  readonly round: number
  readonly last: Report | undefined
  readonly result: RunResult | undefined
  /** The spend of every finished round (the run's one array, which later rounds extend). */
  readonly usage: ReadonlyArray<RoundUsage>
  /** Rounds in a row that ended without changing the workspace. */
  readonly stalled: number
  /** Why the last round's claimed completion did not hold; the next child is told. */
  readonly rejected: ClaimCheck | undefined
  /** Set while the last round's claimed completion is being checked: since when (ms), for a time budget that cuts the check. */
  readonly checkingSince?: number
  /** Set when the last round's claim passed the gate and a reviewer rejected it; the next child is told its findings. */
  readonly reviewRejected?: Verdict | undefined
  /** Set while a claim the verify command passed is reviewed: that run, for a time budget that cuts the review. */
  readonly verified?: Verification | undefined
  /** A person's answer to the last round's blocker (`--on-blocked ask`): the next child is told. */
  readonly answer?: string
  /** Set while the run waits for an answer to the last round's blocker: no round is in flight. */
  readonly waiting?: true
}

/** The round a cut run was in: the next one, or the last finished one while its claim is checked. */
export const roundInFlight = (state: LoopState): number =>
  state.checkingSince === undefined && state.waiting !== true ? state.round + 1 : state.round

/** What an activity needs: the workflow's engine and instance. */
export type InWorkflow = WorkflowEngine | WorkflowInstance

/** One execution of the workflow: its payload, its spend, and its activities. */
export interface Execution {
  readonly payload: RalphRunPayload
  readonly guards: Guards
  /**
   * Every attempt's spend; its finished rounds are one array, extended once per round and shared
   * by the states that follow (a copy per round would make a long run quadratic).
   */
  readonly spend: Spend
  /** An attempt of a round (its first starts from the workspace the last attempt left, see Attempted.after). */
  readonly attempt: (
    input: Omit<AttemptInput, "maxRounds" | "before">
  ) => Effect.Effect<AttemptSucceeded, AttemptError, InWorkflow>
  readonly claim: (round: number) => Effect.Effect<ClaimCheck, StateUnavailable, InWorkflow>
  /** The review of a claim the gate passed (issue 20), when the run has a reviewer. */
  readonly review: (input: ReviewInput) => Effect.Effect<Reviewed, ReviewAttemptError, InWorkflow>
  /** Reviews made so far (the workflow's count, rebuilt as the body replays). */
  readonly reviews: { count: number }
  /** The wait for a person's answer to a blocked round (`--on-blocked ask`). */
  readonly ask: (round: number, blocker: string) => Effect.Effect<AnswerOutcome, StateUnavailable, InWorkflow>
  /** The body's sleep through a wait (a retry's, a limit's), by the wait's name: the context's, else `durableSleep`. */
  readonly sleep: (name: string, duration: Duration.Duration) => Effect.Effect<void, never, InWorkflow>
  readonly onRound: (state: LoopState) => Effect.Effect<void>
}

/**
 * A wait on the engine's durable clock, whatever its length (`inMemoryThreshold: 0`): its wake time is
 * stored when first scheduled, so a replay after a crash waits what is left of it.
 */
export const durableSleep = (name: string, duration: Duration.Duration): Effect.Effect<void, never, InWorkflow> =>
  DurableClock.sleep({ name, duration, inMemoryThreshold: Duration.zero })

/** The activities (and waits) of one execution of run `runId`, over the live run's context. */
export const activitiesOf = (
  payload: RalphRunPayload,
  guards: Guards,
  contextOf: (runId: string) => Effect.Effect<AttemptContext>
): Pick<Execution, "attempt" | "claim" | "review" | "ask" | "sleep"> => {
  const { maxRounds, runId } = payload
  // An activity's body on the run's context, through the context's own wrapper when it has one.
  const onContext = <A, E, R>(body: (context: AttemptContext) => Effect.Effect<A, E, R>) =>
    Effect.flatMap(
      contextOf(runId),
      (context) => context.activity === undefined ? body(context) : context.activity(body(context))
    )
  // The workspace as the last attempt this execution ran left it (see Attempted.after); a replayed
  // attempt runs nothing and leaves nothing here, so a replay reads the workspace afresh. A retry
  // follows a wait, in which anything may have run: it reads afresh too.
  let lastAfter: string | undefined
  const attempt = (input: Omit<AttemptInput, "maxRounds" | "before">) => {
    const before = input.attempt === 1 ? lastAfter : undefined
    lastAfter = undefined
    return Activity.make({
      name: `round ${input.round} attempt ${input.attempt}`,
      success: AttemptSucceeded,
      error: AttemptError,
      execute: onContext(
        (context) =>
          Effect.map(runAttempt(context, { ...input, maxRounds, before }), (attempted) => {
            lastAfter = attempted.after
            return attempted.result
          })
      )
    })
  }
  const claim = (round: number) =>
    Activity.make({
      name: `round ${round} claim check`,
      success: ClaimCheck,
      error: StateUnavailable,
      execute: onContext((context) => checkClaim(context, guards, round))
    })
  const review = (input: ReviewInput) =>
    Activity.make({
      // The first attempt keeps the name records made before review retries hold.
      name: input.attempt === 1
        ? `round ${input.round} review`
        : `round ${input.round} review attempt ${input.attempt}`,
      success: Reviewed,
      error: ReviewAttemptError,
      execute: onContext((context) =>
        guards.review === undefined
          ? Effect.die(new Error("ralph: a review without a reviewer"))
          : reviewClaim(context, guards.review, input)
      )
    })
  // A durable step: its outcome is recorded, so a replay goes on without waiting; a crash during
  // the wait runs it again (no child started), and it finds an answer given meanwhile in the record.
  const ask = (round: number, blocker: string) =>
    Activity.make({
      name: `round ${round} answer`,
      success: AnswerOutcome,
      error: StateUnavailable,
      execute: onContext((context) =>
        context.inbox === undefined
          ? Effect.succeed<AnswerOutcome>({ _tag: "Unanswered", why: "no-one-to-ask" })
          : context.inbox.awaitAnswer({ round, blocker, timeoutMs: guards.ask?.timeoutMs })
      )
    })
  const sleep = (name: string, duration: Duration.Duration) =>
    Effect.flatMap(
      contextOf(runId),
      (context) => context.sleep === undefined ? durableSleep(name, duration) : context.sleep(name, duration)
    )
  return { attempt, claim, review, ask, sleep }
}
