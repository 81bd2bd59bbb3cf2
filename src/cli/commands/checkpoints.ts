import { Clock, Duration, Effect } from "effect"
import { Command, Flag } from "effect/cli"
import { isLive } from "../../domain/runView.ts"
import { duration } from "../../domain/settingValues.ts"
import { escapeLine } from "../../domain/terminalText.ts"
import { Checkpoints } from "../../workspace/checkpoints.ts"
import { decodedBy, readFlags } from "../flags.ts"
import { printRead } from "../present/print.ts"
import { gitProblem } from "../runCheckpoints.ts"
import { loadLocation } from "../settings.ts"
import { withRecords } from "../store.ts"

const olderThan = Flag.String("older-than").pipe(
  Flag.withMetavar(duration.metavar),
  decodedBy(duration),
  Flag.withDescription("Remove the checkpoints of finished runs last updated longer ago than this (e.g. 7d, 12h)")
)

/** `ralph checkpoints prune --older-than D`: deletes the refs of finished runs older than D, in each run's workspace. */
const prune = Command.make("prune", { ...readFlags, olderThan }, (flags) =>
  printRead(
    flags.json,
    Effect.gen(function*() {
      const location = yield* loadLocation(flags, process.env)
      const listing = yield* withRecords(location, (store) => store.list)
      const cutoff = (yield* Clock.currentTimeMillis) - Duration.toMillis(flags.olderThan)
      const service = Checkpoints.make()
      const pruned: Array<{ readonly runId: string; readonly refs: number }> = []
      for (const run of listing) {
        if (run._tag !== "Readable") continue
        const { runId, state, updatedAt, workspace } = run.summary
        // A running or interrupted run may still go on (resume): its checkpoints stay.
        if (isLive(state) || state === "interrupted" || Date.parse(updatedAt) > cutoff) continue
        if (!service.applies(workspace)) continue
        const refs = yield* service.prune(workspace, runId).pipe(Effect.mapError(gitProblem(workspace)))
        if (refs > 0) pruned.push({ runId, refs })
      }
      return pruned
    }),
    (pruned) =>
      pruned.length === 0
        ? "No checkpoints to prune."
        : pruned.map((p) => `pruned ${p.refs} checkpoints of run ${escapeLine(p.runId)}`).join("\n"),
    (pruned) => ({ pruned })
  )).pipe(Command.withDescription("Remove the checkpoint refs of finished runs older than an age"))

export const checkpoints = Command.make("checkpoints").pipe(
  Command.withDescription("Manage the git checkpoints ralph records after each round (refs/ralph/RUN_ID/N)"),
  Command.withSubcommands([prune])
)
