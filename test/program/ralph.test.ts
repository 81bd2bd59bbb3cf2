import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Exit, Fiber, Layer, Result } from "effect"
import { scriptedProvider } from "../../src/agents/scripted.ts"
import { SubagentProvider } from "../../src/agents/SubagentProvider.ts"
import type { RalphError } from "../../src/domain/errors.ts"
import { RunSupervisor } from "../../src/engine/RunSupervisor.ts"
import { defaultRetryPolicy, Ralph } from "../../src/loop/Ralph.ts"
import { RunEvents } from "../../src/loop/RunEvents.ts"
import { layerScripted } from "../../src/testing.ts"
import { blockedReport, completeReport, continueReport, reportOfLength, withoutUsage } from "../support/reports.ts"
import { policyWorkspace, recordingLayer } from "../support/scripted.ts"

const cont = (n: number) => ({ ...continueReport, summary: `round ${n} did its part` })

/** Runs once on a fresh layer; the typed error or the envelope. */
const runOnce = (layer: Layer.Layer<Ralph, unknown>, args: { objective: unknown; maxRounds?: unknown }) =>
  Effect.gen(function*() {
    const ralph = yield* Ralph
    return yield* Effect.result(ralph.run(args))
  }).pipe(Effect.provide(layer))

const failure = <A>(result: Result.Result<A, RalphError>): RalphError => {
  if (Result.isSuccess(result)) throw new Error(`expected a failure, got ${JSON.stringify(result.success)}`)
  return result.failure
}

const success = <A>(result: Result.Result<A, RalphError>): A => {
  if (Result.isFailure(result)) {
    throw new Error(`expected success, got ${result.failure._tag}: ${result.failure.message}`)
  }
  return result.success
}

describe("Ralph.run: outcomes", () => {
  it.effect("complete: the envelope is exactly { runId, agentsStarted, result: { status, roundsStarted, report } }", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{ value: cont(1) }, { value: completeReport }])
      const envelope = success(yield* runOnce(layer, { objective: "ship it" }))
      assert.deepStrictEqual(Object.keys(envelope).sort(), ["agentsStarted", "result", "runId"])
      assert.deepStrictEqual(Object.keys(envelope.result).sort(), ["report", "roundsStarted", "status", "usage"])
      assert.match(envelope.runId, /^\d{8}-\d{6}-[0-9a-f]{6}$/)
      assert.deepStrictEqual(withoutUsage(envelope.result), {
        status: "complete",
        roundsStarted: 2,
        report: completeReport
      })
      assert.strictEqual(envelope.agentsStarted, 2)
      assert.strictEqual(requests.length, 2)
      assert.isTrue(requests.every((r) => r.runId === envelope.runId))
    }))

  it.effect("blocked ends the loop at once, whatever budget remains", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{ value: blockedReport }, { value: completeReport }])
      const envelope = success(yield* runOnce(layer, { objective: "x", maxRounds: 5 }))
      assert.deepStrictEqual(withoutUsage(envelope.result), {
        status: "blocked",
        roundsStarted: 1,
        report: blockedReport
      })
      assert.strictEqual(envelope.agentsStarted, 1)
      assert.strictEqual(requests.length, 1)
    }))

  it.effect("budget-limited after maxRounds continue reports, carrying the last one", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([1, 2, 3, 4].map((n) => ({ value: cont(n) })))
      const envelope = success(yield* runOnce(layer, { objective: "x", maxRounds: 3 }))
      assert.deepStrictEqual(withoutUsage(envelope.result), {
        status: "budget-limited",
        limit: "rounds",
        roundsStarted: 3,
        report: cont(3)
      })
      assert.strictEqual(envelope.agentsStarted, 3)
      assert.strictEqual(requests.length, 3, "no fourth child")
    }))

  it.effect("maxRounds absent means the configured ceiling", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([1, 2, 3, 4, 5].map((n) => ({ value: cont(n) })), { maxRounds: 4 })
      const envelope = success(yield* runOnce(layer, { objective: "x" }))
      assert.strictEqual(envelope.result.status, "budget-limited")
      assert.strictEqual(envelope.result.roundsStarted, 4)
      assert.deepStrictEqual(requests.map((r) => r.maxRounds), [4, 4, 4, 4])
    }))

  it.effect("each child gets its round, the run's maxRounds, attempt 1 and the round prompt", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{ value: cont(1) }, { value: cont(2) }, { value: completeReport }], {
        workspace: "/some/where"
      })
      success(yield* runOnce(layer, { objective: "  Build the thing  ", maxRounds: 5 }))
      assert.deepStrictEqual(requests.map((r) => [r.round, r.maxRounds, r.attempt]), [[1, 5, 1], [2, 5, 1], [3, 5, 1]])
      assert.isTrue(requests.every((r) => r.workspace === "/some/where"))
      const [p1, p2, p3] = requests.map((r) => r.prompt)
      assert.include(p1, "\nBuild the thing\n", "the trimmed objective, verbatim")
      assert.include(p1, "round 1 of 5")
      assert.match(p1!, /first round/i)
      assert.notInclude(p1, "did its part")
      assert.include(p2, "round 2 of 5")
      assert.include(p2, JSON.stringify(cont(1), null, 2))
      assert.include(p3, JSON.stringify(cont(2), null, 2))
      assert.notInclude(p3, cont(1).summary, "only the previous handoff")
    }))

  it.effect("layerScripted is usable as a public test layer", () =>
    Effect.gen(function*() {
      const ralph = yield* Ralph
      const envelope = yield* ralph.run({ objective: "x" })
      assert.strictEqual(envelope.result.status, "complete")
      assert.strictEqual(ralph.config.subagentProvider, "scripted")
    }).pipe(Effect.provide(layerScripted([{ value: completeReport }]))))
})

