/**
 * Which recorded run a command means: a whole run id, a prefix of exactly one, or `last` (the newest
 * run of the workspace the command is given, or started in).
 */
import { Effect } from "effect"
import { InvalidArguments, type StateUnavailable } from "../domain/errors.ts"
import type { RunListing, RunStore } from "../record/RunStore.ts"
import { isWithin } from "../workspace/files.ts"
import type { RunsLocation } from "./settings.ts"
import { withRecords } from "./store.ts"

/** The run id of a listed run, readable or not. */
export const listedId = (run: RunListing): string => run._tag === "Damaged" ? run.runId : run.summary.runId

/**
 * When a run started, as an ISO instant: its record's, or for a damaged run the second its id
 * begins with (ids are minted as YYYYMMDD-HHMMSS-hex), so it sorts among the others.
 */
const startOf = (run: RunListing): string => {
  if (run._tag === "Readable") return run.summary.startedAt
  const minted = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-/.exec(run.runId)
  return minted === null ? "" : `${minted[1]}-${minted[2]}-${minted[3]}T${minted[4]}:${minted[5]}:${minted[6]}`
}

/** Newest first: by start, then by id. */
export const newestFirst = (listing: ReadonlyArray<RunListing>): Array<RunListing> =>
  [...listing].sort((a, b) => startOf(b).localeCompare(startOf(a)) || listedId(b).localeCompare(listedId(a)))

/** The recorded workspace `dir` lies in (the deepest, when workspaces nest), or undefined. */
export const workspaceAround = (listing: ReadonlyArray<RunListing>, dir: string): string | undefined => {
  let found: string | undefined
  for (const run of listing) {
    if (run._tag === "Damaged") continue
    const ws = run.summary.workspace
    if (isWithin(dir, ws) && (found === undefined || ws.length > found.length)) found = ws
  }
  return found
}

const runIdProblem = (problem: string) => new InvalidArguments({ argument: "runId", problem })

/** The one run `given` names in the store, for a command started in `dir`. */
export const findRunId = Effect.fn("findRunId")(function*(
  store: RunStore["Service"],
  given: string,
  dir: string
): Effect.fn.Return<string, InvalidArguments | StateUnavailable> {
  const listing = yield* store.list
  if (given === "") return yield* runIdProblem("the run id is empty; `ralph runs` lists the runs")
  if (given === "last") {
    const workspace = workspaceAround(listing, dir)
    const newest = workspace === undefined
      ? undefined
      : newestFirst(listing).find((run) => run._tag === "Readable" && run.summary.workspace === workspace)
    if (newest === undefined) {
      return yield* runIdProblem(
        `no run of the workspace ${dir} is recorded in ${store.root}, so there is no last one; ` +
          "`ralph runs --all-workspaces` lists every run there (or pass --workspace, or the --state-dir it used)"
      )
    }
    return listedId(newest)
  }
  const ids = listing.map(listedId)
  if (ids.includes(given)) return given
  const matches = ids.filter((id) => id.startsWith(given)).sort()
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0) {
    return yield* runIdProblem(
      `no run ${given} is recorded in ${store.root}; \`ralph runs\` lists the runs there (or pass the --state-dir it used)`
    )
  }
  const shown = matches.slice(0, 10)
  return yield* runIdProblem(
    `"${given}" is the start of ${matches.length} run ids: ${shown.join(", ")}${
      matches.length > shown.length ? ", …" : ""
    }; give more of the id`
  )
})

/**
 * Runs `use` with the location's record of runs (read, never created) and the run `given` names
 * there, for a command whose --workspace (or current directory) says which workspace `last` means.
 */
export const withFoundRun = <A, E>(
  location: RunsLocation,
  given: string,
  use: (store: RunStore["Service"], runId: string) => Effect.Effect<A, E>
) =>
  withRecords(
    location,
    (store) => Effect.flatMap(findRunId(store, given, location.workspace), (runId) => use(store, runId))
  )
