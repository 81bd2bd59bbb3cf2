import { Effect } from "effect"
import { Command } from "effect/cli"
import { elapsed } from "../../domain/render.ts"
import { escapeLine } from "../../domain/terminalText.ts"
import type { RunListing } from "../../record/RunStore.ts"
import { readFlags } from "../flags.ts"
import { listingJson } from "../present/json.ts"
import { printRead } from "../present/print.ts"
import { loadLocation } from "../settings.ts"
import { withStore } from "../store.ts"

const listingRow = (run: RunListing) => {
  if (run._tag === "Damaged") return [run.runId, "damaged".padEnd(14), escapeLine(run.problem)].join("  ")
  const s = run.summary
  const objective = escapeLine(s.objective.replace(/\s+/g, " "))
  return [
    s.runId,
    s.state.padEnd(14),
    `${s.rounds}/${s.maxRounds}`.padEnd(8),
    s.startedAt.slice(0, 19).replace("T", " "),
    elapsed(s.startedAt, s.updatedAt).padStart(6),
    objective.length > 60 ? `${objective.slice(0, 59)}…` : objective
  ].join("  ")
}

export const runs = Command.make("runs", readFlags, (flags) => {
  return printRead(
    flags.json,
    Effect.flatMap(loadLocation(flags, process.env), (location) => withStore(location, (store) => store.list)),
    (listing) => listing.length === 0 ? "No runs recorded yet." : listing.map(listingRow).join("\n"),
    (listing) => listing.map(listingJson)
  )
}).pipe(
  Command.withDescription("List recorded runs, oldest first; a run whose record cannot be read is listed as damaged")
)
