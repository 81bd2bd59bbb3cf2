/**
 * What the fleet's commands share: the store's database (a SQL one: the journal engine has
 * nothing several processes can share) and, for `submit` and `cancel`, a client of the cluster
 * (it owns no shard: its messages are stored and the owning worker told).
 */
import { Context, type Duration, Effect, Layer, Scope, Semaphore } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { WorkflowEngine } from "effect/workflow/WorkflowEngine"
import { existsSync } from "node:fs"
import { InvalidConfig, StateUnavailable } from "../domain/errors.ts"
import { defaults } from "../domain/settings.ts"
import { FleetQueue, type FleetRun, type FleetWorker } from "../fleet/FleetQueue.ts"
import type { RunListing } from "../record/RunStore.ts"
import { failureMessage } from "../sql/sqlMessage.ts"
import { listedId } from "./findRun.ts"
import { cluster } from "./lazy.ts"
import { sqlClient, sqliteFile, type StoreLocation } from "./store.ts"

/** The location's SqlClient, for a fleet. */
export const fleetSql = (location: StoreLocation) =>
  location.engine === "journal"
    ? Effect.fail(
      new InvalidConfig({
        key: "engine",
        problem: "a fleet needs a store several processes share: the sqlite engine (one machine) or postgres " +
          "(--engine sqlite, or --engine postgres --database-url URL)"
      })
    )
    : sqlClient(location)

/** A database that cannot be reached or used by the fleet: unusable state, naming it. */
const unusable = (where: string) => (error: { readonly message: string }) =>
  new StateUnavailable({ path: where, problem: `the fleet cannot use it: ${failureMessage(error)}` })

/** Runs `use` with a cluster client and the fleet's queue over the location's database. */
export const withFleetClient = <A, E>(
  location: StoreLocation,
  use: (fleet: {
    readonly engine: WorkflowEngine["Service"]
    readonly queue: FleetQueue["Service"]
  }) => Effect.Effect<A, E>
) =>
  Effect.scoped(Effect.gen(function*() {
    const { layer, where } = yield* fleetSql(location)
    const { clusterLayer } = yield* cluster
    const client = clusterLayer({
      address: undefined,
      shardLockExpiration: defaults.shardLockExpiry,
      shardLockRefreshInterval: defaults.shardLockExpiry
    })
    const context = yield* Layer.build(Layer.merge(client, FleetQueue.layer).pipe(Layer.provide(layer))).pipe(
      Effect.mapError(unusable(where))
    )
    return yield* use({ engine: Context.get(context, WorkflowEngine), queue: Context.get(context, FleetQueue) })
  }))

/** The fleet's rows of the location, read without creating a database: none for a journal store or a missing file. */
export interface FleetRows {
  readonly runs: ReadonlyArray<FleetRun>
  readonly workers: ReadonlyArray<FleetWorker>
  /** The runner addresses the cluster lists now. */
  readonly live: ReadonlySet<string>
}

/** The location's fleet rows now, or null where no fleet ever was (no database, or no queue in it). */
export type FleetRead = Effect.Effect<FleetRows | null, InvalidConfig | StateUnavailable>

const unreadable = (location: StoreLocation) => (error: { readonly message: string }) =>
  new StateUnavailable({ path: location.stateDir, problem: failureMessage(error) })

/**
 * A reader of the location's fleet rows for as long as the scope lasts, creating nothing: it opens
 * the database once it exists and the fleet's queue once a fleet made it (looked for again each
 * read until then), and keeps both — one connection however often it reads. A read command
 * writes nothing: a store no fleet used gets no fleet tables. `shardLockExpiry`: the fleet's
 * (the setting), by which the cluster declares a silent worker dead.
 */
