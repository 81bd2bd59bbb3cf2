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
 * @since 0.2.0
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { identity } from "effect/Function"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Scope from "effect/Scope"
import type * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import type * as Activity from "effect/workflow/Activity"
import * as Workflow from "effect/workflow/Workflow"
import { WorkflowEngine, WorkflowInstance } from "effect/workflow/WorkflowEngine"
import * as WorkflowEngineModule from "effect/workflow/WorkflowEngine"
import * as SqlWorkflowStore from "./SqlWorkflowStore.ts"
import {
  activityKey,
  emptySteps,
  layerMemory as storeLayerMemory,
  type Steps,
  WorkflowStore,
  type WorkflowStoreError
} from "./WorkflowStore.ts"

/** A defect raised by the engine when a workflow uses what it does not support, or misuses it. */
export class DurableEngineDefect extends Error {
  override readonly name = "DurableEngineDefect"
}

type Result = Workflow.Result<unknown, unknown>
type Restore = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
type Handler = (
  payload: object,
  executionId: string
) => Effect.Effect<unknown, unknown, WorkflowInstance | WorkflowEngine>

interface Registration {
  readonly workflow: Workflow.Any
  readonly execute: Handler
}

/** One run (one pass of the workflow body) of an execution in this process. */
interface Run {
  readonly executionId: string
  readonly workflow: Workflow.Any
  /**
   * What the store held when the run started. An activity's exit leaves it once replayed, and the
   * exits this run records are not kept (see `done`), so a run of many rounds holds none it no
   * longer needs.
   */
  readonly steps: Steps
  /**
   * The activities this run replayed or recorded (keys only): one asked for again reads its exit
   * from the store; any other is new, and runs without a look at the store first.
   */
  readonly done: Set<string>
  readonly instance: WorkflowInstance["Service"]
  fiber: Fiber.Fiber<Result> | undefined
  /** Callers waiting for this run. */
  watchers: number
  /** Started by `discard` or `resume`: it runs even when no one waits. */
  background: boolean
  /** The first store failure of the run: it then records no result. */
  storeFailure: unknown
}

const nestedDefect = (workflow: Workflow.Any) =>
  new DurableEngineDefect(
    `${workflow._tag}: child workflows (a workflow executed from inside another workflow) are not supported by ` +
      `ralph's DurableEngine; run the work as an activity instead`
  )

const queueDefect = (name: string) =>
  new DurableEngineDefect(`${name}: DurableQueue is not supported by ralph's DurableEngine`)

/**
 * A run interrupted by `makeDeferredState`'s preemption (a deferred it waits for was completed): its
 * fiber ends interrupted, with its instance marked suspended.
 */
const isPreempted = (run: Run, exit: Exit.Exit<Result>): boolean =>
  exit._tag === "Failure" && run.instance.suspended && Cause.hasInterruptsOnly(exit.cause)

/**
 * The JSON codecs of an activity's exit, by its success and error schemas. A workflow makes a new
 * `Activity` for each call (ralph: one per round), but from the same schemas; the codecs effect
 * derives from each activity's own copies (`executeEncoded`, `exitSchemaPartial`) are compiled again
 * for every activity — on a round of ralph's policy, more than the rest of the round.
 */
interface ActivityCodecs {
  readonly encodeSuccess: (value: unknown) => Effect.Effect<unknown, Schema.SchemaError, unknown>
  readonly encodeFailure: (error: unknown) => Effect.Effect<unknown, Schema.SchemaError, unknown>
  /** Decodes an encoded exit as `WorkflowEngine.makeUnsafe` does (`exitSchemaPartial`: defects stay as they are). */
  readonly decodeExit: (
    exit: Exit.Exit<unknown, unknown>
  ) => Effect.Effect<Exit.Exit<unknown, unknown>, Schema.SchemaError, unknown>
}

const codecsBySchemas = new WeakMap<Schema.Top, WeakMap<Schema.Top, ActivityCodecs>>()

