/**
 * The engine's registry of executions in this process: the registered workflows, the run of each
 * execution (at most one), the executions that suspended, and the callers waiting for them. It
 * starts, awaits and stops runs; `DurableEngine` wires it into effect's `WorkflowEngine`.
 */
import { Cause, Deferred, Effect, Exit, Fiber, Option, type Scope } from "effect"
import { Workflow } from "effect/workflow"
import { type DeferredState, makeDeferredState, WorkflowEngine, WorkflowInstance } from "effect/workflow/WorkflowEngine"
import { interruptsOf, type Result } from "./activityRun.ts"
import { DurableEngineDefect, nestedDefect } from "./defects.ts"
import { DoneActivities } from "./doneActivities.ts"
import { emptySteps, type Steps, type WorkflowStoreError, type WorkflowStoreService } from "./WorkflowStore.ts"

type Restore = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>

/** A registered workflow's body, as `WorkflowEngine.makeUnsafe` hands it to `register`. */
export type Handler = (
  payload: object,
  executionId: string
) => Effect.Effect<unknown, unknown, WorkflowInstance | WorkflowEngine>

interface Registration {
  readonly workflow: Workflow.Any
  readonly execute: Handler
}

/** One run (one pass of the workflow body) of an execution in this process. */
export interface Run {
  readonly executionId: string
  readonly workflow: Workflow.Any
  /**
   * What the store held when the run started. An activity's exit leaves it once replayed, and the
   * exits this run records are not kept (see `done`), so a run of many rounds holds none it no
   * longer needs.
   */
  readonly steps: Steps
  /**
   * The activities this run replayed or recorded: one asked for again reads its exit from the store;
   * any other is new, and runs without a look at the store first.
   */
  readonly done: DoneActivities
  readonly instance: WorkflowInstance["Service"]
  fiber: Fiber.Fiber<Result> | undefined
  /** Callers waiting for this run. */
  watchers: number
  /** Started by `discard` or `resume`: it runs even when no one waits. */
  background: boolean
  /** The first store failure of the run: it then records no result. */
  storeFailure: unknown
}

/** What `execute` is asked (`WorkflowEngine.Encoded["execute"]`'s options). */
export interface ExecuteOptions {
  readonly executionId: string
  readonly payload: object
  readonly discard: boolean
  readonly parent?: WorkflowInstance["Service"] | undefined
}

/**
 * A store operation whose failure (typed or a defect) becomes a defect, and marks the run so it
 * records no result: a run that could not record a step must stay resumable.
 */
export const guarded = <A>(run: Run | undefined, effect: Effect.Effect<A, WorkflowStoreError>): Effect.Effect<A> =>
  Effect.catchCause(effect, (cause) => {
    if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(interruptsOf(cause))
    const error = Cause.squash(cause)
    if (run !== undefined) run.storeFailure ??= error
    return Effect.die(error)
  })

/**
 * A run interrupted by the deferred state's preemption (a deferred it waits for was completed): its
 * fiber ends interrupted, with its instance marked suspended.
 */
const isPreempted = (run: Run, exit: Exit.Exit<Result>): boolean =>
  exit._tag === "Failure" && run.instance.suspended && Cause.hasInterruptsOnly(exit.cause)

/** A defect: what needs a run of the execution was asked outside of one. */
export const outsideRun = (executionId: string, what: string): Effect.Effect<never> =>
  Effect.die(new DurableEngineDefect(`${what} of execution ${executionId} outside of a run of the engine`))

export class Executions {
  readonly running = new Map<string, Run>()
  readonly deferredState: DeferredState = makeDeferredState()
  private readonly workflows = new Map<string, Registration>()
  /** Executions whose last run in this process suspended (and the result it suspended with). */
  private readonly suspended = new Map<string, Workflow.Suspended>()
  /** Wake-ups of suspended executions: a waiter per execution, or a wake-up nobody waited for yet. */
  private readonly waiters = new Map<string, Deferred.Deferred<void>>()
  private readonly missedWakes = new Set<string>()

  readonly store: WorkflowStoreService
  /** Where runs are forked (closed once they are marked abandoned: `abandonAll`). */
  private readonly runsScope: Scope.Scope
  /** The engine each run's body is given (it is built from this registry). */
  private readonly engine: () => WorkflowEngine["Service"]

  constructor(store: WorkflowStoreService, runsScope: Scope.Scope, engine: () => WorkflowEngine["Service"]) {
    this.store = store
    this.runsScope = runsScope
    this.engine = engine
  }

  register(workflow: Workflow.Any, execute: Handler): void {
    this.workflows.set(workflow._tag, { workflow, execute })
  }

  /**
   * The layer is closing: the runs it interrupts are abandoned, not over, so their workflow
   * finalizers (compensations) must not run.
   */
  abandonAll(): void {
    for (const run of this.running.values()) run.instance.abandoned = true
  }

