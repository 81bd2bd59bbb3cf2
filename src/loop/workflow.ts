/**
 * The Ralph loop as an effect/workflow Workflow: one execution per run (its id is the run id), one
 * activity per attempt of a round, one per check of a claimed completion, a durable sleep before
 * each retry. The body decides only from activity results, so an engine that records them can
 * replay a run after a crash: finished rounds and checks are not run again, the one in flight is,
 * and a retry's wait goes on where it was.
 */
import { Clock, Duration, Effect, Schema } from "effect"
import { Activity, DurableClock, Workflow } from "effect/workflow"
import type { WorkflowEngine, WorkflowInstance } from "effect/workflow/WorkflowEngine"
import { type ChildFailed, failureFacts } from "../agents/SubagentProvider.ts"
import {
  EngineRejected,
  MalformedReport,
  MalformedVerdict,
  OversizedReport,
  RoundFailed,
  StateUnavailable
} from "../domain/errors.ts"
import {
  capOf,
  checksClaims,
  ClaimCheck,
  claimHolds,
  Guards,
  remainingCostUsd,
  type SpendLimit,
  spendLimitReached,
  type Verification
} from "../domain/guards.ts"
import { type BudgetLimit, RunResult } from "../domain/outcome.ts"
import { roundPrompt } from "../domain/prompt.ts"
import { spendCapText } from "../domain/render.ts"
import { Report } from "../domain/report.ts"
import { Spend } from "../domain/spend.ts"
import { RoundUsage, summarizeUsage, Usage } from "../domain/usage.ts"
import { type Review, Verdict } from "../domain/verdict.ts"
import {
  type AttemptContext,
  AttemptError,
  type AttemptFailed,
  type AttemptInput,
  AttemptSucceeded,
  runAttempt
} from "./attempt.ts"
import { checkClaim } from "./claim.ts"
import { AnswerOutcome } from "./inbox.ts"
import { iterate } from "./iterate.ts"
import { isLimited } from "./retry.ts"
import { reviewClaim, Reviewed, ReviewError, type ReviewInput, reviewOf } from "./review.ts"

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

const roundFailed = (round: number, last: Report | undefined, failure: ChildFailed, notRetried?: string) =>
  new RoundFailed({
    round,
    ...failureFacts(failure),
    detail: notRetried === undefined ? failure.detail : `${failure.detail}; not retried: ${notRetried}`,
    lastReport: last ?? null
  })

/** What an activity needs: the workflow's engine and instance. */
type InWorkflow = WorkflowEngine | WorkflowInstance

/** One execution of the workflow: its payload, its spend, and its activities. */
interface Execution {
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
  readonly review: (input: ReviewInput) => Effect.Effect<Reviewed, ReviewError, InWorkflow>
  /** Reviews made so far (the workflow's count, rebuilt as the body replays). */
  readonly reviews: { count: number }
  /** The wait for a person's answer to a blocked round (`--on-blocked ask`). */
  readonly ask: (round: number, blocker: string) => Effect.Effect<AnswerOutcome, StateUnavailable, InWorkflow>
  readonly onRound: (state: LoopState) => Effect.Effect<void>
}

/** The activities of one execution of run `runId`, over the live run's context. */
const activitiesOf = (
  payload: RalphRunPayload,
  guards: Guards,
  contextOf: (runId: string) => Effect.Effect<AttemptContext>
): Pick<Execution, "attempt" | "claim" | "review" | "ask"> => {
  const { maxRounds, runId } = payload
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
      execute: Effect.flatMap(
        contextOf(runId),
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
      execute: Effect.flatMap(contextOf(runId), (context) => checkClaim(context, guards, round))
    })
  const review = (input: ReviewInput) =>
    Activity.make({
      name: `round ${input.round} review`,
      success: Reviewed,
      error: ReviewError,
      execute: Effect.flatMap(contextOf(runId), (context) =>
        guards.review === undefined
          ? Effect.die(new Error("ralph: a review without a reviewer"))
          : reviewClaim(context, guards.review, input))
    })
  // A durable step: its outcome is recorded, so a replay goes on without waiting; a crash during
  // the wait runs it again (no child started), and it finds an answer given meanwhile in the record.
  const ask = (round: number, blocker: string) =>
    Activity.make({
      name: `round ${round} answer`,
      success: AnswerOutcome,
      error: StateUnavailable,
      execute: Effect.flatMap(contextOf(runId), (context) =>
        context.inbox === undefined
          ? Effect.succeed<AnswerOutcome>({ _tag: "Unanswered", why: "no-one-to-ask" })
          : context.inbox.awaitAnswer({ round, blocker, timeoutMs: guards.ask?.timeoutMs }))
    })
  return { attempt, claim, review, ask }
}

