/**
 * The modules a command loads when it runs rather than at start: the run path (Ralph and its
 * engine), the SQL record and effect's cluster. `ralph --help` and the read commands evaluate only
 * what they use (each is a chunk of its own in the build: scripts/build.mjs splits at `import()`).
 */
import { Effect } from "effect"

/** Ralph for one invocation: the loop, its workflow engine, the providers. */
export const invocation = Effect.promise(() => import("./invocation.ts"))

/** ralph's workflow (the loop's body and its activities), for a command that addresses a run's execution. */
export const workflow = Effect.promise(() => import("../loop/workflow.ts"))

/** ralph's durable workflow engine (memory and SQL). */
export const durableEngine = Effect.promise(() => import("../engine/DurableEngine.ts"))

/** ralph's record of runs in a SQL database. */
export const sqlRunStore = Effect.promise(() => import("../record/SqlRunStore.ts"))

/** effect's cluster (sharding, RPC, sockets) as the fleet uses it. */
export const cluster = Effect.promise(() => import("../fleet/cluster.ts"))

/** A fleet worker. */
export const fleetWorker = Effect.promise(() => import("../fleet/worker.ts"))
