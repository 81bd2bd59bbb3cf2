/** The gemini preset: its invocation, and how it reads `gemini --output-format json` (real captured outputs). */
import { assert, describe, it } from "@effect/vitest"
import {
  classifyGeminiError,
  geminiAgent,
  geminiArgs,
  geminiErrorObjects,
  interpretGemini
} from "../../src/agents/presets/gemini.ts"
import type { Interpretation } from "../../src/agents/process/processAgent.ts"
import { completeReport, continueReport, files, fixture, processResult, request } from "./fixtures.ts"

const failureOf = (interpretation: Interpretation) => {
  if (interpretation._tag !== "Value") return interpretation
  throw new Error(`expected a failure, got ${JSON.stringify(interpretation)}`)
}
const valueOf = (interpretation: Interpretation) => {
  if (interpretation._tag === "Value") return interpretation
  throw new Error(`expected a value, got ${JSON.stringify(interpretation)}`)
}
const now = Date.parse("2026-01-01T00:00:00.000Z")
const errorBlock = (error: Record<string, unknown>) => JSON.stringify({ session_id: "s", error }, null, 2)

describe("gemini invocation", () => {
  it("runs headless with JSON output and --skip-trust; the prompt goes on stdin", () => {
    const invocation = geminiAgent().invocation(request, files)
    assert.strictEqual(invocation.command, "gemini")
    assert.deepStrictEqual(invocation.args, [
      "--allowed-tools",
      "run_shell_command",
      "--approval-mode",
      "auto_edit",
      "--output-format",
      "json",
      "--skip-trust"
    ])
    assert.isTrue(invocation.stdin!.startsWith(request.prompt))
    assert.notInclude(invocation.args, "-p")
    assert.deepStrictEqual(invocation.env, {})
  })

  it("maps the permission levels to flags", () => {
    assert.deepStrictEqual(geminiArgs({ permissions: "none" }), ["--output-format", "json", "--skip-trust"])
    assert.deepStrictEqual(geminiArgs({ permissions: "full" }).slice(0, 2), ["--approval-mode", "yolo"])
  })

  it("adds the model and extra arguments at the end, and no model by default", () => {
    assert.deepStrictEqual(geminiArgs({ model: "gemini-2.5-pro", args: ["--debug"] }).slice(-3), [
      "--model",
      "gemini-2.5-pro",
      "--debug"
    ])
    assert.notInclude(geminiArgs({}), "--model")
  })
})

describe("gemini output (captured from gemini 0.61.0)", () => {
  it("reads the report from `response`, with tokens from stats and unknown cost", () => {
    const result = valueOf(interpretGemini(fixture("gemini", "complete").result, now))
    assert.deepStrictEqual(result.value, completeReport)
    assert.deepStrictEqual(result.usage, { inputTokens: 120, cachedInputTokens: 20, outputTokens: 30 })
  })

  it("reads the report after write_file, usage summed over the turns", () => {
    const result = valueOf(interpretGemini(fixture("gemini", "write-continue").result, now))
    assert.deepStrictEqual(result.value, continueReport)
    assert.deepStrictEqual(result.usage, { inputTokens: 240, cachedInputTokens: 40, outputTokens: 60 })
  })

  it("a response that is exactly one ```json fence is read; prose around JSON is no-report", () => {
    assert.deepStrictEqual(
      valueOf(interpretGemini(fixture("gemini", "fenced-report").result, now)).value,
      completeReport
    )
    assert.strictEqual(failureOf(interpretGemini(fixture("gemini", "prose").result, now)).reason, "no-report")
  })

  it("HTTP errors from the error JSON on stderr, whatever the 8-bit exit code says", () => {
    const auth = fixture("gemini", "http-401")
    assert.strictEqual(auth.result.exitCode, 145) // 401 & 0xff
    assert.strictEqual(failureOf(interpretGemini(auth.result, now)).reason, "auth")
    const overloaded = fixture("gemini", "http-529")
    assert.strictEqual(overloaded.result.exitCode, 17) // 529 & 0xff
    assert.strictEqual(failureOf(interpretGemini(overloaded.result, now)).reason, "overloaded")
  })

  it("a quota error with a retry delay is a rate limit with its reset time", () => {
    const failure = failureOf(interpretGemini(fixture("gemini", "http-429").result, now))
    assert.strictEqual(failure.reason, "rate-limit")
    const delay = /Suggested retry after (\d+)s/.exec(fixture("gemini", "http-429").result.stderrTail)
    assert.isNotNull(delay)
    assert.strictEqual(failure.resetAt, new Date(now + Number(delay[1]) * 1000).toISOString())
  })

  it("the session turn limit (exit 53, FatalTurnLimitedError) is turn-limit", () => {
    const captured = fixture("gemini", "turn-limit")
    assert.strictEqual(captured.result.exitCode, 53)
    assert.strictEqual(failureOf(interpretGemini(captured.result, now)).reason, "turn-limit")
  })
})

