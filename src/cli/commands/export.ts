import { Effect } from "effect"
import { Command } from "effect/cli"
import { withFoundRun } from "../findRun.ts"
import { readFlags, runIdArgument } from "../flags.ts"
import { CliSession, settleFailure } from "../session.ts"
import { loadLocation } from "../settings.ts"

export const exportRun = Command.make(
  "export",
  { ...readFlags, runId: runIdArgument },
  (flags) =>
    CliSession.use((session) => {
      session.output({ json: flags.json })
      return Effect.flatMap(
        loadLocation(flags, process.env),
        (location) =>
          withFoundRun(
            location,
            flags.runId,
            (store, runId) => Effect.all({ entries: store.entries(runId), outputs: store.outputs(runId) })
          )
      ).pipe(
        // JSON lines whatever --json says: one entry per line, as the journal keeps them, then each
        // round's kept output as a `round-output` line.
        Effect.tap(({ entries, outputs }) =>
          Effect.sync(() =>
            process.stdout.write(
              [...entries, ...outputs.map((output) => ({ type: "round-output", ...output }))]
                .map((line) => `${JSON.stringify(line)}\n`).join("")
            )
          )
        ),
        Effect.catch((error) => Effect.sync(() => settleFailure(session, error))),
        Effect.asVoid
      )
    })
).pipe(
  Command.withDescription(
    "Write one run's whole record as JSON lines (its entries, then each round's kept output), for grep and jq"
  )
)
