import { assert, describe, it } from "@effect/vitest"
import { Effect, Result, Schema } from "effect"
import { defaultConfig, makeConfig, type RalphConfig, resolveArgs, type RunArgs } from "../../src/domain/config.ts"

const configError = (input: Parameters<typeof makeConfig>[0]) =>
  Effect.gen(function*() {
    const result = yield* Effect.result(makeConfig(input))
    assert.isTrue(Result.isFailure(result), `expected InvalidConfig for ${JSON.stringify(input)}`)
    if (Result.isFailure(result)) {
      assert.strictEqual(result.failure._tag, "InvalidConfig")
      return result.failure
    }
    throw new Error("unreachable")
  })

const argsError = (args: RunArgs, config: RalphConfig = defaultConfig) =>
  Effect.gen(function*() {
    const result = yield* Effect.result(resolveArgs(args, config))
    assert.isTrue(Result.isFailure(result), `expected InvalidArguments for ${String(args.maxRounds)}`)
    if (Result.isFailure(result)) {
      assert.strictEqual(result.failure._tag, "InvalidArguments")
      return result.failure
    }
    throw new Error("unreachable")
  })

describe("deployment config", () => {
  it("defaults: claude, 256 rounds, 16384 handoff and result chars", () => {
    assert.deepStrictEqual(defaultConfig, {
      subagentProvider: "claude",
      maxRounds: 256,
      maxHandoffChars: 16384,
      maxResultChars: 16384
    })
  })

  it.effect("fills absent keys with the defaults", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* makeConfig({}), defaultConfig)
      assert.deepStrictEqual(yield* makeConfig(), defaultConfig)
      assert.deepStrictEqual(yield* makeConfig({ maxRounds: 3 }), { ...defaultConfig, maxRounds: 3 })
    }))

  it.effect("normalizes the provider name by trimming it", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* makeConfig({ subagentProvider: "  exec\n" })).subagentProvider, "exec")
    }))

  for (const key of ["maxRounds", "maxHandoffChars", "maxResultChars"] as const) {
    it.effect(`${key}: anything but a positive safe integer is InvalidConfig naming ${key}`, () =>
      Effect.gen(function*() {
        for (const value of [0, -1, 1.5, Number.NaN, Infinity, 2 ** 53, "10", null, true]) {
          const error = yield* configError({ [key]: value })
          assert.strictEqual(error.key, key)
          assert.include(error.message, key)
        }
        assert.strictEqual((yield* makeConfig({ [key]: 1 }))[key], 1)
        assert.strictEqual((yield* makeConfig({ [key]: Number.MAX_SAFE_INTEGER }))[key], Number.MAX_SAFE_INTEGER)
      }))
  }

  it.effect("subagentProvider: anything but a non-empty string is InvalidConfig naming it", () =>
    Effect.gen(function*() {
      for (const value of ["", "   ", 3, null, ["exec"]]) {
        const error = yield* configError({ subagentProvider: value })
        assert.strictEqual(error.key, "subagentProvider")
        assert.include(error.message, "subagentProvider")
      }
    }))

  it.effect("reports the first invalid key, not a generic failure", () =>
    Effect.gen(function*() {
      const error = yield* configError({ maxRounds: 5, maxResultChars: 0 })
      assert.strictEqual(error.key, "maxResultChars")
    }))
})

describe("call arguments", () => {
  const config: RalphConfig = { ...defaultConfig, maxRounds: 10 }

  it.effect("the objective is trimmed; maxRounds absent means the ceiling", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* resolveArgs({ objective: "  fix it \n" }, config), {
        objective: "fix it",
        maxRounds: 10
      })
      assert.deepStrictEqual(yield* resolveArgs({ objective: "x", maxRounds: undefined }, config), {
        objective: "x",
        maxRounds: 10
      })
    }))

  it.effect("maxRounds from 1 up to the ceiling is accepted as given", () =>
    Effect.gen(function*() {
      for (const n of [1, 5, 10]) {
        assert.strictEqual((yield* resolveArgs({ objective: "x", maxRounds: n }, config)).maxRounds, n)
      }
    }))

  it.effect("an empty, whitespace or non-string objective is InvalidArguments naming objective", () =>
    Effect.gen(function*() {
      for (const objective of ["", "   ", "\n\t", 42, null, undefined, ["x"], { text: "x" }]) {
        const error = yield* argsError({ objective }, config)
        assert.strictEqual(error.argument, "objective")
        assert.include(error.message, "objective")
      }
    }))

  it.effect("maxRounds 1.5, 0, -1, NaN, Infinity, a string, or above the ceiling is InvalidArguments naming maxRounds", () =>
    Effect.gen(function*() {
      for (const maxRounds of [1.5, 0, -1, Number.NaN, Infinity, -Infinity, "3", null, 11, 1000]) {
        const error = yield* argsError({ objective: "x", maxRounds }, config)
        assert.strictEqual(error.argument, "maxRounds")
        assert.include(error.message, "maxRounds")
      }
      const above = yield* argsError({ objective: "x", maxRounds: 11 }, config)
      assert.include(above.problem, "10", "says what the ceiling is")
    }))

  it.effect.prop(
    "for any integer, maxRounds is accepted iff 1 <= n <= ceiling",
    {
      n: Schema.Int.check(Schema.isBetween({ minimum: -2000, maximum: 2000 })),
      ceiling: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1500 }))
    },
    ({ ceiling, n }) =>
      Effect.gen(function*() {
        const result = yield* Effect.result(
          resolveArgs({ objective: "x", maxRounds: n }, { ...config, maxRounds: ceiling })
        )
        assert.strictEqual(Result.isSuccess(result), n >= 1 && n <= ceiling)
      }),
    { arbitrary: { runs: 500, size: 2000 } }
  )
})
