/**
 * The fleet's cluster: effect/cluster's `ClusterWorkflowEngine` over `Sharding` with SQL message
 * and runner storage (tables `ralph_cluster_*`, beside ralph's own in the same database), runners
 * talking over TCP sockets. Built here rather than with `NodeClusterSocket.layer`, which reads
 * `ShardingConfig.layerFromEnv` (the unprefixed `HOST`, `PORT`, `SHARDS_PER_GROUP`… of whoever runs
 * ralph): the configuration is `ShardingConfig.defaults` plus what is set below, nothing else.
 *
 * A worker is a runner (it owns shards, so it runs every unfinished execution of its shards); a
 * submitting or cancelling process is a client only (its messages are stored, and the owner told).
 */
import { layerClientProtocol, layerSocketServer } from "@effect/platform-node/NodeClusterSocket"
import { Duration, Effect, Layer, Option } from "effect"
import * as ClusterWorkflowEngine from "effect/cluster/ClusterWorkflowEngine"
import * as RunnerAddress from "effect/cluster/RunnerAddress"
import * as RunnerHealth from "effect/cluster/RunnerHealth"
import * as Runners from "effect/cluster/Runners"
import * as ShardingConfig from "effect/cluster/ShardingConfig"
import * as SocketRunner from "effect/cluster/SocketRunner"
import * as SqlMessageStorage from "effect/cluster/SqlMessageStorage"
import * as SqlRunnerStorage from "effect/cluster/SqlRunnerStorage"
import * as Digest from "effect/crypto/Digest"
import * as RpcSerialization from "effect/rpc/RpcSerialization"
import type * as SqlClient from "effect/sql/SqlClient"
import { createServer } from "node:net"

/** The prefix of the cluster's tables: ralph's own, so another effect/cluster app on the database is not mixed in. */
export const tablePrefix = "ralph_cluster"

export interface ClusterOptions {
  /** The runner's address (host and port others reach it at); none for a client. */
  readonly address: { readonly host: string; readonly port: number } | undefined
  /** How long a shard's lock holds once its runner stops refreshing it: the failover time's main term. */
  readonly shardLockExpiration: Duration.Duration
  readonly shardLockRefreshInterval: Duration.Duration
}

const shardingConfig = (options: ClusterOptions) =>
  ShardingConfig.layer({
    runnerAddress: options.address === undefined
      ? Option.none()
      : Option.some(RunnerAddress.make(options.address.host, options.address.port)),
    runnerListenAddress: Option.none(),
    shardLockExpiration: options.shardLockExpiration,
    shardLockRefreshInterval: options.shardLockRefreshInterval,
    // A run submitted while no runner could be told is found in storage within a second.
    entityMessagePollInterval: "1 second",
    refreshAssignmentsInterval: "1 second"
  })

const storage = Layer.provideMerge(
  Layer.orDie(SqlRunnerStorage.layerWith({ prefix: tablePrefix })),
  SqlMessageStorage.layerWith({ prefix: tablePrefix }).pipe(Layer.provide(Digest.layerWebCrypto))
)

/** The workflow engine of a runner (a worker) or of a client (submit, cancel), over the SqlClient given. */
export const clusterLayer = (options: ClusterOptions) => {
  const serialization = RpcSerialization.layerSchemaBinary()
  const protocol = layerClientProtocol.pipe(Layer.provide(serialization))
  const sharding = options.address === undefined
    ? SocketRunner.layerClientOnly.pipe(Layer.provide(protocol))
    : SocketRunner.layer.pipe(
      Layer.provide([layerSocketServer, protocol, serialization]),
      Layer.provide(RunnerHealth.layerPing.pipe(Layer.provide(Runners.layerRpc), Layer.provide(protocol)))
    )
  return ClusterWorkflowEngine.layer.pipe(
    Layer.provideMerge(sharding),
    Layer.provideMerge(storage),
    Layer.provide(shardingConfig(options))
  )
}

/** A port free on `host` now, for a runner to listen on (another process could take it first: rare, and then the layer fails). */
export const freePort = (host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, host, () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/**
 * The runner addresses the cluster lists now, by its own rule (SqlRunnerStorage's `getRunners`): a
 * runner whose heartbeat (every sixth of the expiry, `ralph worker`) is older than the shard lock
 * expiry is dead to it — its shards go to the others — whether it left or was killed. Times are
 * the database's clock, as the heartbeats'. None before any runner made the table.
 */
export const liveRunners = (sql: SqlClient.SqlClient, shardLockExpiration: Duration.Duration) => {
  const seconds = Math.max(1, Math.ceil(Duration.toSeconds(shardLockExpiration)))
  const table = sql(`${tablePrefix}_runners`)
  const since = sql.onDialectOrElse({
    pg: () => sql`NOW() - make_interval(secs => ${seconds})`,
    orElse: () => sql`datetime(CURRENT_TIMESTAMP, ${`-${seconds} seconds`})`
  })
  return sql<{ readonly address: string }>`SELECT address FROM ${table} WHERE last_heartbeat > ${since}`.pipe(
    Effect.map((rows): ReadonlySet<string> => new Set(rows.map((row) => row.address))),
    Effect.catchTag("SqlError", () => Effect.succeed(new Set<string>()))
  )
}
