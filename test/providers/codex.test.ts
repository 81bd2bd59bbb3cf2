/** The codex preset: its invocation, and how it reads `codex exec --json` (real captured outputs). */
import { assert, describe, it } from "@effect/vitest"
import { classifyCodexError, codexAgent, codexArgs, interpretCodex } from "../../src/agents/presets/codex.ts"
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
const turnCompleted = { type: "turn.completed", usage: { input_tokens: 10, cached_input_tokens: 2, output_tokens: 3 } }

describe("codex invocation", () => {
  it("runs exec with JSONL, the schema file, the report file as -o, and the prompt on stdin (`-`)", () => {
    const invocation = codexAgent().invocation(request, files)
    assert.strictEqual(invocation.command, "codex")
    assert.deepStrictEqual(invocation.args, [
      "exec",
      "--json",
      "--skip-git-repo-check",
      "--ephemeral",
      "--sandbox",
      "workspace-write",
      "--output-schema",
      files.schemaFile,
      "-o",
      files.reportFile,
      "-"
    ])
    assert.isTrue(invocation.stdin!.startsWith(request.prompt))
    assert.include(invocation.stdin!, "JSON")
    assert.deepStrictEqual(invocation.env, {})
  })

  it("maps the permission levels to flags", () => {
    const sandbox = (permissions: "workspace" | "none" | "full") => codexArgs({ permissions }, files).slice(4, -5)
    assert.deepStrictEqual(sandbox("workspace"), ["--sandbox", "workspace-write"])
    assert.deepStrictEqual(sandbox("none"), [])
    assert.deepStrictEqual(sandbox("full"), ["--dangerously-bypass-approvals-and-sandbox"])
  })

  it("puts model and extra arguments before the final `-`; adds no model or provider by default", () => {
    const args = codexArgs({ model: "gpt-5-codex", args: ["-c", "model_reasoning_effort=\"high\""] }, files)
    assert.deepStrictEqual(args.slice(-5), ["--model", "gpt-5-codex", "-c", "model_reasoning_effort=\"high\"", "-"])
    const plain = codexArgs({}, files)
    assert.notInclude(plain, "--model")
    assert.isFalse(plain.some((arg) => arg.includes("model_provider")))
  })
})

describe("codex output (captured from codex 0.171.0)", () => {
  it("reads the -o file as the report, with token usage and unknown cost", () => {
    const result = valueOf(interpretCodex(fixture("codex", "complete").result))
    assert.deepStrictEqual(result.value, completeReport)
    assert.deepStrictEqual(result.usage, { inputTokens: 120, cachedInputTokens: 20, outputTokens: 30 })
  })

  it("reads the report after a shell command that wrote the file", () => {
    const captured = fixture("codex", "write-continue")
    assert.include(captured.result.stdout, "command_execution")
    const result = valueOf(interpretCodex(captured.result))
    assert.deepStrictEqual(result.value, continueReport)
    assert.deepStrictEqual(result.usage, { inputTokens: 240, cachedInputTokens: 40, outputTokens: 60 })
  })

  it("a final message that is exactly one ```json fence is read; prose around JSON is no-report", () => {
    assert.deepStrictEqual(valueOf(interpretCodex(fixture("codex", "fenced-report").result)).value, completeReport)
    const prose = failureOf(interpretCodex(fixture("codex", "prose").result))
    assert.strictEqual(prose.reason, "no-report")
  })

  it("HTTP errors from turn.failed: 401 auth, 429 rate-limit, 529/503/500 overloaded", () => {
    const cases = [
      ["http-401", "auth"],
      ["http-429", "rate-limit"],
      ["http-529", "overloaded"],
      ["http-503", "overloaded"],
      ["http-500", "overloaded"]
    ] as const
    for (const [name, reason] of cases) {
      const captured = fixture("codex", name)
      assert.strictEqual(captured.result.exitCode, 1, name)
      assert.strictEqual(failureOf(interpretCodex(captured.result)).reason, reason, name)
    }
  })
})

describe("codex output (edge cases)", () => {
  it("classifies codex's own error messages by their fixed prefixes and the status they carry", () => {
    const reason = (message: string) => classifyCodexError(message).reason
    assert.strictEqual(reason("exceeded retry limit, last status: 429 Too Many Requests"), "rate-limit")
    assert.strictEqual(reason("unexpected status 401 Unauthorized: bad key, url: http://x/v1/responses"), "auth")
    assert.strictEqual(reason("unexpected status 402 Payment Required: x"), "budget")
    assert.strictEqual(reason("unexpected status 400 Bad Request: x"), "crashed")
    assert.strictEqual(reason("Quota exceeded. Check your plan and billing details."), "budget")
    assert.strictEqual(reason("You've hit your usage limit. Try again later."), "rate-limit")
    assert.strictEqual(reason("stream disconnected before completion: eof"), "network")
    assert.strictEqual(reason("something else went wrong"), "crashed")
    // Only a prefix counts: the same words later in a message are not read.
    assert.strictEqual(reason("tool said: exceeded retry limit, last status: 429"), "crashed")
  })

  it("the model's text cannot classify a failure: an agent message quoting an error is still the report", () => {
    const stdout = jsonl(
      { type: "turn.started" },
      { type: "item.completed", item: { type: "agent_message", text: "unexpected status 401 Unauthorized" } },
      turnCompleted
    )
    const report = { ...completeReport, summary: "exceeded retry limit, last status: 429" }
    const result = valueOf(interpretCodex(processResult({ stdout, reportFileText: JSON.stringify(report) })))
    assert.deepStrictEqual(result.value, report)
  })

  it("a finished turn with an empty -o file is no-report", () => {
    const failure = failureOf(interpretCodex(processResult({ stdout: jsonl(turnCompleted), reportFileText: "" })))
    assert.strictEqual(failure.reason, "no-report")
  })

  it("exit 0 without a finished turn is no-report; a non-zero exit without turn.failed reads the last error event", () => {
    assert.strictEqual(
      failureOf(interpretCodex(processResult({ stdout: jsonl({ type: "turn.started" }) }))).reason,
      "no-report"
    )
    const withError = processResult({
      exitCode: 1,
      stdout: jsonl({ type: "error", message: "exceeded retry limit, last status: 529" })
    })
    assert.strictEqual(failureOf(interpretCodex(withError)).reason, "overloaded")
    const bare = failureOf(
      interpretCodex(processResult({ exitCode: 2, stderrTail: "error: unexpected argument '--bogus'" }))
    )
    assert.strictEqual(bare.reason, "crashed")
    assert.include(bare.detail, "--bogus")
  })

  it("killed by a signal: crashed", () => {
    const failure = failureOf(
      interpretCodex(processResult({ exitCode: null, signal: "SIGTERM", stdout: jsonl({ type: "turn.started" }) }))
    )
    assert.strictEqual(failure.reason, "crashed")
    assert.include(failure.detail, "SIGTERM")
  })

  it("non-JSON lines on stdout are skipped", () => {
    const stdout = "WARNING: something\n" + jsonl(turnCompleted)
    const result = valueOf(interpretCodex(processResult({ stdout, reportFileText: JSON.stringify(continueReport) })))
    assert.deepStrictEqual(result.usage, { inputTokens: 10, cachedInputTokens: 2, outputTokens: 3 })
  })
})