describe("Ralph.run: arguments are validated before any child starts", () => {
  const bad: ReadonlyArray<[string, { objective: unknown; maxRounds?: unknown }, string]> = [
    ["empty objective", { objective: "" }, "objective"],
    ["whitespace objective", { objective: " \n\t " }, "objective"],
    ["non-string objective", { objective: 42 }, "objective"],
    ["missing objective", { objective: undefined }, "objective"],
    ["maxRounds 1.5", { objective: "x", maxRounds: 1.5 }, "maxRounds"],
    ["maxRounds 0", { objective: "x", maxRounds: 0 }, "maxRounds"],
    ["maxRounds -1", { objective: "x", maxRounds: -1 }, "maxRounds"],
    ["maxRounds NaN", { objective: "x", maxRounds: Number.NaN }, "maxRounds"],
    ["maxRounds above the ceiling", { objective: "x", maxRounds: 9 }, "maxRounds"],
    ["maxRounds as a string", { objective: "x", maxRounds: "3" }, "maxRounds"]
  ]
  for (const [name, args, argument] of bad) {
    it.effect(`${name}: InvalidArguments naming ${argument}, no child started`, () =>
      Effect.gen(function*() {
        const { layer, requests } = recordingLayer([{ value: completeReport }], { maxRounds: 8 })
        const error = failure(yield* runOnce(layer, args))
        assert.strictEqual(error._tag, "InvalidArguments")
        if (error._tag === "InvalidArguments") assert.strictEqual(error.argument, argument)
        assert.strictEqual(requests.length, 0)
      }))
  }
  it.effect("maxRounds equal to the ceiling is accepted", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([{ value: completeReport }], { maxRounds: 8 })
      assert.strictEqual(success(yield* runOnce(layer, { objective: "x", maxRounds: 8 })).result.status, "complete")
    }))
})

