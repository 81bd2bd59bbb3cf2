import { Context, Schema } from "effect"
import type { RalphError } from "../domain/errors.ts"
import { Envelope } from "../domain/outcome.ts"
import { renderEnvelope, renderError, type RunRef } from "../domain/render.ts"
import { errorDocument, exitCodeOfEnvelope, exitCodeOfError } from "./present/output.ts"

type Signal = "SIGINT" | "SIGTERM"

/**
 * What one CLI process knows across its parts: the signal it got, the children alive, and
 * whether its one result was printed. Signals arrive outside any fiber, so it is one plain object:
 * `src/cli/main.ts` makes it, keeps it for its signal handlers and gives it to the command as the
 * CliSession service. Everyone reads it; each writer has its own method: the command (`output`,
 * `drives`, `watch`, `follows`), the run's events (`runStarted`, `roundStarted`, `childSpawned`,
 * `childGone`), the live view (`showStatus`), the signal handler (`signalled`) and whoever prints
 * the one result (`claimResult`), and main as the process exits (`beginExit`).
 */
export class Session {
  private outputJson: boolean
  private resultChars: number
  private received: Signal | undefined = undefined
  private readonly children = new Set<number>()
  private round: number | undefined = undefined
  private ref: RunRef | undefined = undefined
  private settled = false
  private driving = false
  private watched: string | undefined = undefined
  private statusEnd: (() => void) | undefined = undefined
  private leaving = false

  constructor(json: boolean, maxResultChars: number) {
    this.outputJson = json
    this.resultChars = maxResultChars
  }

  get json(): boolean {
    return this.outputJson
  }
  get maxResultChars(): number {
    return this.resultChars
  }
  get signal(): Signal | undefined {
    return this.received
  }
  /** Process groups of children running now (their leaders' pids). */
  get livePids(): ReadonlySet<number> {
    return this.children
  }
  /** The round running now, for the Cancelled error. */
  get currentRound(): number | undefined {
    return this.round
  }
  /** Once a run started (its RunStarted event): its id and the command that continues it, for every error after. */
  get run(): RunRef | undefined {
    return this.ref
  }
  /** Whether this command drives runs (`run`, `resume`, `mcp`): a signal then cancels them; else it only stops the command. */
  get drivesRuns(): boolean {
    return this.driving
  }
  /** The run `ralph watch` follows: a signal stops the watching, not the run. */
  get watching(): string | undefined {
    return this.watched
  }
  /** Whether the process is exiting (waiting for its output to drain): a signal then exits at once. */
  get exiting(): boolean {
    return this.leaving
  }
  /** Ends the live status line, when one is drawn, so that what ralph writes next starts a line of its own. */
  get endStatus(): (() => void) | undefined {
    return this.statusEnd
  }

  /** The command: how it prints its result (`--json`; the result's length, from the run's config). */
  output(options: { readonly json?: boolean; readonly maxResultChars?: number }): void {
    if (options.json !== undefined) this.outputJson = options.json
    if (options.maxResultChars !== undefined) this.resultChars = options.maxResultChars
  }
  /** The command drives runs: a signal cancels them. */
  drives(): void {
    this.driving = true
  }
  /** `ralph watch`: the run it follows. */
  watch(runId: string): void {
    this.watched = runId
  }
  /** The run the result is about (its start event, or the run `watch` followed to its end). */
  runStarted(ref: RunRef): void {
    this.ref = ref
  }
  roundStarted(round: number): void {
    this.round = round
  }
  childSpawned(pid: number): void {
    this.children.add(pid)
  }
  childGone(pid: number): void {
    this.children.delete(pid)
  }
  /** The live view: how to end its status line while one is drawn (`undefined` once it is not). */
  showStatus(end: (() => void) | undefined): void {
    this.statusEnd = end
  }
  /** The process's exit begins (main): false when it already had, so it begins once. */
  beginExit(): boolean {
    if (this.leaving) return false
    this.leaving = true
    return true
  }
  /** The signal handler: the first signal, which cancels the run. */
  signalled(signal: Signal): void {
    this.received = signal
  }
  /** The one result is printed once: true for the first caller only (the MCP server claims it and prints none). */
  claimResult(): boolean {
    if (this.settled) return false
    this.settled = true
    return true
  }
}

export const makeSession = (json: boolean, maxResultChars: number): Session => new Session(json, maxResultChars)

/** The session of the CLI process running this command. */
export class CliSession extends Context.Service<CliSession, Session>()("ralph/CliSession") {}

const decodeEnvelope = Schema.decodeUnknownSync(Envelope)

const write = (session: Session, stream: NodeJS.WriteStream, text: string) => {
  session.endStatus?.()
  stream.write(text.endsWith("\n") ? text : `${text}\n`)
}

/** Prints the run's one result and sets the exit code; later calls are ignored. */
export const settleSuccess = (session: Session, unchecked: Envelope): void => {
  if (!session.claimResult()) return
  // Decode, don't trust: what leaves the process is checked against the envelope's schema.
  const envelope = decodeEnvelope(unchecked)
  if (session.json) write(session, process.stdout, JSON.stringify(envelope))
  else write(session, process.stdout, renderEnvelope(envelope, session.maxResultChars))
  process.exitCode = exitCodeOfEnvelope(envelope)
}

export const settleFailure = (session: Session, error: RalphError): void => {
  if (!session.claimResult()) return
  if (session.json) write(session, process.stdout, JSON.stringify(errorDocument(error, session.run?.runId)))
  else write(session, process.stderr, renderError(error, session.maxResultChars, session.run))
  process.exitCode = exitCodeOfError(error)
}
