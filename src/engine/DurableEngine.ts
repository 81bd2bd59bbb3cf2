/**
 * ralph's durable `WorkflowEngine`: effect/workflow's programming model (Workflow, Activity,
 * DurableClock, DurableDeferred) on a small {@link WorkflowStore}, running only the executions it is
 * asked to run, in this process.
 *
 * Why not effect's `ClusterWorkflowEngine`: on a single runner it resumes *every* unfinished
 * execution in its storage as soon as the runner starts, whoever asked for what. A ralph run is tied
 * to a workspace, its lock and a live agent process, so starting `ralph run` in one workspace must
 * never restart a crashed run of another one. Here nothing starts that was not asked for:
 *
 * - `execute(executionId, payload)` runs that execution only, in the calling process. A stored
 *   result is returned without running anything. Otherwise the workflow body runs (again) from the
 *   start: an activity whose exit is stored is replayed (not run), any other one runs and its exit
 *   is stored (one statement) before the workflow goes on; the workflow's result is stored when it
 *   completes. The payload an execution was created with is the one it keeps.
 * - An activity or a run that is interrupted (the caller interrupted, `interrupt`, the engine's
 *   layer closing, a crash) records nothing: the next `execute` runs it again. An interrupted
 *   execution is never recorded as complete (this differs from effect's engines, whose
 *   `interrupt` records a final interrupted result). A run whose store write failed records no
 *   result either: the caller gets the store's error as a defect and the execution stays
 *   resumable.
 * - `DurableClock.sleep` (use `inMemoryThreshold: 0` for every wait to be durable): the wake time is
 *   stored the first time the clock is scheduled; the run waits in place (it does not suspend), and a
 *   later execution after a crash waits only for what remains.
 * - Nothing in the background: no polling of the store, no pickup of other executions, no timers
 *   but those of running executions. `resume(executionId)` starts a stored, unfinished execution in
 *   this process (with its stored payload), and returns without waiting.
 * - A caller that stops waiting (it is interrupted) stops the run with it, once no other caller
 *   waits for it (a run started with `discard: true` or by `resume` runs until it ends, or until
 *   the engine's layer closes). Runs stopped that way skip `Workflow.addFinalizer` callbacks
 *   (compensations): the execution is not over.
 * - `interrupt(executionId)` stops the execution's run in this process and waits until it is gone;
 *   `interruptUnsafe` stops it without waiting. Neither records anything.
 * - `poll` returns the stored result (`Complete`), `Suspended` for an execution suspended in this
 *   process, else `None`.
 * - Durable deferreds: a completion (`DurableDeferred.done`, token included) is stored (first one
 *   wins) and wakes a run of this process that waits for it; a run that suspended on a deferred is
 *   run again by its waiting `execute` (at once when the completion comes from this process, on the
 *   workflow's `suspendedRetrySchedule` otherwise).
 *
 * Not supported, and refused with a defect saying so: child workflows (a workflow executed from
 * inside another one) and `DurableQueue`.
 *
 * Two executions of the same id in two processes at once are not prevented here: ralph's
 * workspace lock and, on a shared store, the run's lease (`RunStore.hold`) keep a run to one process.
 *
 * The engine's parts: `executions.ts` (the registry of runs: start, await, stop, wake),
 * `activities.ts` (replay or run-and-record an activity), `activityRun.ts` (an activity's body to a
 * result), `activityCodecs.ts` (exit codecs compiled once per schema pair), `durableSteps.ts`
 * (deferreds and clocks). This file wires them into effect's `WorkflowEngine`.
 */
