/**
 * Runs an activity's body to a `Workflow.Result`, as `Workflow.intoResult` does for it (and exactly
 * through it for workflows annotated `SuspendOnFailure`), for less: one scope for the body and the
 * activity's instance, no fork-and-join when the body finishes at once.
 */
import { Cause, Context, Effect, Exit, Fiber, Scope } from "effect"
import { type Activity, Workflow } from "effect/workflow"
import { WorkflowInstance } from "effect/workflow/WorkflowEngine"
import { type CodecsOf, executeEncoded } from "./activityCodecs.ts"

export type Result = Workflow.Result<unknown, unknown>

/** What the engine gives an activity's body; the rest it needs is in the workflow fiber's context. */
type ActivityBody = Effect.Effect<unknown, unknown, WorkflowInstance | Scope.Scope>

/**
 * Runs the body in a child fiber, so that a suspension inside it (it interrupts its own fiber) ends
 * the activity only.
 */
export const runActivity = (
  activity: Activity.Any,
  instance: WorkflowInstance["Service"],
  codecsOf: CodecsOf
): Effect.Effect<Result> => {
  // `Activity.Any` erases the body's requirements: it needs the instance and scope given here, and
  // the workflow's services, which it finds in the context of the workflow fiber it runs in.
  const body = executeEncoded(activity, codecsOf) as ActivityBody
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
  if (reasons.length === 0) {
    if (instance.suspended) {
      return Effect.succeed(new Workflow.Suspended(instance.cause !== undefined ? { cause: instance.cause } : {}))
    }
    // Interrupted from outside: nothing to record, the interruption goes on.
    if (!instance.interrupted) return Effect.failCause(interruptsOf(cause))
  }
  const filtered = reasons.length === 0 ? cause : Cause.fromReasons(reasons)
  // A defect not captured ends the run as one, as in `Workflow.intoResult`: the typed failures that
  // come along with it are not the activity's to declare (the run's error channel is `never`).
  if (!captureDefects && Cause.hasDies(cause)) return Effect.failCause(filtered as Cause.Cause<never>)
  return Effect.succeed(new Workflow.Complete({ exit: Exit.failCause(filtered) }))
}

/** The interruptions of a cause (a cause of interruptions only stays what it is). */
export const interruptsOf = (cause: Cause.Cause<unknown>): Cause.Cause<never> =>
  Cause.fromReasons(cause.reasons.filter(Cause.isInterruptReason))
