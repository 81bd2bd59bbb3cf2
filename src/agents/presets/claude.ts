/**
 * Claude Code (`claude`, npm @anthropic-ai/claude-code), driven through its print mode.
 *
 *   claude -p --output-format json --json-schema '<report schema>' --no-session-persistence
 *          [--allowedTools Bash --permission-mode acceptEdits] [--model M] [extra args…]
 *   stdin: the round prompt, then closed
 *
 * `--json-schema` adds a StructuredOutput tool that the CLI validates against the schema; the
 * value arrives in `structured_output` of the one JSON result object on stdout. When the model
 * ends without calling it, `result` (the final text) is read as the report instead.
 *
 * The prompt goes on stdin rather than after `-p`: no argv size limit, no prompt text taken for
 * an option, and Claude Code reads a piped prompt to its end without the 3-second wait it makes
 * on an open, silent stdin.
 */
import type { FailureReason } from "../../domain/errors.ts"
import { reportJsonSchema } from "../../domain/report.ts"
import type { Interpretation, ProcessAgent, ProcessResult } from "../process/processAgent.ts"
import type { AgentOptions } from "./agentOptions.ts"
import { flagIf, permissionsOf } from "./agentOptions.ts"
import {
  bounded,
  classifyHttp,
  failure as failed,
  num,
  parseReportText,
  processFailure,
  record,
  str,
  sum,
  tryJson,
  usageOf,
  value
} from "./agentOutput.ts"

export const claudeInstallHint = "Install Claude Code with `npm install -g @anthropic-ai/claude-code`."

/**
 * The report schema as Claude Code accepts it: its validator knows no draft 2020-12 meta-schema,
 * and refuses the whole flag when `$schema` names one.
 */
export const claudeSchemaArg = (of: object = reportJsonSchema()): string => {
  const schema = Object.fromEntries(Object.entries(of).filter(([key]) => key !== "$schema"))
  return JSON.stringify(schema)
}

/**
 * - workspace: `--permission-mode acceptEdits` lets it create and edit files inside the working
 *   directory (edits outside it still need an approval nobody can give in print mode, so they
 *   are denied); `--allowedTools Bash` lets it run commands. Root cannot use
 *   `--dangerously-skip-permissions`, and this is less than that anyway: web fetches, MCP tools
 *   and edits outside the workspace stay denied. The user's own allow/deny rules still apply.
 * - full: `--dangerously-skip-permissions` (Claude Code refuses it as root unless IS_SANDBOX=1).
 */
export const claudePermissionArgs = (options: AgentOptions): ReadonlyArray<string> => {
  switch (permissionsOf(options)) {
    case "workspace":
      return ["--allowedTools", "Bash", "--permission-mode", "acceptEdits"]
    case "none":
      return []
    case "full":
      return ["--dangerously-skip-permissions"]
  }
}

export const claudeArgs = (options: AgentOptions, valueSchema?: object): ReadonlyArray<string> => [
  "-p",
  // Variadic options (--allowedTools) come first, so the flags after them end their list.
  ...claudePermissionArgs(options),
  "--output-format",
  "json",
  "--json-schema",
  claudeSchemaArg(valueSchema),
  "--no-session-persistence",
  ...flagIf("--model", options.model),
  ...(options.args ?? [])
]

/**
 * What is left of the run's cost cap, as Claude Code's own cap for this child, so one round cannot
 * overrun it by much. Rounded down to a hundredth of a cent (never to zero).
 */
const claudeBudgetArgs = (remainingUsd: number | undefined): ReadonlyArray<string> =>
  remainingUsd === undefined
    ? []
    : ["--max-budget-usd", String(Math.max(0.0001, Math.floor(remainingUsd * 10_000) / 10_000))]

/** Tokens and cost of one `claude -p` result. `modelUsage` is preferred: `usage` reads 0 after some errors. */
export const claudeUsage = (result: Record<string, unknown>) => {
  const models = Object.values(record(result.modelUsage) ?? {}).map(record).filter((m) => m !== undefined)
  const cost = num(result.total_cost_usd)
  if (models.length > 0) {
    const input = sum(models.map((m) => num(m.inputTokens)))
    const cacheRead = sum(models.map((m) => num(m.cacheReadInputTokens)))
    const cacheWrite = sum(models.map((m) => num(m.cacheCreationInputTokens)))
    return usageOf({
      inputTokens: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0),
      cachedInputTokens: cacheRead,
      outputTokens: sum(models.map((m) => num(m.outputTokens))),
      costUsd: cost
    })
  }
  const usage = record(result.usage)
  const input = num(usage?.input_tokens)
  const cacheRead = num(usage?.cache_read_input_tokens)
  const cacheWrite = num(usage?.cache_creation_input_tokens)
  return usageOf({
    inputTokens: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0),
    cachedInputTokens: cacheRead,
    outputTokens: num(usage?.output_tokens),
    costUsd: cost
  })
}

