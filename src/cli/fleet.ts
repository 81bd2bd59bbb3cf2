/**
 * What the fleet's commands share: the store's database (a SQL one: the journal engine has
 * nothing several processes can share) and, for `submit` and `cancel`, a client of the cluster
 * (it owns no shard: its messages are stored and the owning worker told).
 */
import { Context, Effect, Layer } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { WorkflowEngine } from "effect/workflow/WorkflowEngine"
import { existsSync } from "node:fs"
import { InvalidConfig, StateUnavailable } from "../domain/errors.ts"
import { defaults } from "../domain/settings.ts"
import { FleetQueue, type FleetRun, type FleetWorker } from "../fleet/FleetQueue.ts"
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
  new StateUnavailable({ path: where, problem: `the fleet cannot use it: ${error.message}` })

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

export const fleetRows = (location: StoreLocation): Effect.Effect<FleetRows, InvalidConfig | StateUnavailable> =>
  location.engine === "journal" || (location.engine === "sqlite" && !existsSync(sqliteFile(location.stateDir)))
    ? Effect.succeed({ runs: [], workers: [], live: new Set<string>() })
    : Effect.scoped(Effect.gen(function*() {
      const { layer } = yield* fleetSql(location)
      const sql = Context.get(yield* Layer.build(layer), SqlClient.SqlClient)
      // A store no fleet ever used has no queue: a read command creates nothing there.
      const hasQueue = yield* sql`SELECT 1 FROM ralph_fleet_runs LIMIT 0`.pipe(
        Effect.as(true),
        Effect.catchTag("SqlError", () => Effect.succeed(false))
      )
      if (!hasQueue) return { runs: [], workers: [], live: new Set<string>() }
      const queue = Context.get(
        yield* Layer.build(FleetQueue.layer.pipe(Layer.provide(Layer.succeed(SqlClient.SqlClient, sql)))),
        FleetQueue
      )
      // A worker is live while the cluster lists its runner (it drops a runner it has declared dead).
      const { tablePrefix } = yield* cluster
      const runners = yield* sql<{ readonly address: string }>`SELECT address FROM ${sql(`${tablePrefix}_runners`)}`
        .pipe(Effect.catchTag("SqlError", () => Effect.succeed([])))
      const live = new Set(runners.map((r) => r.address))
      return { runs: yield* queue.list, workers: yield* queue.workers, live }
    })).pipe(
      Effect.catchTag(
        ["SqlError", "SchemaError"],
        (error) => Effect.fail(new StateUnavailable({ path: location.stateDir, problem: error.message }))
      )
    )
