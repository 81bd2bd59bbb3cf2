/**
 * One execution per run in a worker process. effect/cluster may start an execution of a run on this
 * worker while an earlier one is still stopping here: the run's shard moved away and came back
 * before the first execution ended (its entity's termination timed out and it goes on cleaning up),
 * or an activity of the first goes on after its body was interrupted (effect/cluster runs
 * activities uninterruptibly). The later execution waits here until the earlier one has stopped —
 * its child stopped, its lease released, its activities ended — and then goes on from the record.
 *
 * A stopping execution's activities end without a result ({@link RunExecution.activity},
 * {@link RunExecution.guard}): effect/cluster stores an activity's failure as its result and a later
 * execution would replay it, so an activity whose execution is stopping, or whose writes are
 * refused (its lease lost), is suspended instead — the next execution that reaches it runs it again.
 */
import { Deferred, Effect, Layer, Option, type Scope } from "effect"
import * as Context from "effect/Context"
import { Workflow } from "effect/workflow"
import { WorkflowInstance } from "effect/workflow/WorkflowEngine"

/** One execution of a run on this worker, while it holds the run here. */
export interface RunExecution {
  /** Marks the execution as stopping: from now on its activities' steps end their activity without a result. */
  readonly stop: Effect.Effect<void>
  /**
   * The body of one of the execution's activities, counted until it ends: not run once the
   * execution is stopping, and ending without a result when it fails or is cut off meanwhile.
   */
  readonly activity: <A, E, R>(body: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /**
   * A step of one of the execution's activities (a child, a record write, a commit): not run once
   * the execution is stopping; when `refused` tells that it failed because the execution may no
   * longer write, or the execution stopped meanwhile, its activity ends without a result instead.
   */
  readonly guard: <A, E, Refused extends E>(
    step: Effect.Effect<A, E>,
    refused: (error: E) => error is Refused
  ) => Effect.Effect<A, Exclude<E, Refused>>
}

/**
 * Ends the activity the current fiber runs in without a result (suspended: the next execution to
 * reach it runs it again). Outside an activity there is no result to keep: it only interrupts.
 */
const endActivity: Effect.Effect<never> = Effect.flatMap(
  Effect.serviceOption(WorkflowInstance),
  (instance) => Option.isSome(instance) ? Workflow.suspend(instance.value) : Effect.interrupt
)

interface Held {
  /** Done once the execution has left: its scope closed and its activities ended. */
  readonly left: Deferred.Deferred<void>
}

export class RunExecutions extends Context.Service<RunExecutions, {
  /**
   * Holds the run for an execution for the life of the scope, once an earlier execution of it here
   * has left; on closing, waits for the execution's activities in flight to end.
   */
  readonly enter: (runId: string) => Effect.Effect<RunExecution, never, Scope.Scope>
}>()("ralph/fleet/RunExecutions") {
  static readonly layer = Layer.sync(RunExecutions, () => {
    const held = new Map<string, Held>()
    const take = (runId: string): Effect.Effect<Held> =>
      Effect.suspend(() => {
        const earlier = held.get(runId)
        // The wait can be cut off (the worker leaving); the claim below cannot.
        if (earlier !== undefined) {
          return Effect.andThen(Effect.interruptible(Deferred.await(earlier.left)), take(runId))
        }
        const mine: Held = { left: Deferred.makeUnsafe<void>() }
        held.set(runId, mine)
        return Effect.succeed(mine)
      })
    const leave = (runId: string, mine: Held) =>
      Effect.suspend(() => {
        if (held.get(runId) === mine) held.delete(runId)
        return Deferred.succeed(mine.left, undefined)
      })
    return RunExecutions.of({
      enter: Effect.fn("RunExecutions.enter")(function*(runId: string) {
        const state = { stopping: false, inFlight: 0, idle: Deferred.makeUnsafe<void>() }
        // Stopping: what failed or was cut off (a child stopped with the execution) is no result.
        const unlessStopping = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
          Effect.catchCause(effect, (cause) => state.stopping ? endActivity : Effect.failCause(cause))
        const settle = Effect.suspend(() =>
          state.inFlight === 0 ? Deferred.succeed(state.idle, undefined) : Effect.void
        )
        yield* Effect.acquireRelease(
          take(runId),
          (mine) =>
            Effect.andThen(
              Effect.suspend(() => {
                state.stopping = true
                return Effect.andThen(settle, Deferred.await(state.idle))
              }),
              leave(runId, mine)
            )
        )
        const execution: RunExecution = {
          stop: Effect.sync(() => {
            state.stopping = true
          }),
          activity: <A, E, R>(body: Effect.Effect<A, E, R>) =>
            Effect.suspend(() => {
              if (state.stopping) return endActivity
              state.inFlight += 1
              return body.pipe(
                unlessStopping,
                Effect.ensuring(Effect.suspend(() => {
                  state.inFlight -= 1
                  return state.stopping ? settle : Effect.void
                }))
              )
            }),
          guard: <A, E, Refused extends E>(step: Effect.Effect<A, E>, refused: (error: E) => error is Refused) =>
            Effect.suspend(() =>
              state.stopping ? endActivity : step.pipe(Effect.catchIf(refused, () => endActivity), unlessStopping)
            )
        }
        return execution
      })
    })
  })
}
