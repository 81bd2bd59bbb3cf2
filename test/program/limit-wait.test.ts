/** The limit-wait decision (src/loop/retry.ts `limitWait`): which resets are waited out, for how long. */
import { assert, describe, it } from "@effect/vitest"
import { Duration } from "effect"
import { defaultRetryPolicy, limitWait, type RetryPolicy } from "../../src/loop/retry.ts"

const now = Date.parse("2026-12-01T02:00:00Z")
const policy: RetryPolicy = { ...defaultRetryPolicy, waitLimits: Duration.hours(6) }
const failed = (
  untilResetMs: number,
  more: { reason?: "rate-limit" | "overloaded" | "network"; limitWaitedMillis?: number } = {}
) => ({
  reason: more.reason ?? "rate-limit",
  resetAt: new Date(now + untilResetMs).toISOString(),
  attempt: 1,
  waitedMillis: 0,
  ...(more.limitWaitedMillis === undefined ? {} : { limitWaitedMillis: more.limitWaitedMillis })
})

describe("limitWait", () => {
  it("waits a reset five hours off until the reset, plus at most 60 s of jitter", () => {
    const fiveHours = 5 * 3_600_000
    const least = limitWait(policy, failed(fiveHours), now, 0)
    const most = limitWait(policy, failed(fiveHours), now, 0.999999)
    assert.deepStrictEqual(least, {
      _tag: "wait",
      until: now + fiveHours,
      ms: fiveHours,
      resetAt: failed(fiveHours).resetAt
    })
    assert.strictEqual(most?._tag, "wait")
    if (most?._tag === "wait") assert.isTrue(most.ms > fiveHours && most.ms <= fiveHours + 60_000)
  })

  it("the jitter is at most 5 % of a shorter wait", () => {
    const decided = limitWait(policy, failed(70_000), now, 0.999999)
    assert.strictEqual(decided?._tag, "wait")
    if (decided?._tag === "wait") assert.isTrue(decided.ms > 70_000 && decided.ms <= 73_500, String(decided.ms))
  })

  it("an overloaded API with a reset is waited for like a rate limit; other failures are not its business", () => {
    assert.strictEqual(limitWait(policy, failed(600_000, { reason: "overloaded" }), now, 0)?._tag, "wait")
    assert.isUndefined(limitWait(policy, failed(600_000, { reason: "network" }), now, 0))
  })

  it("a reset within the usual retry wait (60 s) is the retry's, as without the policy", () => {
    assert.isUndefined(limitWait(policy, failed(60_000), now, 0))
    assert.isUndefined(limitWait(policy, failed(-5_000), now, 0))
  })

  it("without --wait-limits, or without a reported reset, there is no limit wait", () => {
    assert.isUndefined(limitWait(defaultRetryPolicy, failed(3_600_000), now, 0))
    const { resetAt: _, ...noReset } = failed(3_600_000)
    assert.isUndefined(limitWait(policy, noReset, now, 0))
    assert.isUndefined(limitWait(policy, { ...noReset, resetAt: "not a date" }, now, 0))
  })

  it("a reset past the policy, or past what the round's earlier limit waits left of it, is beyond it", () => {
    assert.deepStrictEqual(limitWait(policy, failed(7 * 3_600_000), now, 0), { _tag: "beyond" })
    assert.deepStrictEqual(
      limitWait(policy, failed(2 * 3_600_000, { limitWaitedMillis: 5 * 3_600_000 }), now, 0),
      { _tag: "beyond" }
    )
    assert.strictEqual(limitWait(policy, failed(3_600_000, { limitWaitedMillis: 5 * 3_600_000 }), now, 0)?._tag, "wait")
  })
})
