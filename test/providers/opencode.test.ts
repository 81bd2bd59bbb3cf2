/** The opencode preset: its invocation, and how it reads `opencode run --format json` (real captured outputs). */
import { assert, describe, it } from "@effect/vitest"
import {
  classifyOpencodeError,
  interpretOpencode,
  OPENCODE_REJECTED,
  opencodeAgent,
  opencodeArgs
} from "../../src/agents/presets/opencode.ts"
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
const jsonl = (...events: Array<unknown>) => events.map((e) => JSON.stringify(e)).join("\n") + "\n"
const step = { type: "step_start", part: { type: "step-start" } }
const text = (t: string) => ({ type: "text", part: { type: "text", text: t } })
const finish = (tokens: Record<string, unknown>, cost: number) => ({
  type: "step_finish",
  part: { type: "step-finish", reason: "stop", tokens, cost }
})

describe("opencode invocation", () => {
  it("runs `run --format json` with the prompt on stdin and no message argument", () => {
    const invocation = opencodeAgent().invocation(request, files)
    assert.strictEqual(invocation.command, "opencode")
    assert.deepStrictEqual(invocation.args, ["run", "--format", "json"])
    assert.isTrue(invocation.stdin!.startsWith(request.prompt))
    assert.deepStrictEqual(invocation.env, {})
  })

  it("maps the permission levels to flags: only full adds one", () => {
    assert.deepStrictEqual(opencodeArgs({ permissions: "workspace" }), ["run", "--format", "json"])
    assert.deepStrictEqual(opencodeArgs({ permissions: "none" }), ["run", "--format", "json"])
    assert.deepStrictEqual(opencodeArgs({ permissions: "full" }), ["run", "--format", "json", "--auto"])
  })

  it("adds the model and extra arguments, and no model by default", () => {
    assert.deepStrictEqual(opencodeArgs({ model: "anthropic/claude-sonnet-4-5", args: ["--agent", "build"] }), [
      "run",
      "--format",
      "json",
      "--model",
      "anthropic/claude-sonnet-4-5",
      "--agent",
      "build"
    ])
  })
})

describe("opencode output (captured from opencode 1.18.33)", () => {
  it("reads the last text as the report; tokens known, a zero cost reported as unknown", () => {
    const captured = fixture("opencode", "complete")
    assert.include(captured.result.stdout, "\"cost\":0")
    const result = valueOf(interpretOpencode(captured.result))
    assert.deepStrictEqual(result.value, completeReport)
    assert.deepStrictEqual(result.usage, { inputTokens: 120, cachedInputTokens: 20, outputTokens: 30 })
  })

  it("reads the report after the write tool ran, usage summed over the steps", () => {
    const captured = fixture("opencode", "write-continue")
    assert.include(captured.result.stdout, "\"tool\":\"write\"")
    const result = valueOf(interpretOpencode(captured.result))
    assert.deepStrictEqual(result.value, continueReport)
    assert.deepStrictEqual(result.usage, { inputTokens: 240, cachedInputTokens: 40, outputTokens: 60 })
  })

  it("prose around the JSON is no-report", () => {
    assert.strictEqual(failureOf(interpretOpencode(fixture("opencode", "prose").result)).reason, "no-report")
  })

  it("an auto-rejected tool call that ends the session is permission-denied", () => {
    const captured = fixture("opencode", "rejected")
    assert.strictEqual(captured.result.exitCode, 0)
    const failure = failureOf(interpretOpencode(captured.result))
    assert.strictEqual(failure.reason, "permission-denied")
    assert.include(failure.detail, "write")
  })

  it("API errors from the error event: 401 auth, 529 overloaded, 429 rate-limit with its reset time", () => {
    assert.strictEqual(failureOf(interpretOpencode(fixture("opencode", "http-401").result)).reason, "auth")
    assert.strictEqual(failureOf(interpretOpencode(fixture("opencode", "http-529").result)).reason, "overloaded")
    const captured = fixture("opencode", "http-429")
    const event = JSON.parse(captured.result.stdout.trim().split("\n").at(-1)!)
    const resetIn = event.error.data.responseHeaders["x-ratelimit-reset-requests"] as string
    assert.strictEqual(event.error.data.responseHeaders["retry-after"], "0")
    const failure = failureOf(interpretOpencode(captured.result))
    assert.strictEqual(failure.reason, "rate-limit")
    assert.strictEqual(
      failure.resetAt,
      new Date(event.timestamp + Number(resetIn.replace("s", "")) * 1000).toISOString()
    )
  })
})

describe("opencode output (edge cases)", () => {
  it("only the final step's text is the report", () => {
    const stdout = jsonl(step, text(JSON.stringify(completeReport)), finish({}, 0), step, finish({}, 0))
    assert.strictEqual(failureOf(interpretOpencode(processResult({ stdout }))).reason, "no-report")
    const last = jsonl(
      step,
      text("thinking aloud"),
      finish({}, 0),
      step,
      text(JSON.stringify(continueReport)),
      finish({}, 0)
    )
    assert.deepStrictEqual(valueOf(interpretOpencode(processResult({ stdout: last }))).value, continueReport)
  })

  it("a known cost is summed; reasoning counts as output; cache writes as input", () => {
    const stdout = jsonl(
      step,
      finish({ input: 10, output: 5, reasoning: 2, cache: { read: 3, write: 1 } }, 0.25),
      step,
      text(JSON.stringify(completeReport)),
      finish({ input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } }, 0.5)
    )
    assert.deepStrictEqual(valueOf(interpretOpencode(processResult({ stdout }))).usage, {
      inputTokens: 15,
      cachedInputTokens: 3,
      outputTokens: 8,
      costUsd: 0.75
    })
  })

  it("error names: ProviderAuthError is auth, a typed body wins over the status, others crash", () => {
    assert.strictEqual(
      classifyOpencodeError({ name: "ProviderAuthError", data: { providerID: "x", message: "m" } }, 0).reason,
      "auth"
    )
    const quota = {
      name: "APIError",
      data: { statusCode: 429, responseBody: JSON.stringify({ error: { code: "insufficient_quota", type: "x" } }) }
    }
    assert.strictEqual(classifyOpencodeError(quota, 0).reason, "budget")
    assert.strictEqual(classifyOpencodeError({ name: "MessageOutputLengthError", data: {} }, 0).reason, "crashed")
  })

  it("the model's text cannot classify a failure: a text quoting the rejection message is the report", () => {
    const report = { ...completeReport, summary: OPENCODE_REJECTED }
    const stdout = jsonl(step, text(JSON.stringify(report)), finish({}, 0))
    assert.deepStrictEqual(valueOf(interpretOpencode(processResult({ stdout }))).value, report)
  })

  it("no events, or a non-zero exit without an error event: no-report / crashed", () => {
    assert.strictEqual(failureOf(interpretOpencode(processResult({ stdout: "" }))).reason, "no-report")
    const crashed = failureOf(interpretOpencode(processResult({ exitCode: 1, stderrTail: "Error: bad config" })))
    assert.strictEqual(crashed.reason, "crashed")
    assert.include(crashed.detail, "bad config")
  })
})
