import { Duration, Effect } from "effect"
import { isGroupAlive, signalGroup } from "../services/liveness.ts"

const waitGone = (pid: number, within: Duration.Duration) =>
  Effect.gen(function*() {
    const deadline = Date.now() + Duration.toMillis(within)
    while (isGroupAlive(pid) && Date.now() < deadline) yield* Effect.sleep(Duration.millis(25))
    return !isGroupAlive(pid)
  })

/**
 * Stops the process group a crashed ralph left running (children lead their own groups): SIGTERM,
 * then SIGKILL after the grace. Returns the pid when something was stopped, null when nothing ran.
 */
export const stopStaleChild = (pid: number | null, grace: Duration.Duration): Effect.Effect<number | null> =>
  Effect.gen(function*() {
    if (pid === null || !isGroupAlive(pid)) return null
    signalGroup(pid, "SIGTERM")
    if (!(yield* waitGone(pid, grace))) {
      signalGroup(pid, "SIGKILL")
      yield* waitGone(pid, Duration.seconds(2))
    }
    return pid
  })
