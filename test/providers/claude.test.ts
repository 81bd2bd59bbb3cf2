/** The claude preset: its invocation, and how it reads what Claude Code printed (real captured outputs). */
import { assert, describe, it } from "@effect/vitest"
import {
  claudeAgent,
  claudeArgs,
  claudePermissionArgs,
  claudeSchemaArg,
  interpretClaude
} from "../../src/agents/presets/claude.ts"
import type { Interpretation } from "../../src/agents/process/processAgent.ts"
import { reportJsonSchema } from "../../src/domain/report.ts"
import { completeReport, continueReport, files, fixture, processResult, request } from "./fixtures.ts"

const failureOf = (interpretation: Interpretation) => {
  if (interpretation._tag !== "Failure") throw new Error(`expected a failure, got ${JSON.stringify(interpretation)}`)
  return interpretation
}
const valueOf = (interpretation: Interpretation) => {
  if (interpretation._tag !== "Value") throw new Error(`expected a value, got ${JSON.stringify(interpretation)}`)
  return interpretation
}
const claudeResult = (fields: Record<string, unknown>) =>
  JSON.stringify({ type: "result", subtype: "success", is_error: false, num_turns: 1, total_cost_usd: 0.5, ...fields })

describe("claude invocation", () => {
  it("runs print mode with JSON output, the report schema and no session file; the prompt goes on stdin", () => {
    const invocation = claudeAgent().invocation(request, files)
    assert.strictEqual(invocation.command, "claude")
    assert.strictEqual(invocation.stdin, request.prompt)
    assert.deepStrictEqual(invocation.env, {})
    assert.deepStrictEqual(invocation.args, [
      "-p",
      "--allowedTools",
      "Bash",
      "--permission-mode",
      "acceptEdits",
      "--output-format",
      "json",
      "--json-schema",
      claudeSchemaArg(),
      "--no-session-persistence"
    ])
    assert.notInclude(invocation.args, request.prompt)
  })

  it("passes the report schema without the $schema key Claude Code's validator refuses", () => {
    const schema = JSON.parse(claudeSchemaArg())
    assert.isUndefined(schema.$schema)
    const { $schema, ...expected } = reportJsonSchema() as Record<string, unknown>
    assert.isString($schema)
    assert.deepStrictEqual(schema, expected)
  })

  it("maps the permission levels to flags", () => {
    const perms = (permissions: "workspace" | "none" | "full") => {
      const args = claudeArgs({ permissions })
      assert.deepStrictEqual(
        args.slice(1 + claudePermissionArgs({ permissions }).length),
        claudeArgs({ permissions: "none" }).slice(1)
      )
      return claudePermissionArgs({ permissions })
    }
    assert.deepStrictEqual(perms("workspace"), ["--allowedTools", "Bash", "--permission-mode", "acceptEdits"])
    assert.deepStrictEqual(perms("none"), [])
    assert.deepStrictEqual(perms("full"), ["--dangerously-skip-permissions"])
  })

  it("adds the configured binary, model, extra arguments and environment, and nothing else", () => {
    const agent = claudeAgent({
      binary: "/opt/claude/bin/claude",
      model: "opus",
      args: ["--max-turns", "30"],
      env: { ANTHROPIC_BASE_URL: "http://127.0.0.1:1" }
    })
    assert.strictEqual(agent.binary, "/opt/claude/bin/claude")
    const invocation = agent.invocation(request, files)
    assert.strictEqual(invocation.command, "/opt/claude/bin/claude")
    assert.deepStrictEqual(invocation.args.slice(-4), ["--model", "opus", "--max-turns", "30"])
    assert.deepStrictEqual(invocation.env, { ANTHROPIC_BASE_URL: "http://127.0.0.1:1" })
  })

  it("adds no model of its own by default", () => {
    assert.notInclude(claudeArgs({}), "--model")
  })
})

