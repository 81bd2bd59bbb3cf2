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
