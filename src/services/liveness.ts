import { Duration, Effect } from "effect"

/** Whether a process (or, with a negative id, a process group) exists; EPERM means it does, owned by another user. */
const exists = (id: number): boolean => {
  try {
    process.kill(id, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

export const isProcessAlive = (pid: number): boolean => exists(pid)

/** Children lead their own process groups, so a group id is its leader's pid. */
export const isGroupAlive = (pgid: number): boolean => exists(-pgid)

/** Signals a process group; a group already gone is not an error. */
export const signalGroup = (pgid: number, signal: NodeJS.Signals): void => {
  try {
    process.kill(-pgid, signal)
  } catch {
    // Gone between the check and the signal.
  }
}

/** How long the group may take to vanish after SIGKILL: its members are dead, only reaping remains. */
const reapWaitMillis = 1000

/**
 * Stops a process group: SIGTERM, then SIGKILL once the grace has passed, and resolves when the group
 * is gone (or, after SIGKILL, when only unreaped zombies can be left).
 */
export const stopGroup = (pgid: number, grace: Duration.Duration): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    if (!isGroupAlive(pgid)) return resume(Effect.void)
    signalGroup(pgid, "SIGTERM")
    const killAt = Date.now() + Duration.toMillis(grace)
    let giveUpAt = Number.POSITIVE_INFINITY
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = () => {
      const now = Date.now()
      if (!isGroupAlive(pgid) || now >= giveUpAt) return resume(Effect.void)
      if (now >= killAt && giveUpAt === Number.POSITIVE_INFINITY) {
        signalGroup(pgid, "SIGKILL")
        giveUpAt = now + reapWaitMillis
      }
      timer = setTimeout(poll, 10)
    }
    poll()
    return Effect.sync(() => clearTimeout(timer))
  })