const errorsOf = (result: Record<string, unknown>): string => {
  const errors = Array.isArray(result.errors) ? result.errors.filter((e) => typeof e === "string") : []
  return errors.length === 0 ? "" : `: ${bounded(errors.join("; "))}`
}

/**
 * When a subscription's usage limit resets, from the error result Claude Code gives once it is
 * reached: its own machine-readable form `Claude AI usage limit reached|EPOCH_SECONDS` (an
 * error result holds the CLI's message, never the model's text), as ISO 8601.
 */
export const usageLimitReset = (result: string | undefined): string | undefined => {
  const match = result === undefined ? null : /^Claude AI usage limit reached\|(\d{9,11})$/.exec(result.trim())
  return match === null ? undefined : new Date(Number(match[1]) * 1000).toISOString()
}

/** Reads the one JSON result object `claude -p --output-format json` prints. */
export const interpretClaude = (child: ProcessResult): Interpretation => {
  const result = record(tryJson(child.stdout.trim()))
  if (result === undefined || result.type !== "result") {
    return processFailure("claude", child, "printed no JSON result")
  }
  // What the child spent counts whether it yields a report or not.
  const usage = claudeUsage(result)
  const failure = (reason: FailureReason, detail: string, resetAt?: string): Interpretation => ({
    ...failed(reason, detail, resetAt),
    usage
  })
  const subtype = str(result.subtype)
  switch (subtype) {
    case "error_max_turns":
      return failure("turn-limit", `claude stopped at its turn limit${errorsOf(result)}`)
    case "error_max_budget_usd":
      return failure("budget", `claude stopped at its budget (--max-budget-usd)${errorsOf(result)}`)
    case "error_max_structured_output_retries":
      return failure("no-report", `claude gave up on producing a valid structured report${errorsOf(result)}`)
    case "success":
      break
    default:
      return failure("crashed", `claude ended with result subtype ${JSON.stringify(subtype)}${errorsOf(result)}`)
  }
  if (result.is_error === true) {
    // Claude Code's own error result; `result` then holds its message, not the model's text.
    const status = num(result.api_error_status)
    const message = bounded(str(result.result) ?? "")
    const usageLimit = usageLimitReset(str(result.result))
    if (usageLimit !== undefined) {
      return failure("rate-limit", `claude's usage limit is reached until ${usageLimit}`, usageLimit)
    }
    if (status !== undefined) {
      return failure(classifyHttp(status, [str(result.api_error_type)]), `the model API answered ${status}: ${message}`)
    }
    if (result.terminal_reason === "api_error" && /^Not logged in\b/.test(message)) {
      return failure("auth", `claude is not logged in: ${message}`)
    }
    return failure("crashed", `claude reported an error: ${message}`)
  }
  if (result.structured_output !== undefined && result.structured_output !== null) {
    return value(result.structured_output, usage)
  }
  const denials = Array.isArray(result.permission_denials) ? result.permission_denials : []
  const text = str(result.result) ?? ""
  const parsed = parseReportText(text)
  if (parsed.ok) return value(parsed.value, usage)
  if (denials.length > 0) {
    const tools = [...new Set(denials.map((d) => str(record(d)?.tool_name) ?? "?"))].join(", ")
    return failure(
      "permission-denied",
      `claude returned no report after ${denials.length} denied tool call(s) (${tools}); see the permissions option`
    )
  }
  return failure("no-report", `claude did not call StructuredOutput, and ${parsed.problem}`)
}

export const claudeAgent = (options: AgentOptions = {}): ProcessAgent => ({
  name: "claude",
  binary: options.binary ?? "claude",
  installHint: claudeInstallHint,
  reportsCost: true,
  invocation: (request) => ({
    command: options.binary ?? "claude",
    args: [...claudeArgs(options, request.valueSchema), ...claudeBudgetArgs(request.maxBudgetUsd)],
    env: { ...options.env },
    stdin: request.prompt
  }),
  interpret: interpretClaude
})
