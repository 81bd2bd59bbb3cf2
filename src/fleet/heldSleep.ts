/**
 * How a fleet run sleeps out a wait (a retry's, a limit's under `--wait-limits`, a review retry's): its
 * execution sleeps on the worker that holds the run, under the run's lease, as `ralph run` holds its
 * own. On effect/cluster's durable clock the execution would suspend and no worker would hold the
 * run until the wake: listed interrupted (no lease), not reached by a cancel (the replay the cancel
 * starts applies it only once the body suspends again, recording nothing), and cut by `--max-time`
 * only at the wake. Held, the wait is cut like a round: a cancel interrupts the execution, the time
 * budget's timeout ends it. The wake time is an activity's result, stored the first time, so a
 * replay (a takeover, a handover) waits what is left of it.
 */
import { Clock, Duration, Effect, Schema } from "effect"
import { Activity } from "effect/workflow"
import type { RunExecution } from "./RunExecutions.ts"

/** The sleep of an execution's body (`AttemptContext.sleep`), its wake time recorded by `activity`'s wrapper. */
export const heldSleep = (activity: RunExecution["activity"]) => (name: string, duration: Duration.Duration) =>
  Effect.gen(function*() {
    const wake = yield* Activity.make({
      name: `${name} wake`,
      success: Schema.Number,
      execute: activity(Effect.map(Clock.currentTimeMillis, (now) => now + Duration.toMillis(duration)))
    })
    const left = wake - (yield* Clock.currentTimeMillis)
    if (left > 0) yield* Effect.sleep(Duration.millis(left))
  })