/** What `Activity.make` gives every activity besides `Activity.Any`. */
interface TypedActivity extends Activity.Any {
  readonly successSchema: Schema.Top
  readonly errorSchema: Schema.Top
  /** The body, its value not encoded yet. */
  readonly execute: Effect.Effect<unknown, unknown, any>
}

const isTyped = (activity: Activity.Any): activity is TypedActivity =>
  Schema.isSchema((activity as Partial<TypedActivity>).successSchema) &&
  Schema.isSchema((activity as Partial<TypedActivity>).errorSchema) &&
  Effect.isEffect((activity as Partial<TypedActivity>).execute)

const activityCodecs = (activity: TypedActivity): ActivityCodecs => {
  let bySuccess = codecsBySchemas.get(activity.successSchema)
  if (bySuccess === undefined) {
    bySuccess = new WeakMap()
    codecsBySchemas.set(activity.successSchema, bySuccess)
  }
  let codecs = bySuccess.get(activity.errorSchema)
  if (codecs === undefined) {
    const success = Schema.toCodecJson(activity.successSchema)
    const error = Schema.toCodecJson(activity.errorSchema)
    const decode = Schema.decodeEffect(Schema.Exit(success, error, Schema.Unknown)) as (
      exit: Exit.Exit<unknown, unknown>
    ) => Effect.Effect<Exit.Exit<unknown, unknown>, Schema.SchemaError, unknown>
    codecs = {
      encodeSuccess: Schema.encodeEffect(success) as ActivityCodecs["encodeSuccess"],
      encodeFailure: Schema.encodeEffect(error) as ActivityCodecs["encodeFailure"],
      // A success without a value is encoded as null (`WorkflowEngine`'s `toJsonExit`).
      decodeExit: (exit) => decode(exit._tag === "Success" && exit.value === undefined ? Exit.succeed(null) : exit)
    }
    bySuccess.set(activity.errorSchema, codecs)
  }
  return codecs
}

/** The activity's body with its exit encoded: `executeEncoded`, with codecs compiled once. */
const executeEncoded = (activity: Activity.Any): Effect.Effect<unknown, unknown, any> => {
  if (!isTyped(activity)) return activity.executeEncoded
  const codecs = activityCodecs(activity)
  return Effect.matchEffect(activity.execute, {
    onFailure: (error) => Effect.flatMap(Effect.orDie(codecs.encodeFailure(error)), Effect.fail),
    onSuccess: (value) => Effect.orDie(codecs.encodeSuccess(value))
  })
}

/**
 * Runs an activity's body to a `Result`, as `Workflow.intoResult` does for it (and exactly through
 * it for workflows annotated `SuspendOnFailure`), for less: one scope for the body and the activity's
 * instance, no fork-and-join when the body finishes at once. The body runs in a child fiber, so
 * that a suspension inside it (it interrupts its own fiber) ends the activity only.
 */
const runActivity = (activity: Activity.Any, instance: WorkflowInstance["Service"]): Effect.Effect<Result> => {
  const body = executeEncoded(activity) as Effect.Effect<unknown, unknown, WorkflowInstance | Scope.Scope>
  const annotations = instance.workflow.annotations
  if (Context.get(annotations, Workflow.SuspendOnFailure)) {
    const activityInstance = WorkflowInstance.initial(instance.workflow, instance.executionId)
    activityInstance.interrupted = instance.interrupted
    return body.pipe(Workflow.intoResult, Effect.provideService(WorkflowInstance, activityInstance))
  }
  const captureDefects = Context.get(annotations, Workflow.CaptureDefects)
  return Effect.uninterruptibleMask((restore) => {
    const scope = Scope.makeUnsafe()
    const activityInstance = WorkflowInstance.initial(instance.workflow, instance.executionId, { scope })
    activityInstance.interrupted = instance.interrupted
    const child = body.pipe(
      Effect.provideService(WorkflowInstance, activityInstance),
      Effect.provideService(Scope.Scope, scope)
    )
    return Effect.flatMap(Effect.forkChild(child, { startImmediately: true }), (fiber) => {
      const done = fiber.pollUnsafe()
      if (done !== undefined) return settle(scope, done, activityInstance, captureDefects)
      return Effect.flatMap(
        Effect.onInterrupt(
          restore(Fiber.await(fiber)),
          () => Effect.andThen(Fiber.interrupt(fiber), Scope.close(scope, Exit.interrupt()))
        ),
        (exit) => settle(scope, exit, activityInstance, captureDefects)
      )
    })
  })
}