  /** The execution's run in this process, or a defect naming what needed one. */
  runOf(executionId: string, what: string): Effect.Effect<Run> {
    const run = this.running.get(executionId)
    return run !== undefined ? Effect.succeed(run) : outsideRun(executionId, what)
  }

  /** Wakes the callers waiting for a suspended execution (or keeps the wake-up for the next one). */
  wake(executionId: string): void {
    const waiter = this.waiters.get(executionId)
    if (waiter !== undefined) {
      this.waiters.delete(executionId)
      Deferred.doneUnsafe(waiter, Exit.void)
    } else if (this.running.has(executionId) || this.suspended.has(executionId)) {
      this.missedWakes.add(executionId)
    }
  }

  /** `Encoded["execute"]`: runs the execution (or returns its result) in this process. */
  execute(workflow: Workflow.Any, options: ExecuteOptions): Effect.Effect<Result | void> {
    return Effect.flatMap(this.registrationOf(workflow), (registration): Effect.Effect<Result | void> => {
      if (options.parent !== undefined) return Effect.die(nestedDefect(workflow))
      const { discard, executionId } = options
      const held = this.suspended.get(executionId)
      // A run suspended on its own failure waits for an explicit `resume`.
      if (held?.failed === true && !this.running.has(executionId)) return discard ? Effect.void : Effect.succeed(held)
      return Effect.uninterruptibleMask((restore) =>
        Effect.flatMap(
          this.runOrResult(registration, executionId, discard, restore, () =>
            this.create(registration, options, restore)),
          (found): Effect.Effect<Result | void> => {
            if (Workflow.isResult(found)) {
              return discard ? Effect.void : Effect.succeed(found)
            }
            if (discard) {
              found.background = true
              return Effect.void
            }
            return this.awaitRun(found, restore)
          }
        )
      )
    })
  }

  /** `Encoded["resume"]`: starts a stored, unfinished execution in this process, without waiting. */
  resume(workflow: Workflow.Any, executionId: string): Effect.Effect<void> {
    return Effect.flatMap(this.registrationOf(workflow), (registration) =>
      Effect.suspend(() => {
        const run = this.running.get(executionId)
        if (run !== undefined) {
          run.background = true
          return Effect.void
        }
        this.suspended.delete(executionId)
        return Effect.asVoid(this.runOrResult(registration, executionId, true, (effect) => effect, () => Effect.void))
      }))
  }

  /** `Encoded["awaitComplete"]`: waits for a wake-up of the execution. */
  awaitComplete(executionId: string): Effect.Effect<void> {
    return Effect.suspend(() => {
      if (this.missedWakes.delete(executionId)) return Effect.void
      let waiter = this.waiters.get(executionId)
      if (waiter === undefined) {
        waiter = Deferred.makeUnsafe<void>()
        this.waiters.set(executionId, waiter)
      }
      return Deferred.await(waiter)
    })
  }

  /** `Encoded["poll"]`: a suspension in this process, else the stored result. */
  poll(workflow: Workflow.Any, executionId: string): Effect.Effect<Option.Option<Result>> {
    return Effect.suspend(() => {
      const held = this.suspended.get(executionId)
      if (held !== undefined && !this.running.has(executionId)) return Effect.succeedSome<Result>(held)
      return guarded(undefined, this.store.load(workflow, executionId)).pipe(
        Effect.map(
          Option.flatMap((execution) => Option.map(execution.result, (exit): Result => new Workflow.Complete({ exit })))
        )
      )
    })
  }

  /** Stops the execution's run in this process, if any (waiting until it is gone when `wait`). */
  stopExecution(executionId: string, wait: boolean): Effect.Effect<void> {
    return Effect.suspend(() => {
      const run = this.running.get(executionId)
      return run === undefined ? Effect.void : this.stopRun(run, wait)
    })
  }

  private registrationOf(workflow: Workflow.Any): Effect.Effect<Registration> {
    const registration = this.workflows.get(workflow._tag)
    return registration !== undefined
      ? Effect.succeed(registration)
      : Effect.die(new DurableEngineDefect(`workflow ${workflow._tag} is not registered with the engine`))
  }

  /**
   * The run of an execution: the running one, a new run of the stored one, its stored result, or
   * (never created) what `whenNew` gives.
   */
  private runOrResult<N>(
    registration: Registration,
    executionId: string,
    background: boolean,
    restore: Restore,
    whenNew: () => Effect.Effect<Run | N>
  ): Effect.Effect<Run | Result | N> {
    return Effect.suspend(() => {
      const current = this.running.get(executionId)
      if (current !== undefined) return Effect.succeed(current)
      const workflow = registration.workflow
      return Effect.flatMap(
        restore(guarded(undefined, this.store.load(workflow, executionId))),
        (stored): Effect.Effect<Run | Result | N> => {
          // Another fiber may have started a run while the store answered.
          const started = this.running.get(executionId)
          if (started !== undefined) return Effect.succeed(started)
          if (Option.isNone(stored)) return whenNew()
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
          return this.startRun(registration, executionId, execution.payload, execution.steps, background)
        }
      )
    })
  }

