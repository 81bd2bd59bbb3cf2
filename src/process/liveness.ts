import { Duration, Effect } from "effect"
import * as fs from "node:fs"
import { thrownCode } from "../domain/thrown.ts"
import type { Enclosure } from "./enclosure.ts"

/** Whether a process (or, with a negative id, a process group) exists; EPERM means it does, owned by another user. */
const exists = (id: number): boolean => {
  try {
    process.kill(id, 0)
    return true
  } catch (error) {
    return thrownCode(error) === "EPERM"
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

/**
 * Whether every process left in a group is a zombie, from Linux's /proc: a member whose parent died is
 * reaped by pid 1, which may take seconds (this container's init reaps slowly), and until then the
 * group still answers signals. Undefined when that cannot be told (no /proc, no member visible). It
 * reads every process's stat, so it is for stopping a group, never for a round's ordinary end.
 */
export const onlyZombiesLeft = (pgid: number): boolean | undefined => {
  let names: Array<string>
  try {
    names = fs.readdirSync("/proc")
  } catch {
    return undefined
  }
  let members = 0
  for (const name of names) {
    const first = name.charCodeAt(0)
    if (first < 48 || first > 57) continue
    let stat: string
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, "latin1")
    } catch {
      continue // Gone meanwhile, or not ours to read.
    }
    // "pid (comm) state ppid pgrp … num_threads …": comm may hold spaces and parentheses, so read
    // after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ", 18)
    if (Number(fields[2]) !== pgid) continue
    // A leader thread that exited shows Z while the process's other threads still run.
    if ((fields[0] !== "Z" && fields[0] !== "X") || Number(fields[17]) > 1) return false
    members++
  }
  return members > 0 ? true : undefined
}

/** Whether a group has a member that is not a zombie: what a crashed run may have left running. */
export const isGroupRunning = (pgid: number): boolean => isGroupAlive(pgid) && onlyZombiesLeft(pgid) !== true

/** How often a group that outlives its signals is looked for in /proc (each look reads every process). */
const scanEveryMillis = 50

/**
 * How long after SIGKILL the group may take to vanish before ralph stops waiting: its members die at
 * once, so only their reaping (which /proc, where there is one, sees past) or a process stuck in the
 * kernel can remain.
 */
const reapWaitMillis = 300

/**
 * Stops a process group, and what its enclosure holds besides (processes that left the group):
 * SIGTERM, then SIGKILL once the grace has passed, and resolves when the group is gone or only
 * zombies are left in it (they hold nothing, and their reaping is not ours to wait for) and the
 * enclosure is empty.
 */
export const stopGroup = (pgid: number, grace: Duration.Duration, enclosure?: Enclosure): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    let groupDone = !isGroupAlive(pgid)
    const enclosed = () => enclosure !== undefined && enclosure.occupied()
    // Also when the group is gone, the enclosure is looked at once: a daemon that left the group
    // (`setsid`) is found only there. Without a cgroup that look is the one /proc scan of an
    // ordinary end (a scan of ralph's uid's processes, see `marked`); with one, a read of a file.
    let enclosedLeft = enclosed()
    if (groupDone && !enclosedLeft) return resume(Effect.void)
    const signalAll = (signal: NodeJS.Signals) => {
      if (!groupDone) signalGroup(pgid, signal)
      enclosure?.signal(signal, pgid)
    }
    signalAll("SIGTERM")
    const killAt = Date.now() + Duration.toMillis(grace)
    let giveUpAt = Number.POSITIVE_INFINITY
    // Most groups vanish within a poll or two of SIGTERM; /proc is read only for one that does not.
    let scanAt = Date.now() + 20
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = () => {
      const now = Date.now()
      groupDone ||= !isGroupAlive(pgid)
      // A cgroup's member list is one small read; a /proc scan for the marker is not.
      if (enclosure?.kind === "cgroup") enclosedLeft = enclosed()
      if (now >= scanAt) {
        groupDone ||= onlyZombiesLeft(pgid) === true
        if (enclosure?.kind === "environ") enclosedLeft = enclosed()
        scanAt = now + scanEveryMillis
      }
      if ((groupDone && !enclosedLeft) || now >= giveUpAt) return resume(Effect.void)
      if (now >= killAt && giveUpAt === Number.POSITIVE_INFINITY) {
        signalAll("SIGKILL")
        giveUpAt = now + reapWaitMillis
        // Killed processes turn into zombies at once: look again at the next poll.
        scanAt = now
      }
      timer = setTimeout(poll, 10)
    }
    poll()
    return Effect.sync(() => clearTimeout(timer))
  })
