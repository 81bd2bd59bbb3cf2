import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Exit, Fiber, type Layer, Result, Scope } from "effect"
import { scriptedProvider } from "../../src/agents/scripted.ts"
import type { ChildRequest } from "../../src/agents/SubagentProvider.ts"
import { RunSupervisor } from "../../src/engine/RunSupervisor.ts"
import { Ralph } from "../../src/loop/Ralph.ts"
import { completeReport, continueReport, withoutUsage } from "../support/reports.ts"
import { fastRetry, recordingLayer } from "../support/scripted.ts"

const runOnce = (layer: Layer.Layer<Ralph, unknown>, args: { objective: unknown; maxRounds?: unknown }) =>
  Effect.gen(function*() {
    const ralph = yield* Ralph
    return yield* Effect.result(ralph.run(args))
  }).pipe(Effect.provide(layer))

const childRequest = (round: number, attempt = 1): Omit<ChildRequest, "runId"> => ({
  round,
  maxRounds: 10,
  attempt,
  prompt: `round ${round}`,
  workspace: "/tmp"
})

describe("the engine's ceiling on children per run", () => {
  it.effect("maxRounds above the engine ceiling is EngineRejected before any child", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{ value: completeReport }], { engine: { maxChildrenPerRun: 5 } })
      const result = yield* runOnce(layer, { objective: "x", maxRounds: 6 })
      assert.isTrue(Result.isFailure(result))
      if (Result.isFailure(result)) {
        const error = result.failure
        assert.strictEqual(error._tag, "EngineRejected")
        if (error._tag === "EngineRejected") assert.deepStrictEqual([error.requested, error.ceiling], [6, 5])
      }
      assert.strictEqual(requests.length, 0)
    }))

  it.effect("an absent maxRounds resolves to the config ceiling, which the engine can reject too", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{ value: completeReport }], {
        maxRounds: 20,
        engine: { maxChildrenPerRun: 10 }
      })
      const result = yield* runOnce(layer, { objective: "x" })
      assert.deepStrictEqual(
        Result.isFailure(result) && result.failure._tag === "EngineRejected" ? result.failure.requested : "no",
        20
      )
      assert.strictEqual(requests.length, 0)
    }))

  it.effect("maxRounds equal to the engine ceiling runs", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([{ value: completeReport }], { engine: { maxChildrenPerRun: 5 } })
      const result = yield* runOnce(layer, { objective: "x", maxRounds: 5 })
      assert.isTrue(Result.isSuccess(result))
    }))

  it.effect("the default engine ceiling is 1000", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([{ value: completeReport }], { maxRounds: 2000 })
      const over = yield* runOnce(layer, { objective: "x", maxRounds: 1001 })
      assert.isTrue(Result.isFailure(over) && over.failure._tag === "EngineRejected")
      const at = yield* runOnce(recordingLayer([{ value: completeReport }], { maxRounds: 2000 }).layer, {
        objective: "x",
        maxRounds: 1000
      })
      assert.isTrue(Result.isSuccess(at))
    }))
})