  /** Records a new execution and starts its first run (unless a run started meanwhile). */
  private create(registration: Registration, options: ExecuteOptions, restore: Restore): Effect.Effect<Run> {
    const { discard, executionId, payload } = options
    return Effect.andThen(
      restore(guarded(undefined, this.store.create(registration.workflow, executionId, payload))),
      Effect.suspend(() => {
        const raced = this.running.get(executionId)
        return raced !== undefined
          ? Effect.succeed(raced)
          : this.startRun(registration, executionId, payload, emptySteps(), discard)
      })
    )
  }

  /** Forks a run; registered in `running` before anything else can look. */
  private startRun(
    registration: Registration,
    executionId: string,
    payload: object,
    steps: Steps,
    background: boolean
  ): Effect.Effect<Run> {
    return Effect.uninterruptible(Effect.suspend(() => {
      const run: Run = {
        executionId,
        workflow: registration.workflow,
        steps,
        done: new DoneActivities(),
        instance: WorkflowInstance.initial(registration.workflow, executionId),
        fiber: undefined,
        watchers: 0,
        background,
        storeFailure: undefined
      }
      this.running.set(executionId, run)
      this.suspended.delete(executionId)
      this.missedWakes.delete(executionId)
      const body = Effect.interruptible(this.runBody(run, registration, payload))
      return Effect.map(Effect.forkIn(body, this.runsScope, { startImmediately: true }), (fiber) => {
        run.fiber = fiber
        return run
      })
    }))
  }

  /** One pass of the workflow body; its result is recorded once complete. */
  private runBody(run: Run, registration: Registration, payload: object): Effect.Effect<Result> {
    return registration.execute(payload, run.executionId).pipe(
      Workflow.intoResult,
      Effect.provideService(WorkflowEngine, this.engine()),
      (effect) => this.deferredState.trackRun(run.instance, effect),
      Effect.flatMap((result): Effect.Effect<Result> => {
        if (run.storeFailure !== undefined) return Effect.die(run.storeFailure)
        if (result._tag === "Complete") {
          // The workflow is over: its result is recorded even if the run is interrupted meanwhile.
          const record = guarded(run, this.store.complete(run.workflow, run.executionId, result.exit))
          return Effect.as(Effect.uninterruptible(record), result)
        }
        this.suspended.set(run.executionId, result)
        return Effect.succeed(result)
      }),
      Effect.onExit((exit) => Effect.sync(() => this.ended(run, exit)))
    )
  }

  private ended(run: Run, exit: Exit.Exit<Result>): void {
    if (this.running.get(run.executionId) === run) this.running.delete(run.executionId)
    if (isPreempted(run, exit)) {
      this.suspended.set(run.executionId, new Workflow.Suspended({}))
    } else if (!(exit._tag === "Success" && exit.value._tag === "Suspended")) {
      // Callers waiting for the execution to finish (not for this run: they run it again).
      this.wake(run.executionId)
    }
  }

  private stopRun(run: Run, wait: boolean): Effect.Effect<void> {
    return Effect.suspend(() => {
      const fiber = run.fiber
      if (fiber === undefined || fiber.pollUnsafe() !== undefined) return Effect.void
      run.instance.abandoned = true
      return wait ? Fiber.interrupt(fiber) : Effect.asVoid(Effect.forkDetach(Fiber.interrupt(fiber)))
    })
  }

  /**
   * Waits for the run's result; a caller interrupted while waiting stops the run if it was the last
   * one. Called uninterruptibly (the wait itself is `restore`d): no interruption can land between the
   * start of the run and the count of its caller.
   */
  private awaitRun(run: Run, restore: Restore): Effect.Effect<Result> {
    return Effect.suspend(() => {
      const fiber = run.fiber
      // A run's fiber is set as soon as it is forked; only the body itself could ask before that.
      if (fiber === undefined) return Effect.die(nestedDefect(run.workflow))
      run.watchers++
      let counted = true
      const release = () => {
        if (counted) {
          counted = false
          run.watchers--
        }
      }
      return restore(Fiber.await(fiber)).pipe(
        Effect.onInterrupt(() =>
          Effect.suspend(() => {
            release()
            return run.watchers === 0 && !run.background ? this.stopRun(run, true) : Effect.void
          })
        ),
        Effect.flatMap((exit) => {
          release()
          // A completion preempted the run: its caller runs it again.
          return isPreempted(run, exit) ? Effect.succeed(new Workflow.Suspended({})) : exit
        })
      )
    })
  }
}
