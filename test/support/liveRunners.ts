/**
 * The case `liveRunners` (src/fleet/cluster.ts) must pass on each SQL store: a runner registered
 * through effect/cluster's own SqlRunnerStorage (ralph's table prefix) is live while its heartbeat
 * is newer than the expiry, dead once it has been silent longer (real time, no heartbeat: a killed
 * worker), and live again after a heartbeat. None before the table exists.
 */
import { assert } from "@effect/vitest"
import { Context, Duration, Effect, Layer } from "effect"
import * as Runner from "effect/cluster/Runner"
import * as RunnerAddress from "effect/cluster/RunnerAddress"
import * as RunnerStorage from "effect/cluster/RunnerStorage"
import * as ShardingConfig from "effect/cluster/ShardingConfig"
import * as SqlRunnerStorage from "effect/cluster/SqlRunnerStorage"
import * as SqlClient from "effect/sql/SqlClient"
import { liveRunners, tablePrefix } from "../../src/fleet/cluster.ts"

const expiry = Duration.seconds(2)

export const liveRunnersCase = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  assert.strictEqual((yield* liveRunners(sql, expiry)).size, 0, "no table: none")
  const context = yield* Layer.build(
    SqlRunnerStorage.layerWith({ prefix: tablePrefix }).pipe(
      Layer.provide(ShardingConfig.layer({ shardLockExpiration: expiry }))
    )
  )
  const storage = Context.get(context, RunnerStorage.RunnerStorage)
  const address = RunnerAddress.make("worker-host", 4711)
  yield* storage.register(Runner.make({ address, groups: ["default"], weight: 1 }), true)
  const live = yield* liveRunners(sql, expiry)
  assert.deepStrictEqual([...live], ["worker-host:4711"])
  // Silent past the expiry (the database's clock counts whole seconds): dead to the cluster.
  yield* Effect.sleep(Duration.sum(expiry, Duration.millis(2500)))
  assert.strictEqual((yield* liveRunners(sql, expiry)).size, 0, "silent past the expiry: dead")
  yield* storage.refresh(address, [])
  assert.isTrue((yield* liveRunners(sql, expiry)).has("worker-host:4711"), "a heartbeat: live again")
})