export const fleetReader = (
  location: StoreLocation,
  shardLockExpiry: Duration.Duration
): Effect.Effect<FleetRead, never, Scope.Scope> =>
  Effect.gen(function*() {
    if (location.engine === "journal") return Effect.succeed(null)
    const scope = yield* Effect.scope
    const one = yield* Semaphore.make(1)
    let sql: SqlClient.SqlClient | undefined
    let queue: FleetQueue["Service"] | undefined
    const opened = Effect.gen(function*() {
      if (sql === undefined) {
        const { layer } = yield* fleetSql(location)
        sql = Context.get(yield* Scope.provide(Layer.build(layer), scope), SqlClient.SqlClient)
      }
      const client = sql
      if (queue === undefined) {
        const hasQueue = yield* client`SELECT 1 FROM ralph_fleet_runs LIMIT 0`.pipe(
          Effect.as(true),
          Effect.catchTag("SqlError", () => Effect.succeed(false))
        )
        if (!hasQueue) return undefined
        const built = FleetQueue.layer.pipe(Layer.provide(Layer.succeed(SqlClient.SqlClient, client)))
        queue = Context.get(yield* Scope.provide(Layer.build(built), scope), FleetQueue)
      }
      return { sql: client, queue }
    })
    const read = Effect.gen(function*() {
      // No database yet: nothing to read, and nothing made.
      if (location.engine === "sqlite" && !existsSync(sqliteFile(location.stateDir))) return null
      const fleet = yield* opened
      if (fleet === undefined) return null
      const { sql, queue } = fleet
      // A worker is live while the cluster lists its runner (it drops one it has declared dead).
      const { liveRunners } = yield* cluster
      const live = yield* liveRunners(sql, shardLockExpiry)
      return { runs: yield* queue.list, workers: yield* queue.workers, live }
    })
    return one.withPermits(1)(read).pipe(
      Effect.catchTag("SqlError", (error) => Effect.fail(unreadable(location)(error)))
    )
  })

const noRows: FleetRows = { runs: [], workers: [], live: new Set<string>() }

/** The fleet's rows of the location once (a read command's): none where no fleet ever was. */
export const fleetRows = (
  location: StoreLocation,
  shardLockExpiry: Duration.Duration = defaults.shardLockExpiry
): Effect.Effect<FleetRows, InvalidConfig | StateUnavailable> =>
  Effect.scoped(
    Effect.flatMap(fleetReader(location, shardLockExpiry), (read) => Effect.map(read, (rows) => rows ?? noRows))
  )

/** A live worker as `ralph workers` and the dashboard show it: its row, and the runs it drives. */
export interface LiveWorker extends FleetWorker {
  /** The runs it took last whose record says they are running. */
  readonly runs: ReadonlyArray<string>
}

/** The workers the cluster lists now (a dead one is gone once the cluster declared it dead), with the runs each drives. */
export const liveWorkers = (rows: FleetRows, listing: ReadonlyArray<RunListing>): ReadonlyArray<LiveWorker> => {
  const running = new Set(
    listing.flatMap((run) => run._tag === "Readable" && run.summary.state === "running" ? [run.summary.runId] : [])
  )
  return rows.workers.filter((w) => rows.live.has(w.address)).map((w) => ({
    ...w,
    runs: rows.runs.flatMap((run) =>
      run.worker === w.address && running.has(run.queued.submission.runId) ? [run.queued.submission.runId] : []
    )
  }))
}

/** A submitted run with no record yet: queued, or cancelled before it started. */
export interface QueuedRun {
  readonly runId: string
  readonly state: "queued" | "cancelled"
  readonly objective: string
  /** When it may start (ISO), if it was submitted --not-before. */
  readonly notBefore: string | null
}

/** The fleet's runs no record holds yet, in the queue's order. */
export const queuedRuns = (
  runs: ReadonlyArray<FleetRun>,
  listing: ReadonlyArray<RunListing>
): ReadonlyArray<QueuedRun> => {
  const recorded = new Set(listing.map(listedId))
  return runs.filter((run) => !recorded.has(run.queued.submission.runId)).map((run) => ({
    runId: run.queued.submission.runId,
    state: run.cancelled ? "cancelled" : "queued",
    objective: run.queued.submission.objective,
    notBefore: run.queued.submission.notBefore === null ? null : new Date(run.queued.submission.notBefore).toISOString()
  }))
}
