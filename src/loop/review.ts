/**
 * The review of a claimed completion (issue 20), run inside its own activity like the claim's check
 * (so a crash during it runs it again, never skips it): a fresh reviewer child, on the run's
 * reviewer provider, gets the objective, the claimed report, the run's diff from checkpoint 0 and
 * the verify command's run, and its value is checked as a verdict. A value that is not one fails
 * the run (`MalformedVerdict`), never accepts; a reviewer that fails transiently (rate limit,
 * network, tempfail) is tried again under the run's retry policy (its backoff and retry caps; a
 * reset past them is not waited for, whatever `--wait-limits` says, nor handed to a fallback
 * agent), after a durable wait; one that fails otherwise, or past its retries, fails the round.
 */
import { Clock, Duration, Effect, Random, Schema } from "effect"
import { type ChildFailed, failureFacts } from "../agents/SubagentProvider.ts"
import { MalformedVerdict, RoundFailed, StateUnavailable } from "../domain/errors.ts"
import type { ReviewFailed } from "../domain/events.ts"
import {
  type ClaimCheck,
  type Guards,
  remainingCostUsd,
  type ReviewGuard,
  reviewsLeft,
  type Verification
} from "../domain/guards.ts"
import type { Report } from "../domain/report.ts"
import { type ReviewDiff, reviewPrompt } from "../domain/reviewPrompt.ts"
import { defaults } from "../domain/settings.ts"
import type { Spend } from "../domain/spend.ts"
import { Usage, usageProblem } from "../domain/usage.ts"
import { checkVerdict, type Review, Verdict, verdictJsonSchema } from "../domain/verdict.ts"
import type { AttemptContext } from "./attempt.ts"
import { retryDelayMillis } from "./retry.ts"

/** What a review leaves behind: the verdict, and what the reviewer spent and took. */
export const Reviewed = Schema.Struct({ verdict: Verdict, usage: Usage, durationMs: Schema.Number })
export type Reviewed = typeof Reviewed.Type

/** A review whose reviewer failed transiently: tried again after `retryInMs`; what the failed reviewer spent. */
export class ReviewRetried extends Schema.TaggedError<ReviewRetried>()("ReviewRetried", {
  retryInMs: Schema.Number,
  usage: Schema.optionalKey(Usage),
  durationMs: Schema.Number
}) {}

/** How a review ends without a verdict. */
export const ReviewError = Schema.Union([RoundFailed, MalformedVerdict, StateUnavailable])
export type ReviewError = typeof ReviewError.Type

/** How one attempt of a review ends without a verdict (its activity's error). */
export const ReviewAttemptError = Schema.Union([RoundFailed, MalformedVerdict, StateUnavailable, ReviewRetried])
export type ReviewAttemptError = typeof ReviewAttemptError.Type

export interface ReviewInput {
  readonly objective: string
  readonly round: number
  readonly maxRounds: number
  readonly report: Report
  /** The verify command's run that passed the claim; null without one. */
  readonly verification: Verification | null
  /** The run's reviews, this one included. */
  readonly review: number
  /** This review's attempt: 1, then one more for each retry. */
  readonly attempt: number
  /** This review's retry waits so far, in milliseconds. */
  readonly waitedMillis: number
  /** What is left of the run's cost cap, for a reviewer agent that takes one. */
  readonly maxBudgetUsd: number | undefined
}

const noDiff: ReviewDiff = { _tag: "NotGit" }

/** What a failed review's event says beyond whose review it was. */
type FailedFields = Omit<typeof ReviewFailed.Type, "_tag" | "runId" | "round" | "review" | "agent">

/** Publishes the failed review's event, for the review `input` of `agent`. */
const reviewFailed = (context: AttemptContext, input: ReviewInput, agent: string, fields: FailedFields) =>
  context.events.publish({
    _tag: "ReviewFailed",
    runId: context.run.runId,
    round: input.round,
    review: input.review,
    agent,
    ...fields
  })

/**
 * A reviewer child that failed: tried again (`ReviewRetried`) when the failure is transient and the
 * run's retry policy allows it — decided here, where clocks and randomness may be read, so a
 * replayed run takes the same decision — else the round fails.
 */
const childFailed = Effect.fnUntraced(function*(
  context: AttemptContext,
  input: ReviewInput,
  agent: string,
  failure: ChildFailed,
  durationMs: number
): Effect.fn.Return<never, RoundFailed | ReviewRetried | StateUnavailable> {
  const usage = failure.usage === undefined || usageProblem(failure.usage) !== undefined
    ? {}
    : { usage: failure.usage }
  const retryInMs = retryDelayMillis(
    context.policy,
    {
      reason: failure.reason,
      resetAt: failure.resetAt,
      attempt: input.attempt,
      waitedMillis: input.waitedMillis
    },
    yield* Clock.currentTimeMillis,
    yield* Random.next
  )
  yield* reviewFailed(context, input, agent, {
    kind: "failed",
    reason: failure.reason,
    problem: failure.detail,
    durationMs,
    ...usage,
    ...(retryInMs === undefined ? {} : { retryInMs })
  })
  if (retryInMs !== undefined) return yield* new ReviewRetried({ retryInMs, durationMs, ...usage })
  return yield* new RoundFailed({
    round: input.round,
    ...failureFacts(failure),
    detail: `the reviewer (${agent}) of the claimed completion failed: ${failure.detail}`,
    lastReport: input.report
  })
})