describe("Ralph.layer: configuration is validated when the layer is built", () => {
  for (
    const [key, value] of [
      ["maxRounds", 0],
      ["maxRounds", 1.5],
      ["maxHandoffChars", -1],
      ["maxResultChars", Number.NaN],
      ["subagentProvider", "  "]
    ] as const
  ) {
    it.effect(`${key} = ${String(value)} fails with InvalidConfig naming ${key}`, () =>
      Effect.gen(function*() {
        const provider = scriptedProvider([{ value: completeReport }])
        // Built by hand, not through any helper.
        const layer = Ralph.layer({ subagentProvider: "scripted", workspace: policyWorkspace, [key]: value }).pipe(
          Layer.provide(RunSupervisor.layerMemory()),
          Layer.provide(SubagentProvider.layer([provider])),
          Layer.provide(RunEvents.layerSilent)
        )
        const error = yield* Effect.flip(Layer.build(layer))
        assert.strictEqual(error._tag, "InvalidConfig")
        if (error._tag === "InvalidConfig") {
          assert.strictEqual(error.key, key)
          assert.include(error.message, key)
        }
      }))
  }

  for (
    const [key, options] of [
      ["retry.retries", { retry: { ...defaultRetryPolicy, retries: -1 } }],
      ["retry.retries", { retry: { ...defaultRetryPolicy, retries: 1.5 } }],
      ["maxTime", { maxTime: Duration.zero }],
      ["workspace", { workspace: "" }]
    ] as const
  ) {
    it.effect(`${key} out of range (${JSON.stringify(options)}) fails with InvalidConfig naming it`, () =>
      Effect.gen(function*() {
        const provider = scriptedProvider([{ value: completeReport }])
        const layer = Ralph.layer({ subagentProvider: "scripted", workspace: policyWorkspace, ...options }).pipe(
          Layer.provide(RunSupervisor.layerMemory()),
          Layer.provide(SubagentProvider.layer([provider])),
          Layer.provide(RunEvents.layerSilent)
        )
        const error = yield* Effect.flip(Layer.build(layer))
        assert.deepStrictEqual(error._tag === "InvalidConfig" ? error.key : error._tag, key)
      }))
  }

  it.effect("layerScripted validates too", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Layer.build(layerScripted([], { maxRounds: 0 })))
      assert.deepStrictEqual(error._tag === "InvalidConfig" ? error.key : error._tag, "maxRounds")
    }))

  it.effect("the validated config is what the service exposes", () =>
    Effect.gen(function*() {
      const ralph = yield* Ralph
      assert.deepStrictEqual(ralph.config, {
        subagentProvider: "scripted",
        maxRounds: 7,
        maxHandoffChars: 16384,
        maxResultChars: 99
      })
    }).pipe(Effect.provide(layerScripted([], { maxRounds: 7, maxResultChars: 99 }))))
})

describe("Ralph.run: a broken report is an error, never budget exhaustion", () => {
  it.effect("a malformed report in the last round is MalformedReport, not budget-limited", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([{ value: cont(1) }, { value: { ...continueReport, nextSteps: [] } }])
      const error = failure(yield* runOnce(layer, { objective: "x", maxRounds: 2 }))
      assert.strictEqual(error._tag, "MalformedReport")
      if (error._tag === "MalformedReport") {
        assert.strictEqual(error.round, 2)
        assert.match(error.problem, /nextSteps/)
      }
    }))

  it.effect("an oversized report in the last round is OversizedReport with chars and limit", () =>
    Effect.gen(function*() {
      const big = reportOfLength("continue", 301)
      const { layer } = recordingLayer([{ value: big }], { maxHandoffChars: 300 })
      const error = failure(yield* runOnce(layer, { objective: "x", maxRounds: 1 }))
      assert.deepStrictEqual(
        error._tag === "OversizedReport" ? [error.round, error.chars, error.limit] : error._tag,
        [1, 301, 300]
      )
    }))

  it.effect("an oversized complete or blocked report is an error too", () =>
    Effect.gen(function*() {
      for (const status of ["complete", "blocked"] as const) {
        const { layer } = recordingLayer([{ value: reportOfLength(status, 120) }], { maxHandoffChars: 119 })
        const error = failure(yield* runOnce(layer, { objective: "x" }))
        assert.strictEqual(error._tag, "OversizedReport", status)
      }
      const { layer } = recordingLayer([{ value: reportOfLength("complete", 120) }], { maxHandoffChars: 120 })
      assert.strictEqual(success(yield* runOnce(layer, { objective: "x" })).result.status, "complete")
    }))

  it.effect("a value that is not a report at all is MalformedReport", () =>
    Effect.gen(function*() {
      for (const value of ["done", null, [], { ...completeReport, extra: true }]) {
        const { layer } = recordingLayer([{ value }])
        const error = failure(yield* runOnce(layer, { objective: "x" }))
        assert.strictEqual(error._tag, "MalformedReport", JSON.stringify(value))
      }
    }))
})

