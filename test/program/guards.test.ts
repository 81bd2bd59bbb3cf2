/** The spend caps and the claim rules as policy, on the scripted provider (no processes). */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { claudeAgent } from "../../src/agents/presets/claude.ts"
import { Ralph } from "../../src/loop/Ralph.ts"
import { files, request } from "../providers/fixtures.ts"
import { completeReport, continueReport } from "../support/reports.ts"
import { fastRetry, recordingLayer } from "../support/scripted.ts"

const runOnce = (layer: ReturnType<typeof recordingLayer>["layer"], maxRounds = 10) =>
  Effect.gen(function*() {
    const ralph = yield* Ralph
    return yield* ralph.run({ objective: "x", maxRounds })
  }).pipe(Effect.provide(layer), Effect.result)

/** The error's tag and key (the test layer's error type is unknown). */
const errorOf = (error: unknown) => error as { readonly _tag: string; readonly key?: string }

const cont = { value: continueReport, usage: { inputTokens: 10, outputTokens: 5, costUsd: 0.3 } }

describe("cost and token caps", () => {
  it.effect("the cap ends the run on the round that crossed it; each child is told what is left", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([cont, cont, cont, cont, cont], { maxCostUsd: 1 })
      const result = yield* runOnce(layer)
      assert.isTrue(Result.isSuccess(result))
      if (!Result.isSuccess(result)) return
      const r = result.success.result
      assert.strictEqual(r.status, "budget-limited")
      assert.strictEqual(r.status === "budget-limited" ? r.limit : "", "cost")
      assert.strictEqual(r.roundsStarted, 4, "0.9 after round 3 is under the cap; 1.2 after round 4 is not")
      assert.closeTo(r.usage!.costUsd!, 1.2, 1e-9)
      assert.deepStrictEqual(requests.map((q) => Number(q.maxBudgetUsd?.toFixed(6))), [1, 0.7, 0.4, 0.1])
    }))

  it.effect("a completion in the round that crossed the cap still ends complete", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([cont, { value: completeReport, usage: { costUsd: 5 } }], { maxCostUsd: 1 })
      const result = yield* runOnce(layer)
      assert.strictEqual(Result.isSuccess(result) ? result.success.result.status : "", "complete")
    }))

  it.effect("a round whose cost is unknown counts as unknown: the run stops, and its total cost is absent", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([cont, { value: continueReport }, cont], { maxCostUsd: 10 })
      const result = yield* runOnce(layer)
      if (!Result.isSuccess(result)) return assert.fail("expected an envelope")
      const r = result.success.result
      assert.strictEqual(r.status === "budget-limited" ? r.limit : "", "cost")
      assert.strictEqual(r.roundsStarted, 2)
      assert.notProperty(r.usage, "costUsd")
      assert.strictEqual(r.usage!.rounds[0]!.costUsd, 0.3)
    }))

  it.effect("with allowUnknownCost, only the known cost counts", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([cont, { value: continueReport }, cont, cont, cont], {
        maxCostUsd: 1,
        allowUnknownCost: true
      })
      const result = yield* runOnce(layer)
      if (!Result.isSuccess(result)) return assert.fail("expected an envelope")
      assert.strictEqual(result.success.result.roundsStarted, 5, "0.3 × 4 known rounds reach the cap in round 5")
    }))

  it.effect("tokens: input (cached included) plus output; unknown tokens stop a token-capped run", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([cont, cont, cont], { maxTokens: 30 })
      const result = yield* runOnce(layer)
      if (!Result.isSuccess(result)) return assert.fail("expected an envelope")
      const r = result.success.result
      assert.strictEqual(r.status === "budget-limited" ? r.limit : "", "tokens")
      assert.strictEqual(r.roundsStarted, 2)
      const unknown = recordingLayer([{ value: continueReport }, cont], { maxTokens: 1000 })
      const stopped = yield* runOnce(unknown.layer)
      assert.strictEqual(Result.isSuccess(stopped) ? stopped.success.result.roundsStarted : 0, 1)
    }))

  it.live("an agent that stops at the budget ralph passed it ends the run budget-limited by cost", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([cont, { fail: "budget" }], { maxCostUsd: 1, retry: fastRetry(0) })
      const result = yield* runOnce(layer)
      if (!Result.isSuccess(result)) return assert.fail("expected an envelope")
      const r = result.success.result
      assert.strictEqual(r.status === "budget-limited" ? r.limit : "", "cost")
      assert.deepStrictEqual(r.report, continueReport)
      // In round 1 there is no finished report to end with: the round failed.
      const first = recordingLayer([{ fail: "budget" }], { maxCostUsd: 1, retry: fastRetry(0) })
      const failed = yield* runOnce(first.layer)
      assert.strictEqual(Result.isFailure(failed) ? errorOf(failed.failure)._tag : "", "RoundFailed")
    }))

  it.live("a failed attempt's spend counts: a retry is not made once it used up the cap", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([cont, { fail: "rate-limit", usage: { costUsd: 0.8 } }, cont], {
        maxCostUsd: 1,
        retry: fastRetry(3)
      })
      const result = yield* runOnce(layer)
      if (!Result.isSuccess(result)) return assert.fail("expected an envelope")
      const r = result.success.result
      assert.strictEqual(r.status === "budget-limited" ? r.limit : "", "cost")
      assert.strictEqual(requests.length, 2, "no retry past the cap")
      assert.closeTo(r.usage!.costUsd!, 1.1, 1e-9)
    }))

  it.live("in round 1, failed attempts that use up the cap fail the round instead of retrying", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{ fail: "rate-limit", usage: { costUsd: 2 } }, cont], {
        maxCostUsd: 1,
        retry: fastRetry(3)
      })
      const result = yield* runOnce(layer)
      assert.strictEqual(requests.length, 1)
      if (!Result.isFailure(result)) return assert.fail("expected RoundFailed")
      const error = result.failure as { readonly _tag: string; readonly detail: string }
      assert.strictEqual(error._tag, "RoundFailed")
      assert.match(error.detail, /not retried: cost cap \$1\.00 reached \(\$2\.00 spent\)$/)
    }))

  it.live("a round's usage adds its failed attempts' to its finished one's; the next attempt is told what is left", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{
        fail: "overloaded",
        usage: { costUsd: 0.25, inputTokens: 5, outputTokens: 1 }
      }, {
        value: completeReport,
        usage: { costUsd: 0.5, inputTokens: 7, outputTokens: 2 }
      }], { maxCostUsd: 10, retry: fastRetry(3) })
      const result = yield* runOnce(layer)
      if (!Result.isSuccess(result)) return assert.fail("expected an envelope")
      assert.deepStrictEqual(result.success.result.usage!.rounds.map(({ durationMs: _, ...u }) => u), [
        { round: 1, costUsd: 0.75, inputTokens: 12, outputTokens: 3 }
      ])
      assert.deepStrictEqual(requests.map((q) => q.maxBudgetUsd), [10, 9.75])
      // A failure that says nothing of its spend makes the round's spend unknown.
      const silent = recordingLayer([{ fail: "overloaded" }, { value: completeReport, usage: { costUsd: 0.5 } }], {
        retry: fastRetry(3)
      })
      const unknown = yield* runOnce(silent.layer)
      assert.notProperty(Result.isSuccess(unknown) ? unknown.success.result.usage : {}, "costUsd")
    }))

  it.effect("a cost cap needs an agent that reports cost, unless unknown cost is allowed", () =>
    Effect.gen(function*() {
      const refused = recordingLayer([cont], { maxCostUsd: 1, provider: { reportsCost: false } })
      const result = yield* runOnce(refused.layer)
      assert.isTrue(Result.isFailure(result))
      if (Result.isFailure(result)) {
        assert.strictEqual(errorOf(result.failure)._tag, "InvalidConfig")
        assert.strictEqual(errorOf(result.failure).key, "maxCostUsd")
      }
      assert.strictEqual(refused.requests.length, 0, "no child started")
      const allowed = recordingLayer([{ value: completeReport }], {
        maxCostUsd: 1,
        allowUnknownCost: true,
        provider: { reportsCost: false }
      })
      assert.isTrue(Result.isSuccess(yield* runOnce(allowed.layer)))
    }))

  it.effect("caps are validated when the layer is built", () =>
    Effect.gen(function*() {
      for (const options of [{ maxCostUsd: 0 }, { maxTokens: 1.5 }, { maxStalledRounds: -1 }]) {
        const { layer } = recordingLayer([cont], options)
        const result = yield* runOnce(layer)
        assert.strictEqual(
          Result.isFailure(result) ? errorOf(result.failure)._tag : "",
          "InvalidConfig",
          JSON.stringify(options)
        )
      }
    }))
})