/** Closes the activity's scope with its exit, then reads the exit. */
const settle = (
  scope: Scope.Closeable,
  exit: Exit.Exit<unknown, unknown>,
  instance: WorkflowInstance["Service"],
  captureDefects: boolean
): Effect.Effect<Result> => {
  const closing = Scope.closeUnsafe(scope, exit)
  const result = toResult(exit, instance, captureDefects)
  return closing === undefined ? result : Effect.andThen(closing, result)
}

/** `Workflow.intoResult`'s reading of an activity's exit. */
const toResult = (
  exit: Exit.Exit<unknown, unknown>,
  instance: WorkflowInstance["Service"],
  captureDefects: boolean
): Effect.Effect<Result> => {
  if (exit._tag === "Success") return Effect.succeed(new Workflow.Complete({ exit }))
  const cause = exit.cause
  const reasons = cause.reasons.filter((reason) => !Cause.isInterruptReason(reason))
  const interruptsOnly = reasons.length === 0
  const filtered = interruptsOnly ? cause : Cause.fromReasons(reasons)
  if (instance.suspended && interruptsOnly) {
    return Effect.succeed(
      new Workflow.Suspended(instance.cause !== undefined ? { cause: instance.cause } : {})
    )
  }
  // Interrupted from outside: nothing to record, the interruption goes on.
  if (!instance.interrupted && interruptsOnly) return Effect.failCause(filtered as Cause.Cause<never>)
  if (!captureDefects && Cause.hasDies(cause)) return Effect.failCause(filtered as Cause.Cause<never>)
  return Effect.succeed(new Workflow.Complete({ exit: Exit.failCause(filtered) }))
}

/**
 * Builds the engine over the `WorkflowStore`. Runs live in the scope: closing it interrupts them
 * (they stay resumable).
 */
