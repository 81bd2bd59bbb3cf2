/** The pure rules of issue 9: spend totals that never count unknown as zero, caps, and the new settings' parsers. */
import { assert, describe, it } from "@effect/vitest"
import { claimHolds, remainingCostUsd, spendLimitReached } from "../../src/domain/guards.ts"
import { boolean, command, decodeValue, globs, usd } from "../../src/domain/settingValues.ts"
import { totalsOf } from "../../src/domain/spend.ts"
import { combineUsage, formatTotals, type RoundUsage, summarizeUsage } from "../../src/domain/usage.ts"

const parseUsd = decodeValue(usd.schema)
const parseBoolean = decodeValue(boolean.schema)
const parseCommand = decodeValue(command.schema)
const parseGlobs = decodeValue(globs.schema)

const round = (n: number, usage: Record<string, number>) => ({ round: n, durationMs: 10, ...usage })

describe("usage totals", () => {
  it("a total is known only when every round reported it", () => {
    const summary = summarizeUsage([round(1, { inputTokens: 5, costUsd: 0.5 }), round(2, { inputTokens: 7 })])
    assert.strictEqual(summary.inputTokens, 12)
    assert.notProperty(summary, "costUsd")
    assert.notProperty(summary, "outputTokens")
    assert.strictEqual(summary.durationMs, 20)
    assert.notProperty(summarizeUsage([]), "costUsd", "no rounds: nothing is known, not zero")
  })

  it("attempts of one round combine the same way", () => {
    assert.deepStrictEqual(combineUsage([{ costUsd: 1, inputTokens: 2 }, { costUsd: 0.5 }]), { costUsd: 1.5 })
  })

  it("running totals say how many rounds did not report", () => {
    assert.strictEqual(
      formatTotals([round(1, { inputTokens: 5, outputTokens: 1, costUsd: 0.5 }), round(2, {})]),
      "total 6 tokens (+ 1 round unknown), $0.5000 (+ 1 round unknown)"
    )
    assert.strictEqual(formatTotals([round(1, {})]), "total tokens unknown, cost unknown")
  })
})

describe("caps", () => {
  const spent = totalsOf<RoundUsage>([round(1, { inputTokens: 50, outputTokens: 10, costUsd: 0.4 })])
  it("a cap is reached at its value, not only past it", () => {
    assert.strictEqual(spendLimitReached({ maxCostUsd: 0.4 }, spent), "cost")
    assert.isUndefined(spendLimitReached({ maxCostUsd: 0.41 }, spent))
    assert.strictEqual(spendLimitReached({ maxTokens: 60 }, spent), "tokens")
    assert.isUndefined(spendLimitReached({ maxTokens: 61 }, spent))
  })
  it("an unknown quantity reaches its cap, unless unknown cost is allowed (cost only)", () => {
    const unknown = totalsOf<RoundUsage>([round(1, { inputTokens: 50, outputTokens: 10, costUsd: 0.4 }), round(2, {})])
    assert.strictEqual(spendLimitReached({ maxCostUsd: 5 }, unknown), "cost")
    assert.isUndefined(spendLimitReached({ maxCostUsd: 5, allowUnknownCost: true }, unknown))
    assert.strictEqual(spendLimitReached({ maxTokens: 1000, allowUnknownCost: true }, unknown), "tokens")
  })
  it("what is left of the cost cap never goes below zero", () => {
    assert.closeTo(remainingCostUsd({ maxCostUsd: 1 }, spent)!, 0.6, 1e-9)
    assert.strictEqual(remainingCostUsd({ maxCostUsd: 0.1 }, spent), 0)
    assert.isUndefined(remainingCostUsd({}, spent))
  })
  it("a claim holds with no protected change and a passed (or no) verification", () => {
    const verification = { command: ["t"], exitCode: 0, timedOut: false, durationMs: 1, outputTail: "" }
    assert.isTrue(claimHolds({ protectedChanged: [], verification: null }))
    assert.isTrue(claimHolds({ protectedChanged: [], verification }))
    assert.isFalse(claimHolds({ protectedChanged: ["a"], verification: null }))
    assert.isFalse(claimHolds({ protectedChanged: [], verification: { ...verification, exitCode: 1 } }))
    assert.isFalse(claimHolds({ protectedChanged: [], verification: { ...verification, timedOut: true } }))
  })
})

describe("the new settings' parsers", () => {
  it("dollars: positive decimals only", () => {
    assert.deepStrictEqual(parseUsd("0.25"), { value: 0.25 })
    assert.deepStrictEqual(parseUsd(5), { value: 5 })
    for (const bad of ["0", "-1", "1e2", "$5", " 5", "", 0, Number.POSITIVE_INFINITY]) {
      assert.property(parseUsd(bad), "problem")
    }
  })
  it("booleans", () => {
    assert.deepStrictEqual(parseBoolean("1"), { value: true })
    assert.deepStrictEqual(parseBoolean(false), { value: false })
    assert.property(parseBoolean("yes"), "problem")
  })
  it("a command: words in the file, a command line split like a shell would elsewhere", () => {
    assert.deepStrictEqual(parseCommand(["npm", "test"]), { value: ["npm", "test"] })
    assert.deepStrictEqual(parseCommand(`sh -c "make check" 'a b'`), { value: ["sh", "-c", "make check", "a b"] })
    for (const bad of [[], [""], "", "  ", "'open", [1]]) assert.property(parseCommand(bad), "problem")
  })
  it("globs: relative patterns", () => {
    assert.deepStrictEqual(parseGlobs(["test/**", "a.json"]), { value: ["test/**", "a.json"] })
    assert.deepStrictEqual(parseGlobs("test/** 'my dir/*'"), { value: ["test/**", "my dir/*"] })
    for (const bad of [["/abs"], [""], 5]) assert.property(parseGlobs(bad), "problem")
  })
})