describe("a claim rejected by its check", () => {
  const failed = {
    protectedChanged: [],
    verification: { command: ["make", "test"], exitCode: 2, timedOut: false, durationMs: 5, outputTail: "1 failing" }
  }
  /** A resume of a 2-round run whose round `lastRound` claimed completion and had it rejected. */
  const resumeRejected = (lastRound: number) =>
    Effect.gen(function*() {
      const ralph = yield* Ralph
      return yield* ralph.resume({
        runId: `r${lastRound}`,
        objective: "x",
        maxRounds: 2,
        lastRound,
        lastReport: completeReport,
        agentsStarted: lastRound,
        counted: lastRound,
        rejected: failed,
        guards: { verify: { command: ["make", "test"], timeoutMs: 1000 } }
      })
    })

  it.effect("resumed on its last round, the run ends budget-limited with the failed verification, starting nothing", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([])
      const result = yield* resumeRejected(2).pipe(Effect.provide(layer), Effect.result)
      if (!Result.isSuccess(result)) return assert.fail(`expected an envelope, got ${String(result.failure)}`)
      const r = result.success.result
      assert.strictEqual(r.status, "budget-limited")
      assert.deepStrictEqual(r.verification, failed.verification)
      assert.strictEqual(requests.length, 0)
    }))

  it.effect("resumed before its last round, the next child is told the claim did not hold", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{ value: { ...continueReport, summary: "fixing" } }])
      yield* resumeRejected(1).pipe(Effect.provide(layer), Effect.result)
      assert.strictEqual(requests.length, 1)
      assert.include(requests[0]!.prompt, "The previous claim did not hold")
      assert.include(requests[0]!.prompt, "1 failing")
    }))
})

describe("claude gets the remaining budget", () => {
  it("as --max-budget-usd, rounded down to a hundredth of a cent", () => {
    const args = claudeAgent().invocation({ ...request, maxBudgetUsd: 0.123456 }, files).args
    assert.deepStrictEqual(args.slice(-2), ["--max-budget-usd", "0.1234"])
    assert.notInclude(claudeAgent().invocation(request, files).args, "--max-budget-usd")
  })
})
