/**
 * What the fleet's commands share: the store's database (a SQL one: the journal engine has
 * nothing several processes can share) and, for `submit` and `cancel`, a client of the cluster
 * (it owns no shard: its messages are stored and the owning worker told).
 */
import { Context, Effect, Layer } from "effect"
import { WorkflowEngine } from "effect/workflow/WorkflowEngine"
import { InvalidConfig, StateUnavailable } from "../domain/errors.ts"
import { defaults } from "../domain/settings.ts"
import { clusterLayer } from "../fleet/cluster.ts"
import { FleetQueue } from "../fleet/FleetQueue.ts"
import { sqlClient, type StoreLocation } from "./store.ts"

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