describe("Ralph.run: failed rounds", () => {
  it.effect("round 1 fails: RoundFailed round 1 with lastReport null", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([{ fail: "crashed", detail: "exit 1" }])
      const error = failure(yield* runOnce(layer, { objective: "x" }))
      assert.strictEqual(error._tag, "RoundFailed")
      if (error._tag === "RoundFailed") {
        assert.strictEqual(error.round, 1)
        assert.isNull(error.lastReport)
        assert.strictEqual(error.reason, "crashed")
        assert.strictEqual(error.detail, "exit 1")
      }
    }))

  it.effect("round 3 fails: RoundFailed round 3 carrying round 2's report", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([{ value: cont(1) }, { value: cont(2) }, { fail: "timeout" }])
      const error = failure(yield* runOnce(layer, { objective: "x" }))
      assert.strictEqual(error._tag, "RoundFailed")
      if (error._tag === "RoundFailed") {
        assert.strictEqual(error.round, 3)
        assert.deepStrictEqual(error.lastReport, cont(2))
        assert.strictEqual(error.reason, "timeout")
      }
    }))

  it.effect("a child that yields nothing (script exhausted) is RoundFailed no-report", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([{ value: cont(1) }])
      const error = failure(yield* runOnce(layer, { objective: "x" }))
      assert.deepStrictEqual(error._tag === "RoundFailed" ? [error.round, error.reason] : error._tag, [2, "no-report"])
    }))
})

describe("Ralph.run: provider requirements, checked on every call", () => {
  it.effect("an unknown provider is ProviderUnavailable(unknown) before any child", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{ value: completeReport }], { subagentProvider: "nobody" })
      const error = failure(yield* runOnce(layer, { objective: "x" }))
      assert.deepStrictEqual(
        error._tag === "ProviderUnavailable" ? [error.provider, error.problem] : error._tag,
        ["nobody", "unknown"]
      )
      assert.strictEqual(requests.length, 0)
    }))

  it.effect("a provider without structured output is refused, saying so", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{ value: completeReport }], { provider: { structuredOutput: false } })
      const error = failure(yield* runOnce(layer, { objective: "x" }))
      assert.strictEqual(error._tag === "ProviderUnavailable" ? error.problem : error._tag, "no-structured-output")
      assert.strictEqual(requests.length, 0)
    }))

  it.effect("a provider that inherits the parent's conversation is refused, saying so", () =>
    Effect.gen(function*() {
      const { layer, requests } = recordingLayer([{ value: completeReport }], {
        provider: { inheritsParentContext: true }
      })
      const error = failure(yield* runOnce(layer, { objective: "x" }))
      assert.strictEqual(error._tag === "ProviderUnavailable" ? error.problem : error._tag, "inherits-parent-context")
      assert.strictEqual(requests.length, 0)
    }))

  it.effect("a registration change between calls is seen by the next call", () =>
    Effect.gen(function*() {
      const ralph = yield* Ralph
      const registry = yield* SubagentProvider
      assert.strictEqual((yield* ralph.run({ objective: "x" })).result.status, "complete")
      yield* registry.unregister("scripted")
      const gone = yield* Effect.flip(ralph.run({ objective: "x" }))
      assert.strictEqual(gone._tag, "ProviderUnavailable")
      yield* registry.register(scriptedProvider([{ value: blockedReport }], { inheritsParentContext: true }))
      const inherits = yield* Effect.flip(ralph.run({ objective: "x" }))
      assert.strictEqual(
        inherits._tag === "ProviderUnavailable" ? inherits.problem : inherits._tag,
        "inherits-parent-context"
      )
      yield* registry.register(scriptedProvider([{ value: blockedReport }]))
      assert.strictEqual((yield* ralph.run({ objective: "x" })).result.status, "blocked")
    }).pipe(
      Effect.provide(
        Ralph.layer({ subagentProvider: "scripted", workspace: policyWorkspace }).pipe(
          Layer.provideMerge(RunSupervisor.layerMemory()),
          Layer.provideMerge(SubagentProvider.layer([scriptedProvider([{ value: completeReport }])])),
          Layer.provide(RunEvents.layerSilent)
        )
      )
    ))

  it.effect("a run and a resume each resolve their provider once (one lookup, one preflight) and start on it", () => {
    const counts = { resolved: 0, preflights: 0 }
    const inner = scriptedProvider([{ value: cont(1) }, { value: completeReport }])
    const provider = { ...inner, preflight: Effect.sync(() => void counts.preflights++) }
    const registry = SubagentProvider.make([provider])
    const counting = SubagentProvider.of({
      ...registry,
      resolve: (name) => Effect.andThen(Effect.sync(() => void counts.resolved++), registry.resolve(name))
    })
    const layer = Ralph.layer({ subagentProvider: "scripted", workspace: policyWorkspace }).pipe(
      Layer.provide(RunSupervisor.layerMemory()),
      Layer.provide(Layer.succeed(SubagentProvider, counting)),
      Layer.provide(RunEvents.layerSilent)
    )
    return Effect.gen(function*() {
      const ralph = yield* Ralph
      const first = yield* ralph.run({ objective: "x", maxRounds: 1 })
      assert.strictEqual(first.result.status, "budget-limited")
      assert.deepStrictEqual(counts, { resolved: 1, preflights: 1 })
      const resumed = yield* ralph.resume({
        runId: "r-resumed",
        objective: "x",
        maxRounds: 2,
        lastRound: 1,
        lastReport: cont(1),
        agentsStarted: 1,
        counted: 1
      })
      assert.strictEqual(resumed.result.status, "complete")
      assert.deepStrictEqual(counts, { resolved: 2, preflights: 2 })
    }).pipe(Effect.provide(layer))
  })
})

