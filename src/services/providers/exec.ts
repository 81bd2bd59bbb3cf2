import { unknownUsage } from "../../domain/usage.ts"
import { programPath } from "./executable.ts"
import type { ProcessAgent, ProcessResult } from "./processAgent.ts"

/** Exit status a child uses to say "try again later" (sysexits.h EX_TEMPFAIL). */
export const EX_TEMPFAIL = 75

const firstLine = (text: string): string => {
  const line = text.trim().split("\n").at(-1) ?? ""
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

/** Reads the report of an exec child: the report file when it holds more than whitespace, else stdout. */
export const interpretExec = (result: ProcessResult) => {
  if (result.signal !== null) {
    return { _tag: "Failure", reason: "crashed", detail: `the agent was killed by ${result.signal}` } as const
  }
  if (result.exitCode === EX_TEMPFAIL) {
    return {
      _tag: "Failure",
      reason: "tempfail",
      detail: `the agent exited with ${EX_TEMPFAIL} (EX_TEMPFAIL): a temporary failure`
    } as const
  }
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
  try {
    return { _tag: "Value", value: JSON.parse(text) as unknown, usage: unknownUsage } as const
  } catch (error) {
    return {
      _tag: "Failure",
      reason: "no-report",
      detail: `${source} does not hold one JSON value (${(error as Error).message})`
    } as const
  }
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
      RALPH_REPORT_SCHEMA: files.schemaFile
    },
    stdin: request.prompt
  }),
  interpret: interpretExec
})