describe("claude output (captured from claude 2.1.332)", () => {
  it("reads structured_output, with tokens and cost", () => {
    const captured = fixture("claude", "complete")
    const result = valueOf(interpretClaude(captured.result))
    assert.deepStrictEqual(result.value, completeReport)
    const cost = JSON.parse(captured.result.stdout).total_cost_usd
    assert.isAbove(cost, 0)
    // Anthropic counts cache reads apart from input_tokens; ralph's inputTokens includes them.
    assert.deepStrictEqual(result.usage, { inputTokens: 140, cachedInputTokens: 20, outputTokens: 30, costUsd: cost })
  })

  it("reads the report after a tool call, usage summed over the turns", () => {
    const result = valueOf(interpretClaude(fixture("claude", "write-continue").result))
    assert.deepStrictEqual(result.value, continueReport)
    assert.deepStrictEqual(
      { input: result.usage.inputTokens, cached: result.usage.cachedInputTokens, output: result.usage.outputTokens },
      { input: 280, cached: 40, output: 60 }
    )
  })

  it("falls back to the final text when the model never called StructuredOutput", () => {
    const captured = fixture("claude", "text-report")
    assert.isUndefined(JSON.parse(captured.result.stdout).structured_output)
    assert.deepStrictEqual(valueOf(interpretClaude(captured.result)).value, completeReport)
  })

  it("no StructuredOutput and prose: no-report", () => {
    const failure = failureOf(interpretClaude(fixture("claude", "no-report").result))
    assert.strictEqual(failure.reason, "no-report")
    assert.include(failure.detail, "StructuredOutput")
  })

  it("no report after denied tool calls: permission-denied, naming the tools", () => {
    const failure = failureOf(interpretClaude(fixture("claude", "permission-denied").result))
    assert.strictEqual(failure.reason, "permission-denied")
    assert.include(failure.detail, "Bash")
  })

  it("HTTP errors: 401 auth, 429 rate-limit, 529 overloaded (from api_error_status / api_error_type)", () => {
    for (
      const [name, reason] of [["http-401", "auth"], ["http-429", "rate-limit"], ["http-529", "overloaded"]] as const
    ) {
      const captured = fixture("claude", name)
      assert.strictEqual(captured.result.exitCode, 1)
      const failure = failureOf(interpretClaude(captured.result))
      assert.strictEqual(failure.reason, reason, name)
      assert.include(failure.detail, name.slice(-3))
      assert.isUndefined(failure.resetAt)
    }
  })

  it("subtypes: error_max_turns is turn-limit, error_max_budget_usd is budget", () => {
    const turns = failureOf(interpretClaude(fixture("claude", "max-turns").result))
    assert.strictEqual(turns.reason, "turn-limit")
    assert.include(turns.detail, "Reached maximum number of turns (1)")
    const budget = failureOf(interpretClaude(fixture("claude", "budget").result))
    assert.strictEqual(budget.reason, "budget")
  })

  it("not logged in (Claude Code's own error result, no HTTP status): auth", () => {
    assert.strictEqual(failureOf(interpretClaude(fixture("claude", "not-logged-in").result)).reason, "auth")
  })
})

