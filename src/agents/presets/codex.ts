/**
 * Codex CLI (`codex`, npm @openai/codex), driven through `codex exec`.
 *
 *   codex exec --json --skip-git-repo-check --ephemeral [--sandbox workspace-write]
 *              --output-schema <schema file> -o <report file> [-m M] [extra args…] -
 *   stdin: the round prompt, then closed (`-` makes codex read the prompt from stdin)
 *
 * `--output-schema` is sent to the model as a strict JSON schema, but codex does not check the
 * answer; the final agent message lands in the `-o` file (ralph's per-round report file), which is
 * read as the report and then validated by the contract like any other.
 *
 * stdout is JSONL: `thread.started`, `turn.started`, `item.*`, `turn.completed {usage}`,
 * `turn.failed {error}` and `error` events.
 */
import type { Interpretation, ProcessAgent, ProcessResult } from "../process/processAgent.ts"
import type { AgentOptions } from "./agentOptions.ts"
import { flagIf, permissionsOf } from "./agentOptions.ts"
import {
  classifyHttp,
  failure,
  jsonLines,
  num,
  parseReportText,
  processFailure,
  record,
  str,
  sum,
  textReportInstruction,
  usageOf,
  value
} from "./agentOutput.ts"
import type { Failure } from "./agentOutput.ts"

export const codexInstallHint = "Install the Codex CLI with `npm install -g @openai/codex`."

/**
 * - workspace: `--sandbox workspace-write`: commands run in codex's own sandbox, which may write
 *   the workspace (and temp dirs) but not the rest of the disk; its network is off unless the
 *   user's config (`sandbox_workspace_write.network_access`) turns it on. `codex exec` never asks
 *   for approval, so nothing waits. (codex's default sandbox is read-only: edits would fail.)
 * - full: `--dangerously-bypass-approvals-and-sandbox`.
 */
export const codexPermissionArgs = (options: AgentOptions): ReadonlyArray<string> => {
  switch (permissionsOf(options)) {
    case "workspace":
      return ["--sandbox", "workspace-write"]
    case "none":
      return []
    case "full":
      return ["--dangerously-bypass-approvals-and-sandbox"]
  }
}

export const codexArgs = (
  options: AgentOptions,
  files: { readonly schemaFile: string; readonly reportFile: string }
): ReadonlyArray<string> => [
  "exec",
  "--json",
  "--skip-git-repo-check",
  "--ephemeral",
  ...codexPermissionArgs(options),
  "--output-schema",
  files.schemaFile,
  "-o",
  files.reportFile,
  ...flagIf("--model", options.model),
  ...(options.args ?? []),
  "-"
]

/**
 * The reason behind a `turn.failed` / `error` message. These messages are composed by codex
 * itself (the model cannot emit these events); only their fixed prefixes and the HTTP status
 * codex puts in them are read.
 */
export const classifyCodexError = (message: string): Failure => {
  const status = /^(?:exceeded retry limit, last status: |unexpected status )(\d{3})\b/.exec(message)
  if (status !== null) {
    const code = Number(status[1])
    return failure(classifyHttp(code), `the model API answered ${code}: ${message}`)
  }
  const fixed: ReadonlyArray<readonly [string, Failure["reason"]]> = [
    ["Selected model is at capacity", "overloaded"],
    ["We’re currently experiencing high demand", "overloaded"],
    ["We're currently experiencing high demand", "overloaded"],
    ["Quota exceeded. Check your plan and billing details.", "budget"],
    ["You've hit your usage limit", "rate-limit"],
    ["You’ve hit your usage limit", "rate-limit"],
    ["stream disconnected before completion", "network"]
  ]
  for (const [prefix, reason] of fixed) {
    if (message.startsWith(prefix)) return failure(reason, `codex: ${message}`)
  }
  return failure("crashed", `codex: ${message}`)
}

export const codexUsage = (events: ReadonlyArray<Record<string, unknown>>) => {
  const turns = events.filter((e) => e.type === "turn.completed").map((e) => record(e.usage))
  return usageOf({
    inputTokens: sum(turns.map((u) => num(u?.input_tokens))),
    cachedInputTokens: sum(turns.map((u) => num(u?.cached_input_tokens))),
    outputTokens: sum(turns.map((u) => num(u?.output_tokens)))
  })
}

/** Reads `codex exec --json` output and the `-o` file. */
export const interpretCodex = (child: ProcessResult): Interpretation => {
  const events = jsonLines(child.stdout)
  const failed = events.findLast((e) => e.type === "turn.failed")
  if (failed !== undefined) {
    const message = str(record(failed.error)?.message) ?? "the turn failed without a message"
    return classifyCodexError(message)
  }
  if (child.signal !== null || child.exitCode !== 0) {
    const lastError = str(events.findLast((e) => e.type === "error")?.message)
    if (child.signal === null && lastError !== undefined) return classifyCodexError(lastError)
    return processFailure("codex", child, "")
  }
  if (!events.some((e) => e.type === "turn.completed")) {
    return processFailure("codex", child, "finished no turn")
  }
  const parsed = parseReportText(child.reportFileText)
  if (!parsed.ok) return failure("no-report", `codex finished its turn, but ${parsed.problem}`)
  return value(parsed.value, codexUsage(events))
}

export const codexAgent = (options: AgentOptions = {}): ProcessAgent => ({
  name: "codex",
  binary: options.binary ?? "codex",
  installHint: codexInstallHint,
  invocation: (request, files) => ({
    command: options.binary ?? "codex",
    args: codexArgs(options, files),
    env: { ...options.env },
    stdin: request.prompt + textReportInstruction
  }),
  interpret: interpretCodex
})
