/**
 * What the dashboard serves, read from the store `ralph runs` reads: a page of the list, and one
 * run — each from the one fold of its record (the store's `read`), in the JSON shapes of
 * src/cli/present/json.ts. Every document is bounded: the list by its page, a run by its rounds.
 */
import { Effect } from "effect"
import { listedId, newestFirst } from "../cli/findRun.ts"
import { listRowJson, showJson } from "../cli/present/json.ts"
import { runCheckpoints } from "../cli/runCheckpoints.ts"
import type { RunView } from "../domain/runView.ts"
import { defaults } from "../domain/settings.ts"
import type { RunListing, RunStore } from "../record/RunStore.ts"
import { Checkpoints } from "../workspace/checkpoints.ts"

type Store = RunStore["Service"]

/** Which runs a page of the list shows. */
export interface ListQuery {
  readonly status: string | undefined
  readonly workspace: string | undefined
  /** From 1. */
  readonly page: number
  readonly size: number
}

/** The query of a list request's URL parameters; bad values fall back to the first page's defaults. */
export const listQuery = (params: URLSearchParams): ListQuery => {
  const whole = (name: string, fallback: number, max: number) => {
    const raw = params.get(name) ?? ""
    return /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Math.min(Number(raw), max) : fallback
  }
  const text = (name: string) => {
    const raw = params.get(name)
    return raw === null || raw === "" ? undefined : raw
  }
  return {
    status: text("status"),
    workspace: text("workspace"),
    page: whole("page", 1, 1_000_000),
    size: whole("size", defaults.dashboardPageSize, defaults.dashboardMaxPageSize)
  }
}

const stateOf = (run: RunListing): string => run._tag === "Damaged" ? "damaged" : run.summary.state

/** The most workspaces the filter offers (the rest are reachable by typing one into the URL). */
const shownWorkspaces = 200

/** The listing's runs the query matches, newest first, and the page of them it asks for. */
export const selectPage = (listing: ReadonlyArray<RunListing>, query: ListQuery) => {
  const matching = newestFirst(listing).filter((run) =>
    (query.workspace === undefined || (run._tag === "Readable" && run.summary.workspace === query.workspace)) &&
    (query.status === undefined || stateOf(run) === query.status)
  )
  const pages = Math.max(1, Math.ceil(matching.length / query.size))
  const page = Math.min(query.page, pages)
  return { matching, page, pages, shown: matching.slice((page - 1) * query.size, page * query.size) }
}

/** What a page looks like without reading its runs' records: a change in it is news for the list's stream. */
export const pageFingerprint = (listing: ReadonlyArray<RunListing>, query: ListQuery): string => {
  const { matching, page, shown } = selectPage(listing, query)
  return JSON.stringify([
    listing.length,
    matching.length,
    page,
    shown.map((run) => run._tag === "Readable" ? [run.summary.runId, run.summary.state, run.summary.updatedAt] : run)
  ])
}

/** A page of the list: the page's runs (each folded from its record), the counts, and the workspaces to filter by. */
export const listPage = (store: Store, listing: ReadonlyArray<RunListing>, query: ListQuery) =>
  Effect.gen(function*() {
    const { matching, page, pages, shown } = selectPage(listing, query)
    const now = new Date().toISOString()
    const runs = yield* Effect.forEach(shown, (run) =>
      run._tag === "Damaged"
        ? Effect.succeed(listRowJson(run, null, now))
        : store.read(listedId(run)).pipe(
          Effect.map((view) => listRowJson(run, view, now)),
          // A record that stopped reading since it was listed is shown as its listing says.
          Effect.orElseSucceed(() => listRowJson(run, null, now))
        ))
    const workspaces = [
      ...new Set(listing.flatMap((run) => run._tag === "Readable" ? [run.summary.workspace] : []))
    ].sort()
    return {
      // Where the runs are recorded: the page names it when there are none yet.
      recordedIn: store.root,
      total: listing.length,
      matching: matching.length,
      page,
      pages,
      size: query.size,
      status: query.status ?? null,
      workspace: query.workspace ?? null,
      workspaces: workspaces.slice(0, shownWorkspaces),
      runs
    }
  })

/** The most rounds a run's document carries (the newest); the engine allows no more children than this. */
const maxRounds = defaults.maxChildrenPerRun

/** How many file lines of a round's diffstat the page shows, and for how many rounds (the newest; as `ralph show`). */
const statFiles = 10
const statRounds = 200

/** Diffstats already read, by the pair of commits (a checkpoint never changes). */
export type StatCache = Map<string, ReadonlyArray<string>>

/**
 * Each finished round's changed files (the diffstat from the checkpoint before it), cut to its
 * first files, for the newest rounds (one git call a round, each read once a stream); none when the workspace is not in git here (or git fails: the record still shows).
 */
const changedFiles = (view: RunView, cache: StatCache) =>
  Effect.gen(function*() {
    const { checkpoints, workspace } = yield* runCheckpoints(view)
    const byRound = new Map(checkpoints.map((c) => [c.round, c.commit]))
    const service = Checkpoints.make()
    const files: Record<string, ReadonlyArray<string>> = {}
    for (const c of checkpoints.slice(-statRounds)) {
      const before = byRound.get(c.round - 1)
      if (before === undefined) continue
      const key = `${before}..${c.commit}`
      const known = cache.get(key)
      const lines = known ?? (yield* service.diff(workspace, before, c.commit, true)).trimEnd().split("\n")
        .filter((line) => line.trim() !== "")
      if (known === undefined) cache.set(key, lines)
      files[String(c.round)] = lines.length <= statFiles + 1
        ? lines
        : [...lines.slice(0, statFiles), ` … ${lines.length - 1 - statFiles} more files`, lines.at(-1)!]
    }
    return files
  }).pipe(Effect.orElseSucceed((): Record<string, ReadonlyArray<string>> => ({})))

/** One run as `ralph show --json` gives it, its newest rounds only, with each round's changed files. */
export const runDocument = (view: RunView, cache: StatCache): Effect.Effect<object> =>
  Effect.map(changedFiles(view, cache), (files) => {
    const shown = showJson(view)
    return {
      ...shown,
      rounds: shown.rounds.slice(-maxRounds),
      roundsOmitted: Math.max(0, shown.rounds.length - maxRounds),
      changedFiles: files
    }
  })
