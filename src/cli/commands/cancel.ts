import { Effect } from "effect"
import { Argument, Command } from "effect/cli"
import { InvalidArguments, StateUnavailable } from "../../domain/errors.ts"
import { failureMessage } from "../../sql/sqlMessage.ts"
import { readFlags } from "../flags.ts"
import { withFleetClient } from "../fleet.ts"
import * as lazy from "../lazy.ts"
import { printRead } from "../present/print.ts"
import { loadLocation } from "../settings.ts"
import { withRecords } from "../store.ts"

interface CancelAsked {
  readonly runId: string
  /** Where the run stood: queued (never started), or running on a worker. */
  readonly was: "queued" | "running"
}

/**
 * `ralph cancel RUN`: marks the queued run cancelled and interrupts its execution on the cluster,
 * wherever it runs: its worker stops the child and records it `Cancelled`; one not started yet
 * never starts.
 */
export const cancel = Command.make(
  "cancel",
  {
    ...readFlags,
    runId: Argument.String("runId").pipe(
      Argument.withDescription("The fleet run's id (ralph submit printed it), or a prefix of just one")
    )
  },
  (flags) =>
    printRead(
      flags.json,
      Effect.gen(function*() {
        const location = yield* loadLocation(flags, process.env)
        const ended = (runId: string) =>
          withRecords(location, (store) =>
            store.read(runId).pipe(
              Effect.map((view) => view.envelope !== null || view.error !== null),
              Effect.catchTag("InvalidArguments", () => Effect.succeed(false))
            ))
        return yield* withFleetClient(location, ({ engine, queue }) =>
          Effect.gen(function*() {
            const matching = (yield* queue.list).filter((run) => run.queued.submission.runId.startsWith(flags.runId))
            const run = matching.length === 1 ? matching[0] : undefined
            if (run === undefined) {
              return yield* new InvalidArguments({
                argument: "runId",
                problem: matching.length === 0
                  ? `no fleet run ${flags.runId} (ralph runs lists them)`
                  : `${flags.runId} names ${matching.length} fleet runs: give more of the id`
              })
            }
            const runId = run.queued.submission.runId
            if (yield* ended(runId)) {
              return yield* new InvalidArguments({ argument: "runId", problem: `run ${runId} has already ended` })
            }
            yield* queue.cancel(runId)
            const { RalphRun } = yield* lazy.workflow
            yield* engine.interruptUnsafe(RalphRun, runId)
            return { runId, was: run.worker === null ? "queued" : "running" } satisfies CancelAsked
          }).pipe(
            Effect.catchTag(
              "SqlError",
              (error) => Effect.fail(new StateUnavailable({ path: location.stateDir, problem: failureMessage(error) }))
            )
          ))
      }),
      (asked) =>
        asked.was === "queued"
          ? `ralph: run ${asked.runId} cancelled before it started`
          : `ralph: run ${asked.runId} is being stopped by its worker; it is recorded Cancelled (ralph show ${asked.runId})`,
      (asked) => asked
    )
).pipe(
  Command.withDescription(
    "Cancel a fleet run wherever it runs (its child stopped, recorded Cancelled), or before it starts"
  )
)
