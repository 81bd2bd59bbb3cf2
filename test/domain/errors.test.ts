import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Schema } from "effect"
import {
  Cancelled,
  EngineRejected,
  FailureReason,
  InvalidArguments,
  InvalidConfig,
  isTransient,
  MalformedReport,
  OversizedReport,
  ProviderUnavailable,
  RalphError,
  RoundFailed
} from "../../src/domain/errors.ts"
import { continueReport } from "../support/reports.ts"

describe("typed errors", () => {
  it("InvalidArguments names the argument and the problem", () => {
    const error = new InvalidArguments({ argument: "maxRounds", problem: "expected a positive integer, got 0" })
    assert.strictEqual(error._tag, "InvalidArguments")
    assert.strictEqual(error.argument, "maxRounds")
    assert.strictEqual(error.message, "Invalid maxRounds: expected a positive integer, got 0")
    assert.instanceOf(error, Error)
  })

  it("InvalidConfig names the key", () => {
    const error = new InvalidConfig({ key: "maxHandoffChars", problem: "expected a positive safe integer, got 0" })
    assert.strictEqual(error._tag, "InvalidConfig")
    assert.strictEqual(error.key, "maxHandoffChars")
    assert.include(error.message, "maxHandoffChars")
    assert.include(error.message, "got 0")
  })

  it("ProviderUnavailable says which requirement failed", () => {
    for (const problem of ["unknown", "no-structured-output", "inherits-parent-context", "not-installed"] as const) {
      const error = new ProviderUnavailable({ provider: "claude", problem, detail: `detail for ${problem}` })
      assert.strictEqual(error._tag, "ProviderUnavailable")
      assert.strictEqual(error.problem, problem)
      assert.include(error.message, "claude")
      assert.include(error.message, `detail for ${problem}`)
    }
  })

  it("EngineRejected carries what was requested and the engine's ceiling", () => {
    const error = new EngineRejected({ requested: 1001, ceiling: 1000 })
    assert.strictEqual(error._tag, "EngineRejected")
    assert.strictEqual(error.requested, 1001)
    assert.strictEqual(error.ceiling, 1000)
    assert.include(error.message, "1000")
    assert.include(error.message, "1001")
  })

  it("RoundFailed names the round and carries the last good handoff, or null in round 1", () => {
    const first = new RoundFailed({ round: 1, reason: "crashed", detail: "exit 1", lastReport: null })
    assert.strictEqual(first._tag, "RoundFailed")
    assert.strictEqual(first.round, 1)
    assert.isNull(first.lastReport)
    assert.include(first.message, "Round 1")
    assert.include(first.message, "crashed")
    assert.include(first.message, "exit 1")
    const later = new RoundFailed({
      round: 3,
      reason: "timeout",
      detail: "too slow",
      lastReport: continueReport,
      exitCode: 143,
      signal: "SIGTERM",
      stderrTail: "bye"
    })
    assert.strictEqual(later.round, 3)
    assert.deepStrictEqual(later.lastReport, continueReport)
    assert.strictEqual(later.exitCode, 143)
    assert.strictEqual(later.signal, "SIGTERM")
    assert.strictEqual(later.stderrTail, "bye")
    assert.include(later.message, "Round 3")
  })

  it("MalformedReport names the round and what was wrong", () => {
    const error = new MalformedReport({ round: 2, problem: "[\"summary\"]: must not be empty" })
    assert.strictEqual(error._tag, "MalformedReport")
    assert.strictEqual(error.round, 2)
    assert.include(error.message, "Round 2")
    assert.include(error.message, "summary")
  })

  it("OversizedReport carries round, chars and limit", () => {
    const error = new OversizedReport({ round: 4, chars: 20000, limit: 16384 })
    assert.strictEqual(error._tag, "OversizedReport")
    assert.deepStrictEqual([error.round, error.chars, error.limit], [4, 20000, 16384])
    assert.include(error.message, "Round 4")
    assert.include(error.message, "20000")
    assert.include(error.message, "16384")
    assert.include(error.message, "maxHandoffChars")
  })

  it("Cancelled says how and where, when known", () => {
    assert.strictEqual(new Cancelled({}).message, "The run was cancelled")
    const error = new Cancelled({ signal: "SIGINT", round: 2 })
    assert.strictEqual(error._tag, "Cancelled")
    assert.include(error.message, "SIGINT")
    assert.include(error.message, "round 2")
  })

  it.effect("every error is yieldable as a typed failure and caught by its tag", () =>
    Effect.gen(function*() {
      const errors: ReadonlyArray<RalphError> = [
        new InvalidArguments({ argument: "objective", problem: "must not be empty" }),
        new InvalidConfig({ key: "maxRounds", problem: "x" }),
        new ProviderUnavailable({ provider: "p", problem: "unknown", detail: "d" }),
        new EngineRejected({ requested: 2, ceiling: 1 }),
        new RoundFailed({ round: 1, reason: "no-report", detail: "d", lastReport: null }),
        new MalformedReport({ round: 1, problem: "p" }),
        new OversizedReport({ round: 1, chars: 2, limit: 1 }),
        new Cancelled({})
      ]
      for (const error of errors) {
        const exit = yield* Effect.exit(Effect.fail(error))
        assert.isTrue(Exit.isFailure(exit))
        const tag = yield* Effect.fail(error).pipe(
          Effect.catchTag(error._tag as "Cancelled", (e) => Effect.succeed(e._tag)),
          Effect.catch(() => Effect.succeed("wrong handler"))
        )
        assert.strictEqual(tag, error._tag)
        assert.notStrictEqual(error.message, "", `${error._tag} has a message`)
      }
    }))

  it("errors survive a JSON boundary through the RalphError schema", () => {
    const error = new RoundFailed({ round: 2, reason: "crashed", detail: "d", lastReport: continueReport, exitCode: 1 })
    const encoded = JSON.parse(JSON.stringify(Schema.encodeSync(RalphError)(error)))
    const decoded = Schema.decodeUnknownSync(RalphError)(encoded)
    assert.strictEqual(decoded._tag, "RoundFailed")
    if (decoded._tag === "RoundFailed") {
      assert.strictEqual(decoded.round, 2)
      assert.deepStrictEqual(decoded.lastReport, continueReport)
      assert.strictEqual(decoded.message, error.message)
    }
    // decode, don't trust: a broken handoff does not cross
    assert.throws(() =>
      Schema.decodeUnknownSync(RalphError)({ ...encoded, lastReport: { ...continueReport, nextSteps: [] } })
    )
  })

  it("transient failures are exactly rate-limit, overloaded, network and tempfail", () => {
    const transient = FailureReason.literals.filter(isTransient)
    assert.deepStrictEqual([...transient].sort(), ["network", "overloaded", "rate-limit", "tempfail"])
  })
})

describe("library errors", () => {
  it("tell what to change without naming CLI flags", () => {
    const messages = [
      new EngineRejected({ requested: 2000, ceiling: 1000 }).message,
      new InvalidConfig({ key: "maxRounds", problem: "x" }).message
    ]
    for (const message of messages) assert.notMatch(message, /--[a-z]/)
  })
})
