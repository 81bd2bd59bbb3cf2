import { Duration, Effect } from "effect"
import { Command } from "effect/cli"
import { hostname } from "node:os"
import type { RunEvent } from "../../domain/events.ts"
import { escapeLine } from "../../domain/terminalText.ts"
import { workerFlags } from "../flags.ts"
import { fleetSql } from "../fleet.ts"
import { fleetWorker, invocation } from "../lazy.ts"
import { providersLayer } from "../providers.ts"
import { loadWorkerSettings } from "../serverSettings.ts"
import { CliSession, settleFailure } from "../session.ts"

/** The worker's log on stderr: one line per run event that matters to whoever watches it. */
const logLine = (event: RunEvent): string | undefined => {
  switch (event._tag) {
    case "RunStarted":
      return `run ${event.runId}: ${
        event.resumedAfterRound === undefined ? "started" : `taken over after round ${event.resumedAfterRound}`
      } in ${escapeLine(event.workspace)}`
    case "RoundStarted":
      return `run ${event.runId}: round ${event.round} started`
    case "RoundFinished":
      return `run ${event.runId}: round ${event.round} ${event.report.status}: ${escapeLine(event.report.summary)}`
    case "RoundFailed":
      return `run ${event.runId}: round ${event.round} failed (${event.reason})`
    case "RunFinished":
      return `run ${event.runId}: ${event.envelope.result.status}`
    case "RunFailed":
      return `run ${event.runId}: ${event.error._tag}`
    default:
      return undefined
  }
}

export const worker = Command.make(
  "worker",
  workerFlags,
  (flags) =>
    CliSession.use((session) =>
      Effect.gen(function*() {
        session.drives()
        const settings = yield* loadWorkerSettings(flags, process.env)
        const { layer, where } = yield* fleetSql(settings)
        const { trackChildren } = yield* invocation
        const { runWorker } = yield* fleetWorker
        const track = trackChildren(session)
        return yield* runWorker({
          sql: layer,
          where,
          concurrency: settings.concurrency,
          workDir: settings.workDir,
          host: settings.workerHost ?? hostname(),
          shardLockExpiration: settings.shardLockExpiry,
          // Six refreshes a lock's life, as a run's lease is renewed: a few missed ones lose nothing.
          shardLockRefreshInterval: Duration.millis(Math.max(100, Duration.toMillis(settings.shardLockExpiry) / 6)),
          providers: providersLayer,
          ownAgent: (name) => settings.agents[name] ?? {},
          env: process.env,
          observe: (event) =>
            Effect.andThen(
              Effect.ignore(track(event)),
              Effect.sync(() => {
                const line = logLine(event)
                if (line !== undefined) process.stderr.write(`ralph worker: ${line}\n`)
              })
            ),
          onOrphanStopped: (runId, pid) =>
            Effect.sync(() =>
              process.stderr.write(
                `ralph worker: stopped pid ${pid}, a child of run ${runId} a dead worker left running\n`
              )
            ),
          onJoined: (address) =>
            Effect.sync(() =>
              process.stderr.write(
                `ralph worker: joined the fleet as ${address} (pid ${process.pid}, at most ${settings.concurrency} ` +
                  `at once, clones in ${escapeLine(settings.workDir)})\n`
              )
            )
        })
      }).pipe(Effect.catch((error) => Effect.sync(() => settleFailure(session, error))))
    )
).pipe(
  Command.withDescription(
    "Join the fleet and drive queued runs (ralph submit), at most --concurrency at once, until SIGINT or SIGTERM hands them to other workers"
  )
)