/** The budget a finished round that did not end the run used up, if one. */
const limitAfter = (
  { guards, payload, spend }: Execution,
  round: number,
  stalled: number
): BudgetLimit | undefined =>
  spendLimitReached(guards, spend.totals()) ??
    (guards.maxStalledRounds !== undefined && stalled >= guards.maxStalledRounds ? "stalled" : undefined) ??
    (round >= payload.maxRounds ? "rounds" : undefined)

/** What a rejected claim's check says in a result. */
const rejectedClaim = (rejected: ClaimCheck | undefined) =>
  rejected === undefined
    ? {}
    : rejected.protectedChanged.length > 0
    ? { protectedChanged: rejected.protectedChanged }
    : rejected.verification === null
    ? {}
    : { verification: rejected.verification }

/**
 * What a finished round means for the run: a claimed completion is checked (unless its check is
 * known), a blocker ends it, and a round that does not end it may have used up a budget.
 */
const conclude = Effect.fnUntraced(function*(
  execution: Execution,
  n: number,
  report: Report,
  stalled: number,
  knownCheck: ClaimCheck | undefined,
  /** A continued run's last claim that passed the gate and its reviewer rejected. */
  knownReview?: Verdict
) {
  const usage = execution.spend.finished
  // Summed only for a result: over every round so far, it would make a long run quadratic.
  const spent = () => ({ usage: summarizeUsage(usage) })
  const state = { round: n, last: report, usage, stalled, rejected: undefined }
  if (report.status === "blocked") {
    const ends = { ...state, result: { status: "blocked", roundsStarted: n, report, ...spent() } } satisfies LoopState
    // With nothing left to go on with (no round, a cap reached), no answer is worth waiting for.
    if (execution.guards.ask === undefined || limitAfter(execution, n, stalled) !== undefined) return ends
    yield* execution.onRound({ ...state, result: undefined, waiting: true })
    const outcome = yield* execution.ask(n, report.blocker)
    if (outcome._tag === "Unanswered") return ends
    return { ...state, result: undefined, answer: outcome.text } satisfies LoopState
  }
  let rejected: ClaimCheck | undefined
  let reviewRejected: Verdict | undefined
  let reviewResult: ReviewOutcome = {}
  if (report.status === "complete") {
    const reviewed = execution.guards.review !== undefined
    if ((checksClaims(execution.guards) || reviewed) && knownCheck === undefined && knownReview === undefined) {
      // The round finished: a time budget that runs out during the check ends on its claim.
      yield* execution.onRound({ ...state, result: undefined, checkingSince: yield* Clock.currentTimeMillis })
    }
    // A claim its reviewer rejected passed the gate then: it is not checked again.
    const check = !checksClaims(execution.guards) || knownReview !== undefined
      ? undefined
      : knownCheck ?? (yield* execution.claim(n))
    if (knownReview !== undefined) {
      reviewRejected = knownReview
    } else if (check === undefined || claimHolds(check)) {
      const verified = check?.verification == null ? {} : { verification: check.verification }
      if (check?.verification != null && execution.guards.review !== undefined) {
        // A time budget that runs out during the review ends on the claim, its verification passed.
        yield* execution.onRound({
          ...state,
          result: undefined,
          checkingSince: yield* Clock.currentTimeMillis,
          verified: check.verification
        })
      }
      const review = yield* reviewOf(execution, n, report, check?.verification ?? null)
      if (review === "exhausted") {
        return {
          ...state,
          result: { status: "budget-limited", limit: "reviews", roundsStarted: n, report, ...spent(), ...verified }
        } satisfies LoopState
      }
      if (review === undefined || review.verdict === "accept") {
        return {
          ...state,
          result: { status: "complete", roundsStarted: n, report, ...spent(), ...verified, ...reviewField(review) }
        } satisfies LoopState
      }
      reviewRejected = review
      reviewResult = { ...verified, ...reviewField(review) }
    } else {
      rejected = check
    }
  }
  const limit = limitAfter(execution, n, stalled)
  return {
    ...state,
    rejected,
    reviewRejected,
    result: limit === undefined
      ? undefined
      : {
        status: "budget-limited",
        limit,
        ...capOf(execution.guards, limit),
        roundsStarted: n,
        report,
        ...spent(),
        ...rejectedClaim(rejected),
        ...reviewResult
      }
  } satisfies LoopState
})

/** What a rejecting review adds to a budget-limited result: the verification that passed, and the verdict. */
type ReviewOutcome = Pick<RunResult, "verification" | "review">

/** A review's verdict as a result carries it. */
const reviewField = (review: Review | undefined) => review === undefined ? {} : { review }

/**
 * After a failed attempt of round `n`: the cap its spend used up (no retry then), if one — the agent
 * stopped at the budget ralph passed it, or the failed attempts reached a cap.
 */