describe("gemini output (edge cases)", () => {
  it("finds the last pretty-printed error object, with or without the [ERROR] prefix", () => {
    const stderr = [
      "Attempt 1 failed: { not json",
      errorBlock({ type: "Error", message: "first", code: 500 }),
      "noise",
      "[ERROR] " + errorBlock({ type: "Error", message: "second", code: 429 })
    ].join("\n")
    const found = geminiErrorObjects(stderr)
    assert.deepStrictEqual(found.map((o) => (o.error as { message: string }).message), ["first", "second"])
    assert.strictEqual(
      failureOf(interpretGemini(processResult({ exitCode: 173, stderrTail: stderr }), now)).reason,
      "rate-limit"
    )
  })

  it("reads an HTTP status and the Google error status from the error object", () => {
    const body = JSON.stringify({ error: { code: 403, message: "denied", status: "PERMISSION_DENIED" } })
    assert.strictEqual(classifyGeminiError({ type: "Error", message: body, code: 403 }, now).reason, "auth")
    const unavailable = JSON.stringify({ error: { code: 503, message: "busy", status: "UNAVAILABLE" } })
    const failure = classifyGeminiError({ type: "Error", message: unavailable, code: 503 }, now)
    assert.strictEqual(failure.reason, "overloaded")
    assert.include(failure.detail, "busy")
  })

  it("gemini's fatal types and exit codes", () => {
    assert.strictEqual(
      classifyGeminiError({ type: "FatalAuthenticationError", message: "x", code: 41 }, now).reason,
      "auth"
    )
    assert.strictEqual(classifyGeminiError({ type: "Error", message: "x", code: 55 }, now).reason, "permission-denied")
    assert.strictEqual(
      classifyGeminiError({ type: "FatalToolExecutionError", message: "x", code: 54 }, now).reason,
      "crashed"
    )
    // No JSON at all: the exit code alone.
    assert.strictEqual(failureOf(interpretGemini(processResult({ exitCode: 41 }), now)).reason, "auth")
    assert.strictEqual(
      failureOf(interpretGemini(processResult({ exitCode: 1, stderrTail: "boom" }), now)).reason,
      "crashed"
    )
  })

  it("the model's text cannot classify a failure: a response quoting an error object is just the report", () => {
    const report = { ...completeReport, summary: "{\"error\":{\"code\":401,\"status\":\"UNAUTHENTICATED\"}}" }
    const stdout = JSON.stringify({ session_id: "s", response: JSON.stringify(report), stats: {} }, null, 2)
    assert.deepStrictEqual(valueOf(interpretGemini(processResult({ stdout }), now)).value, report)
  })

  it("exit 0 without a JSON result or without `response` is no-report", () => {
    assert.strictEqual(failureOf(interpretGemini(processResult({ stdout: "" }), now)).reason, "no-report")
    const stdout = JSON.stringify({ session_id: "s", stats: {} })
    assert.strictEqual(failureOf(interpretGemini(processResult({ stdout }), now)).reason, "no-report")
  })

  it("thoughts count as output tokens", () => {
    const stdout = JSON.stringify({
      session_id: "s",
      response: JSON.stringify(completeReport),
      stats: { models: { m: { tokens: { prompt: 10, cached: 0, candidates: 5, thoughts: 7 } } } }
    })
    assert.deepStrictEqual(valueOf(interpretGemini(processResult({ stdout }), now)).usage, {
      inputTokens: 10,
      cachedInputTokens: 0,
      outputTokens: 12
    })
  })
})
