/** The pure helpers the four presets share. */
import { assert, describe, it } from "@effect/vitest"
import {
  classifyHttp,
  errorBodyTypes,
  jsonLines,
  parseDurationMs,
  parseReportText,
  resetAtFromHeaders,
  sum,
  usageOf
} from "../../src/agents/presets/agentOutput.ts"

describe("parseReportText", () => {
  const report = { status: "complete", summary: "s", evidence: ["e"], nextSteps: [], blocker: "" }
  const json = JSON.stringify(report)

  it("reads a message that is exactly one JSON value, whitespace around it allowed", () => {
    assert.deepStrictEqual(parseReportText(`\n  ${json}\n`), { ok: true, value: report })
    assert.deepStrictEqual(parseReportText(JSON.stringify(report, null, 2)), { ok: true, value: report })
  })

  it("reads a message that is exactly one fenced block (```json or bare ```)", () => {
    assert.deepStrictEqual(parseReportText("```json\n" + json + "\n```"), { ok: true, value: report })
    assert.deepStrictEqual(parseReportText("```\n" + json + "\n```\n"), { ok: true, value: report })
  })

  it("does not search: prose around the JSON, two fences, two values, or a fence with prose are refused", () => {
    for (
      const text of [
        `Here it is: ${json}`,
        `${json}\nDone.`,
        "Report:\n```json\n" + json + "\n```",
        "```json\n" + json + "\n```\n```json\n" + json + "\n```",
        `${json}${json}`,
        json.slice(0, -1),
        "",
        "   "
      ]
    ) {
      const parsed = parseReportText(text)
      assert.isFalse(parsed.ok, text)
    }
  })

  it("says why, quoting a bounded start of the message", () => {
    const parsed = parseReportText("x".repeat(500))
    assert.isFalse(parsed.ok)
    if (!parsed.ok) {
      assert.include(parsed.problem, "not one JSON value")
      assert.isBelow(parsed.problem.length, 300)
    }
  })

  it("any JSON value passes here; the report rules are checked later by the contract", () => {
    assert.deepStrictEqual(parseReportText("[1, 2]"), { ok: true, value: [1, 2] })
    assert.deepStrictEqual(parseReportText("null"), { ok: true, value: null })
  })
})

describe("classifyHttp", () => {
  it("classifies by status", () => {
    const table: Array<[number, string]> = [
      [401, "auth"],
      [403, "auth"],
      [402, "budget"],
      [429, "rate-limit"],
      [529, "overloaded"],
      [503, "overloaded"],
      [500, "overloaded"],
      [502, "overloaded"],
      [408, "network"],
      [504, "network"],
      [400, "crashed"],
      [404, "crashed"],
      [413, "crashed"]
    ]
    for (const [status, reason] of table) assert.strictEqual(classifyHttp(status), reason, String(status))
    assert.strictEqual(classifyHttp(undefined), "crashed")
  })

  it("a typed error body wins over the status", () => {
    assert.strictEqual(classifyHttp(429, ["insufficient_quota"]), "budget")
    assert.strictEqual(classifyHttp(400, ["billing_error"]), "budget")
    assert.strictEqual(classifyHttp(500, ["overloaded_error"]), "overloaded")
    assert.strictEqual(classifyHttp(400, [undefined, "UNAUTHENTICATED"]), "auth")
    assert.strictEqual(classifyHttp(429, ["some_new_type"]), "rate-limit")
  })

  it("reads the error types of all three API families from a body (object or JSON text)", () => {
    assert.deepStrictEqual(errorBodyTypes({ type: "error", error: { type: "overloaded_error", message: "x" } }), [
      "overloaded_error",
      undefined,
      undefined
    ])
    assert.deepStrictEqual(
      errorBodyTypes(JSON.stringify({ error: { type: "requests", code: "rate_limit_exceeded" } })),
      [
        "requests",
        "rate_limit_exceeded",
        undefined
      ]
    )
    assert.deepStrictEqual(errorBodyTypes({ error: { code: 429, status: "RESOURCE_EXHAUSTED" } }), [
      undefined,
      undefined,
      "RESOURCE_EXHAUSTED"
    ])
    assert.deepStrictEqual(errorBodyTypes("not json"), [])
    assert.deepStrictEqual(errorBodyTypes(undefined), [])
  })
})

describe("reset times", () => {
  const now = Date.parse("2026-01-01T00:00:00.000Z")
  const iso = (ms: number) => new Date(ms).toISOString()

  it("parses Go-style durations", () => {
    assert.strictEqual(parseDurationMs("20ms"), 20)
    assert.strictEqual(parseDurationMs("1s"), 1000)
    assert.strictEqual(parseDurationMs("6m0s"), 360_000)
    assert.strictEqual(parseDurationMs("1h2m3.5s"), 3_723_500)
    assert.isUndefined(parseDurationMs("soon"))
    assert.isUndefined(parseDurationMs("5"))
  })

  it("takes the first header that names a time in the future", () => {
    assert.strictEqual(resetAtFromHeaders({ "retry-after-ms": "1500" }, now), iso(now + 1500))
    assert.strictEqual(resetAtFromHeaders({ "Retry-After": "30" }, now), iso(now + 30_000))
    assert.strictEqual(resetAtFromHeaders({ "retry-after": "Thu, 01 Jan 2026 00:10:00 GMT" }, now), iso(now + 600_000))
    assert.strictEqual(
      resetAtFromHeaders({ "anthropic-ratelimit-requests-reset": "2026-01-01T01:00:00Z" }, now),
      "2026-01-01T01:00:00.000Z"
    )
    assert.strictEqual(
      resetAtFromHeaders({ "anthropic-ratelimit-unified-reset": String(now / 1000 + 60) }, now),
      iso(now + 60_000)
    )
    assert.strictEqual(
      resetAtFromHeaders({ "retry-after": "0", "x-ratelimit-reset-requests": "1m" }, now),
      iso(now + 60_000)
    )
  })

  it("says nothing when nothing lies ahead", () => {
    assert.isUndefined(resetAtFromHeaders(undefined, now))
    assert.isUndefined(resetAtFromHeaders({}, now))
    assert.isUndefined(resetAtFromHeaders({ "retry-after": "0" }, now))
    assert.isUndefined(resetAtFromHeaders({ "retry-after": "yesterday" }, now))
  })
})

describe("small readers", () => {
  it("jsonLines keeps JSON objects and skips everything else", () => {
    assert.deepStrictEqual(jsonLines("{\"a\":1}\nWARNING\n\n[1]\n{\"b\":2}\n{broken"), [{ a: 1 }, { b: 2 }])
  })

  it("sum keeps unknown unknown; usageOf drops unknown fields", () => {
    assert.isUndefined(sum([undefined, undefined]))
    assert.strictEqual(sum([1, undefined, 2]), 3)
    assert.strictEqual(sum([0]), 0)
    assert.deepStrictEqual(usageOf({ inputTokens: 1, outputTokens: undefined, costUsd: 0 }), {
      inputTokens: 1,
      costUsd: 0
    })
  })
})
