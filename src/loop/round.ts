/**
 * One round of the loop: attempts until one yields a report or a failure that is not retried (a
 * durable sleep before each retry and each limit wait), then what its report means for the run
 * (`conclude`: a claim checked and reviewed, a blocker answered, a budget used up).
 */
import { Clock, Duration, Effect } from "effect"
import { type ChildFailed, failureFacts } from "../agents/SubagentProvider.ts"
import { RoundFailed } from "../domain/errors.ts"
import {
  capOf,
  checksClaims,
  type ClaimCheck,
  claimHolds,
  remainingCostUsd,
  type SpendLimit,
  spendLimitReached
} from "../domain/guards.ts"
import type { BudgetLimit, RunResult } from "../domain/outcome.ts"
import { roundPrompt } from "../domain/prompt.ts"
import { spendCapText } from "../domain/render.ts"
import type { Report } from "../domain/report.ts"
import { summarizeUsage } from "../domain/usage.ts"
import type { Review, Verdict } from "../domain/verdict.ts"
import type { AttemptFailed, AttemptSucceeded } from "./attempt.ts"
import type { Execution, LoopState } from "./execution.ts"
import { isLimited } from "./retry.ts"
import { reviewOf } from "./review.ts"

const roundFailed = (round: number, last: Report | undefined, failure: ChildFailed, notRetried?: string) =>
  new RoundFailed({
    round,
    ...failureFacts(failure),
    detail: notRetried === undefined ? failure.detail : `${failure.detail}; not retried: ${notRetried}`,
    lastReport: last ?? null
  })

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
export const conclude = Effect.fnUntraced(function*(
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
export const runRound = (execution: Execution) =>
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
        yield* execution.sleep(`round ${n} limit wait ${attempt}`, Duration.millis(Math.max(0, limitWait.until - now)))
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
      yield* execution.sleep(`round ${n} retry ${attempt}`, Duration.millis(retryInMs))
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
