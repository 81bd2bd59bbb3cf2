import { Schema } from "effect"
import { thrownMessage } from "../../domain/thrown.ts"
import { unknownUsage, type Usage, UsageFile } from "../../domain/usage.ts"
import { programPath } from "../../process/executable.ts"
import type { Interpretation, ProcessAgent, ProcessResult } from "../process/processAgent.ts"

/** Exit status a child uses to say "try again later" (sysexits.h EX_TEMPFAIL). */
export const EX_TEMPFAIL = 75

const firstLine = (text: string): string => {
  const line = text.trim().split("\n").at(-1) ?? ""
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

/** A multi-line message as one line: its lines trimmed of their indentation, joined by one space. */
const oneLine = (text: string): string =>
  text.split("\n").map((line) => line.trim()).filter((line) => line !== "").join(" ")

/** The start of a text, cut at 200 characters. */
const excerpt = (text: string): string => text.length > 200 ? `${text.slice(0, 200)}…` : text

const decodeUsage = Schema.decodeUnknownResult(Schema.fromJsonString(UsageFile), {
  onExcessProperty: "error",
  errors: "first"
})

/** The usage an exec child wrote to RALPH_USAGE_FILE: nothing written is unknown usage, a broken file an error naming it. */
const usageOf = (result: ProcessResult): { readonly usage: Usage } | { readonly problem: string } => {
  if (result.usageFileText.trim() === "") return { usage: unknownUsage }
  const decoded = decodeUsage(result.usageFileText)
  if (decoded._tag === "Success") return { usage: decoded.success }
  return {
    // The file goes with the child's scratch folder: what it held is kept here, in the run's record.
    problem: `RALPH_USAGE_FILE is malformed: ${oneLine(decoded.failure.message).slice(0, 300)}; it held ${
      JSON.stringify(excerpt(result.usageFileText))
    }; write one JSON object with any of inputTokens, cachedInputTokens, outputTokens (whole numbers) and costUsd`
  }
}

/** The most a child may say its limit lasts: past this a signal is taken for a mistake, not a wait. */
const maxRetryAfterSeconds = 30 * 24 * 3600

/** What exit 75 may print on stdout to say when to try again: one of the two keys, nothing else. */
const RetrySignal = Schema.Union([
  Schema.Struct({
    retryAfterSeconds: Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: maxRetryAfterSeconds }))
  }),
  Schema.Struct({ retryAt: Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-]\d{2}:\d{2})$/)) })
])
const decodeRetrySignal = Schema.decodeUnknownResult(Schema.fromJsonString(RetrySignal), {
  onExcessProperty: "error",
  errors: "first"
})

/**
 * Exit 75 (EX_TEMPFAIL): a temporary failure, or — with stdout `{"retryAfterSeconds": N}` or
 * `{"retryAt": "ISO-8601"}` — a rate limit that resets then (`now`: when the child ended). stdout is
 * the child's, so untrusted: anything but exactly such a signal, a time in range included, is a plain
 * temporary failure, the detail saying why a signal was not taken.
 */
const tempfail = (stdout: string, now: number): Interpretation => {
  const plain = `the agent exited with ${EX_TEMPFAIL} (EX_TEMPFAIL): a temporary failure`
  if (stdout.trim() === "") return { _tag: "Failure", reason: "tempfail", detail: plain }
  const decoded = decodeRetrySignal(stdout)
  const resetAt = decoded._tag === "Failure"
    ? undefined
    : "retryAfterSeconds" in decoded.success
    ? now + decoded.success.retryAfterSeconds * 1000
    : Date.parse(decoded.success.retryAt)
  if (resetAt === undefined || !Number.isFinite(resetAt) || resetAt > now + maxRetryAfterSeconds * 1000) {
    return {
      _tag: "Failure",
      reason: "tempfail",
      detail: `${plain}; its stdout is no retry signal ({"retryAfterSeconds": N} with N from 0 to ` +
        `${maxRetryAfterSeconds}, or {"retryAt": "ISO-8601"} within that): ${JSON.stringify(excerpt(stdout.trim()))}`
    }
  }
  const at = new Date(Math.max(resetAt, now)).toISOString()
  return {
    _tag: "Failure",
    reason: "rate-limit",
    detail: `the agent exited with ${EX_TEMPFAIL} (EX_TEMPFAIL): rate-limited until ${at}`,
    resetAt: at
  }
}

