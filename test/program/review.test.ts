/**
 * The reviewer policy (issue 20) with scripted providers: a worker and a reviewer, each a script.
 * What a claim of completion becomes once the gate let it pass: accepted (complete, result.review),
 * rejected (the round counts, the next worker gets the claim and the findings), malformed (an
 * error, never an accept), out of reviews (budget-limited), and what the reviewer spends.
 */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Layer, Result, Schema } from "effect"
import { scriptedProvider, type ScriptStep } from "../../src/agents/scripted.ts"
import { type ChildRequest, type Provider, SubagentProvider } from "../../src/agents/SubagentProvider.ts"
import type { RunEvent } from "../../src/domain/events.ts"
import { renderEnvelope } from "../../src/domain/render.ts"
import { checkVerdict } from "../../src/domain/verdict.ts"
import { RunSupervisor } from "../../src/engine/RunSupervisor.ts"
import { Ralph, type RalphOptions } from "../../src/loop/Ralph.ts"
import { RunEvents } from "../../src/loop/RunEvents.ts"
import { completeReport, continueReport } from "../support/reports.ts"

const recorded = (name: string, steps: ReadonlyArray<ScriptStep>, requests: Array<ChildRequest>): Provider => {
  const inner = scriptedProvider(steps, { name })
  return { ...inner, start: (request) => Effect.suspend(() => (requests.push(request), inner.start(request))) }
}

/** Ralph with a scripted worker and a scripted reviewer, and what each was asked. */
const setup = (
  work: ReadonlyArray<ScriptStep>,
  verdicts: ReadonlyArray<ScriptStep>,
  options: Partial<RalphOptions> = {}
) => {
  const workerRequests: Array<ChildRequest> = []
  const reviewerRequests: Array<ChildRequest> = []
  const events: Array<RunEvent> = []
  const layer = Ralph.layer({
    subagentProvider: "worker",
    // Not a git repository: no checkpoint, and the reviewer is told there is no diff.
    workspace: "/nonexistent/review-test",
    review: { agent: "critic", provider: "reviewer" },
    ...options
  }).pipe(
    Layer.provide(RunSupervisor.layerMemory()),
    Layer.provide(SubagentProvider.layer([
      recorded("worker", work, workerRequests),
      recorded("reviewer", verdicts, reviewerRequests)
    ])),
    Layer.provide(RunEvents.layerFanOut([(event) => Effect.sync(() => void events.push(event))]))
  )
  const run = (maxRounds: number) =>
    Effect.flatMap(Ralph, (ralph) => ralph.run({ objective: "Ship the parser", maxRounds })).pipe(
      Effect.provide(layer)
    )
  return { run, workerRequests, reviewerRequests, events }
}

const accept = { verdict: "accept", findings: ["the parser handles every case in tests/"] } as const
const reject = { verdict: "reject", findings: ["src/parser.ts ignores escaped quotes"] } as const

