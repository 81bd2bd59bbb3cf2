import { resolve } from "node:path"
import { errorFields, type RalphError } from "../../domain/errors.ts"
import type { RunEvent } from "../../domain/events.ts"
import { describeGuards } from "../../domain/guards.ts"
import { answerCommand } from "../../domain/messages.ts"
import type { Envelope } from "../../domain/outcome.ts"
import { formatDuration, limitWaitText } from "../../domain/render.ts"
import { escapeLine } from "../../domain/terminalText.ts"
import { formatTotals, formatUsage, type RoundUsage } from "../../domain/usage.ts"
import type { StoreLocation } from "../store.ts"

/** Exit codes of `ralph run` and `ralph resume` (README, "Exit codes"). */
export const exitCodes = {
  complete: 0,
  invalid: 1,
  blocked: 2,
  budgetLimited: 3,
  roundFailed: 4,
  workflowFailed: 5,
  sigint: 130,
  sigterm: 143
} as const

export const exitCodeOfEnvelope = (envelope: Envelope): number => {
  switch (envelope.result.status) {
    case "complete":
      return exitCodes.complete
    case "blocked":
      return exitCodes.blocked
    case "budget-limited":
      return exitCodes.budgetLimited
  }
}

export const exitCodeOfError = (error: RalphError): number =>
  exitCodeOfTag(error._tag, error._tag === "Cancelled" ? error.signal : undefined)

/** The exit code of an error by its tag (as a record of a run keeps it); an unknown tag is a workflow failure. */
export const exitCodeOfTag = (tag: string, signal?: string): number => {
  switch (tag) {
    case "InvalidArguments":
    case "InvalidConfig":
    case "ProviderUnavailable":
    case "EngineRejected":
    case "WorkspaceLocked":
    case "LeaseLost":
    case "StateUnavailable":
      return exitCodes.invalid
    case "RoundFailed":
      return exitCodes.roundFailed
    case "Cancelled":
      return signal === "SIGTERM" ? exitCodes.sigterm : exitCodes.sigint
    default:
      return exitCodes.workflowFailed
  }
}

/**
 * The `--json` document of a failure: the tag, the message, the run it ended (once one started, so
 * that a program can resume it), and every field of the error.
 */
export const errorDocument = (error: RalphError, runId?: string): { readonly error: Record<string, unknown> } => {
  const fields: Record<string, unknown> = {
    _tag: error._tag,
    message: error.message,
    ...(runId === undefined ? {} : { runId }),
    ...errorFields(error)
  }
  return { error: fields }
}

/** A word as a POSIX shell reads it back: quoted only when it has to be. */
const shellWord = (word: string): string => /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`

/**
 * The command that continues a run from the shell it was started in: `--state-dir` and `--engine`
 * where the invocation's flags or its workspace's file chose them (the resolution says which) —
 * else the resume finds them as `run` did, by the same variables and defaults. A database URL is
 * never printed (it holds a password): the command says to set RALPH_DATABASE_URL instead.
 */
export const resumeCommand = (runId: string, location: StoreLocation): string =>
  located(`ralph resume ${runId}`, location)

/** `ralph answer RUN "TEXT"` for a run recorded at `location`, with the flags that find it. */
export const answerCommandAt = (runId: string, location: StoreLocation): string =>
  located(answerCommand(runId), location)

/** A command on a recorded run, with the location flags the invocation was given (so it finds the same store). */
const located = (command: string, location: StoreLocation): string => {
  const words = [command]
  if (location.chosenHere?.stateDir === true) words.push(`--state-dir ${shellWord(resolve(location.stateDir))}`)
  if (location.chosenHere?.engine === true) words.push(`--engine ${location.engine}`)
  const line = words.join(" ")
  return location.engine === "postgres" && location.chosenHere?.databaseUrl === true
    ? `RALPH_DATABASE_URL=<the database URL> ${line}`
    : line
}

export interface Style {
  readonly dim: (s: string) => string
  readonly bold: (s: string) => string
  readonly red: (s: string) => string
  readonly green: (s: string) => string
  readonly yellow: (s: string) => string
}

export const plainStyle: Style = { dim: (s) => s, bold: (s) => s, red: (s) => s, green: (s) => s, yellow: (s) => s }
const ansi = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`