/** Reads the report of an exec child: the report file when it holds more than whitespace, else stdout. */
export const interpretExec = (result: ProcessResult, now: number = Date.now()): Interpretation => {
  const read = readExec(result, now)
  if (read._tag === "Value") return read
  // A failed child may still have said what it spent: it counts toward the run's caps.
  const usage = usageOf(result)
  return "usage" in usage && Object.keys(usage.usage).length > 0 ? { ...read, usage: usage.usage } : read
}

const readExec = (result: ProcessResult, now: number): Interpretation => {
  if (result.signal !== null) {
    return { _tag: "Failure", reason: "crashed", detail: `the agent was killed by ${result.signal}` } as const
  }
  if (result.exitCode === EX_TEMPFAIL) return tempfail(result.stdout, now)
  if (result.exitCode !== 0) {
    const said = firstLine(result.stderrTail)
    return {
      _tag: "Failure",
      reason: "crashed",
      detail: `the agent exited with status ${result.exitCode}${said === "" ? "" : `: ${said}`}`
    } as const
  }
  const fromFile = result.reportFileText.trim() !== ""
  const text = fromFile ? result.reportFileText : result.stdout
  const source = fromFile ? "RALPH_REPORT_FILE" : "stdout"
  if (text.trim() === "") {
    return {
      _tag: "Failure",
      reason: "no-report",
      detail: "the agent exited 0 but wrote no report (RALPH_REPORT_FILE was empty and stdout held nothing)"
    } as const
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return {
      _tag: "Failure",
      reason: "no-report",
      detail: `${source} does not hold one JSON value (${thrownMessage(error)})`
    } as const
  }
  const usage = usageOf(result)
  if ("problem" in usage) return { _tag: "Failure", reason: "malformed-usage", detail: usage.problem } as const
  return { _tag: "Value", value, usage: usage.usage } as const
}

export interface ExecOptions {
  /** Added to the inherited environment; ralph's own RALPH_* variables win over these. */
  readonly env?: Readonly<Record<string, string>>
  /** Told to the user when the program is missing. */
  readonly installHint?: string
}

/**
 * Any program speaking the exec protocol: prompt on stdin, report in RALPH_REPORT_FILE or on stdout.
 * A relative program path (one with a slash) is taken from the process's working directory, for
 * the check before round 1 and for every spawn alike, not from the workspace the child runs in.
 */
export const execAgent = (argv: readonly [string, ...Array<string>], options: ExecOptions = {}): ProcessAgent => ({
  name: "exec",
  binary: programPath(argv[0]),
  installHint: options.installHint ?? "Check the agent's command.",
  // It may report its cost in RALPH_USAGE_FILE; a round that does not is unknown, and a cost cap then stops the run.
  reportsCost: true,
  invocation: (request, files) => ({
    command: programPath(argv[0]),
    args: argv.slice(1),
    env: {
      ...options.env,
      RALPH_RUN_ID: request.runId,
      RALPH_ROUND: String(request.round),
      RALPH_MAX_ROUNDS: String(request.maxRounds),
      RALPH_ATTEMPT: String(request.attempt),
      RALPH_REPORT_FILE: files.reportFile,
      RALPH_REPORT_SCHEMA: files.schemaFile,
      RALPH_USAGE_FILE: files.usageFile,
      // A reviewer's child (issue 20) is told so: one program may serve as worker and reviewer.
      ...(request.role === "reviewer" ? { RALPH_ROLE: "reviewer" } : {})
    },
    stdin: request.prompt
  }),
  interpret: (result) => interpretExec(result)
})