describe("a reviewer of claimed completions", () => {
  it.effect("accept: the run ends complete and result.review carries the verdict, labelled as an opinion", () =>
    Effect.gen(function*() {
      const { events, reviewerRequests, run } = setup([{ value: completeReport }], [{ value: accept }])
      const envelope = yield* run(3)
      assert.strictEqual(envelope.result.status, "complete")
      assert.deepStrictEqual(envelope.result.review, { ...accept, round: 1, agent: "critic" })
      // The worker and the reviewer: two children.
      assert.strictEqual(envelope.agentsStarted, 2)
      const request = reviewerRequests[0]!
      assert.strictEqual(request.role, "reviewer")
      assert.isDefined(request.valueSchema)
      assert.include(request.prompt, "Ship the parser")
      assert.include(request.prompt, completeReport.summary)
      assert.include(request.prompt, "not a git repository")
      assert.include(request.prompt, "No verify command is set")
      assert.include(renderEnvelope(envelope, 10_000), "a model's opinion, not a check")
      const tags = events.map((e) => e._tag)
      assert.deepStrictEqual(tags.filter((t) => t.startsWith("Review")), ["ReviewStarted", "ReviewFinished"])
    }))

  it.effect("reject: the round counts, and the next worker gets the claimed report and the findings", () =>
    Effect.gen(function*() {
      const { reviewerRequests, run, workerRequests } = setup(
        [{ value: completeReport }, { value: completeReport }],
        [{ value: reject }, { value: accept }]
      )
      const envelope = yield* run(3)
      assert.strictEqual(envelope.result.status, "complete")
      assert.strictEqual(envelope.result.roundsStarted, 2)
      assert.strictEqual(reviewerRequests.length, 2)
      const second = workerRequests[1]!.prompt
      assert.include(second, "rejected by a reviewer")
      assert.include(second, reject.findings[0])
      assert.include(second, completeReport.summary)
      assert.include(second, "You are round 2 of 3.")
    }))

  it.effect("reject in the last round: budget-limited on rounds, with the rejecting verdict", () =>
    Effect.gen(function*() {
      const { run } = setup([{ value: completeReport }], [{ value: reject }])
      const envelope = yield* run(1)
      assert.strictEqual(envelope.result.status, "budget-limited")
      assert.strictEqual(envelope.result.status === "budget-limited" && envelope.result.limit, "rounds")
      assert.strictEqual(envelope.result.review?.verdict, "reject")
      assert.include(renderEnvelope(envelope, 10_000), "rejected the claim")
    }))

  it.effect("a continue or a blocker is never reviewed", () =>
    Effect.gen(function*() {
      const { reviewerRequests, run } = setup([{ value: continueReport }, {
        value: { ...continueReport, status: "blocked", nextSteps: [], blocker: "needs a token" }
      }], [])
      const envelope = yield* run(3)
      assert.strictEqual(envelope.result.status, "blocked")
      assert.strictEqual(reviewerRequests.length, 0)
    }))

  it.effect("maxReviews: once the reviews are spent, a claim ends budget-limited (reviews), never accepted", () =>
    Effect.gen(function*() {
      const { reviewerRequests, run } = setup(
        [{ value: completeReport }, { value: completeReport }],
        [{ value: reject }, { value: accept }],
        { review: { agent: "critic", provider: "reviewer", maxReviews: 1 } }
      )
      const envelope = yield* run(5)
      assert.strictEqual(envelope.result.status, "budget-limited")
      assert.strictEqual(envelope.result.status === "budget-limited" && envelope.result.limit, "reviews")
      assert.strictEqual(envelope.result.roundsStarted, 2)
      assert.strictEqual(reviewerRequests.length, 1)
      assert.isUndefined(envelope.result.review)
    }))

  it.effect("the reviewer's spend joins its round's and counts against the cost cap", () =>
    Effect.gen(function*() {
      const { run, workerRequests } = setup(
        [{ value: completeReport, usage: { costUsd: 0.4 } }, { value: completeReport, usage: { costUsd: 0.1 } }],
        [{ value: reject, usage: { costUsd: 0.7 } }, { value: accept, usage: { costUsd: 0.1 } }],
        { maxCostUsd: 1 }
      )
      const envelope = yield* run(5)
      assert.strictEqual(envelope.result.status, "budget-limited")
      assert.strictEqual(envelope.result.status === "budget-limited" && envelope.result.limit, "cost")
      assert.closeTo(envelope.result.usage?.costUsd ?? 0, 1.1, 1e-9)
      assert.closeTo(envelope.result.usage?.rounds[0]?.costUsd ?? 0, 1.1, 1e-9)
      assert.strictEqual(workerRequests.length, 1)
    }))

  it.effect("a reviewer that does not report its cost is refused under a cost cap, before any child starts", () =>
    Effect.gen(function*() {
      const workerRequests: Array<ChildRequest> = []
      const layer = Ralph.layer({
        subagentProvider: "worker",
        workspace: "/nonexistent/review-test",
        maxCostUsd: 1,
        review: { agent: "critic", provider: "reviewer" }
      }).pipe(
        Layer.provide(RunSupervisor.layerMemory()),
        Layer.provide(SubagentProvider.layer([
          recorded("worker", [{ value: completeReport }], workerRequests),
          { ...scriptedProvider([], { name: "reviewer" }), reportsCost: false }
        ])),
        Layer.provide(RunEvents.layerSilent)
      )
      const error = yield* Effect.flip(
        Effect.flatMap(Ralph, (ralph) => ralph.run({ objective: "x" })).pipe(Effect.provide(layer))
      )
      assert.strictEqual(error._tag, "InvalidConfig")
      assert.include(error.message, "reviewer critic")
      assert.strictEqual(workerRequests.length, 0)
    }))

  it.live("a time budget that runs out during the review ends on the claim, unaccepted; the reviewer is stopped", () =>
    Effect.gen(function*() {
      const reviewer = { stopped: false }
      const { run } = setup([{ value: completeReport }], [
        () => Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => void (reviewer.stopped = true))))
      ], { maxTime: Duration.millis(300) })
      const envelope = yield* run(3)
      assert.strictEqual(envelope.result.status, "budget-limited")
      assert.strictEqual(envelope.result.status === "budget-limited" && envelope.result.limit, "time")
      assert.strictEqual(envelope.result.roundsStarted, 1)
      assert.deepStrictEqual(envelope.result.report, completeReport)
      assert.isUndefined(envelope.result.review)
      assert.isTrue(reviewer.stopped)
    }))

  it.effect("a reviewer that fails fails the round, keeping the claimed report as the last good handoff", () =>
    Effect.gen(function*() {
      const { run } = setup([{ value: completeReport }], [{ fail: "crashed", detail: "segfault" }])
      const error = yield* Effect.flip(run(3))
      assert.strictEqual(error._tag, "RoundFailed")
      assert.include(error.message, "reviewer (critic)")
      assert.deepStrictEqual(error._tag === "RoundFailed" && error.lastReport, completeReport)
    }))

  const quickRetries = (retries: number) => ({
    retry: { retries, baseDelay: Duration.millis(5), maxDelay: Duration.millis(5), maxTotalWait: Duration.seconds(5) }
  })

  it.live("a reviewer that fails transiently is tried again under the retry policy; the failed one's spend counts", () =>
    Effect.gen(function*() {
      const { events, reviewerRequests, run, workerRequests } = setup(
        [{ value: completeReport, usage: { costUsd: 0.2 } }],
        [{ fail: "rate-limit", detail: "429", usage: { costUsd: 0.1 } }, { value: accept, usage: { costUsd: 0.3 } }],
        quickRetries(2)
      )
      const envelope = yield* run(3)
      assert.strictEqual(envelope.result.status, "complete")
      assert.deepStrictEqual(envelope.result.review, { ...accept, round: 1, agent: "critic" })
      assert.strictEqual(workerRequests.length, 1, "the worker's round is not run again")
      assert.deepStrictEqual(reviewerRequests.map((r) => r.attempt), [1, 2])
      assert.closeTo(envelope.result.usage?.costUsd ?? 0, 0.6, 1e-9)
      const reviews = events.filter((e) => e._tag.startsWith("Review"))
      assert.deepStrictEqual(reviews.map((e) => e._tag), [
        "ReviewStarted",
        "ReviewFailed",
        "ReviewStarted",
        "ReviewFinished"
      ])
      const failed = reviews[1]!
      assert.isTrue(failed._tag === "ReviewFailed" && failed.retryInMs !== undefined && failed.reason === "rate-limit")
      // One review, tried twice.
      assert.deepStrictEqual(reviews.map((e) => "review" in e && e.review), [1, 1, 1, 1])
    }))

  it.live("past its retries, or failing for good at once, a reviewer fails the round", () =>
    Effect.gen(function*() {
      const limited = setup(
        [{ value: completeReport }],
        [{ fail: "rate-limit", detail: "429" }, { fail: "overloaded", detail: "529" }],
        quickRetries(1)
      )
      const error = yield* Effect.flip(limited.run(3))
      assert.strictEqual(error._tag, "RoundFailed")
      assert.strictEqual(error._tag === "RoundFailed" && error.reason, "overloaded")
      assert.strictEqual(limited.reviewerRequests.length, 2)
      const crashed = setup([{ value: completeReport }], [{ fail: "crashed", detail: "segfault" }], quickRetries(3))
      assert.strictEqual((yield* Effect.flip(crashed.run(3)))._tag, "RoundFailed")
      assert.strictEqual(crashed.reviewerRequests.length, 1, "a crash is not transient: not tried again")
    }))

  const Malformed = Schema.Union([
    Schema.Struct({ verdict: Schema.Literal("maybe"), findings: Schema.Array(Schema.String) }),
    Schema.Struct({ verdict: Schema.Literal("reject"), findings: Schema.Tuple([]) }),
    Schema.Struct({ verdict: Schema.Literal("accept"), findings: Schema.Array(Schema.String), extra: Schema.String }),
    Schema.Struct({ findings: Schema.Array(Schema.String) }),
    Schema.Struct({ verdict: Schema.Literal("accept"), findings: Schema.Tuple([Schema.Literal(" padded ")]) }),
    Schema.String,
    Schema.Null
  ])
  it.effect.prop(
    "a value that is not a verdict fails the run (MalformedVerdict), never accepts",
    { value: Malformed },
    ({ value }) =>
      Effect.gen(function*() {
        assert.strictEqual(checkVerdict(value, 16384)._tag, "Malformed")
        const { run } = setup([{ value: completeReport }], [{ value }])
        const exit = yield* Effect.result(run(3))
        assert.isTrue(Result.isFailure(exit))
        if (Result.isFailure(exit)) {
          assert.strictEqual(exit.failure._tag, "MalformedVerdict")
          assert.include(exit.failure.message, "malformed verdict")
        }
      })
  )

  it.effect("a verdict past maxHandoffChars is malformed: bounded like a handoff", () =>
    Effect.gen(function*() {
      const long = { verdict: "accept", findings: ["x".repeat(500)] }
      const { run } = setup([{ value: completeReport }], [{ value: long }], { maxHandoffChars: 400 })
      const error = yield* Effect.flip(run(3))
      assert.strictEqual(error._tag, "MalformedVerdict")
      assert.include(error.message, "maxHandoffChars")
    }))

  /** What the run must end as, by a model of the policy: every worker claims; the reviewer answers `verdicts` in turn. */
  const expected = (
    verdicts: ReadonlyArray<"accept" | "reject">,
    maxRounds: number,
    maxReviews: number | undefined
  ) => {
    let reviews = 0
    for (let round = 1; round <= maxRounds; round++) {
      if (maxReviews !== undefined && reviews >= maxReviews) return { status: "reviews", round, reviews }
      const verdict = verdicts[reviews++]
      if (verdict === undefined) return { status: "RoundFailed", round, reviews }
      if (verdict === "accept") return { status: "complete", round, reviews }
    }
    return { status: "rounds", round: maxRounds, reviews }
  }

  it.effect.prop(
    "the policy against a model: any verdicts, rounds and maxReviews end as the model says",
    {
      verdicts: Schema.Array(Schema.Literals(["accept", "reject"])),
      maxRounds: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 5 })),
      maxReviews: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 4 })))
    },
    ({ maxReviews, maxRounds, verdicts }) =>
      Effect.gen(function*() {
        const model = expected(verdicts, maxRounds, maxReviews)
        const work = Array.from({ length: maxRounds }, () => ({ value: completeReport }))
        const steps = verdicts.map((verdict) => ({
          value: verdict === "accept" ? accept : reject
        }))
        const { reviewerRequests, run, workerRequests } = setup(work, steps, {
          review: { agent: "critic", provider: "reviewer", ...(maxReviews === undefined ? {} : { maxReviews }) }
        })
        const exit = yield* Effect.result(run(maxRounds))
        assert.strictEqual(workerRequests.length, model.round)
        assert.strictEqual(reviewerRequests.length, model.reviews)
        if (model.status === "RoundFailed") {
          assert.isTrue(Result.isFailure(exit) && exit.failure._tag === "RoundFailed")
          return
        }
        assert.isTrue(Result.isSuccess(exit))
        if (!Result.isSuccess(exit)) return
        const result = exit.success.result
        assert.strictEqual(result.roundsStarted, model.round)
        assert.strictEqual(exit.success.agentsStarted, model.round + model.reviews)
        if (model.status === "complete") {
          assert.strictEqual(result.status, "complete")
          assert.strictEqual(result.review?.verdict, "accept")
        } else {
          assert.strictEqual<unknown>(result.status === "budget-limited" && result.limit, model.status)
        }
      }),
    { arbitrary: { runs: 60 } }
  )
})
