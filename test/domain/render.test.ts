import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { Cancelled, MalformedReport, RoundFailed } from "../../src/domain/errors.ts"
import type { Envelope } from "../../src/domain/outcome.ts"
import { boundText, renderEnvelope, renderError, truncationMarker } from "../../src/domain/render.ts"
import { blockedReport, completeReport, continueReport } from "../support/reports.ts"

const envelope = (result: Envelope["result"], agentsStarted = result.roundsStarted): Envelope => ({
  runId: "20250101-000000-abcdef",
  agentsStarted,
  result
})

const complete = envelope({ status: "complete", roundsStarted: 3, report: completeReport })
const blocked = envelope({ status: "blocked", roundsStarted: 1, report: blockedReport })
const budget = envelope({ status: "budget-limited", limit: "rounds", roundsStarted: 4, report: continueReport }, 6)

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Every promise of the bound, for one text and one limit. */
const checkBound = (full: string, limit: number, text: string) => {
  assert.isAtMost(text.length, limit, `limit ${limit}`)
  if (full.length <= limit) {
    assert.strictEqual(text, full, `limit ${limit}: fits, so unchanged`)
  } else if (limit <= truncationMarker.length) {
    assert.strictEqual(text, truncationMarker.slice(0, limit), `limit ${limit}: a prefix of the marker`)
  } else {
    assert.isTrue(text.endsWith(truncationMarker), `limit ${limit}: ends with the marker`)
    const kept = text.slice(0, text.length - truncationMarker.length)
    assert.isTrue(full.startsWith(kept), `limit ${limit}: keeps a prefix of the text`)
    // At most one code unit is given up, and only to avoid splitting a surrogate pair.
    assert.isAtLeast(text.length, limit - 1)
    if (text.length === limit - 1) {
      const code = full.charCodeAt(kept.length)
      assert.isTrue(code >= 0xd800 && code <= 0xdbff, `limit ${limit}: gave up a character needlessly`)
    }
  }
  if (!loneSurrogate.test(full)) assert.notMatch(text, loneSurrogate, `limit ${limit}: broke a surrogate pair`)
}

describe("rendering", () => {
  it("the truncation marker is a newline, an ellipsis and [truncated]", () => {
    assert.strictEqual(truncationMarker, "\n… [truncated]")
  })

  it("complete: the worker reported completion, ralph did not verify it, with the round count and the report", () => {
    const text = renderEnvelope(complete, 16384)
    assert.match(text, /worker reported/i)
    assert.match(text, /complete/)
    assert.include(text, "3 rounds")
    assert.match(text, /not verif/i)
    assert.include(text, JSON.stringify(completeReport, null, 2), "the final report, pretty-printed")
    assert.include(text, complete.runId)
    assert.notMatch(text, /^(The objective is|Objective) complete/m, "ralph certifies nothing")
  })

  it("blocked: the worker reported a blocker, naming it", () => {
    const text = renderEnvelope(blocked, 16384)
    assert.match(text, /worker reported a blocker/i)
    assert.include(text, blockedReport.blocker)
    assert.include(text, "1 round")
    assert.notInclude(text, "1 rounds")
    assert.include(text, JSON.stringify(blockedReport, null, 2))
  })

  it("budget-limited: the round budget ran out, with the last continue report and agents started", () => {
    const text = renderEnvelope(budget, 16384)
    assert.match(text, /budget/i)
    assert.include(text, "4 rounds")
    assert.include(text, "agents started: 6")
    assert.include(text, JSON.stringify(continueReport, null, 2))
  })

  it("errors render their message, and a failed round its last good handoff", () => {
    const failed = new RoundFailed({
      round: 2,
      reason: "crashed",
      detail: "exit 1",
      lastReport: continueReport,
      stderrTail: "boom"
    })
    const text = renderError(failed, 16384)
    assert.include(text, failed.message)
    assert.include(text, "boom")
    assert.include(text, JSON.stringify(continueReport, null, 2))
    assert.include(renderError(new Cancelled({ signal: "SIGINT" }), 16384), "cancelled")
  })

  it("a limit at least the text's length leaves it unchanged", () => {
    const full = renderEnvelope(complete, 1_000_000)
    assert.strictEqual(renderEnvelope(complete, full.length), full)
    assert.strictEqual(renderEnvelope(complete, full.length + 1), full)
    assert.strictEqual(boundText("", 0), "")
  })

  it("a limit shorter than the marker yields a prefix of the marker", () => {
    for (let limit = 0; limit <= truncationMarker.length; limit++) {
      assert.strictEqual(boundText("x".repeat(100), limit), truncationMarker.slice(0, limit))
    }
    assert.strictEqual(boundText("x".repeat(100), 1), "\n")
    assert.strictEqual(boundText("x".repeat(100), 0), "")
  })

  it("the bound holds for every maxResultChars from 0 to past the full length (envelope, errors, emoji)", () => {
    const emoji = envelope({
      status: "complete",
      roundsStarted: 2,
      report: { ...completeReport, summary: "😀".repeat(60) }
    })
    const cases: ReadonlyArray<[string, (limit: number) => string]> = [
      [renderEnvelope(emoji, 1e9), (limit) => renderEnvelope(emoji, limit)],
      [renderEnvelope(budget, 1e9), (limit) => renderEnvelope(budget, limit)],
      [
        renderError(new MalformedReport({ round: 1, problem: "🙂".repeat(40) }), 1e9),
        (limit) => renderError(new MalformedReport({ round: 1, problem: "🙂".repeat(40) }), limit)
      ]
    ]
    for (const [full, render] of cases) {
      for (let limit = 0; limit <= full.length + 2; limit++) checkBound(full, limit, render(limit))
    }
  })

  it("never leaves half of a surrogate pair before the marker", () => {
    const text = "ab😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀"
    for (let limit = truncationMarker.length + 1; limit < text.length + truncationMarker.length; limit++) {
      const bounded = boundText(text, limit)
      assert.notMatch(bounded, loneSurrogate, `limit ${limit}`)
      checkBound(text, limit, bounded)
    }
  })

  it.prop(
    "boundText: for random text and every limit, bounded, prefix-preserving, marked, no broken pair",
    {
      text: Schema.String,
      limit: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 120 }))
    },
    ({ limit, text }) => checkBound(text, limit, boundText(text, limit)),
    { timeout: 20_000, arbitrary: { runs: 2000, size: 150 } }
  )

  it.prop(
    "renderEnvelope: for random reports and maxResultChars, within the bound and the envelope untouched",
    {
      summary: Schema.String.check(Schema.isTrimmed(), Schema.isNonEmpty()),
      limit: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 600 }))
    },
    ({ limit, summary }) => {
      const report = { ...completeReport, summary }
      const env = envelope({ status: "complete", roundsStarted: 2, report })
      const snapshot = JSON.stringify(env)
      const text = renderEnvelope(env, limit)
      checkBound(renderEnvelope(env, Number.MAX_SAFE_INTEGER), limit, text)
      assert.strictEqual(JSON.stringify(env), snapshot, "rendering never changes the envelope")
    },
    { timeout: 20_000, arbitrary: { runs: 1000, size: 300 } }
  )
})
