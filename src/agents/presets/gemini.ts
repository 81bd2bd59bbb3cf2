/**
 * Gemini CLI (`gemini`, npm @google/gemini-cli), driven headless.
 *
 *   gemini --output-format json --skip-trust
 *          [--allowed-tools run_shell_command --approval-mode auto_edit] [-m M] [extra args…]
 *   stdin: the round prompt, then closed (a piped stdin makes gemini headless; it reads it as the prompt)
 *
 * Gemini CLI has no schema flag: the report is the JSON text of `response` in the one JSON object
 * it prints on stdout (`{session_id, response, stats}`). Errors go to stderr as
 * `{session_id, error: {type, message, code}}` (pretty-printed; sometimes twice, once prefixed
 * `[ERROR] `), and the exit code is that `code` truncated to 8 bits — 401 exits 145, 529 exits
 * 17 — so the JSON, not the exit code, says what happened.
 */
import type { Interpretation, ProcessAgent, ProcessResult } from "../process/processAgent.ts"
import type { AgentOptions } from "./agentOptions.ts"
import { flagIf, permissionsOf } from "./agentOptions.ts"
import {
  bounded,
  classifyHttp,
  errorBodyTypes,
  failure,
  num,
  parseDurationMs,
  parseReportText,
  processFailure,
  record,
  str,
  sum,
  textReportInstruction,
  tryJson,
  usageOf,
  value
} from "./agentOutput.ts"
import type { Failure } from "./agentOutput.ts"

export const geminiInstallHint = "Install the Gemini CLI with `npm install -g @google/gemini-cli`."

/**
 * - workspace: `--approval-mode auto_edit` approves its file tools, which only accept paths inside
 *   the workspace; `--allowed-tools run_shell_command` adds shell commands (without it, headless
 *   gemini does not even offer the shell tool). Narrower than `yolo`: web fetches, MCP tools and
 *   everything else that asks for approval stay off. (The flag is marked deprecated in favour of
 *   policy files, but a `--policy` file would replace the user's own policy folder.)
 * - full: `--approval-mode yolo`.
 * `--skip-trust` is always passed: headless gemini refuses an untrusted folder (exit 55).
 */
export const geminiPermissionArgs = (options: AgentOptions): ReadonlyArray<string> => {
  switch (permissionsOf(options)) {
    case "workspace":
      return ["--allowed-tools", "run_shell_command", "--approval-mode", "auto_edit"]
    case "none":
      return []
    case "full":
      return ["--approval-mode", "yolo"]
  }
}

export const geminiArgs = (options: AgentOptions): ReadonlyArray<string> => [
  // Array options (--allowed-tools) come first, so the flags after them end their list.
  ...geminiPermissionArgs(options),
  "--output-format",
  "json",
  "--skip-trust",
  ...flagIf("--model", options.model),
  ...(options.args ?? [])
]

/**
 * The `{session_id?, error: {…}}` objects gemini printed, last one last. They are pretty-printed
 * from a line that is `{` (or `[ERROR] {`) to a line that is `}`.
 */
export const geminiErrorObjects = (text: string): Array<Record<string, unknown>> => {
  const lines = text.split("\n")
  const found: Array<Record<string, unknown>> = []
  for (let i = 0; i < lines.length; i++) {
    if (!/^(\[ERROR\] )?\{\s*$/.test(lines[i]!)) continue
    const end = lines.findIndex((line, j) => j > i && /^\}\s*$/.test(line))
    if (end === -1) break
    const parsed = record(tryJson(["{", ...lines.slice(i + 1, end + 1)].join("\n")))
    if (record(parsed?.error) !== undefined) found.push(parsed!)
    i = end
  }
  return found
}

/** Gemini CLI's exit codes for its own fatal errors. */
const fatalExitReasons: Readonly<Record<number, readonly [Failure["reason"], string]>> = {
  41: ["auth", "gemini could not authenticate"],
  42: ["crashed", "gemini rejected its input"],
  52: ["crashed", "gemini found its configuration invalid"],
  53: ["turn-limit", "gemini reached its session turn limit (model.maxSessionTurns)"],
  54: ["crashed", "a gemini tool failed fatally"],
  55: ["permission-denied", "gemini refused to work in an untrusted folder"],
  130: ["crashed", "gemini was cancelled"]
}

