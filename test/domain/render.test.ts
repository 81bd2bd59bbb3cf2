import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { Cancelled, LeaseLost, MalformedReport, RoundFailed } from "../../src/domain/errors.ts"
import type { Envelope } from "../../src/domain/outcome.ts"
import {
  boundText,
  formatDuration,
  renderEnvelope,
  renderError,
  spendCapText,
  truncationMarker
} from "../../src/domain/render.ts"
import { blockedReport, completeReport, continueReport } from "../support/reports.ts"

const envelope = (result: Envelope["result"], agentsStarted = result.roundsStarted): Envelope => ({
  runId: "20250101-000000-abcdef",
  agentsStarted,
  result
})

const complete = envelope({ status: "complete", roundsStarted: 3, report: completeReport })
const blocked = envelope({ status: "blocked", roundsStarted: 1, report: blockedReport })
const budget = envelope({ status: "budget-limited", limit: "rounds", roundsStarted: 4, report: continueReport }, 6)

/** What must not reach a terminal raw: C0 controls but newline and tab, DEL, C1, and the bidirectional controls. */
// eslint-disable-next-line no-control-regex
const unsafeChars = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

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

  it("a lost lease names who drives the run now and offers no resume (another ralph drives it)", () => {
    const run = { runId: "20250101-000000-abcdef", resume: "ralph resume 20250101-000000-abcdef" }
    const taken = renderError(
      new LeaseLost({ runId: run.runId, reason: "taken", holderPid: 4242, holderHost: "build-2" }),
      16384,
      run
    )
    assert.include(taken, "driven now by ralph pid 4242 on build-2")
    assert.include(taken, "stopped its child and records nothing more")
    assert.notInclude(taken, "ralph resume")
    assert.include(renderError(new LeaseLost({ runId: run.runId, reason: "unrenewed" }), 16384, run), "could not renew")
    // A resumable failure still says how to continue.
    assert.include(renderError(new Cancelled({}), 16384, run), "ralph resume")
  })

  it("worker text cannot drive a terminal: control characters escaped, the pretty report still the same JSON", () => {
    const hostile = "a\u001b[31mb \u009b2J c\rd \u202eevil\u2066 \u007f\u0085"
    const report = { ...blockedReport, summary: hostile, evidence: [hostile], blocker: `stuck ${hostile}` }
    const text = renderEnvelope(envelope({ status: "blocked", roundsStarted: 1, report }), 1e9)
    assert.notMatch(text, unsafeChars)
    assert.include(
      text,
      "stuck a\\u001b[31mb \\u009b2J c\\u000dd \\u202eevil\\u2066 \\u007f\\u0085",
      "the headline's blocker"
    )
    const pretty = text.slice(text.indexOf("{"))
    assert.deepStrictEqual(JSON.parse(pretty), report, "the pretty report parses back to the exact report")

    const failed = new RoundFailed({
      round: 2,
      reason: "crashed",
      detail: `exit 1 ${hostile}`,
      lastReport: { ...continueReport, summary: hostile },
      stderrTail: `line 1\n${hostile}\nline 3`
    })
    const error = renderError(failed, 1e9)
    assert.notMatch(error, unsafeChars)
    assert.include(error, "line 1\n", "the stderr tail keeps its lines")
    assert.include(error, "\\u009b2J")
    assert.deepStrictEqual(JSON.parse(error.slice(error.indexOf("{"))), failed.lastReport)
    assert.notMatch(renderError(new MalformedReport({ round: 1, problem: hostile }), 1e9), unsafeChars)
  })

  it("an error of a run that started names it and the command that continues it, before any long tail", () => {
    const run = { runId: "20250101-000000-abcdef", resume: "ralph resume 20250101-000000-abcdef" }
    const failed = new RoundFailed({
      round: 2,
      reason: "crashed",
      detail: "exit 1",
      lastReport: null,
      stderrTail: "e".repeat(10_000)
    })
    const line =
      "Continue run 20250101-000000-abcdef from its last finished round with: ralph resume 20250101-000000-abcdef"
    assert.include(renderError(failed, 1e9, run), `\n${line}\n`)
    assert.include(renderError(failed, 400, run), line, "the bound cuts the tail, not the way on")
    assert.notInclude(renderError(failed, 1e9), "ralph resume", "no run, no command")
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
    "renderEnvelope and renderError: whatever the worker wrote, no raw control character reaches the text",
    { text: Schema.String },
    ({ text }) => {
      const line = text.trim() === "" ? "x" : text.trim()
      const report = { ...blockedReport, summary: line, blocker: line }
      assert.notMatch(renderEnvelope(envelope({ status: "blocked", roundsStarted: 1, report }), 1e9), unsafeChars)
      const failed = new RoundFailed({
        round: 1,
        reason: "crashed",
        detail: text,
        lastReport: report,
        stderrTail: text
      })
      assert.notMatch(renderError(failed, 1e9), unsafeChars)
    },
    { timeout: 20_000, arbitrary: { runs: 1000, size: 100 } }
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

describe("formatDuration", () => {
  it("reads as a person writes a duration, never with nanoseconds", () => {
    const cases: Array<[number, string]> = [
      [0, "0ms"],
      [850.4, "850ms"],
      [999.6, "1s"],
      [1000, "1s"],
      [2908.530669, "2.9s"],
      [59_949, "59.9s"],
      [59_950, "1m"],
      [65_000, "1m 5s"],
      [3_599_400, "59m 59s"],
      [3_599_600, "1h"],
      [7_800_000, "2h 10m"]
    ]
    for (const [ms, text] of cases) assert.strictEqual(formatDuration(ms), text, `${ms} ms`)
  })
})

describe("spendCapText", () => {
  const round = (n: number, usage: Record<string, number>) => ({ round: n, durationMs: 1000, ...usage })
  it("a cap the rounds spent: the cap and the spend", () => {
    assert.strictEqual(spendCapText("cost", 1, [round(1, { costUsd: 1.5 })]), "cost cap $1.00 reached ($1.50 spent)")
    assert.strictEqual(
      spendCapText("tokens", 100, [round(1, { inputTokens: 90, outputTokens: 20 })]),
      "token cap 100 reached (110 tokens spent)"
    )
    assert.strictEqual(
      spendCapText("cost", 0.05, [round(1, { costUsd: 0.0625 })]),
      "cost cap $0.05 reached ($0.0625 spent)"
    )
  })
  it("rounds that did not report: which, and what to do", () => {
    assert.strictEqual(
      spendCapText("cost", 1, [round(1, { costUsd: 0.1 }), round(2, {}), round(3, {})]),
      "rounds 2 and 3 did not report their cost, so the cost cap cannot be checked: write costUsd to RALPH_USAGE_FILE or pass --allow-unknown-cost"
    )
    // Spent past the cap is said so, whatever else went unreported.
    assert.strictEqual(
      spendCapText("cost", 1, [round(1, { costUsd: 2 }), round(2, {})]),
      "cost cap $1.00 reached ($2.00 spent)"
    )
  })
})