import { Effect, Layer, Scope } from "effect"
import type { SqlClient } from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import type { Activity, Workflow } from "effect/workflow"
import { type Encoded, makeUnsafe, WorkflowEngine } from "effect/workflow/WorkflowEngine"
import { decodedActivity, runOrReplayActivity } from "./activities.ts"
import { makeCodecCache } from "./activityCodecs.ts"
import { deferredDone, deferredResult, scheduleClock } from "./durableSteps.ts"
import { type ExecuteOptions, Executions } from "./executions.ts"
import * as SqlWorkflowStore from "./SqlWorkflowStore.ts"
import { layerMemory as storeLayerMemory, WorkflowStore } from "./WorkflowStore.ts"

export { DurableEngineDefect } from "./defects.ts"

type Engine = WorkflowEngine["Service"]

/**
 * Builds the engine over the `WorkflowStore`. Runs live in the scope: closing it interrupts them
 * (they stay resumable).
 */
export const make: Effect.Effect<Engine, never, WorkflowStore | Scope.Scope> = Effect.gen(function*() {
  const store = yield* WorkflowStore
  const scope = yield* Effect.scope
  // Runs are forked in a scope of their own, closed after they have been marked abandoned (below).
  const runsScope = yield* Scope.fork(scope)
  const executions = new Executions(store, runsScope, () => engine)
  const codecsOf = makeCodecCache()
  // The layer is closing: finalizers run in reverse order, so this one runs before `runsScope` closes.
  yield* Effect.addFinalizer(() => Effect.sync(() => executions.abandonAll()))

  const encoded = makeUnsafe({
    register: (workflow, execute) => Effect.sync(() => executions.register(workflow, execute)),
    // `Encoded["execute"]` returns `void` or a result by the type of `discard` (a conditional type no
    // implementation satisfies without a cast); `Executions.execute` follows `discard` at run time.
    execute: ((workflow: Workflow.Any, options: ExecuteOptions) =>
      executions.execute(workflow, options)) as Encoded["execute"],
    awaitComplete: (_workflow, executionId) =>
      executions.awaitComplete(executionId),
    poll: (workflow, executionId) =>
      executions.poll(workflow, executionId),
    interrupt: (_workflow, executionId) => executions.stopExecution(executionId, true),
    interruptUnsafe: (_workflow, executionId) => executions.stopExecution(executionId, false),
    resume: (workflow, executionId) => executions.resume(workflow, executionId),
    activityExecute: (activity, attempt) => runOrReplayActivity(executions, codecsOf, activity, attempt),
    deferredResult: (deferred) => deferredResult(executions, deferred),
    deferredDone: (options) => deferredDone(executions, scope, options),
    scheduleClock: (workflow, options) => scheduleClock(executions, workflow, options)
  })

  const activityExecute = (activity: Activity.Any, attempt: number) =>
    decodedActivity(executions, codecsOf, activity, attempt) ??
      // Not made by `Activity.make` (no schemas): `makeUnsafe`'s own decoding, whose signature wants
      // the typed `Activity` that `Activity.Any` erases.
      encoded.activityExecute(activity as Activity.Activity<never, never>, attempt)

  const engine: Engine = WorkflowEngine.of({
    ...encoded,
    activityExecute
  })
  return engine
})

/** The engine over the `WorkflowStore` it is given (the store stays available to the program). */
export const layer: Layer.Layer<WorkflowEngine, never, WorkflowStore> = Layer.effect(WorkflowEngine)(make)

/** The engine on a fresh in-memory store: nothing survives the layer. Provides the store too. */
export const layerMemory: Layer.Layer<WorkflowEngine | WorkflowStore> = layer.pipe(
  Layer.provideMerge(storeLayerMemory)
)

/**
 * The engine on the SQL store (tables `ralph_wf_*`, see `SqlWorkflowStore`) over the `SqlClient`:
 * ralph's node:sqlite client or `@effect/sql-pg`. Provides the store too.
 */
export const layerSql = (
  options?: SqlWorkflowStore.SqlWorkflowStoreOptions
): Layer.Layer<WorkflowEngine | WorkflowStore, SqlError, SqlClient> =>
  layer.pipe(Layer.provideMerge(SqlWorkflowStore.layer(options)))