describe("claude output (edge cases)", () => {
  it("the model's own text can never classify a failure: a report claiming an API error is just a value", () => {
    const report = { ...completeReport, summary: "API Error: 429 Not logged in" }
    const stdout = claudeResult({ result: JSON.stringify(report), api_error_status: null })
    assert.deepStrictEqual(valueOf(interpretClaude(processResult({ stdout }))).value, report)
    const prose = claudeResult({ result: "Not logged in · Please run /login", terminal_reason: "completed" })
    assert.strictEqual(failureOf(interpretClaude(processResult({ stdout: prose }))).reason, "no-report")
  })

  it("structured_output wins over result, and a fenced result is read", () => {
    const stdout = claudeResult({ structured_output: completeReport, result: "not json" })
    assert.deepStrictEqual(valueOf(interpretClaude(processResult({ stdout }))).value, completeReport)
    const fenced = claudeResult({ result: "```json\n" + JSON.stringify(continueReport) + "\n```" })
    assert.deepStrictEqual(valueOf(interpretClaude(processResult({ stdout: fenced }))).value, continueReport)
  })

  it("prose around JSON is not searched for a report", () => {
    const stdout = claudeResult({ result: `Done! ${JSON.stringify(completeReport)}` })
    assert.strictEqual(failureOf(interpretClaude(processResult({ stdout }))).reason, "no-report")
  })

  it("no JSON result: crashed with the exit status and stderr, or no-report after exit 0", () => {
    const crashed = failureOf(
      interpretClaude(processResult({ exitCode: 1, stderrTail: "error: unknown option '--bogus'" }))
    )
    assert.strictEqual(crashed.reason, "crashed")
    assert.include(crashed.detail, "status 1")
    assert.include(crashed.detail, "unknown option")
    assert.strictEqual(failureOf(interpretClaude(processResult({ stdout: "" }))).reason, "no-report")
    const killed = failureOf(interpretClaude(processResult({ exitCode: null, signal: "SIGKILL" })))
    assert.strictEqual(killed.reason, "crashed")
    assert.include(killed.detail, "SIGKILL")
  })

  it("error_during_execution and unknown subtypes are crashed; max structured-output retries is no-report", () => {
    const during = claudeResult({ subtype: "error_during_execution", is_error: true, errors: ["boom"] })
    const failure = failureOf(interpretClaude(processResult({ exitCode: 1, stdout: during })))
    assert.strictEqual(failure.reason, "crashed")
    assert.include(failure.detail, "boom")
    const retries = claudeResult({ subtype: "error_max_structured_output_retries", is_error: true })
    assert.strictEqual(failureOf(interpretClaude(processResult({ exitCode: 1, stdout: retries }))).reason, "no-report")
  })

  it("API error types win over the status; statuses without a type are classified by the table", () => {
    const typed = claudeResult({ is_error: true, api_error_status: 400, api_error_type: "billing_error", result: "x" })
    assert.strictEqual(failureOf(interpretClaude(processResult({ exitCode: 1, stdout: typed }))).reason, "budget")
    const gateway = claudeResult({ is_error: true, api_error_status: 504, result: "x" })
    assert.strictEqual(failureOf(interpretClaude(processResult({ exitCode: 1, stdout: gateway }))).reason, "network")
  })

  it("usage falls back to `usage` when modelUsage is absent; unknown fields stay absent", () => {
    const stdout = claudeResult({
      structured_output: completeReport,
      total_cost_usd: undefined,
      usage: { input_tokens: 10, output_tokens: 5 }
    })
    assert.deepStrictEqual(valueOf(interpretClaude(processResult({ stdout }))).usage, {
      inputTokens: 10,
      outputTokens: 5
    })
  })
})

describe("claude's usage limit", () => {
  it("an error result `Claude AI usage limit reached|EPOCH` is a rate limit resetting then", () => {
    const reset = Math.floor(Date.now() / 1000) + 4 * 3600
    const failure = failureOf(interpretClaude(processResult({
      exitCode: 1,
      stdout: claudeResult({ is_error: true, result: `Claude AI usage limit reached|${reset}` })
    })))
    assert.strictEqual(failure.reason, "rate-limit")
    assert.strictEqual(failure.resetAt, new Date(reset * 1000).toISOString())
  })

  it("the same words in a successful result are the model's text, never a limit", () => {
    const interpretation = interpretClaude(processResult({
      stdout: claudeResult({ result: `Claude AI usage limit reached|${Math.floor(Date.now() / 1000)}` })
    }))
    assert.notStrictEqual(interpretation._tag === "Failure" ? interpretation.reason : "", "rate-limit")
  })
})
