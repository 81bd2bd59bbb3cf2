/**
 * RunExecutions: one execution of a run at a time in a worker, and a stopping or refused execution's
 * activity steps ending their activity suspended (no result for effect/cluster to keep).
 */
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Scope } from "effect"
import { TestClock } from "effect/testing"
import { WorkflowInstance } from "effect/workflow/WorkflowEngine"
import { RunExecutions } from "../../src/fleet/RunExecutions.ts"
import { RalphRun } from "../../src/loop/workflow.ts"

const refused = (error: string): error is "refused" => error === "refused"

/** `effect` as effect/cluster runs an activity: in a fiber of its own, with the activity's own instance. */
const inActivity = <A, E>(effect: Effect.Effect<A, E>) => {
  const instance = WorkflowInstance.initial(RalphRun, "run-1")
  return Effect.forkChild(Effect.provideService(effect, WorkflowInstance, instance)).pipe(
    Effect.flatMap(Fiber.await),
    Effect.map((exit) => ({ exit, suspended: instance.suspended }))
  )
}

describe("RunExecutions", () => {
  it.effect("a second execution of a run waits until the first has left; another run does not", () =>
    Effect.gen(function*() {
      const executions = yield* RunExecutions
      const first = yield* Scope.make()
      yield* Scope.provide(executions.enter("run-1"), first)
      const entered = yield* Deferred.make<void>()
      const second = yield* Effect.forkChild(
        Effect.scoped(Effect.andThen(executions.enter("run-1"), Deferred.succeed(entered, undefined)))
      )
      yield* Effect.scoped(executions.enter("run-2"))
      yield* TestClock.adjust("1 second")
      assert.isFalse(yield* Deferred.isDone(entered))
      yield* Scope.close(first, Exit.void)
      yield* Fiber.join(second)
      assert.isTrue(yield* Deferred.isDone(entered))
    }).pipe(Effect.provide(RunExecutions.layer)))

  it.effect("a refused step ends its activity suspended; other failures stay failures", () =>
    Effect.gen(function*() {
      const executions = yield* RunExecutions
      yield* Effect.scoped(Effect.gen(function*() {
        const execution = yield* executions.enter("run-1")
        const gone = yield* inActivity(execution.guard(Effect.fail("refused"), refused))
        assert.isTrue(gone.suspended)
        assert.isTrue(Exit.hasInterrupts(gone.exit))
        const failed = yield* inActivity(execution.guard(Effect.fail("other"), refused))
        assert.isFalse(failed.suspended)
        assert.deepStrictEqual(failed.exit, Exit.fail("other"))
        const done = yield* inActivity(execution.guard(Effect.succeed(1), refused))
        assert.deepStrictEqual(done.exit, Exit.succeed(1))
        const activityFailed = yield* inActivity(execution.activity(Effect.fail("other")))
        assert.isFalse(activityFailed.suspended)
        assert.deepStrictEqual(activityFailed.exit, Exit.fail("other"))
      }))
    }).pipe(Effect.provide(RunExecutions.layer)))

  it.effect("once stopping, a step does not run and its activity ends suspended", () =>
    Effect.gen(function*() {
      const executions = yield* RunExecutions
      yield* Effect.scoped(Effect.gen(function*() {
        const execution = yield* executions.enter("run-1")
        yield* execution.stop
        let ran = false
        const after = yield* inActivity(execution.guard(Effect.sync(() => (ran = true)), refused))
        const body = yield* inActivity(execution.activity(Effect.sync(() => (ran = true))))
        assert.isFalse(ran)
        assert.isTrue(after.suspended)
        assert.isTrue(body.suspended)
      }))
    }).pipe(Effect.provide(RunExecutions.layer)))

  it.effect("leaving waits for an activity in flight, which then ends suspended rather than failed", () =>
    Effect.gen(function*() {
      const executions = yield* RunExecutions
      const scope = yield* Scope.make()
      const execution = yield* Scope.provide(executions.enter("run-1"), scope)
      const started = yield* Deferred.make<void>()
      const release = yield* Deferred.make<void>()
      const write = Deferred.succeed(started, undefined).pipe(
        Effect.andThen(Deferred.await(release)),
        Effect.andThen(Effect.fail("late write"))
      )
      const step = yield* Effect.forkChild(inActivity(execution.activity(write)))
      yield* Deferred.await(started)
      const closing = yield* Effect.forkChild(Scope.close(scope, Exit.void))
      yield* TestClock.adjust("1 second")
      assert.isUndefined(closing.pollUnsafe())
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(closing)
      const ended = yield* Fiber.join(step)
      assert.isTrue(ended.suspended)
    }).pipe(Effect.provide(RunExecutions.layer)))
})
