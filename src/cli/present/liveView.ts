/**
 * Progress on stderr, three ways: on a terminal (colour allowed: not NO_COLOR, not TERM=dumb) a
 * status line updated in place — round N of M, agent, time in the round, tokens and cost so far,
 * the last summary — below the per-round lines; elsewhere the per-round lines alone; with
 * --quiet nothing. Worker text is escaped and the status line is cut to the terminal's width, so
 * it never wraps (a wrapped line could not be redrawn in place).
 */
import { Effect } from "effect"
import type { RunEvent } from "../../domain/events.ts"
import { entryOfEvent, type JournalEntry, type StartFacts } from "../../domain/journal.ts"
import { limitWaitText } from "../../domain/render.ts"
import { foldRun, RunFold } from "../../domain/runFold.ts"
import type { RunView } from "../../domain/runView.ts"
import { escapeLine } from "../../domain/terminalText.ts"
import { formatSpent, type RoundUsage, type Usage } from "../../domain/usage.ts"
import type { Session } from "../session.ts"
import { progressLine, type Style, styleFor, takesColour } from "./output.ts"

/** A progress sink; `at` is when the event happened (a watcher's events come late), default now. */
export type Progress = (event: RunEvent, at?: number) => Effect.Effect<void>

/** What the record of a resumed run holds from earlier invocations (none for a new run). */
export type RecordedSoFar = ReadonlyArray<JournalEntry>

/** What only the recording process knows of a run's start: the live view has no use for it. */
const liveFacts: StartFacts = { agent: {}, gitHead: null, pid: process.pid, host: "", version: "" }

/**
 * The run's view as the live view keeps it: the record's fold (src/domain/runView.ts) over what
 * earlier invocations recorded, then over the entry of each event as it comes — so its spend is
 * the record's, by the one spend rule.
 */
export class LiveFold {
  private fold: RunFold | undefined

  constructor(recorded: RecordedSoFar = []) {
    this.fold = recorded.length === 0 ? undefined : foldRun(recorded)
  }

  hear(event: RunEvent, at: number): void {
    const entry: JournalEntry = { ...entryOfEvent(event, liveFacts), t: new Date(at).toISOString() }
    if (entry.type === "run-started") this.fold = new RunFold(entry)
    else this.fold?.add(entry)
  }

  /** The finished rounds' spend. */
  finished(): ReadonlyArray<RoundUsage> {
    return this.fold?.spentFinished() ?? []
  }

  /** Every round's spend so far, a round still going included. */
  soFar(): ReadonlyArray<RoundUsage> {
    return this.fold?.spentSoFar() ?? []
  }

  /** The run's view as heard so far (none before its start); the record's fold gives the same. */
  view(isAlive: (pid: number) => boolean): RunView | undefined {
    return this.fold?.view(isAlive)
  }
}

/** Per-round lines only: for pipes, files, NO_COLOR. */
export const progressLines = (
  stream: NodeJS.WriteStream,
  env: NodeJS.ProcessEnv,
  /** What a resumed run's record holds from earlier invocations, for the running totals. */
  recorded: RecordedSoFar = []
): Progress => linesOf(stream, env, new LiveFold(recorded))

/** The per-round lines, over a fold the caller keeps (and hears every event with). */
const linesOf = (stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv, fold: LiveFold, hears = true): Progress => {
  const style = styleFor(stream, env)
  let agent = ""
  let maxRounds = 0
  return (event, at = Date.now()) =>
    Effect.sync(() => {
      if (event._tag === "RunStarted") {
        agent = event.provider
        maxRounds = event.maxRounds
      }
      if (hears) fold.hear(event, at)
      const line = progressLine(event, agent, maxRounds, style, fold.finished())
      if (line !== undefined) stream.write(`${line}\n`)
    })
}

