/**
 * effect/workflow's durable engine on one process: `ClusterWorkflowEngine` over a single runner
 * whose messages (and, by default, shard locks) live in the `SqlClient` it is given.
 *
 * This is effect's `SingleRunner.layer` rebuilt with an explicit `ShardingConfig`: effect's own
 * always reads `ShardingConfig.layerFromEnv`, i.e. the unprefixed environment variables `HOST`,
 * `PORT`, `SHARDS_PER_GROUP`, … of whoever runs the program, so `PORT=abc` in a user's shell fails
 * the layer with a ConfigError, and `SHARD_LOCK_EXPIRATION=1 millis` would quietly change the lock
 * semantics. Here the configuration is `ShardingConfig.defaults` plus what the caller passes, and the
 * environment is never read.
 *
 * Tables (prefix `cluster`): `cluster_messages`, `cluster_replies`, `cluster_runners`,
 * `cluster_locks` and their migration tables, created on first use.
 *
 * Not ralph's engine (see src/engine/ and docs/design.md §5 for why): kept for the tests that prove
 * the node:sqlite client carries effect's own engine, the test of the finding that made ralph
 * write its own, and the benchmarks that compare the two.
 */
import * as ClusterWorkflowEngine from "effect/cluster/ClusterWorkflowEngine"
import type * as MessageStorage from "effect/cluster/MessageStorage"
import * as RunnerHealth from "effect/cluster/RunnerHealth"
import * as Runners from "effect/cluster/Runners"
import * as RunnerStorage from "effect/cluster/RunnerStorage"
import * as Sharding from "effect/cluster/Sharding"
import * as ShardingConfig from "effect/cluster/ShardingConfig"
import * as SqlMessageStorage from "effect/cluster/SqlMessageStorage"
import * as SqlRunnerStorage from "effect/cluster/SqlRunnerStorage"
import * as Digest from "effect/crypto/Digest"
import * as Layer from "effect/Layer"
import type * as SqlClient from "effect/sql/SqlClient"
import type * as WorkflowEngine from "effect/workflow/WorkflowEngine"

export interface SingleRunnerOptions {
  /** Overrides of `ShardingConfig.defaults`; nothing is read from the environment. */
  readonly shardingConfig?: Partial<ShardingConfig.ShardingConfig["Service"]> | undefined
  /**
   * Where shard locks and the runner registry live. `"sql"` (default): in the database, so a second
   * process on the same database waits for the first one's locks (or takes them over when they
   * expire, or at once when it has the same runner address). `"memory"`: in the process.
   */
  readonly runnerStorage?: "memory" | "sql" | undefined
}

/** `ShardingConfig` from the defaults and `overrides` only. */
export const shardingConfig = (
  overrides?: Partial<ShardingConfig.ShardingConfig["Service"]>
): Layer.Layer<ShardingConfig.ShardingConfig> => ShardingConfig.layer(overrides)

/**
 * `Sharding`, `Runners` and `MessageStorage` of a single runner over the `SqlClient`: effect's
 * `SingleRunner.layer` without the environment.
 */
export const singleRunner = (
  options?: SingleRunnerOptions
): Layer.Layer<
  Sharding.Sharding | Runners.Runners | MessageStorage.MessageStorage,
  never,
  SqlClient.SqlClient
> =>
  Sharding.layer.pipe(
    Layer.provideMerge(Runners.layerNoop),
    Layer.provideMerge(SqlMessageStorage.layer),
    Layer.provide([
      options?.runnerStorage === "memory" ? RunnerStorage.layerMemory : Layer.orDie(SqlRunnerStorage.layer),
      RunnerHealth.layerNoop
    ]),
    Layer.provide([shardingConfig(options?.shardingConfig), Digest.layerWebCrypto])
  )

/** The durable `WorkflowEngine` (with the single runner's services) over the `SqlClient`. */
export const layer = (
  options?: SingleRunnerOptions
): Layer.Layer<
  WorkflowEngine.WorkflowEngine | Sharding.Sharding | MessageStorage.MessageStorage,
  never,
  SqlClient.SqlClient
> => ClusterWorkflowEngine.layer.pipe(Layer.provideMerge(singleRunner(options)))
