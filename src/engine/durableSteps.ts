/**
 * Durable deferreds and clocks of a run: a completion is stored (first one wins) and wakes the run
 * waiting for it; a clock's wake time is stored the first time it is scheduled, and the run waits in
 * place for what remains of it.
 */
import { Clock, Duration, Effect, Exit, Option, Schema, type Scope } from "effect"
import type { DurableClock, DurableDeferred, Workflow } from "effect/workflow"
import { WorkflowInstance } from "effect/workflow/WorkflowEngine"
import { queueDefect } from "./defects.ts"
import { type Executions, guarded } from "./executions.ts"

type EncodedExit = Exit.Exit<unknown, unknown>

/** `Encoded["deferredResult"]`: the deferred's encoded exit, from the run's snapshot or the store. */
export const deferredResult = (
  executions: Executions,
  deferred: DurableDeferred.Any
): Effect.Effect<Option.Option<EncodedExit>, never, WorkflowInstance> =>
  Effect.flatMap(WorkflowInstance, (instance) => {
    if (deferred.name.startsWith("DurableQueue/")) return Effect.die(queueDefect(deferred.name))
    const run = executions.running.get(instance.executionId)
    const cached = run?.steps.deferreds.get(deferred.name)
    if (cached !== undefined) return Effect.succeedSome(cached)
    // Not in the run's snapshot: it may have been completed since (by another process too).
    return guarded(run, executions.store.getDeferred(instance.executionId, deferred.name)).pipe(
      Effect.tap((exit) =>
        Effect.sync(() => {
          if (run !== undefined && Option.isSome(exit)) run.steps.deferreds.set(deferred.name, exit.value)
        })
      )
    )
  })

/** `Encoded["deferredDone"]`'s options. */
export interface DeferredDone {
  readonly workflowName: string
  readonly executionId: string
  readonly deferredName: string
  readonly exit: EncodedExit
}

/** `Encoded["deferredDone"]`: stores the completion, then preempts and wakes the run waiting for it. */
export const deferredDone = (
  executions: Executions,
  scope: Scope.Scope,
  options: DeferredDone
): Effect.Effect<void> => {
  const { deferredName, executionId } = options
  const put = executions.store.putDeferred({
    workflowName: options.workflowName,
    executionId,
    name: deferredName,
    exit: options.exit
  })
  return Effect.flatMap(guarded(executions.running.get(executionId), put), (exit) => {
    executions.running.get(executionId)?.steps.deferreds.set(deferredName, exit)
    // Preempts a run parked on this deferred (its waiting caller runs it again) and wakes that caller.
    const wakeRun = Effect.andThen(
      executions.deferredState.deferredDone(executionId, deferredName),
      Effect.sync(() => executions.wake(executionId))
    )
    return Effect.flatMap(Effect.serviceOption(WorkflowInstance), (instance) =>
      // From inside the execution itself (an activity, a finalizer): preempting waits for the run to
      // end, which waits for the caller; the engine's scope owns the wake instead.
      Option.isSome(instance) && instance.value.executionId === executionId
        ? Effect.asVoid(Effect.forkIn(wakeRun, scope))
        : wakeRun)
  })
}

/** `Encoded["scheduleClock"]`: waits until the clock's stored wake time, then records the wake-up. */
export const scheduleClock = (
  executions: Executions,
  workflow: Workflow.Any,
  options: { readonly executionId: string; readonly clock: DurableClock.DurableClock }
): Effect.Effect<void> =>
  Effect.flatMap(executions.runOf(options.executionId, `clock ${options.clock.name}`), (run) => {
    const { clock, executionId } = options
    if (run.steps.deferreds.has(clock.deferred.name)) return Effect.void
    return Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      let wakeAt = run.steps.clocks.get(clock.name)
      if (wakeAt === undefined) {
        wakeAt = yield* guarded(
          run,
          executions.store.putClock(executionId, clock.name, now + Duration.toMillis(clock.duration))
        )
        run.steps.clocks.set(clock.name, wakeAt)
      }
      const remaining = wakeAt - now
      if (remaining > 0) yield* Effect.sleep(Duration.millis(remaining))
      // The run that waited is the one that goes on: the wake-up is recorded for its replays, and no
      // run is woken or preempted.
      const name = clock.deferred.name
      const put = Effect.flatMap(
        encodeWakeUp(clock),
        (encoded) => executions.store.putDeferred({ workflowName: workflow._tag, executionId, name, exit: encoded })
      )
      run.steps.deferreds.set(name, yield* guarded(run, put))
    })
  })

/**
 * The clock's wake-up (`Exit.void`) encoded by its deferred's exit schema. That schema is typed
 * `Schema.Exit<Top, Top, Top>`, erasing what a void success needs (nothing) and encodes to (an
 * `Exit` of JSON values, as `makeUnsafe`'s own `deferredDone` casts it).
 */
const encodeWakeUp = (clock: DurableClock.DurableClock): Effect.Effect<EncodedExit> =>
  Effect.orDie(
    Schema.encodeUnknownEffect(clock.deferred.exitSchema)(Exit.void) as Effect.Effect<EncodedExit, Schema.SchemaError>
  )