/** A terminal that takes colour: a TTY, NO_COLOR unset or empty, TERM not `dumb`. */
export const takesColour = (stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean =>
  stream.isTTY && (env.NO_COLOR === undefined || env.NO_COLOR === "") && env.TERM !== "dumb"

/** Colour only for a terminal that takes it. */
export const styleFor = (stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): Style =>
  takesColour(stream, env)
    ? { dim: ansi(2, 22), bold: ansi(1, 22), red: ansi(31, 39), green: ansi(32, 39), yellow: ansi(33, 39) }
    : plainStyle

/** Worker text on one short line that cannot drive the terminal: whitespace runs collapsed, control characters escaped. */
const oneLine = (text: string, max = 160) => {
  const line = text.replace(/\s+/g, " ")
  return escapeLine(line.length > max ? `${line.slice(0, max - 1)}…` : line)
}

/** One progress line per event worth a person's attention, or undefined. */
export const progressLine = (
  event: RunEvent,
  agent: string,
  maxRounds: number,
  style: Style,
  /** The spend of the rounds finished so far, this one included, for the running totals. */
  spent: ReadonlyArray<RoundUsage> = []
): string | undefined => {
  switch (event._tag) {
    case "RunStarted": {
      const guards = describeGuards(event.guards ?? {})
      return style.dim(
        (event.resumedAfterRound === undefined
          ? `ralph: run ${event.runId} started with ${event.provider}, up to ${event.maxRounds} round${
            event.maxRounds === 1 ? "" : "s"
          }`
          : `ralph: run ${event.runId} resumed after round ${event.resumedAfterRound} with ${event.provider}`) +
          (guards === "" ? "" : ` · ${oneLine(guards, 300)}`)
      )
    }
    case "RoundStarted":
      return style.dim(
        `round ${event.round}/${maxRounds} · ${event.agent === undefined ? agent : escapeLine(event.agent)} · started${
          event.attempt > 1 ? ` (attempt ${event.attempt})` : ""
        }`
      )
    case "RoundFinished": {
      const status = event.report.status === "complete"
        ? style.green(event.report.status)
        : event.report.status === "blocked"
        ? style.yellow(event.report.status)
        : event.report.status
      const unchanged = event.workspace?.changed === false ? " · workspace unchanged" : ""
      const guarded = event.protectedChanged !== undefined && event.protectedChanged.length > 0
        ? style.red(` · protected files changed: ${oneLine(event.protectedChanged.join(", "))}`)
        : ""
      return `round ${event.round}/${maxRounds} · ${agent} · ${formatDuration(event.durationMs)} · ${status} · ` +
        `${oneLine(event.report.summary)} · ${formatUsage(event.usage)}${
          spent.length > 1 ? ` · ${formatTotals(spent)}` : ""
        }` +
        `${unchanged}${guarded}`
    }
    case "ClaimCheckStarted":
      return style.dim(`round ${event.round}/${maxRounds} · checking the claimed completion`)
    case "ClaimChecked": {
      const v = event.check.verification
      if (event.check.protectedChanged.length > 0) {
        return style.red(
          `round ${event.round}/${maxRounds} · claim rejected: protected files changed: ${
            oneLine(event.check.protectedChanged.join(", "))
          }`
        )
      }
      if (v === null) return style.green(`round ${event.round}/${maxRounds} · claim accepted`)
      const how = v.timedOut ? "timed out" : `exit ${v.exitCode ?? "by signal"}`
      const line = `round ${event.round}/${maxRounds} · verify ${oneLine(v.command.join(" "), 80)} · ${
        formatDuration(v.durationMs)
      } · ${how}`
      return event.holds ? style.green(`${line} · claim verified`) : style.red(`${line} · claim rejected`)
    }
    case "ReviewStarted":
      return style.dim(`round ${event.round}/${maxRounds} · review ${event.review} · ${oneLine(event.agent)} · started`)
    case "ReviewFinished": {
      const findings = event.verdict.findings.length === 0 ? "" : ` · ${oneLine(event.verdict.findings.join("; "))}`
      const line = `round ${event.round}/${maxRounds} · review ${event.review} · ${oneLine(event.agent)} · ${
        formatDuration(event.durationMs)
      } · ${formatUsage(event.usage)}`
      // A reviewer's accept is a model's opinion: said so, never as a check.
      return event.verdict.verdict === "accept"
        ? style.green(`${line} · reviewer accepted (an opinion, not a check)${findings}`)
        : style.red(`${line} · reviewer rejected${findings}`)
    }
    case "ReviewFailed":
      return style.red(
        `round ${event.round}/${maxRounds} · review ${event.review} · ${oneLine(event.agent)} · ${
          formatDuration(event.durationMs)
        } · ${event.kind === "malformed" ? "malformed verdict" : `failed (${event.reason ?? "crashed"})`} · ${
          oneLine(event.problem)
        }${event.retryInMs === undefined ? "" : ` · retrying in ${formatDuration(event.retryInMs)}`}`
      )
    case "RoundRejected":
      return style.red(
        `round ${event.round}/${maxRounds} · ${agent} · ${formatDuration(event.durationMs)} · ${event.kind} report · ${
          oneLine(event.problem)
        }`
      )
    case "RoundFailed":
      return style.red(
        `round ${event.round}/${maxRounds} · ${agent} · ${
          formatDuration(event.durationMs)
        } · failed (${event.reason}) · ${oneLine(event.detail)}`
      )
    case "RetryScheduled":
      return style.yellow(
        `round ${event.round}/${maxRounds} · retrying in ${
          formatDuration(event.delayMs)
        } (${event.reason}), attempt ${event.attempt}`
      )
    case "RunWaiting":
      return style.yellow(
        `round ${event.round}/${maxRounds} · waiting for an answer: ${oneLine(event.blocker)} · ${
          answerCommand(event.runId)
        }${event.timeoutMs === undefined ? "" : ` (within ${formatDuration(event.timeoutMs)})`}`
      )
    case "LimitWait":
      return style.yellow(
        `round ${event.round}/${maxRounds} · ${agent} · ${
          limitWaitText(event.until)
        } (${event.reason}), then attempt ${event.attempt}`
      )
    case "ChildSpawned":
    case "RunFinished":
    case "RunFailed":
      return undefined
  }
}
