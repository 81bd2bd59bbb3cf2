/**
 * An activity of a run: replayed from the store when its exit is there, else run and its exit
 * recorded (one store write) before the workflow goes on.
 */
import { Effect, Option } from "effect"
import { type Activity, Workflow } from "effect/workflow"
import { WorkflowInstance } from "effect/workflow/WorkflowEngine"
import { type CodecsOf, isTyped } from "./activityCodecs.ts"
import { type Result, runActivity } from "./activityRun.ts"
import { type Executions, guarded, outsideRun, type Run } from "./executions.ts"
import { activityKey } from "./WorkflowStore.ts"

/** The encoded exit of an activity (`Encoded["activityExecute"]`): replayed, or run and recorded. */
export const runOrReplayActivity = (
  executions: Executions,
  codecsOf: CodecsOf,
  activity: Activity.Any,
  attempt: number
): Effect.Effect<Result, never, WorkflowInstance> =>
  Effect.flatMap(WorkflowInstance, (instance): Effect.Effect<Result> => {
    const run = executions.running.get(instance.executionId)
    if (run === undefined) return outsideRun(instance.executionId, `activity ${activity.name}`)
    const key = activityKey(activity.name, attempt)
    const loaded = run.steps.activities.get(key)
    if (loaded !== undefined) {
      run.steps.activities.delete(key)
      run.done.add(key)
      return Effect.succeed(new Workflow.Complete({ exit: loaded }))
    }
    const fresh = runAndRecord(executions, codecsOf, run, activity, attempt, instance, key)
    if (!run.done.mayHave(key)) return fresh
    return Effect.flatMap(
      guarded(run, executions.store.getActivity(run.executionId, activity.name, attempt)),
      (recorded): Effect.Effect<Result> =>
        Option.isSome(recorded) ? Effect.succeed(new Workflow.Complete({ exit: recorded.value })) : fresh
    )
  })

const runAndRecord = (
  executions: Executions,
  codecsOf: CodecsOf,
  run: Run,
  activity: Activity.Any,
  attempt: number,
  instance: WorkflowInstance["Service"],
  key: string
): Effect.Effect<Result> =>
  Effect.flatMap(runActivity(activity, instance, codecsOf), (result): Effect.Effect<Result> => {
    // A suspended activity (it awaited a durable deferred) runs again on the next run.
    if (result._tag !== "Complete") return Effect.succeed(result)
    const record = executions.store.putActivity(run.executionId, activity.name, attempt, result.exit)
    return Effect.as(
      Effect.tap(guarded(run, record), () => Effect.sync(() => run.done.add(key))),
      result
    )
  })

/**
 * The typed `activityExecute` (what `makeUnsafe` builds over the encoded one), decoding exits with
 * the engine's cached codecs; `undefined` for an activity without schemas, which `makeUnsafe`'s own
 * handles. Its requirements are `unknown`: the schemas' decoding services, which `Schema.Top` erases.
 */
export const decodedActivity = (
  executions: Executions,
  codecsOf: CodecsOf,
  activity: Activity.Any,
  attempt: number
): Effect.Effect<Result, never, unknown> | undefined =>
  isTyped(activity)
    ? Effect.flatMap(
      runOrReplayActivity(executions, codecsOf, activity, attempt),
      (result) =>
        result._tag === "Suspended" ? Effect.succeed(result) : Effect.map(
          Effect.orDie(codecsOf(activity).decodeExit(result.exit)),
          (exit): Result => new Workflow.Complete({ exit })
        )
    )
    : undefined