const capAfterFailure = (
  { guards, spend }: Execution,
  failed: AttemptFailed,
  fallsBack: boolean
): SpendLimit | undefined =>
  failed.failure.reason === "budget" && guards.maxCostUsd !== undefined
    ? "cost"
    : failed.retryInMs === null && failed.limitWait === undefined && !fallsBack
    ? undefined
    : spendLimitReached(guards, spend.totals())

/** One round: attempts until one yields a report or a failure that is not retried. */
const runRound = (execution: Execution) =>
  Effect.fnUntraced(function*(state: LoopState) {
    const { payload, spend } = execution
    const n = state.round + 1
    const prompt = roundPrompt({
      objective: payload.objective,
      round: n,
      maxRounds: payload.maxRounds,
      previous: state.last,
      rejected: state.rejected,
      reviewRejected: state.reviewRejected,
      answer: state.answer
    })
    let attempt = 1
    let waitedMillis = 0
    let limitWaitedMillis = 0
    let waitedAfter = 0
    // Each round starts with the run's own agent (a limit may have reset since); none named: the run has no fallbacks.
    const agents = payload.agents ?? []
    let fellBack = 0
    // Which agent ran each attempt of the round, for its spend in the result.
    const ran: Array<string> = []
    let outcome: AttemptSucceeded | undefined
    while (outcome === undefined) {
      const maxBudgetUsd = remainingCostUsd(execution.guards, spend.totals())
      const sinceWait = attempt - waitedAfter
      const agent = agents[fellBack]
      if (agent !== undefined) ran.push(agent)
      const input = {
        round: n,
        attempt,
        prompt,
        waitedMillis,
        limitWaitedMillis,
        sinceWait,
        maxBudgetUsd,
        ...(agent === undefined ? {} : { agent })
      }
      const result = yield* execution.attempt(input).pipe(
        Effect.map((succeeded) => ({ succeeded })),
        Effect.catchTag("AttemptFailed", (failed) => Effect.succeed({ failed }))
      )
      if ("succeeded" in result) {
        outcome = result.succeeded
        continue
      }
      const { failure, limitWait, retryInMs } = result.failed
      for (const usage of result.failed.stopped ?? []) spend.attempt(n, usage)
      spend.attempt(n, failure.usage)
      // Past the retries and the limit waits, a rate-limited or overloaded agent gives the round to the next one.
      const fallsBack = retryInMs === null && limitWait === undefined && isLimited(failure.reason) &&
        fellBack + 1 < agents.length
      const limit = capAfterFailure(execution, result.failed, fallsBack)
      if (limit !== undefined) {
        // With no finished report to end on, the round failed.
        const usage = spend.soFar()
        if (state.last === undefined) {
          const why = failure.reason === "budget"
            ? "the agent stopped at the cost cap ralph passed it"
            : spendCapText(limit, capOf(execution.guards, limit).cap, usage)
          return yield* roundFailed(n, undefined, failure, why)
        }
        const report = state.last
        const next: LoopState = {
          ...state,
          round: n,
          usage,
          result: {
            status: "budget-limited",
            limit,
            ...capOf(execution.guards, limit),
            roundsStarted: n,
            report,
            usage: summarizeUsage(usage)
          }
        }
        yield* execution.onRound(next)
        return next
      }
      if (limitWait !== undefined) {
        // Until the reset the attempt's activity decided: the wake time is stored the first time the
        // clock is scheduled, so a replay (whatever its own clock or flags say) waits what is left of it.
        const now = yield* Clock.currentTimeMillis
        yield* DurableClock.sleep({
          name: `round ${n} limit wait ${attempt}`,
          duration: Duration.millis(Math.max(0, limitWait.until - now)),
          inMemoryThreshold: Duration.zero
        })
        // The limit has reset: the round's retries start afresh.
        limitWaitedMillis += limitWait.ms
        waitedMillis = 0
        waitedAfter = attempt
        attempt++
        continue
      }
      if (fallsBack) {
        fellBack++
        waitedMillis = 0
        limitWaitedMillis = 0
        waitedAfter = attempt
        attempt++
        continue
      }
      if (retryInMs === null) return yield* roundFailed(n, state.last, failure)
      // Persisted whatever its length, so a crash during the wait resumes the wait.
      yield* DurableClock.sleep({
        name: `round ${n} retry ${attempt}`,
        duration: Duration.millis(retryInMs),
        inMemoryThreshold: Duration.zero
      })
      waitedMillis += retryInMs
      attempt++
    }
    for (const usage of outcome.stopped ?? []) spend.attempt(n, usage)
    spend.finish(n, outcome.usage, outcome.durationMs, ran)
    const stalled = outcome.changed === false ? state.stalled + 1 : 0
    const next = yield* conclude(execution, n, outcome.report, stalled, undefined)
    yield* execution.onRound(next)
    return next
  })

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