describe("the memory engine", () => {
  const engine100 = RunSupervisor.layerMemory({ maxChildrenPerRun: 100 })
  const scripted = scriptedProvider([1, 2, 3, 4].map(() => ({ value: completeReport })))

  it.effect("counts every child started (retries included) and caps first attempts at maxTotalAgents", () =>
    Effect.gen(function*() {
      const engine = yield* RunSupervisor
      const run = yield* engine.start({ provider: scripted, maxTotalAgents: 2 })
      yield* run.child(childRequest(1))
      yield* run.child(childRequest(1, 2))
      yield* run.child(childRequest(2))
      assert.strictEqual(yield* run.agentsStarted, 3)
      const error = yield* Effect.flip(run.child(childRequest(3)))
      assert.strictEqual(error._tag, "EngineRejected")
      assert.strictEqual(yield* run.agentsStarted, 3, "a rejected child is not started")
    }).pipe(Effect.provide(engine100)))

  const seen: Array<string> = []
  const tagged = (name: string) => ({
    ...scriptedProvider([], { name }),
    start: (request: ChildRequest) =>
      Effect.sync(() => {
        seen.push(`${name}:${request.runId}:${request.round}`)
        return { value: completeReport, usage: {} }
      })
  })

  it.effect("routes every child to the provider given in the start request, with the run id", () =>
    Effect.gen(function*() {
      const engine = yield* RunSupervisor
      const run = yield* engine.start({ provider: tagged("b"), maxTotalAgents: 5 })
      yield* run.child(childRequest(1))
      yield* run.child(childRequest(2))
      assert.deepStrictEqual(seen, [`b:${run.runId}:1`, `b:${run.runId}:2`])
      const other = yield* engine.start({ provider: tagged("a"), maxTotalAgents: 5 })
      assert.notStrictEqual(other.runId, run.runId, "each run has its own id")
      yield* other.child(childRequest(1))
      assert.strictEqual(seen[2], `a:${other.runId}:1`)
    }).pipe(Effect.provide(engine100)))

  const slow = { started: false, stopped: false }
  const slowProvider = {
    ...scriptedProvider([]),
    start: () =>
      Effect.sync(() => {
        slow.started = true
      }).pipe(
        Effect.andThen(Effect.never),
        Effect.onInterrupt(() =>
          Effect.sleep("20 millis").pipe(Effect.andThen(Effect.sync(() => {
            slow.stopped = true
          })))
        )
      )
  }

  it.live("closing the run's scope stops its running children and waits for them", () =>
    Effect.gen(function*() {
      const engine = yield* RunSupervisor
      const scope = yield* Scope.make()
      const run = yield* engine.start({ provider: slowProvider, maxTotalAgents: 1 }).pipe(Scope.provide(scope))
      const fiber = yield* Effect.forkDetach(run.child(childRequest(1)))
      while (!slow.started) yield* Effect.sleep("2 millis")
      assert.isFalse(slow.stopped)
      yield* Scope.close(scope, Exit.void)
      assert.isTrue(slow.stopped, "the child was stopped before the scope finished closing")
      yield* Fiber.interrupt(fiber)
    }).pipe(Effect.provide(engine100)))
})