/** One attempt of a review: the reviewer child, and its value checked as a verdict. */
export const reviewClaim = Effect.fnUntraced(function*(
  context: AttemptContext,
  guard: ReviewGuard,
  input: ReviewInput
): Effect.fn.Return<Reviewed, ReviewAttemptError> {
  const runId = context.run.runId
  const { review, round } = input
  const agent = guard.agent
  const start = context.run.reviewer
  if (start === undefined) {
    // Ralph.ts starts every run that has a review guard with its reviewer provider.
    return yield* Effect.die(new Error(`ralph: run ${runId} has a reviewer, but no reviewer provider was started`))
  }
  const diff = context.runDiff === undefined ? noDiff : yield* context.runDiff(round)
  yield* context.events.publish({ _tag: "ReviewStarted", runId, round, review, agent })
  const started = yield* Clock.currentTimeMillis
  const elapsed = Effect.map(Clock.currentTimeMillis, (now) => now - started)
  const prompt = reviewPrompt({
    objective: input.objective,
    round,
    report: input.report,
    diff,
    verification: input.verification,
    maxDiffChars: defaults.reviewDiffChars
  })
  const output = yield* start({
    round,
    maxRounds: input.maxRounds,
    attempt: input.attempt,
    prompt,
    workspace: context.workspace,
    role: "reviewer",
    valueSchema: verdictJsonSchema(),
    ...(input.maxBudgetUsd === undefined ? {} : { maxBudgetUsd: input.maxBudgetUsd })
  }).pipe(
    Effect.catchTag(
      "ChildFailed",
      (failure) => Effect.flatMap(elapsed, (durationMs) => childFailed(context, input, agent, failure, durationMs))
    )
  )
  const durationMs = yield* elapsed
  const problem = usageProblem(output.usage)
  const checked = problem !== undefined
    ? { _tag: "Malformed" as const, problem: `the reviewer reported a usage ralph cannot count: ${problem}` }
    : checkVerdict(output.value, context.maxHandoffChars)
  if (checked._tag === "Malformed") {
    yield* reviewFailed(context, input, agent, {
      kind: "malformed",
      problem: checked.problem,
      durationMs,
      ...(problem === undefined ? { usage: output.usage } : {})
    })
    return yield* new MalformedVerdict({ round, agent, problem: checked.problem })
  }
  yield* context.events.publish({
    _tag: "ReviewFinished",
    runId,
    round,
    review,
    agent,
    verdict: checked.verdict,
    durationMs,
    usage: output.usage
  })
  return { verdict: checked.verdict, usage: output.usage, durationMs }
})

/** What deciding a review needs of the workflow's execution: its payload, guards, spend, count and activity. */
export interface Reviewing<R> {
  readonly payload: { readonly objective: string; readonly maxRounds: number }
  readonly guards: Guards
  readonly spend: Spend
  /** Reviews made so far (the workflow's count, rebuilt as the body replays). */
  readonly reviews: { count: number }
  readonly review: (input: ReviewInput) => Effect.Effect<Reviewed, ReviewAttemptError, R>
  /** The body's sleep through the wait before a review's retry (see Execution.sleep). */
  readonly sleep: (name: string, duration: Duration.Duration) => Effect.Effect<void, never, R>
}

/** The review of round `n`'s claim, its attempts and the durable waits between them. */
const reviewWithRetries = <R>(
  execution: Reviewing<R>,
  n: number,
  report: Report,
  verification: ClaimCheck["verification"]
): Effect.Effect<Reviewed, ReviewError, R> =>
  Effect.gen(function*() {
    let attempt = 1
    let waitedMillis = 0
    while (true) {
      const outcome = yield* execution.review({
        objective: execution.payload.objective,
        round: n,
        maxRounds: execution.payload.maxRounds,
        report,
        verification,
        review: execution.reviews.count,
        attempt,
        waitedMillis,
        maxBudgetUsd: remainingCostUsd(execution.guards, execution.spend.totals())
      }).pipe(
        Effect.map((reviewed) => ({ reviewed })),
        Effect.catchTag("ReviewRetried", (retried) => Effect.succeed({ retried }))
      )
      if ("reviewed" in outcome) return outcome.reviewed
      const retried = outcome.retried
      // The failed reviewer's spend counts against the caps before the next one starts.
      execution.spend.review(n, retried.usage, retried.durationMs)
      yield* execution.sleep(`round ${n} review retry ${attempt}`, Duration.millis(retried.retryInMs))
      waitedMillis += retried.retryInMs
      attempt++
    }
  })

/**
 * The review of round `n`'s claim, which the gate passed, as the workflow's body decides it:
 * undefined without a reviewer, `exhausted` once the run made its `maxReviews` (a claim is never
 * accepted unreviewed), else the review's activity's verdict, whose spend joins the round's.
 */
export const reviewOf = <R>(
  execution: Reviewing<R>,
  n: number,
  report: Report,
  verification: ClaimCheck["verification"]
): Effect.Effect<Review | "exhausted" | undefined, ReviewError, R> =>
  Effect.gen(function*() {
    const guard = execution.guards.review
    if (guard === undefined) return undefined
    if (!reviewsLeft(guard, execution.reviews.count)) return "exhausted" as const
    execution.reviews.count++
    const reviewed = yield* reviewWithRetries(execution, n, report, verification)
    execution.spend.review(n, reviewed.usage, reviewed.durationMs)
    return { ...reviewed.verdict, round: n, agent: guard.agent }
  })
