/**
 * A worker: one cluster runner that drives the fleet's runs its shards hold, at most `concurrency`
 * children at once. Closing its scope (the first SIGINT/SIGTERM) leaves the cluster: its runs'
 * children are stopped (kill grace), nothing is recorded as their end, and its shards are released
 * so other workers take the runs over at once.
 */
import { type Duration, Effect, Layer, Semaphore } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { WorkflowEngine } from "effect/workflow/WorkflowEngine"
import { hostname } from "node:os"
import { StateUnavailable } from "../domain/errors.ts"
import { defaults } from "../domain/settings.ts"
import { RalphRun } from "../loop/workflow.ts"
import { makeSqlRunStore } from "../record/SqlRunStore.ts"
import { failureMessage } from "../sql/sqlMessage.ts"
import { defaultLockDir, WorkspaceLock } from "../workspace/WorkspaceLock.ts"
import { clusterLayer, freePort } from "./cluster.ts"
import { FleetQueue } from "./FleetQueue.ts"
import { fleetRunBody, type FleetWorker } from "./fleetRun.ts"
import { stopOrphans } from "./orphans.ts"
import { RunExecutions } from "./RunExecutions.ts"

export interface WorkerOptions extends Pick<FleetWorker, "providers" | "ownAgent" | "env" | "observe" | "workDir"> {
  readonly sql: Layer.Layer<SqlClient.SqlClient, SqlError>
  /** How the database is named in messages. */
  readonly where: string
  readonly concurrency: number
  /** The host other workers reach this one at. */
  readonly host: string
  readonly shardLockExpiration: Duration.Duration
  readonly shardLockRefreshInterval: Duration.Duration
  /** Told of each child a dead worker of this machine left running, once stopped. */
  readonly onOrphanStopped: (runId: string, pid: number) => Effect.Effect<void>
  /** Told once the worker has joined, with its address. */
  readonly onJoined: (address: string) => Effect.Effect<void>
}

/** Runs the worker until it is interrupted. */
export const runWorker = (options: WorkerOptions) =>
  Effect.gen(function*() {
    const port = yield* Effect.promise(() => freePort(options.host))
    const address = `${options.host}:${port}`
    const cluster = clusterLayer({
      address: { host: options.host, port },
      shardLockExpiration: options.shardLockExpiration,
      shardLockRefreshInterval: options.shardLockRefreshInterval
    })
    const services = Layer.merge(cluster, FleetQueue.layer).pipe(Layer.provide(options.sql))
    return yield* Effect.scoped(
      Effect.gen(function*() {
        const engine = yield* WorkflowEngine
        const queue = yield* FleetQueue
        const executions = yield* RunExecutions
        const store = yield* makeSqlRunStore(options.where)
        const permits = yield* Semaphore.make(options.concurrency)
        yield* Effect.acquireRelease(
          queue.joined({ address, host: hostname(), pid: process.pid, concurrency: options.concurrency }),
          () => Effect.ignore(queue.left(address))
        )
        // Before any run starts here: what a worker of this machine left running when it died.
        for (const orphan of yield* stopOrphans(store, queue, defaults.killGrace)) {
          yield* options.onOrphanStopped(orphan.runId, orphan.pid)
        }
        yield* engine.register(
          RalphRun,
          fleetRunBody({
            store,
            queue,
            locks: WorkspaceLock.make(defaultLockDir()),
            executions,
            workDir: options.workDir,
            address,
            permits,
            providers: options.providers,
            ownAgent: options.ownAgent,
            env: options.env,
            observe: options.observe
          })
        )
        yield* options.onJoined(address)
        return yield* Effect.never
      }).pipe(
        Effect.provide(Layer.mergeAll(services, options.sql, RunExecutions.layer)),
        Effect.catchTag(
          ["SqlError", "SocketServerError"],
          (error) =>
            Effect.fail(
              new StateUnavailable({
                path: options.where,
                problem: `the worker cannot join the fleet: ${failureMessage(error)}`
              })
            )
        )
      )
    )
  })
