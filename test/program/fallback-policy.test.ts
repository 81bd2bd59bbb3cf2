/**
 * The fallback and limit-wait policy of the loop (src/loop/workflow.ts) with scripted providers:
 * which failures move a round to the next agent, that every round starts with the run's own, that
 * the caps count every agent's spend, and that a limit wait sleeps until the reset (TestClock).
 */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Fiber, Layer, Result } from "effect"
import { TestClock } from "effect/testing"
import { scriptedProvider, type ScriptStep } from "../../src/agents/scripted.ts"
import { type ChildRequest, type Provider, SubagentProvider } from "../../src/agents/SubagentProvider.ts"
import type { RunEvent } from "../../src/domain/events.ts"
import { RunSupervisor } from "../../src/engine/RunSupervisor.ts"
import { Ralph, type RalphOptions } from "../../src/loop/Ralph.ts"
import { RunEvents } from "../../src/loop/RunEvents.ts"
import { cleanup, makeTempDir } from "../support/agents.ts"
import { completeReport, continueReport } from "../support/reports.ts"
import { fastRetry } from "../support/scripted.ts"

/** Ralph over two scripted agents, `main` (the run's own) and `backup`, recording which ran. */
const twoAgents = (main: ReadonlyArray<ScriptStep>, backup: ReadonlyArray<ScriptStep>, options: RalphOptions = {}) => {
  const ran: Array<string> = []
  const events: Array<RunEvent> = []
  const recording = (provider: Provider): Provider => ({
    ...provider,
    start: (request: ChildRequest) => Effect.suspend(() => (ran.push(provider.name), provider.start(request)))
  })
  const layer = Ralph.layer({
    subagentProvider: "main",
    fallbackAgents: ["backup"],
    retry: fastRetry(0),
    ...options
  }).pipe(
    Layer.provide(RunSupervisor.layerMemory()),
    Layer.provide(SubagentProvider.layer([
      recording(scriptedProvider(main, { name: "main" })),
      recording(scriptedProvider(backup, { name: "backup" }))
    ])),
    Layer.provide(RunEvents.layerFanOut([(event) => Effect.sync(() => void events.push(event))]))
  )
  return { layer, ran, events }
}

const run = (layer: Layer.Layer<Ralph, unknown>, maxRounds = 5) =>
  Effect.gen(function*() {
    const ralph = yield* Ralph
    return yield* Effect.result(ralph.run({ objective: "x", maxRounds }))
  }).pipe(Effect.provide(layer))

describe("fallback agents (policy)", () => {
  it.effect("a rate limit moves the round to the fallback; the next round starts with the run's own agent", () =>
    Effect.gen(function*() {
      const { layer, ran } = twoAgents(
        [{ fail: "rate-limit" }, { value: completeReport }],
        [{ value: continueReport }]
      )
      const result = yield* run(layer)
      assert.isTrue(Result.isSuccess(result))
      if (Result.isSuccess(result)) {
        assert.strictEqual(result.success.result.status, "complete")
        assert.deepStrictEqual(result.success.result.usage?.rounds.map((r) => r.agents), [["main", "backup"], ["main"]])
      }
      assert.deepStrictEqual(ran, ["main", "backup", "main"])
    }))

  it.effect("a failure that is no limit (a crash, an auth error) is not handed to a fallback", () =>
    Effect.gen(function*() {
      for (const reason of ["crashed", "auth"] as const) {
        const { layer, ran } = twoAgents([{ fail: reason }], [{ value: completeReport }])
        const result = yield* run(layer)
        assert.isTrue(Result.isFailure(result) && result.failure._tag === "RoundFailed")
        assert.deepStrictEqual(ran, ["main"])
      }
    }))

  it.effect("the caps count every agent's spend: the fallback's round ends a cost-capped run", () =>
    Effect.gen(function*() {
      const { layer, ran } = twoAgents(
        [{ fail: "overloaded", usage: { costUsd: 0.6 } }],
        [{ value: continueReport, usage: { costUsd: 0.6 } }],
        { maxCostUsd: 1 }
      )
      const result = yield* run(layer)
      assert.isTrue(Result.isSuccess(result))
      if (Result.isSuccess(result)) {
        assert.strictEqual(result.success.result.status, "budget-limited")
        assert.strictEqual(result.success.result.status === "budget-limited" && result.success.result.limit, "cost")
      }
      assert.deepStrictEqual(ran, ["main", "backup"])
    }))

  it.effect("a failed attempt that already spent the cap gets no fallback", () =>
    Effect.gen(function*() {
      const { layer, ran } = twoAgents(
        [{ fail: "rate-limit", usage: { costUsd: 1.5 } }],
        [{ value: completeReport }],
        { maxCostUsd: 1 }
      )
      const result = yield* run(layer)
      assert.isTrue(Result.isFailure(result) && result.failure._tag === "RoundFailed")
      assert.deepStrictEqual(ran, ["main"])
    }))

  it.effect("a limit wait within --wait-limits sleeps until the reset, then the same agent tries again", () =>
    Effect.gen(function*() {
      const workspace = makeTempDir()
      yield* Effect.addFinalizer(() => Effect.sync(() => cleanup(workspace)))
      const resetAt = new Date(Date.now() + 2 * 3_600_000).toISOString()
      const { events, layer, ran } = twoAgents(
        [{ fail: "rate-limit", resetAt }, { value: completeReport }],
        [{ value: completeReport }],
        // Outside git: ralph's git is bounded by the clock this test moves.
        { retry: { ...fastRetry(0), waitLimits: Duration.hours(6) }, workspace }
      )
      yield* TestClock.setTime(Date.now())
      const fiber = yield* Effect.forkChild(run(layer))
      // The run's first attempt fails and its wait begins (what it reads of the workspace is real I/O).
      for (let i = 0; i < 500 && !events.some((e) => e._tag === "LimitWait"); i++) {
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
      }
      yield* TestClock.adjust(Duration.hours(1))
      for (let i = 0; i < 20; i++) yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 5)))
      assert.deepStrictEqual(ran, ["main"])
      const wait = events.find((e) => e._tag === "LimitWait")
      assert.strictEqual(wait?._tag === "LimitWait" && wait.resetAt, resetAt)
      yield* TestClock.adjust(Duration.hours(1).pipe(Duration.sum(Duration.minutes(2))))
      const result = yield* Fiber.join(fiber)
      assert.isTrue(Result.isSuccess(result) && result.success.result.status === "complete", JSON.stringify(result))
      assert.deepStrictEqual(ran, ["main", "main"])
    }))
})
