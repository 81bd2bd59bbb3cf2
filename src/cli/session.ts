import { Context, Schema } from "effect"
import type { RalphError } from "../domain/errors.ts"
import { Envelope } from "../domain/outcome.ts"
import { renderEnvelope, renderError, type RunRef } from "../domain/render.ts"
import { errorDocument, exitCodeOfEnvelope, exitCodeOfError } from "./present/output.ts"

/**
 * What one CLI process knows across its parts: the signal it got, the children alive, and
 * whether its one result was printed. Signals arrive outside any fiber, so it is one plain object:
 * `src/cli/main.ts` makes it, keeps it for its signal handlers and gives it to the command as the
 * CliSession service.
 */
export interface Session {
  json: boolean
  maxResultChars: number
  signal: "SIGINT" | "SIGTERM" | undefined
  /** Process groups of children running now (their leaders' pids). */
  readonly livePids: Set<number>
  /** The round running now, for the Cancelled error. */
  currentRound: number | undefined
  /** Once a run started (its RunStarted event): its id and the command that continues it, for every error after. */
  run: RunRef | undefined
  settled: boolean
  /** Whether this command drives runs (`run`, `resume`, `mcp`): a signal then cancels them; else it only stops the command. */
  drives: boolean
  /** The run `ralph watch` follows: a signal stops the watching, not the run. */
  watching: string | undefined
  /** Ends the live status line, when one is drawn, so that what ralph writes next starts a line of its own. */
  endStatus: (() => void) | undefined
}

export const makeSession = (json: boolean, maxResultChars: number): Session => ({
  json,
  maxResultChars,
  signal: undefined,
  livePids: new Set(),
  currentRound: undefined,
  run: undefined,
  settled: false,
  drives: false,
  watching: undefined,
  endStatus: undefined
})

/** The session of the CLI process running this command. */
export class CliSession extends Context.Service<CliSession, Session>()("ralph/CliSession") {}

const decodeEnvelope = Schema.decodeUnknownSync(Envelope)

const write = (session: Session, stream: NodeJS.WriteStream, text: string) => {
  session.endStatus?.()
  stream.write(text.endsWith("\n") ? text : `${text}\n`)
}

/** Prints the run's one result and sets the exit code; later calls are ignored. */
export const settleSuccess = (session: Session, unchecked: Envelope): void => {
  if (session.settled) return
  session.settled = true
  // Decode, don't trust: what leaves the process is checked against the envelope's schema.
  const envelope = decodeEnvelope(unchecked)
  if (session.json) write(session, process.stdout, JSON.stringify(envelope))
  else write(session, process.stdout, renderEnvelope(envelope, session.maxResultChars))
  process.exitCode = exitCodeOfEnvelope(envelope)
}

export const settleFailure = (session: Session, error: RalphError): void => {
  if (session.settled) return
  session.settled = true
  if (session.json) write(session, process.stdout, JSON.stringify(errorDocument(error, session.run?.runId)))
  else write(session, process.stderr, renderError(error, session.maxResultChars, session.run))
  process.exitCode = exitCodeOfError(error)
}
