/**
 * The fleet, for the dashboard's list: its live workers (`ralph workers`' rows) and the runs
 * submitted that no record holds yet (`ralph runs`' queued lines), from the fleet's rows
 * (src/cli/fleet.ts: `ralph_fleet_workers`, `ralph_fleet_runs`, the cluster's runners) and the
 * store's listing. Without a fleet there is none (`null`: the page leaves the section out).
 */
import { Effect } from "effect"
import { type FleetRead, type LiveWorker, liveWorkers, type QueuedRun, queuedRuns } from "../cli/fleet.ts"
import type { RunListing } from "../record/RunStore.ts"

/** The fleet as the page shows it. */
export interface FleetDocument {
  /** Each live worker: its runner address, host, pid, children at once, and the runs it drives now. */
  readonly workers: ReadonlyArray<LiveWorker>
  /** The first of the queued runs, in the queue's order. */
  readonly queued: ReadonlyArray<QueuedRun>
  /** How many are queued (or cancelled before they started) in all. */
  readonly queuedTotal: number
}

/** Where the dashboard reads the fleet's rows: one reader for the server's life (`fleetReader`). */
export interface FleetSource {
  /** The fleet's rows now, or null when there is no fleet. */
  readonly read: FleetRead
}

/** The most queued runs the page lists (the rest are counted). */
const shownQueued = 50

/** The fleet's document from its rows and the store's listing; null without a fleet. */
export const fleetDocument = (
  source: FleetSource,
  listing: ReadonlyArray<RunListing>
) =>
  Effect.map(source.read, (rows): FleetDocument | null => {
    if (rows === null) return null
    const queued = queuedRuns(rows.runs, listing)
    return { workers: liveWorkers(rows, listing), queued: queued.slice(0, shownQueued), queuedTotal: queued.length }
  })
