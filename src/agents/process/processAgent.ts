import { Duration, Effect, Option } from "effect"
import { mkdtempSync, readdirSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { FailureReason } from "../../domain/errors.ts"
import { ProviderUnavailable } from "../../domain/errors.ts"
import { formatDuration } from "../../domain/render.ts"
import { reportJsonSchema } from "../../domain/report.ts"
import { defaults } from "../../domain/settings.ts"
import { thrownMessage } from "../../domain/thrown.ts"
import type { Usage } from "../../domain/usage.ts"
import { readUntrusted, refusalText } from "../../io/untrustedFile.ts"
import { enclosureHost } from "../../process/enclosure.ts"
import { whyNotExecutable } from "../../process/executable.ts"
import { OutputCapture, TailBuffer } from "../../process/outputCapture.ts"
import { runProcessGroup } from "../../process/processGroup.ts"
import { ChildFailed, type ChildRequest, failureFacts, type Provider } from "../SubagentProvider.ts"

/** A child's scratch files, outside the workspace: its report file is removed when the child ends. */
export interface AgentFiles {
  readonly dir: string
  /** A fresh empty file the child may write its report to. */
  readonly reportFile: string
  /** The report's JSON Schema. */
  readonly schemaFile: string
  /** A fresh empty file the child may write its usage to (exec's RALPH_USAGE_FILE). */
  readonly usageFile: string
}

/** How to start one agent process. */
export interface AgentInvocation {
  readonly command: string
  readonly args: ReadonlyArray<string>
  /** Added to the inherited environment. */
  readonly env: Readonly<Record<string, string>>
  /** Text written to stdin and then closed, or `null` for /dev/null. */
  readonly stdin: string | null
}

/** Everything a finished process left behind. */
export interface ProcessResult {
  readonly exitCode: number | null
  readonly signal: string | null
  readonly stdout: string
  readonly stderrTail: string
  /** The content of `AgentFiles.reportFile` after the child exited. */
  readonly reportFileText: string
  /** The content of `AgentFiles.usageFile` after the child exited. */
  readonly usageFileText: string
}

export type Interpretation =
  | { readonly _tag: "Value"; readonly value: unknown; readonly usage: Usage }
  | {
    readonly _tag: "Failure"
    readonly reason: FailureReason
    readonly detail: string
    readonly resetAt?: string
    /** What the failed child reported spending, when it did. */
    readonly usage?: Usage
  }

/** An agent driven as a child process: how to invoke it and how to read what it left. */
export interface ProcessAgent {
  readonly name: string
  /** The program to look up on PATH (or an absolute path) before round 1. */
  readonly binary: string
  /** Told to the user when the binary is missing. */
  readonly installHint: string
  /** Whether its children report their cost (a cost cap needs it). */
  readonly reportsCost?: boolean
  readonly invocation: (request: ChildRequest, files: AgentFiles) => AgentInvocation
  readonly interpret: (result: ProcessResult) => Interpretation
}

/** Bounds on one child process. */
export interface ProcessLimits {
  /** Past this many bytes of stdout the round fails, saying so. */
  readonly maxStdoutBytes: number
  /** How much of the end of stderr is kept. */
  readonly stderrTailBytes: number
  /** Between SIGTERM and SIGKILL of the child's process group. */
  readonly killGrace: Duration.Duration
  readonly roundTimeout: Option.Option<Duration.Duration>
  readonly idleTimeout: Option.Option<Duration.Duration>
}

export const defaultProcessLimits: ProcessLimits = {
  maxStdoutBytes: defaults.maxStdoutBytes,
  stderrTailBytes: defaults.stderrTailBytes,
  killGrace: defaults.killGrace,
  roundTimeout: Option.none(),
  idleTimeout: Option.none()
}

const fail = (reason: FailureReason, detail: string) => new ChildFailed({ reason, detail })

/** What a failed child printed, when it printed anything: a journal keeps it beside the failure. */
const transcriptOf = (stdout: string, stderr: string) =>
  stdout === "" && stderr === "" ? {} : { transcript: { stdout, stderr } }

/**
 * A failure of the process itself (spawn, output bound, timeouts), with what the child had printed
 * and reported spending by then.
 */
const withOutput = (error: ChildFailed, stdout: string, stderrTail: string, usage: Usage | undefined): ChildFailed =>
  new ChildFailed({
    ...failureFacts(error),
    ...(error.stderrTail === undefined && stderrTail !== "" ? { stderrTail } : {}),
    ...(usage === undefined ? {} : { usage }),
    ...transcriptOf(stdout, stderrTail)
  })

/** How large a usage file may be: a few numbers in JSON; anything past this is not one. */
const maxUsageFileBytes = 64 * 1024

/**
 * A scratch file the child may have replaced (by a FIFO, a link to a device, a folder, gigabytes):
 * read safely, bounded; gone is as if it wrote nothing there.
 */
const readChildFile = (file: string, variable: string, maxBytes: number): string | ChildFailed => {
  const read = readUntrusted(file, { maxBytes })
  if (read._tag === "Read") return read.value.toString("utf8")
  if (read._tag === "Missing") return ""
  return fail(
    "unsafe-file",
    `${variable} (${refusalText(file, read.what)}): ralph reads only a regular file there, of at most ${maxBytes} bytes`
  )
}

const schemaName = "report.schema.json"

/** The prefix of a run's scratch folders in the temp dir: a resume removes what a crashed invocation left. */
export const scratchPrefix = (runId: string): string => `ralph-agent-${runId}-`

/** The files ralph makes in a scratch folder (`makeFiles`). */
const scratchFiles = [schemaName, "report.json", "usage.json"]

/**
 * Removes a scratch folder, whatever the child turned its files into; what cannot be removed stays.
 * The files ralph made, then the folder (a round's usual case: a few calls); anything else the child
 * left there goes through the recursive removal.
 */
const removeScratch = (dir: string): void => {
  try {
    for (const name of scratchFiles) unlinkSync(join(dir, name))
    rmdirSync(dir)
  } catch {
    try {
      rmSync(dir, { recursive: true, force: true })
    } catch {
      // A file the child made unremovable: nothing ralph can do about it, and no reason to fail the run.
    }
  }
}

/** Removes the scratch folders a crashed invocation left for the run (their children are stopped by then). */
export const removeStaleScratch = (runId: string): void => {
  const prefix = scratchPrefix(runId)
  let names: Array<string>
  try {
    names = readdirSync(tmpdir())
  } catch {
    return
  }
  for (const name of names) if (name.startsWith(prefix)) removeScratch(join(tmpdir(), name))
}

/** Turns a ProcessAgent into a Provider that runs each child in its own process group. */
export const makeProcessProvider = Effect.fn("makeProcessProvider")(function*(
  agent: ProcessAgent,
  limits: ProcessLimits = defaultProcessLimits
) {
  // Read once for every child this provider starts (a cgroup folder, orphans swept), not per spawn.
  const host = enclosureHost()
  const preflight = Effect.suspend(() => {
    const problem = whyNotExecutable(agent.binary)
    return problem === undefined ? Effect.void : Effect.fail(
      new ProviderUnavailable({
        provider: agent.name,
        problem: "not-installed",
        detail: `"${agent.binary}" ${problem}. ${agent.installHint}`
      })
    )
  })

  /**
   * A scratch folder of the child's own, outside the workspace, named for its run (so a resume can
   * remove what a crash left): the schema and fresh empty report and usage files. Removed, with
   * whatever the child put there, when the child's scope closes.
   */
  const makeFiles = (runId: string, schema: object) =>
    Effect.acquireRelease(
      Effect.try({
        try: (): AgentFiles => {
          const dir = mkdtempSync(join(tmpdir(), scratchPrefix(runId)))
          const reportFile = join(dir, "report.json")
          const usageFile = join(dir, "usage.json")
          writeFileSync(join(dir, schemaName), JSON.stringify(schema, null, 2))
          writeFileSync(reportFile, "")
          writeFileSync(usageFile, "")
          return { dir, reportFile, schemaFile: join(dir, schemaName), usageFile }
        },
        catch: (error) =>
          fail("crashed", `could not prepare the child's scratch files in ${tmpdir()}: ${thrownMessage(error)}`)
      }),
      (files) => Effect.sync(() => removeScratch(files.dir))
    )

  const start = Effect.fn("ProcessAgent.start")(function*(request: ChildRequest) {
    const files = yield* makeFiles(request.runId, request.valueSchema ?? reportJsonSchema())
    const invocation = agent.invocation(request, files)
    const stdout = new OutputCapture(limits.maxStdoutBytes)
    const stderr = new TailBuffer(limits.stderrTailBytes)
    let lastOutput = Date.now()

    const run = runProcessGroup({
      command: invocation.command,
      args: invocation.args,
      cwd: request.workspace,
      // Children start in the workspace, so PWD says so too: some CLIs (opencode) take their
      // project folder from PWD rather than from the working directory.
      // RALPH_RUN_ID marks every child, whatever its agent: a resume finds a crashed run's child by
      // it when the crash came before its pid was recorded.
      env: { ...process.env, PWD: request.workspace, RALPH_RUN_ID: request.runId, ...invocation.env },
      stdin: invocation.stdin,
      stdout,
      stderr,
      onOutput: () => {
        lastOutput = Date.now()
      },
      onSpawn: (pid) => request.onSpawn === undefined ? Effect.void : request.onSpawn(pid),
      killGrace: limits.killGrace,
      enclose: host
    }).pipe(Effect.mapError((failed) => fail(failed.reason, failed.detail)))

    const idleWatch = Option.match(limits.idleTimeout, {
      onNone: () => Effect.never,
      onSome: (idle) =>
        Effect.gen(function*() {
          const idleMillis = Duration.toMillis(idle)
          while (true) {
            const quiet = Date.now() - lastOutput
            if (quiet >= idleMillis) {
              return yield* fail("idle-timeout", `the agent printed nothing for ${formatDuration(idleMillis)}`)
            }
            yield* Effect.sleep(Duration.millis(Math.min(idleMillis - quiet, 1000)))
          }
        })
    })

    const watched = Effect.raceFirst(run, idleWatch)
    const timed = Option.match(limits.roundTimeout, {
      onNone: () => watched,
      onSome: (timeout) =>
        Effect.timeoutOrElse(watched, {
          duration: timeout,
          orElse: () =>
            Effect.fail(fail("timeout", `the round ran longer than ${formatDuration(Duration.toMillis(timeout))}`))
        })
    })
    /** What the child reported spending, read when it did not end by itself (a timeout, a stop from outside). */
    const reportedSoFar = (): Usage | undefined => {
      const usageFileText = readChildFile(files.usageFile, "RALPH_USAGE_FILE", maxUsageFileBytes)
      // A usage file that is not a regular file within its bound says nothing: the spend is unknown.
      if (typeof usageFileText !== "string") return undefined
      const usage = agent.interpret({
        exitCode: null,
        signal: "SIGKILL",
        stdout: stdout.text(),
        stderrTail: stderr.text(),
        reportFileText: "",
        usageFileText
      }).usage
      return usage === undefined || Object.keys(usage).length === 0 ? undefined : usage
    }
    const exit = yield* timed.pipe(
      Effect.mapError((error) => withOutput(error, stdout.text(), stderr.text(), reportedSoFar())),
      // Runs once the process tree is gone (the run's own interrupt handler stops it first).
      Effect.onInterrupt(() => {
        const told = request.onStopped
        return told === undefined ? Effect.void : Effect.suspend(() => told(reportedSoFar()))
      })
    )
    const reportFileText = readChildFile(files.reportFile, "RALPH_REPORT_FILE", limits.maxStdoutBytes)
    if (typeof reportFileText !== "string") {
      return yield* withOutput(reportFileText, stdout.text(), stderr.text(), reportedSoFar())
    }
    const usageFileText = readChildFile(files.usageFile, "RALPH_USAGE_FILE", maxUsageFileBytes)
    if (typeof usageFileText !== "string") {
      return yield* withOutput(usageFileText, stdout.text(), stderr.text(), undefined)
    }
    const result: ProcessResult = {
      exitCode: exit.code,
      signal: exit.signal,
      stdout: stdout.text(),
      stderrTail: stderr.text(),
      reportFileText,
      usageFileText
    }
    const interpretation = agent.interpret(result)
    if (interpretation._tag === "Failure") {
      return yield* new ChildFailed({
        reason: interpretation.reason,
        detail: interpretation.detail,
        ...(result.stderrTail === "" ? {} : { stderrTail: result.stderrTail }),
        ...(result.exitCode === null ? {} : { exitCode: result.exitCode }),
        ...(result.signal === null ? {} : { signal: result.signal }),
        ...(interpretation.resetAt === undefined ? {} : { resetAt: interpretation.resetAt }),
        ...(interpretation.usage === undefined ? {} : { usage: interpretation.usage }),
        ...transcriptOf(result.stdout, result.stderrTail)
      })
    }
    return {
      value: interpretation.value,
      usage: interpretation.usage,
      transcript: { stdout: result.stdout, stderr: result.stderrTail }
    }
  })

  const provider: Provider = {
    name: agent.name,
    structuredOutput: true,
    inheritsParentContext: false,
    reportsCost: agent.reportsCost === true,
    preflight,
    start
  }
  return provider
})