export const make: Effect.Effect<WorkflowEngine["Service"], never, WorkflowStore | Scope.Scope> = Effect.gen(
  function*() {
    const store = yield* WorkflowStore
    const scope = yield* Effect.scope
    // Runs are forked in a scope of their own, closed after they have been marked abandoned (see below).
    const runsScope = yield* Scope.fork(scope)

    const workflows = new Map<string, Registration>()
    const running = new Map<string, Run>()
    /** Executions whose last run in this process suspended (and the result it suspended with). */
    const suspended = new Map<string, Workflow.Suspended>()
    /** Wake-ups of suspended executions: a waiter per execution, or a wake-up nobody waited for yet. */
    const waiters = new Map<string, Deferred.Deferred<void>>()
    const missedWakes = new Set<string>()
    const deferredState = WorkflowEngineModule.makeDeferredState()

    // The layer is closing: the runs it interrupts are abandoned, not over, so their workflow
    // finalizers (compensations) must not run. Finalizers run in reverse order: this one first.
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        for (const run of running.values()) run.instance.abandoned = true
      })
    )

    const wake = (executionId: string): void => {
      const waiter = waiters.get(executionId)
      if (waiter !== undefined) {
        waiters.delete(executionId)
        Deferred.doneUnsafe(waiter, Exit.void)
      } else if (running.has(executionId) || suspended.has(executionId)) {
        missedWakes.add(executionId)
      }
    }

    /**
     * A store operation whose failure (typed or a defect) becomes a defect, and marks the run so it
     * records no result: a run that could not record a step must stay resumable.
     */
    const guarded = <A>(run: Run | undefined, effect: Effect.Effect<A, WorkflowStoreError>): Effect.Effect<A> =>
      Effect.catchCause(effect, (cause) => {
        if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
        const error = Cause.squash(cause)
        if (run !== undefined) run.storeFailure ??= error
        return Effect.die(error)
      })

    const runBody = (run: Run, registration: Registration, payload: object): Effect.Effect<Result> =>
      registration.execute(payload, run.executionId).pipe(
        Workflow.intoResult,
        Effect.provideService(WorkflowEngine, engine),
        (effect) => deferredState.trackRun(run.instance, effect),
        Effect.flatMap((result): Effect.Effect<Result> => {
          if (run.storeFailure !== undefined) return Effect.die(run.storeFailure)
          if (result._tag === "Complete") {
            // The workflow is over: its result is recorded even if the run is interrupted meanwhile.
            const record = guarded(run, store.complete(run.workflow, run.executionId, result.exit))
            return Effect.as(Effect.uninterruptible(record), result)
          }
          suspended.set(run.executionId, result)
          return Effect.succeed(result)
        }),
        Effect.onExit((exit) =>
          Effect.sync(() => {
            if (running.get(run.executionId) === run) running.delete(run.executionId)
            if (isPreempted(run, exit)) {
              suspended.set(run.executionId, new Workflow.Suspended({}))
            } else if (!(exit._tag === "Success" && exit.value._tag === "Suspended")) {
              // Callers waiting for the execution to finish (not for this run: they run it again).
              wake(run.executionId)
            }
          })
        )
      )

    /** Forks a run; registered in `running` before anything else can look. */
    const startRun = (
      registration: Registration,
      executionId: string,
      payload: object,
      steps: Steps,
      background: boolean
    ): Effect.Effect<Run> =>
      Effect.uninterruptible(Effect.suspend(() => {
        const run: Run = {
          executionId,
          workflow: registration.workflow,
          steps,
          done: new Set(),
          instance: WorkflowInstance.initial(registration.workflow, executionId),
          fiber: undefined,
          watchers: 0,
          background,
          storeFailure: undefined
        }
        running.set(executionId, run)
        suspended.delete(executionId)
        missedWakes.delete(executionId)
        return Effect.map(
          Effect.forkIn(Effect.interruptible(runBody(run, registration, payload)), runsScope, {
            startImmediately: true
          }),
          (fiber) => {
            run.fiber = fiber
            return run
          }
        )
      }))

    const stopRun = (run: Run, wait: boolean): Effect.Effect<void> =>
      Effect.suspend(() => {
        const fiber = run.fiber
        if (fiber === undefined || fiber.pollUnsafe() !== undefined) return Effect.void
        run.instance.abandoned = true
        return wait ? Fiber.interrupt(fiber) : Effect.asVoid(Effect.forkDetach(Fiber.interrupt(fiber)))
      })

    /** Stops the execution's run in this process, if any (waiting until it is gone when `wait`). */
    const stopExecution = (executionId: string, wait: boolean): Effect.Effect<void> =>
      Effect.suspend(() => {
        const run = running.get(executionId)
        return run === undefined ? Effect.void : stopRun(run, wait)
      })

    /**
     * Waits for the run's result; a caller interrupted while waiting stops the run if it was the last
     * one. Called uninterruptibly (the wait itself is `restore`d): no interruption can land between the
     * start of the run and the count of its caller.
     */
    const awaitRun = (run: Run, restore: Restore): Effect.Effect<Result> =>
      Effect.suspend(() => {
        run.watchers++
        let counted = true
        const release = () => {
          if (counted) {
            counted = false
            run.watchers--
          }
        }
        return restore(Fiber.await(run.fiber!)).pipe(
          Effect.onInterrupt(() =>
            Effect.suspend(() => {
              release()
              return run.watchers === 0 && !run.background ? stopRun(run, true) : Effect.void
            })
          ),
          Effect.flatMap((exit) => {
            release()
            // A completion preempted the run: its caller runs it again.
            return isPreempted(run, exit) ? Effect.succeed(new Workflow.Suspended({})) : exit
          })
        )
      })

    /**
     * The run of an execution: the running one, a new one, or the stored result. `undefined` payload:
     * only a stored execution can run (resume).
     */
    const runOrResult = (
      registration: Registration,
      executionId: string,
      payload: object | undefined,
      background: boolean,
      restore: Restore
    ): Effect.Effect<Run | Result | undefined> =>
      Effect.suspend(() => {
        const current = running.get(executionId)
        if (current !== undefined) return Effect.succeed(current)
        const workflow = registration.workflow
        return restore(guarded(undefined, store.load(workflow, executionId))).pipe(
          Effect.flatMap((stored): Effect.Effect<Run | Result | undefined> => {
            // Another fiber may have started a run while the store answered.
            const started = running.get(executionId)
            if (started !== undefined) return Effect.succeed(started)
            if (Option.isSome(stored)) {
              const execution = stored.value
              if (execution.workflowName !== workflow._tag) {
                return Effect.die(
                  new DurableEngineDefect(
                    `execution ${executionId} belongs to workflow ${execution.workflowName}, not ${workflow._tag}`
                  )
                )
              }
              if (Option.isSome(execution.result)) {
                return Effect.succeed(new Workflow.Complete({ exit: execution.result.value }))
              }
              return startRun(registration, executionId, execution.payload, execution.steps, background)
            }
            if (payload === undefined) return Effect.succeed(undefined)
            return restore(guarded(undefined, store.create(workflow, executionId, payload))).pipe(
              Effect.andThen(Effect.suspend(() => {
                const raced = running.get(executionId)
                return raced !== undefined
                  ? Effect.succeed(raced)
                  : startRun(registration, executionId, payload, emptySteps(), background)
              }))
            )
          })
        )
      })

    const registrationOf = (workflow: Workflow.Any): Effect.Effect<Registration> => {
      const registration = workflows.get(workflow._tag)
      return registration !== undefined
        ? Effect.succeed(registration)
        : Effect.die(new DurableEngineDefect(`workflow ${workflow._tag} is not registered with the engine`))
    }

    const runOf = (executionId: string, what: string): Effect.Effect<Run> => {
      const run = running.get(executionId)
      return run !== undefined
        ? Effect.succeed(run)
        : Effect.die(new DurableEngineDefect(`${what} of execution ${executionId} outside of a run of the engine`))
    }

    /** The encoded exit of an activity: replayed from the store, or run and recorded. */
    const runOrReplayActivity = (
      activity: Activity.Any,
      attempt: number
    ): Effect.Effect<Result, never, WorkflowInstance> =>
      Effect.withFiber((fiber): Effect.Effect<Result> => {
        const instance = Context.get(fiber.context as Context.Context<WorkflowInstance>, WorkflowInstance)
        const run = running.get(instance.executionId)
        if (run === undefined) return runOf(instance.executionId, `activity ${activity.name}`) as Effect.Effect<never>
        const key = activityKey(activity.name, attempt)
        const loaded = run.steps.activities.get(key)
        if (loaded !== undefined) {
          run.steps.activities.delete(key)
          run.done.add(key)
          return Effect.succeed(new Workflow.Complete({ exit: loaded }))
        }
        const fresh = Effect.flatMap(runActivity(activity, instance), (result): Effect.Effect<Result> =>
          // A suspended activity (it awaited a durable deferred) runs again on the next run.
          result._tag !== "Complete" ? Effect.succeed(result) : Effect.as(
            guarded(run, store.putActivity(run.executionId, activity.name, attempt, result.exit)),
            result
          ).pipe(Effect.tap(() => Effect.sync(() => run.done.add(key)))))
        if (!run.done.has(key)) return fresh
        return Effect.flatMap(
          guarded(run, store.getActivity(run.executionId, activity.name, attempt)),
          (recorded): Effect.Effect<Result> =>
            Option.isSome(recorded) ? Effect.succeed(new Workflow.Complete({ exit: recorded.value })) : fresh
        )
      })

    const encoded = WorkflowEngineModule.makeUnsafe({
      register: (workflow, execute) =>
        Effect.sync(() => {
          workflows.set(workflow._tag, { workflow, execute })
        }),

      execute: ((workflow: Workflow.Any, options: {
        readonly executionId: string
        readonly payload: object
        readonly discard: boolean
        readonly parent?: WorkflowInstance["Service"] | undefined
      }): Effect.Effect<Result | void> =>
        Effect.flatMap(registrationOf(workflow), (registration): Effect.Effect<Result | void> => {
          if (options.parent !== undefined) return Effect.die(nestedDefect(workflow))
          const held = suspended.get(options.executionId)
          // A run suspended on its own failure waits for an explicit `resume`.
          if (held?.failed === true && !running.has(options.executionId)) {
            return options.discard ? Effect.void : Effect.succeed(held)
          }
          return Effect.uninterruptibleMask((restore) =>
            Effect.flatMap(
              runOrResult(registration, options.executionId, options.payload, options.discard, restore),
              (runOrResult): Effect.Effect<Result | void> => {
                if (runOrResult === undefined || Workflow.isResult(runOrResult)) {
                  return options.discard ? Effect.void : Effect.succeed(runOrResult as Result)
                }
                if (options.discard) {
                  runOrResult.background = true
                  return Effect.void
                }
                return awaitRun(runOrResult, restore)
              }
            )
          )
        })) as WorkflowEngineModule.Encoded["execute"],

      awaitComplete: (_workflow, executionId) =>
        Effect.suspend(() => {
          if (missedWakes.delete(executionId)) return Effect.void
          let waiter = waiters.get(executionId)
          if (waiter === undefined) {
            waiter = Deferred.makeUnsafe<void>()
            waiters.set(executionId, waiter)
          }
          return Deferred.await(waiter)
        }),

      poll: (workflow, executionId) =>
        Effect.suspend(() => {
          const held = suspended.get(executionId)
          if (held !== undefined && !running.has(executionId)) return Effect.succeedSome<Result>(held)
          return guarded(undefined, store.load(workflow, executionId)).pipe(
            Effect.map(Option.flatMap((execution) =>
              Option.map(execution.result, (exit): Result => new Workflow.Complete({ exit }))
            ))
          )
        }),

      interrupt: (_workflow, executionId) => stopExecution(executionId, true),

      interruptUnsafe: (_workflow, executionId) => stopExecution(executionId, false),

      resume: (workflow, executionId) =>
        Effect.flatMap(registrationOf(workflow), (registration) =>
          Effect.suspend(() => {
            const run = running.get(executionId)
            if (run !== undefined) {
              run.background = true
              return Effect.void
            }
            suspended.delete(executionId)
            return Effect.asVoid(runOrResult(registration, executionId, undefined, true, identity))
          })),

      activityExecute: runOrReplayActivity,

      deferredResult: (deferred) =>
        Effect.flatMap(WorkflowInstance, (instance) => {
          if (deferred.name.startsWith("DurableQueue/")) return Effect.die(queueDefect(deferred.name))
          const run = running.get(instance.executionId)
          const cached = run?.steps.deferreds.get(deferred.name)
          if (cached !== undefined) return Effect.succeedSome(cached)
          // Not in the run's snapshot: it may have been completed since (by another process too).
          return guarded(run, store.getDeferred(instance.executionId, deferred.name)).pipe(
            Effect.tap((exit) =>
              Effect.sync(() => {
                if (run !== undefined && Option.isSome(exit)) run.steps.deferreds.set(deferred.name, exit.value)
              })
            )
          )
        }),

      deferredDone: (options) =>
        guarded(
          running.get(options.executionId),
          store.putDeferred({
            workflowName: options.workflowName,
            executionId: options.executionId,
            name: options.deferredName,
            exit: options.exit
          })
        ).pipe(
          Effect.flatMap((exit) => {
            const run = running.get(options.executionId)
            if (run !== undefined) run.steps.deferreds.set(options.deferredName, exit)
            // Preempts a run parked on this deferred (its waiting caller runs it again) and wakes
            // that caller.
            const wakeRun = Effect.andThen(
              deferredState.deferredDone(options.executionId, options.deferredName),
              Effect.sync(() => wake(options.executionId))
            )
            return Effect.flatMap(Effect.serviceOption(WorkflowInstance), (instance) =>
              // From inside the execution itself (an activity, a finalizer): preempting waits for the
              // run to end, which waits for the caller; the engine's scope owns the wake instead.
              Option.isSome(instance) && instance.value.executionId === options.executionId
                ? Effect.asVoid(Effect.forkIn(wakeRun, scope))
                : wakeRun)
          })
        ),

      scheduleClock: (workflow, options) =>
        Effect.flatMap(runOf(options.executionId, `clock ${options.clock.name}`), (run) => {
          const fired = run.steps.deferreds.has(options.clock.deferred.name)
          if (fired) return Effect.void
          return Effect.gen(function*() {
            const now = yield* Clock.currentTimeMillis
            let wakeAt = run.steps.clocks.get(options.clock.name)
            if (wakeAt === undefined) {
              wakeAt = yield* guarded(
                run,
                store.putClock(options.executionId, options.clock.name, now + Duration.toMillis(options.clock.duration))
              )
              run.steps.clocks.set(options.clock.name, wakeAt)
            }
            const remaining = wakeAt - now
            if (remaining > 0) yield* Effect.sleep(Duration.millis(remaining))
            // The run that waited is the one that goes on: the wake-up is recorded for its replays,
            // and no run is woken or preempted.
            const name = options.clock.deferred.name
            const exit = yield* guarded(
              run,
              Effect.flatMap(
                Effect.orDie(
                  Schema.encodeUnknownEffect(options.clock.deferred.exitSchema)(Exit.void) as Effect.Effect<
                    unknown,
                    Schema.SchemaError
                  >
                ),
                (encoded) =>
                  store.putDeferred({
                    workflowName: workflow._tag,
                    executionId: options.executionId,
                    name,
                    exit: encoded as Exit.Exit<unknown, unknown>
                  })
              )
            )
            run.steps.deferreds.set(name, exit)
          })
        })
    })

    /** `makeUnsafe`'s typed `activityExecute`, decoding exits with codecs compiled once (see `activityCodecs`). */
    const activityExecute = (activity: Activity.Any, attempt: number): Effect.Effect<Result, never, any> =>
      isTyped(activity)
        ? Effect.flatMap(
          runOrReplayActivity(activity, attempt),
          (result) =>
            result._tag === "Suspended" ? Effect.succeed(result) : Effect.map(
              Effect.orDie(activityCodecs(activity).decodeExit(result.exit)),
              (exit): Result => new Workflow.Complete({ exit })
            )
        )
        : encoded.activityExecute(activity as any, attempt)

    const engine: WorkflowEngine["Service"] = WorkflowEngine.of({
      ...encoded,
      activityExecute: activityExecute as WorkflowEngine["Service"]["activityExecute"]
    })
    return engine
  }
)

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
): Layer.Layer<WorkflowEngine | WorkflowStore, SqlError, SqlClient.SqlClient> =>
  layer.pipe(Layer.provideMerge(SqlWorkflowStore.layer(options)))
