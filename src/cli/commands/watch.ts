import { Duration, Effect, Result, Schema } from "effect"
import { Command } from "effect/cli"
import { RalphError } from "../../domain/errors.ts"
import { eventOfEntry } from "../../domain/journal.ts"
import { isLive, type RunView } from "../../domain/runView.ts"
import { escapeBlock } from "../../domain/terminalText.ts"
import { withFoundRun } from "../findRun.ts"
import { quiet, readFlags, runIdArgument } from "../flags.ts"
import { progressFor } from "../present/liveView.ts"
import { exitCodeOfTag, resumeCommand } from "../present/output.ts"
import { CliSession, type Session, settleFailure, settleSuccess } from "../session.ts"
import { loadLocation } from "../settings.ts"
import type { StoreLocation } from "../store.ts"

/** How often the record is read again: a round's start or end shows within this. */
const pollInterval = Duration.millis(250)

const decodeError = Schema.decodeUnknownResult(RalphError)

/**
 * An end no RalphError says: one error document on stdout with --json, the message (escaped: it may
 * come from the record) on stderr otherwise, as settleFailure would print it.
 */
const settleUnknown = (session: Session, _tag: string, message: string, exitCode: number) => {
  session.endStatus?.()
  // One result per process, as settleFailure prints it.
  if (!session.claimResult()) return
  const runId = session.run?.runId
  if (session.json) process.stdout.write(`${JSON.stringify({ error: { _tag, message, runId } })}\n`)
  else process.stderr.write(`ralph: ${escapeBlock(message)}\n`)
  process.exitCode = exitCode
}

/** How a run that is no longer running ended, said as `ralph run` would have said it. */
const settleEnded = (session: Session, view: RunView, location: StoreLocation) => {
  const runId = view.started.runId
  session.output({ maxResultChars: view.started.config.maxResultChars })
  const resume = resumeCommand(runId, location)
  session.runStarted({ runId, resume })
  if (view.envelope !== null) return settleSuccess(session, view.envelope)
  if (view.error !== null) {
    const decoded = decodeError({ _tag: view.error._tag, ...view.error.fields })
    if (Result.isSuccess(decoded)) return settleFailure(session, decoded.success)
    // A record of an error this ralph does not know: its words, and the code its tag has.
    return settleUnknown(session, view.error._tag, view.error.message, exitCodeOfTag(view.error._tag))
  }
  // The ralph process that ran it is gone without recording an end: a crash, a SIGKILL.
  settleUnknown(
    session,
    "Interrupted",
    `Run ${runId} stopped without an end: its ralph process (pid ${view.ownerPid}) is gone. ` +
      `Continue it with: ${resume}`,
    1
  )
}

export const watch = Command.make(
  "watch",
  { ...readFlags, quiet, runId: runIdArgument },
  (flags) =>
    Effect.gen(function*() {
      const session = yield* CliSession
      session.output({ json: flags.json })
      const location = yield* loadLocation(flags, process.env)
      const progress = progressFor(session, flags.quiet)
      const ended = yield* withFoundRun(location, flags.runId, (store, runId) =>
        Effect.gen(function*() {
          session.watch(runId)
          // The record's entries as the run's events, each told once, at the time it was recorded.
          let told = 0
          let seen: string | undefined
          for (;;) {
            const view = yield* store.read(runId)
            // Read after the view (they hold at least what it does): when it has news, and at the end
            // (an entry written in the millisecond of the last one seen is told then at the latest).
            if (view.lastTime !== seen || !isLive(view.state)) {
              const entries = yield* store.entries(runId)
              for (const entry of entries.slice(told)) {
                const event = eventOfEntry(entry, view.started)
                if (event !== undefined) yield* progress(event, Date.parse(entry.t))
              }
              told = entries.length
              seen = view.lastTime
            }
            if (!isLive(view.state)) return view
            yield* Effect.sleep(pollInterval)
          }
        }))
      settleEnded(session, ended, location)
    }).pipe(Effect.catch((error) => CliSession.use((session) => Effect.sync(() => settleFailure(session, error)))))
).pipe(
  Command.withDescription(
    "Follow a run started elsewhere (another terminal, an MCP host) round by round until it ends, then print how it ended"
  )
)
