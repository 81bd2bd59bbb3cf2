import { type Duration, Effect } from "effect"
import { isGroupRunning, stopGroup } from "../services/liveness.ts"

/**
 * Stops the process group a crashed ralph left running (children lead their own groups): SIGTERM,
 * then SIGKILL after the grace. Returns the pid when something was stopped, null when nothing ran.
 */
export const stopStaleChild = (pid: number | null, grace: Duration.Duration): Effect.Effect<number | null> =>
  pid === null
    ? Effect.succeed(null)
    : Effect.suspend(() => isGroupRunning(pid) ? Effect.as(stopGroup(pid, grace), pid) : Effect.succeed(null))