const fatalTypeReasons: Readonly<Record<string, Failure["reason"]>> = {
  FatalAuthenticationError: "auth",
  FatalTurnLimitedError: "turn-limit",
  FatalUntrustedWorkspaceError: "permission-denied"
}

/**
 * The reason behind gemini's error object. `code` is an HTTP status for API errors (with the
 * API's error body, or gemini's wording of it, in `message`) or one of gemini's exit codes.
 * `now` dates a "Suggested retry after Ns." that gemini appends for quota errors.
 */
export const classifyGeminiError = (error: Record<string, unknown>, now: number): Failure => {
  const type = str(error.type) ?? "Error"
  const code = num(error.code)
  const message = str(error.message) ?? ""
  const fatal = fatalTypeReasons[type]
  if (fatal !== undefined) return failure(fatal, `gemini: ${bounded(message)}`)
  if (code !== undefined && code >= 400 && code <= 599) {
    const reason = classifyHttp(code, errorBodyTypes(message))
    const delay = /\nSuggested retry after ([0-9.]+(?:ms|s|m|h))\.$/.exec(message)
    const ms = delay === null ? undefined : parseDurationMs(delay[1]!)
    const resetAt = reason === "rate-limit" && ms !== undefined && ms > 0 ? new Date(now + ms).toISOString() : undefined
    const api = record(record(tryJson(message))?.error)
    const said = str(api?.message) ?? message
    return failure(reason, `the model API answered ${code}: ${bounded(said)}`, resetAt)
  }
  if (code !== undefined && fatalExitReasons[code] !== undefined) {
    const [reason, what] = fatalExitReasons[code]
    return failure(reason, `${what}: ${bounded(message)}`)
  }
  return failure("crashed", `gemini failed (${type}${code === undefined ? "" : ` ${code}`}): ${bounded(message)}`)
}

export const geminiUsage = (output: Record<string, unknown>) => {
  const models = Object.values(record(record(output.stats)?.models) ?? {}).map((m) => record(record(m)?.tokens))
  const prompt = sum(models.map((t) => num(t?.prompt)))
  const candidates = sum(models.map((t) => num(t?.candidates)))
  const thoughts = sum(models.map((t) => num(t?.thoughts)))
  return usageOf({
    inputTokens: prompt,
    cachedInputTokens: sum(models.map((t) => num(t?.cached))),
    outputTokens: candidates === undefined ? undefined : candidates + (thoughts ?? 0)
  })
}

/** Reads `gemini --output-format json`; `now` (ms) dates rate-limit resets. */
export const interpretGemini = (child: ProcessResult, now: number = Date.now()): Interpretation => {
  const output = record(tryJson(child.stdout.trim()))
  const stdoutError = record(output?.error)
  const error = stdoutError ?? geminiErrorObjects(child.stderrTail).map((o) => record(o.error)!).at(-1)
  if (error !== undefined) return classifyGeminiError(error, now)
  if (child.signal !== null || child.exitCode !== 0) {
    const fatal = child.exitCode === null ? undefined : fatalExitReasons[child.exitCode]
    if (child.signal === null && fatal !== undefined) return failure(fatal[0], fatal[1])
    return processFailure("gemini", child, "")
  }
  if (output === undefined) return processFailure("gemini", child, "printed no JSON result")
  const response = str(output.response)
  if (response === undefined) return failure("no-report", "gemini's JSON result has no response")
  const parsed = parseReportText(response)
  if (!parsed.ok) return failure("no-report", `gemini answered, but ${parsed.problem}`)
  return value(parsed.value, geminiUsage(output))
}

export const geminiAgent = (options: AgentOptions = {}): ProcessAgent => ({
  name: "gemini",
  binary: options.binary ?? "gemini",
  installHint: geminiInstallHint,
  invocation: (request) => ({
    command: options.binary ?? "gemini",
    args: geminiArgs(options),
    env: { ...options.env },
    stdin: request.prompt + textReportInstruction
  }),
  interpret: (result) => interpretGemini(result)
})
