import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { iterate } from "../../src/loop/iterate.ts"

describe("iterate", () => {
  it.effect("runs 100 000 steps without growing the stack", () =>
    Effect.gen(function*() {
      const result = yield* iterate(0, { while: (n) => n < 100_000, body: (n) => Effect.succeed(n + 1) })
      assert.strictEqual(result, 100_000)
    }))

  it.effect("runs 100 000 suspended, flatMapped steps carrying state", () =>
    Effect.gen(function*() {
      const result = yield* iterate({ n: 0, sum: 0 }, {
        while: (s) => s.n < 100_000,
        body: (s) => Effect.suspend(() => Effect.map(Effect.sync(() => s.n + 1), (n) => ({ n, sum: s.sum + n })))
      })
      assert.deepStrictEqual(result, { n: 100_000, sum: (100_000 * 100_001) / 2 })
    }))

  it.live("runs 100 000 asynchronous steps", () =>
    Effect.gen(function*() {
      const result = yield* iterate(0, {
        while: (n) => n < 100_000,
        body: (n) => (n % 1000 === 0 ? Effect.as(Effect.yieldNow, n + 1) : Effect.succeed(n + 1))
      })
      assert.strictEqual(result, 100_000)
    }))

  it.effect("returns the initial state without running the body when `while` is false at once", () =>
    Effect.gen(function*() {
      let calls = 0
      const result = yield* iterate("start", {
        while: () => false,
        body: (s) => Effect.sync(() => (calls++, s + "!"))
      })
      assert.strictEqual(result, "start")
      assert.strictEqual(calls, 0)
    }))

  it.effect("checks `while` before each step and stops at the first failure", () =>
    Effect.gen(function*() {
      const seen: Array<number> = []
      const exit = yield* Effect.exit(iterate(0, {
        while: (n) => n < 10,
        body: (n) => (seen.push(n), n === 3 ? Effect.fail(`boom at ${n}`) : Effect.succeed(n + 1))
      }))
      assert.deepStrictEqual(exit, Exit.fail("boom at 3"))
      assert.deepStrictEqual(seen, [0, 1, 2, 3])
    }))

  it.effect("is lazy: building the effect runs nothing", () =>
    Effect.gen(function*() {
      let checks = 0
      const effect = iterate(0, { while: (n) => (checks++, n < 3), body: (n) => Effect.succeed(n + 1) })
      assert.strictEqual(checks, 0)
      assert.strictEqual(yield* effect, 3)
      assert.strictEqual(checks, 4)
      assert.strictEqual(yield* effect, 3, "and can run again")
    }))
})
