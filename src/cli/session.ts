import { Schema } from "effect"
import type { RalphError } from "../domain/errors.ts"
import { Envelope } from "../domain/outcome.ts"
import { renderEnvelope, renderError, type RunRef } from "../domain/render.ts"
import { errorDocument, exitCodeOfEnvelope, exitCodeOfError } from "./output.ts"

/**
 * What one CLI process knows across its parts: the signal it got, the children alive, and
 * whether its one result was printed. Signals arrive outside any fiber, so this is plain state.
 */
export const session = {
  json: false,
  maxResultChars: 16384,
  signal: undefined as "SIGINT" | "SIGTERM" | undefined,
  /** Process groups of children running now (their leaders' pids). */
  livePids: new Set<number>(),
  /** The round running now, for the Cancelled error. */
  currentRound: undefined as number | undefined,
  /** Once a run started (its RunStarted event): its id and the command that continues it, for every error after. */
  run: undefined as RunRef | undefined,
  settled: false,
  /** Ends the live status line, when one is drawn, so that what ralph writes next starts a line of its own. */
  endStatus: undefined as (() => void) | undefined
}

const decodeEnvelope = Schema.decodeUnknownSync(Envelope)

const write = (stream: NodeJS.WriteStream, text: string) => {
  session.endStatus?.()
  stream.write(text.endsWith("\n") ? text : `${text}\n`)
}

/** Prints the run's one result and sets the exit code; later calls are ignored. */
export const settleSuccess = (unchecked: Envelope): void => {
  if (session.settled) return
  session.settled = true
  // Decode, don't trust: what leaves the process is checked against the envelope's schema.
  const envelope = decodeEnvelope(unchecked)
  if (session.json) write(process.stdout, JSON.stringify(envelope))
  else write(process.stdout, renderEnvelope(envelope, session.maxResultChars))
  process.exitCode = exitCodeOfEnvelope(envelope)
}

export const settleFailure = (error: RalphError): void => {
  if (session.settled) return
  session.settled = true
  if (session.json) write(process.stdout, JSON.stringify(errorDocument(error, session.run?.runId)))
  else write(process.stderr, renderError(error, session.maxResultChars, session.run))
  process.exitCode = exitCodeOfError(error)
}