const clock = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000))
  return s < 60 ? `${s}s` : s < 3600
    ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`
    : `${Math.floor(s / 3600)}h ${String(Math.floor(s / 60) % 60).padStart(2, "0")}m`
}

interface Status {
  agent: string
  maxRounds: number
  round: number
  /** What the round is doing: running since `since`, waiting to retry until `until`, or between rounds. */
  phase:
    | { readonly _tag: "running"; readonly since: number }
    | { readonly _tag: "retrying"; readonly until: number }
    | { readonly _tag: "waiting"; readonly text: string }
    | { readonly _tag: "limited"; readonly until: string }
  /** What each round so far spent, its attempts combined (a round that did not say is unknown). */
  spent: ReadonlyArray<Usage>
  summary: string | undefined
}

/** The status line's text, cut to `width` characters. */
export const statusText = (status: Status, now: number, width: number, style: Style): string => {
  const phase = status.phase._tag === "running"
    ? `${clock(now - status.phase.since)} in round`
    : status.phase._tag === "retrying"
    ? `retrying in ${clock(status.phase.until - now + 999)}`
    : status.phase._tag === "limited"
    ? `${limitWaitText(status.phase.until)} (in ${clock(Date.parse(status.phase.until) - now + 999)})`
    : status.phase.text
  const head = `round ${status.round}/${status.maxRounds}`
  const parts = [head, status.agent, phase, formatSpent(status.spent)]
  if (status.summary !== undefined) parts.push(`last: ${status.summary}`)
  const plain = parts.join(" · ")
  const cut = plain.length <= width ? plain : `${plain.slice(0, Math.max(0, width - 1))}…`
  return cut.startsWith(head) ? style.bold(head) + cut.slice(head.length) : cut
}

const clearLine = "\r\u001b[2K"

/** Where the live view leaves the way to end its status line, for what ralph prints next. */
type StatusHolder = Pick<Session, "showStatus">

/**
 * The status line below the per-round lines, redrawn every second and cleared when the run ends.
 * What earlier invocations spent (a resumed run's) is the status line's starting usage.
 */
export const liveView = (
  stream: NodeJS.WriteStream,
  env: NodeJS.ProcessEnv,
  holder: StatusHolder = { showStatus: () => {} },
  recorded: RecordedSoFar = []
): Progress => {
  const style = styleFor(stream, env)
  const spend = new LiveFold(recorded)
  // The lines read the same fold, which this view hears each event with first.
  const lines = linesOf(stream, env, spend, false)
  let status: Status | undefined
  let drawn = false
  let timer: ReturnType<typeof setInterval> | undefined
  // A terminal that does not say its width (0) is taken to be 80 columns wide.
  const width = () => Math.max(20, (stream.columns || 80) - 1)
  const clear = () => {
    if (drawn) stream.write(clearLine)
    drawn = false
  }
  const draw = () => {
    if (status === undefined) return
    stream.write(`${clearLine}${statusText(status, Date.now(), width(), style)}`)
    drawn = true
  }
  const stop = () => {
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
    clear()
    status = undefined
    holder.showStatus(undefined)
  }
  return (event, at = Date.now()) =>
    Effect.andThen(
      Effect.sync(() => {
        clear()
      }),
      Effect.andThen(
        Effect.suspend(() => {
          spend.hear(event, at)
          return lines(event, at)
        }),
        Effect.sync(() => {
          switch (event._tag) {
            case "RunStarted":
              status = {
                agent: event.provider,
                maxRounds: event.maxRounds,
                round: event.resumedAfterRound ?? 0,
                phase: { _tag: "waiting", text: "starting" },
                spent: spend.soFar(),
                summary: undefined
              }
              // What ralph writes besides (a signal's message, the result) ends the status line first.
              holder.showStatus(stop)
              timer ??= setInterval(draw, 1000)
              timer.unref()
              break
            case "RoundStarted":
              if (status !== undefined) {
                status.round = event.round
                status.phase = { _tag: "running", since: at }
                if (event.agent !== undefined) status.agent = escapeLine(event.agent)
              }
              break
            case "RoundFinished":
            case "RoundRejected":
              if (status !== undefined) {
                status.spent = spend.soFar()
                if (event._tag === "RoundFinished") {
                  status.summary = escapeLine(event.report.summary.replace(/\s+/g, " "))
                }
                status.phase = {
                  _tag: "waiting",
                  text: event._tag === "RoundFinished" ? event.report.status : event.kind
                }
              }
              break
            case "RoundFailed":
              if (status !== undefined) {
                // A failed attempt's spend counts, as in the result: one that says nothing makes its round's unknown.
                status.spent = spend.soFar()
                status.phase = { _tag: "waiting", text: `failed (${event.reason})` }
              }
              break
            case "RoundStopped":
              if (status !== undefined) {
                status.spent = spend.soFar()
                status.phase = { _tag: "waiting", text: "stopped" }
              }
              break
            case "RetryScheduled":
              if (status !== undefined) status.phase = { _tag: "retrying", until: at + event.delayMs }
              break
            case "ReviewStarted":
              if (status !== undefined) {
                status.phase = { _tag: "waiting", text: `reviewing (${escapeLine(event.agent)})` }
              }
              break
            case "ReviewFinished":
            case "ReviewFailed":
              if (status !== undefined) {
                // The reviewer's spend is its round's.
                status.spent = spend.soFar()
                status.phase = event._tag === "ReviewFailed" && event.retryInMs !== undefined
                  ? { _tag: "retrying", until: at + event.retryInMs }
                  : {
                    _tag: "waiting",
                    text: event._tag === "ReviewFinished"
                      ? `reviewer: ${event.verdict.verdict}`
                      : `review ${event.kind}`
                  }
              }
              break
            case "RunWaiting":
              if (status !== undefined) status.phase = { _tag: "waiting", text: "waiting for an answer" }
              break
            case "LimitWait":
              if (status !== undefined) status.phase = { _tag: "limited", until: event.until }
              break
            case "RunFinished":
            case "RunFailed":
              return stop()
            case "ChildSpawned":
              break
          }
          draw()
        })
      )
    )
}

/**
 * The progress of `ralph run`, `resume` and `watch`: live on a terminal, lines elsewhere, nothing
 * when quiet. `recorded` is what a resumed run's record holds from earlier invocations, so the
 * status line and the lines' totals count the whole run's tokens and cost.
 */
export const progressFor = (session: Session, quiet: boolean, recorded: RecordedSoFar = []): Progress =>
  quiet
    ? () => Effect.void
    // The status line needs a terminal that takes colour, as the colours do.
    : takesColour(process.stderr, process.env)
    ? liveView(process.stderr, process.env, session, recorded)
    : progressLines(process.stderr, process.env, recorded)