describe("retries of transient failures", () => {
  it.live("transient failures are retried within the round and counted in agentsStarted", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer(
        [{ value: continueReport }, { fail: "rate-limit" }, { fail: "network" }, { fail: "tempfail" }, {
          value: completeReport
        }],
        { retry: fastRetry(3) }
      )
      const result = yield* runOnce(layer, { objective: "x" })
      assert.isTrue(Result.isSuccess(result))
      if (Result.isSuccess(result)) {
        assert.strictEqual(result.success.agentsStarted, 5)
        assert.deepStrictEqual(withoutUsage(result.success.result), {
          status: "complete",
          roundsStarted: 2,
          report: completeReport
        })
      }
      assert.deepStrictEqual(requests.map((r) => [r.round, r.attempt]), [[1, 1], [2, 1], [2, 2], [2, 3], [2, 4]])
      assert.isTrue(requests.slice(1).every((r) => r.prompt === requests[1]!.prompt), "a retry gets the same prompt")
    }))

  it.live("a round whose retries run out fails with the last transient reason", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer(
        [{ fail: "overloaded" }, { fail: "overloaded" }, { fail: "rate-limit", detail: "429" }, {
          value: completeReport
        }],
        { retry: fastRetry(2) }
      )
      const result = yield* runOnce(layer, { objective: "x" })
      assert.isTrue(Result.isFailure(result))
      if (Result.isFailure(result)) {
        const error = result.failure
        assert.strictEqual(error._tag, "RoundFailed")
        if (error._tag === "RoundFailed") {
          assert.deepStrictEqual([error.round, error.reason, error.detail], [1, "rate-limit", "429"])
          assert.isNull(error.lastReport)
        }
      }
      assert.strictEqual(requests.length, 3, "the first attempt and two retries")
    }))

  it.live("retries do not count against the round budget", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer(
        [{ fail: "network" }, { value: continueReport }, { fail: "network" }, { value: continueReport }],
        { retry: fastRetry(1), engine: { maxChildrenPerRun: 2 } }
      )
      const result = yield* runOnce(layer, { objective: "x", maxRounds: 2 })
      assert.isTrue(Result.isSuccess(result))
      if (Result.isSuccess(result)) {
        assert.strictEqual(result.success.result.status, "budget-limited")
        assert.strictEqual(result.success.result.roundsStarted, 2)
        assert.strictEqual(result.success.agentsStarted, 4)
      }
    }))

  for (const reason of ["crashed", "no-report", "timeout", "auth", "output-limit"] as const) {
    it.live(`a non-transient failure (${reason}) is not retried`, () =>
      Effect.gen(function*() {
        const { layer, requests } = recordingLayer([{ fail: reason }, { value: completeReport }], {
          retry: fastRetry(3)
        })
        const result = yield* runOnce(layer, { objective: "x" })
        assert.isTrue(Result.isFailure(result) && result.failure._tag === "RoundFailed")
        assert.strictEqual(requests.length, 1)
      }))
  }

  it.live("a non-transient failure publishes no RetryScheduled event", () =>
    Effect.gen(function*() {
      const { events, layer } = recordingLayer([{ fail: "crashed" }, { value: completeReport }], {
        retry: fastRetry(3)
      })
      yield* runOnce(layer, { objective: "x" })
      const retries = events.filter((e) => e._tag === "RetryScheduled")
      assert.deepStrictEqual(retries, [], "progress must not announce a retry that never happens")
    }))

  it.live("a transient failure publishes one RetryScheduled event per retry, naming the next attempt", () =>
    Effect.gen(function*() {
      const { events, layer } = recordingLayer([{ fail: "rate-limit" }, { fail: "rate-limit" }, {
        value: completeReport
      }], { retry: fastRetry(3) })
      yield* runOnce(layer, { objective: "x" })
      const retries = events.filter((e) => e._tag === "RetryScheduled")
      assert.deepStrictEqual(retries.map((e) => e._tag === "RetryScheduled" ? [e.round, e.attempt, e.reason] : []), [
        [1, 2, "rate-limit"],
        [1, 3, "rate-limit"]
      ])
    }))

  it.live("when retries run out, no retry is announced past the last one", () =>
    Effect.gen(function*() {
      const { events, layer } = recordingLayer([{ fail: "network" }, { fail: "network" }, { fail: "network" }], {
        retry: fastRetry(2)
      })
      yield* runOnce(layer, { objective: "x" })
      assert.deepStrictEqual(
        events.filter((e) => e._tag === "RetryScheduled").map((e) => e._tag === "RetryScheduled" ? e.attempt : 0),
        [2, 3]
      )
    }))

  it.live("the waits of a round's retries add up to at most maxTotalWait, whatever retries are left", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer(Array.from({ length: 11 }, () => ({ fail: "overloaded" as const })), {
        retry: {
          retries: 10,
          baseDelay: Duration.millis(40),
          maxDelay: Duration.millis(40),
          maxTotalWait: Duration.millis(100)
        }
      })
      const result = yield* runOnce(layer, { objective: "x" })
      assert.isTrue(Result.isFailure(result) && result.failure._tag === "RoundFailed")
      // Jittered waits of 32–48 ms: two or three fit in 100 ms, never ten.
      assert.include([3, 4], requests.length)
    }))

  it.live("a rate limit that resets later than maxTotalWait allows ends the round instead of waiting", () =>
    Effect.gen(function*() {
      const resetAt = new Date(Date.now() + 60 * 60 * 1000).toISOString()
      const { layer, requests } = recordingLayer([{ fail: "rate-limit", resetAt }, { value: completeReport }], {
        retry: { ...fastRetry(3), maxTotalWait: Duration.seconds(5) }
      })
      const result = yield* runOnce(layer, { objective: "x" })
      assert.isTrue(Result.isFailure(result))
      if (Result.isFailure(result) && result.failure._tag === "RoundFailed") {
        assert.strictEqual(result.failure.reason, "rate-limit")
        assert.strictEqual(result.failure.resetAt, resetAt)
      } else {
        assert.fail("expected RoundFailed")
      }
      assert.strictEqual(requests.length, 1)
    }))
})
