/**
 * The fleet's workers, for the dashboard's list. Without a fleet there are none to show (`null`:
 * the page leaves the section out). A fleet gives the dashboard its own source (the fleet's
 * runner registry) through `serve`'s `fleet` option; nothing else of the dashboard changes.
 */
import { Effect } from "effect"

/** One worker of a fleet, as the page shows it. */
export interface FleetWorker {
  readonly id: string
  readonly host: string
  /** What it does now: `idle`, `running`, `draining`, `gone`, … (the fleet's words). */
  readonly state: string
  /** The run it drives, if any. */
  readonly runId: string | null
  /** When it was last heard from (ISO). */
  readonly lastSeen: string
}

export interface FleetSource {
  /** The workers now, or null when there is no fleet. */
  readonly workers: Effect.Effect<ReadonlyArray<FleetWorker> | null>
}

export const noFleet: FleetSource = { workers: Effect.succeed(null) }