describe("Ralph.run: interruption", () => {
  it.live("interrupting a run during a round stops the child and waits until it is gone", () =>
    Effect.gen(function*() {
      let started = false
      let stopped = false
      const { layer } = recordingLayer([
        () =>
          Effect.sync(() => {
            started = true
          }).pipe(
            Effect.andThen(Effect.never),
            Effect.onInterrupt(() =>
              Effect.sleep("30 millis").pipe(Effect.andThen(Effect.sync(() => {
                stopped = true
              })))
            )
          )
      ])
      const fiber = yield* Effect.forkChild(runOnce(layer, { objective: "x" }))
      while (!started) yield* Effect.sleep("5 millis")
      yield* Fiber.interrupt(fiber)
      assert.isTrue(stopped, "the child's cleanup finished before the interrupt returned")
      const exit = yield* Fiber.await(fiber)
      assert.isTrue(Exit.isFailure(exit) && Exit.hasInterrupts(exit))
    }))

  it.live("interrupting a run between rounds starts no further child", () =>
    Effect.gen(function*() {
      let requests = 0
      let between = false
      const provider = scriptedProvider([{ value: cont(1) }, { value: completeReport }])
      const counting = {
        ...provider,
        start: (r: Parameters<typeof provider.start>[0]) => Effect.suspend(() => (requests++, provider.start(r)))
      }
      // Round 1's report is published, then the run is held there: between round 1 and round 2.
      const hold = RunEvents.layerFanOut([(event) =>
        event._tag === "RoundFinished" && event.round === 1
          ? Effect.sync(() => {
            between = true
          }).pipe(Effect.andThen(Effect.never))
          : Effect.void])
      const layer = Ralph.layer({ subagentProvider: "scripted", workspace: policyWorkspace }).pipe(
        Layer.provide(RunSupervisor.layerMemory()),
        Layer.provide(SubagentProvider.layer([counting])),
        Layer.provide(hold)
      )
      const fiber = yield* Effect.forkChild(runOnce(layer, { objective: "x" }))
      while (!between) yield* Effect.sleep("5 millis")
      yield* Fiber.interrupt(fiber)
      assert.strictEqual(requests, 1)
      const exit = yield* Fiber.await(fiber)
      assert.isTrue(Exit.hasInterrupts(exit))
    }))
})

describe("Ralph.run: the run's time budget (maxTime)", () => {
  it.live("when time runs out mid-round, the run is budget-limited by time with the last finished report; the cut child is stopped", () =>
    Effect.gen(function*() {
      const child = { started: false, stopped: false }
      const { layer, requests } = recordingLayer([
        { value: cont(1) },
        () =>
          Effect.sync(() => {
            child.started = true
          }).pipe(
            Effect.andThen(Effect.never),
            Effect.onInterrupt(() =>
              Effect.sync(() => {
                child.stopped = true
              })
            )
          )
      ], { maxTime: Duration.millis(100) })
      const envelope = success(yield* runOnce(layer, { objective: "x" }))
      assert.deepStrictEqual(withoutUsage(envelope.result), {
        status: "budget-limited",
        limit: "time",
        roundsStarted: 2,
        report: cont(1)
      })
      assert.strictEqual(envelope.agentsStarted, 2)
      assert.strictEqual(requests.length, 2)
      assert.isTrue(child.stopped)
    }))

  it.live("when time runs out before any round finished, round 1 failed (time-budget) with no handoff", () =>
    Effect.gen(function*() {
      const { layer } = recordingLayer([() => Effect.never], { maxTime: Duration.millis(50) })
      const error = failure(yield* runOnce(layer, { objective: "x" }))
      assert.strictEqual(error._tag, "RoundFailed")
      if (error._tag === "RoundFailed") {
        assert.deepStrictEqual([error.round, error.reason, error.lastReport], [1, "time-budget", null])
      }
    }))
})
