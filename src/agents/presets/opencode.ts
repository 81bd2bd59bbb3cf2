/**
 * OpenCode (`opencode`, npm opencode-ai), driven through `opencode run`.
 *
 *   opencode run --format json [--auto] [-m provider/model] [extra args…]
 *   stdin: the round prompt, then closed (with no message argument, `run` takes stdin verbatim;
 *   a message argument would be re-quoted by opencode when it holds spaces)
 *
 * stdout is JSONL: `step_start`, `tool_use`, `text`, `step_finish {reason, tokens, cost}` and
 * `error {error: {name, data}}`. There is no final result event: the report is the last `text`
 * of the last step.
 */
import type { Interpretation, ProcessAgent, ProcessResult } from "../process/processAgent.ts"
import type { AgentOptions } from "./agentOptions.ts"
import { flagIf, permissionsOf } from "./agentOptions.ts"
import {
  bounded,
  classifyHttp,
  errorBodyTypes,
  failure,
  jsonLines,
  num,
  parseReportText,
  processFailure,
  record,
  resetAtFromHeaders,
  str,
  sum,
  textReportInstruction,
  usageOf,
  value
} from "./agentOutput.ts"
import type { Failure } from "./agentOutput.ts"

export const opencodeInstallHint = "Install OpenCode with `npm install -g opencode-ai`."

/**
 * - workspace: no flag. OpenCode's own defaults already allow its edit tools and shell commands
 *   in the project directory, and `run` auto-rejects what would need an approval (paths outside
 *   the workspace, by default). The user's `permission` config applies unchanged.
 * - none: no flag either (the user's configuration decides).
 * - full: `--auto` approves every request that is not explicitly denied.
 */
export const opencodePermissionArgs = (options: AgentOptions): ReadonlyArray<string> =>
  permissionsOf(options) === "full" ? ["--auto"] : []

export const opencodeArgs = (options: AgentOptions): ReadonlyArray<string> => [
  "run",
  "--format",
  "json",
  ...opencodePermissionArgs(options),
  ...flagIf("--model", options.model),
  ...(options.args ?? [])
]

/** The error text OpenCode gives a tool call that `run` auto-rejected (its own constant). */
export const OPENCODE_REJECTED = "The user rejected permission to use this specific tool call."

/** The reason behind an OpenCode `error` event's `{name, data}`. */
export const classifyOpencodeError = (error: Record<string, unknown>, at: number): Failure => {
  const name = str(error.name) ?? "UnknownError"
  const data = record(error.data) ?? {}
  const message = bounded(str(data.message) ?? "")
  switch (name) {
    case "APIError": {
      const status = num(data.statusCode)
      const reason = classifyHttp(status, errorBodyTypes(data.responseBody))
      const resetAt = reason === "rate-limit" ? resetAtFromHeaders(record(data.responseHeaders), at) : undefined
      return failure(reason, `the model API answered ${status ?? "with an error"}: ${message}`, resetAt)
    }
    case "ProviderAuthError":
      return failure(
        "auth",
        `opencode could not authenticate with ${str(data.providerID) ?? "the provider"}: ${message}`
      )
    default:
      return failure("crashed", `opencode failed (${name})${message === "" ? "" : `: ${message}`}`)
  }
}

export const opencodeUsage = (events: ReadonlyArray<Record<string, unknown>>) => {
  const steps = events.filter((e) => e.type === "step_finish").map((e) => record(e.part))
  const tokens = steps.map((p) => record(p?.tokens))
  const input = sum(tokens.map((t) => num(t?.input)))
  const cacheRead = sum(tokens.map((t) => num(record(t?.cache)?.read)))
  const cacheWrite = sum(tokens.map((t) => num(record(t?.cache)?.write)))
  const output = sum(tokens.map((t) => num(t?.output)))
  const reasoning = sum(tokens.map((t) => num(t?.reasoning)))
  const cost = sum(steps.map((p) => num(p?.cost)))
  return usageOf({
    inputTokens: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0),
    cachedInputTokens: cacheRead,
    outputTokens: output === undefined ? undefined : output + (reasoning ?? 0),
    // OpenCode prices steps from its model catalogue and writes 0 for a model it has no price for,
    // so a total of 0 cannot be told from "unknown": it is reported as unknown.
    costUsd: cost === undefined || cost === 0 ? undefined : cost
  })
}

/** Reads `opencode run --format json` output. */
export const interpretOpencode = (child: ProcessResult): Interpretation => {
  const events = jsonLines(child.stdout)
  const errorEvent = events.findLast((e) => e.type === "error")
  if (errorEvent !== undefined) {
    return classifyOpencodeError(record(errorEvent.error) ?? {}, num(errorEvent.timestamp) ?? Date.now())
  }
  if (child.signal !== null || child.exitCode !== 0) return processFailure("opencode", child, "")
  const lastStep = events.findLastIndex((e) => e.type === "step_start")
  const finalStep = lastStep === -1 ? [] : events.slice(lastStep)
  const text = finalStep.filter((e) => e.type === "text").map((e) => str(record(e.part)?.text)).at(-1)
  if (text === undefined) {
    const rejected = events.filter((e) => {
      const state = record(record(e.part)?.state)
      return e.type === "tool_use" && state?.status === "error" && state.error === OPENCODE_REJECTED
    })
    if (rejected.length > 0) {
      const tools = [...new Set(rejected.map((e) => str(record(e.part)?.tool) ?? "?"))].join(", ")
      return failure(
        "permission-denied",
        `opencode ended without a report after ${rejected.length} rejected tool call(s) (${tools}); see the permissions option`
      )
    }
    return processFailure("opencode", child, events.length === 0 ? "printed no events" : "ended without a final text")
  }
  const parsed = parseReportText(text)
  if (!parsed.ok) return failure("no-report", `opencode answered, but ${parsed.problem}`)
  return value(parsed.value, opencodeUsage(events))
}

export const opencodeAgent = (options: AgentOptions = {}): ProcessAgent => ({
  name: "opencode",
  reportsCost: true,
  binary: options.binary ?? "opencode",
  installHint: opencodeInstallHint,
  invocation: (request) => ({
    command: options.binary ?? "opencode",
    args: opencodeArgs(options),
    env: { ...options.env },
    stdin: request.prompt + textReportInstruction
  }),
  interpret: interpretOpencode
})
