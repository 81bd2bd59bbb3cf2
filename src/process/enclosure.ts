/**
 * Where the processes one spawn starts are kept, so that every one of them can be found and stopped
 * when the round ends — also those that left the leader's process group (`setsid sh -c … &`).
 *
 * - A cgroup (v2) of its own, where ralph can make one beside its own cgroup (Linux, a writable
 *   cgroup2 mount: root, or a delegated subtree): the child is spawned into it, so every process it
 *   starts is in it until that process writes itself into another cgroup's `cgroup.procs`;
 *   `cgroup.kill` kills them all at once. Where ralph can write the tree, so can a worker of its
 *   uid: this catches every careless escape (`setsid`, a double fork, a daemon), not a worker that
 *   moves itself out on purpose (README, Containment).
 * - Elsewhere, a marker: the child's environment carries `RALPH_ENCLOSURE=<nonce>`, which every
 *   process it starts inherits, and `/proc/<pid>/environ` is scanned for it. A process that
 *   replaces its environment (`env -i`, an `execve` with another one) is not found this way.
 * - Without `/proc` (macOS, Windows), neither: only the process group is stopped.
 */
import { randomBytes } from "node:crypto"
import * as fs from "node:fs"
import { join } from "node:path"
import { isProcessAlive } from "./liveness.ts"

/** The variable every enclosed process inherits: the marker the `/proc` scan looks for. */
export const enclosureVariable = "RALPH_ENCLOSURE"

export interface Enclosure {
  readonly kind: "cgroup" | "environ"
  /** Added to the child's environment. */
  readonly env: Readonly<Record<string, string>>
  /** Calls `spawnIt` (a synchronous spawn) so that the process it starts is enclosed. */
  readonly spawn: <A>(spawnIt: () => A) => A
  /**
   * Whether a process is in it now (never ralph itself; zombies do not count): for a cgroup, in it
   * or in a cgroup a worker made below it.
   */
  readonly occupied: () => boolean
  /**
   * Signals every member outside process group `signalledGroup` (signalled already: a second
   * SIGTERM often means "quit now"); SIGKILL goes to all, through `cgroup.kill` where there is a cgroup.
   */
  readonly signal: (signal: NodeJS.Signals, signalledGroup: number) => void
  /** Removes what was made for it (the cgroup), once it is empty. */
  readonly release: () => void
}

const readText = (path: string): string | undefined => {
  try {
    return fs.readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}

const signalPid = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(pid, signal)
  } catch {
    // Gone meanwhile.
  }
}

/**
 * ralph's own cgroup v2 folder: its `0::` line of /proc/self/cgroup under the mount point of the
 * cgroup2 file system (whose root, in /proc/self/mountinfo, the path must lie under).
 */
const ownCgroupDir = (): string | undefined => {
  const own = readText("/proc/self/cgroup")?.split("\n").find((line) => line.startsWith("0::"))?.slice(3)
  const mounts = readText("/proc/self/mountinfo")
  if (own === undefined || mounts === undefined) return undefined
  for (const line of mounts.split("\n")) {
    const [before, after] = line.split(" - ")
    if (after?.startsWith("cgroup2 ") !== true || before === undefined) continue
    // "id parent major:minor root mountpoint options…"
    const [, , , root, mountPoint] = before.split(" ")
    if (root === undefined || mountPoint === undefined) continue
    if (root === "/") return join(mountPoint, own)
    if (own === root || own.startsWith(`${root}/`)) return join(mountPoint, own.slice(root.length))
  }
  return undefined
}

const writeTo = (file: string, text: string): boolean => {
  try {
    fs.writeFileSync(file, text)
    return true
  } catch {
    return false
  }
}

const cgroupName = /^ralph-(\d+)-[0-9a-f]+$/

/**
 * Removes the empty cgroups of a ralph that died without removing them (SIGKILL, a crash): found
 * beside ralph's own cgroup by their name, whose pid is no longer alive. One still holding
 * processes is left as it is: those belong to a run, and its resume stops them
 * (`orphanCgroupsHolding`, by RALPH_RUN_ID).
 */
const sweepOrphans = (parent: string) => {
  let names: Array<string>
  try {
    names = fs.readdirSync(parent)
  } catch {
    return
  }
  for (const name of names) {
    const owner = cgroupName.exec(name)?.[1]
    if (owner === undefined || isProcessAlive(Number(owner))) continue
    removeCgroup(join(parent, name))
  }
}

/**
 * What an enclosure needs to know of the host, read once per process (by the layer that spawns,
 * see `enclosureHost`): the folder its cgroups are made in, ralph's own cgroup, or none.
 */
export interface EnclosureHost {
  readonly cgroupParent: string | undefined
}

/**
 * Reads /proc/self/cgroup and mountinfo and removes the empty cgroups crashed ralphs left: once per
 * process is enough (ralph's own cgroup does not change while it runs; if it did, a cgroup could not
 * be made or entered and the spawn falls back to the marker).
 */
export const enclosureHost = (): EnclosureHost => {
  const cgroupParent = ownCgroupDir()
  if (cgroupParent !== undefined) sweepOrphans(cgroupParent)
  return { cgroupParent }
}

/** A fresh cgroup folder beside ralph's own, or undefined where none can be made. */
const makeCgroup = (parent: string, nonce: string): { readonly dir: string; readonly parent: string } | undefined => {
  const dir = join(parent, `ralph-${process.pid}-${nonce}`)
  try {
    fs.mkdirSync(dir)
    return { dir, parent }
  } catch {
    return undefined
  }
}

/** Removes a cgroup and the cgroups a worker made below it, deepest first; a populated one stays. */
const removeCgroup = (dir: string) => {
  try {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) removeCgroup(join(dir, entry.name))
    }
    fs.rmdirSync(dir)
  } catch {
    // Still populated (a process stuck in the kernel) or already gone: nothing more to do.
  }
}

/**
 * The processes whose environment holds `marker`, from Linux's /proc (none elsewhere). Short of root,
 * only processes of ralph's own uid are read: another uid's environ cannot be read, nor its process
 * signalled, so skipping it on its owner (one stat) loses nothing and spares a failed open apiece.
 */
export const marked = (marker: string): ReadonlyArray<number> => {
  let names: Array<string>
  try {
    names = fs.readdirSync("/proc")
  } catch {
    return []
  }
  const uid = process.getuid?.()
  const found: Array<number> = []
  for (const name of names) {
    const first = name.charCodeAt(0)
    if (first < 48 || first > 57 || Number(name) === process.pid) continue
    if (uid !== undefined && uid !== 0 && fs.statSync(`/proc/${name}`, { throwIfNoEntry: false })?.uid !== uid) continue
    const environ = readText(`/proc/${name}/environ`)
    // A zombie's environ reads empty: it holds nothing and is not counted.
    if (environ !== undefined && `\0${environ}`.includes(marker)) found.push(Number(name))
  }
  return found
}

/** A process's group, from /proc/<pid>/stat (after the parenthesised name, which may hold anything). */
export const groupOf = (pid: number): number | undefined => {
  const stat = readText(`/proc/${pid}/stat`)
  return stat === undefined ? undefined : Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2])
}

const cgroupMembers = (dir: string): ReadonlyArray<number> =>
  (readText(join(dir, "cgroup.procs")) ?? "").split("\n").filter((line) => line !== "").map(Number).filter((pid) =>
    pid !== process.pid
  )

/** The members of a cgroup and of the cgroups below it (a worker may make some). */
const cgroupTreeMembers = (dir: string): ReadonlyArray<number> => {
  let below: ReadonlyArray<string> = []
  try {
    below = fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) =>
      join(dir, entry.name)
    )
  } catch {
    // Gone meanwhile.
  }
  return [...cgroupMembers(dir), ...below.flatMap(cgroupTreeMembers)]
}

/** Whether a process is in a cgroup or in one below it. */
const populated = (dir: string): boolean => /^populated 1$/m.test(readText(join(dir, "cgroup.events")) ?? "")

/** Kills every process of a cgroup and of those below it at once (Linux 5.14+); false where it cannot. */
const killCgroup = (dir: string): boolean => writeTo(join(dir, "cgroup.kill"), "1")

/**
 * The cgroup a ralph that is gone (SIGKILL, a crash) left holding processes, as an enclosure that
 * `stopGroup` empties: SIGTERM to its members, then `cgroup.kill`, and removed once empty.
 */
const orphanEnclosure = (dir: string): Enclosure => ({
  kind: "cgroup",
  env: {},
  spawn: (spawnIt) => spawnIt(),
  occupied: () => populated(dir),
  signal: (signal, signalledGroup) => {
    if (signal === "SIGKILL" && killCgroup(dir)) return
    for (const pid of cgroupTreeMembers(dir)) {
      if (signal === "SIGKILL" || groupOf(pid) !== signalledGroup) signalPid(pid, signal)
    }
  },
  release: () => removeCgroup(dir)
})

/**
 * The cgroups beside ralph's own that ralphs no longer alive left populated, where a member's
 * environment holds `marker` (a run's `\0RALPH_RUN_ID=…\0`): each as an enclosure to stop, with a
 * member's process group to stop with it. Every process in such a cgroup goes with it, also one that
 * left the group or scrubbed its environment.
 */
export const orphanCgroupsHolding = (
  host: EnclosureHost,
  marker: string
): ReadonlyArray<{ readonly enclosure: Enclosure; readonly group: number }> => {
  const parent = host.cgroupParent
  if (parent === undefined) return []
  let names: Array<string>
  try {
    names = fs.readdirSync(parent)
  } catch {
    return []
  }
  const found: Array<{ readonly enclosure: Enclosure; readonly group: number }> = []
  for (const name of names) {
    const owner = cgroupName.exec(name)?.[1]
    if (owner === undefined || isProcessAlive(Number(owner))) continue
    const dir = join(parent, name)
    const members = cgroupTreeMembers(dir)
    const carrier = members.find((pid) => `\0${readText(`/proc/${pid}/environ`) ?? ""}`.includes(marker))
    const group = carrier === undefined ? undefined : groupOf(carrier)
    if (group !== undefined) found.push({ enclosure: orphanEnclosure(dir), group })
  }
  return found
}

/**
 * An enclosure for one spawn: a cgroup where the host has a cgroup folder ralph can make one in
 * and enter, else the environment marker (which the child carries either way).
 */
export const openEnclosure = (host: EnclosureHost): Enclosure => {
  const nonce = randomBytes(12).toString("hex")
  const marker = `\0${enclosureVariable}=${nonce}\0`
  let cgroup = host.cgroupParent === undefined ? undefined : makeCgroup(host.cgroupParent, nonce)
  // Whether ralph could not step back out of the cgroup: then it must never be killed whole.
  let stuck = false
  const members = () => cgroup === undefined ? marked(marker) : cgroupMembers(cgroup.dir)
  return {
    get kind() {
      return cgroup === undefined ? "environ" as const : "cgroup" as const
    },
    env: { [enclosureVariable]: nonce },
    spawn: (spawnIt) => {
      // ralph steps into the cgroup for the spawn, so the child starts in it (a pid written after
      // the spawn would leave the child a moment to start a process outside), and straight back out.
      const target = cgroup
      const entered = target !== undefined && writeTo(join(target.dir, "cgroup.procs"), String(process.pid))
      if (target !== undefined && !entered) {
        removeCgroup(target.dir)
        cgroup = undefined
      }
      try {
        return spawnIt()
      } finally {
        if (entered) stuck = !writeTo(join(target.parent, "cgroup.procs"), String(process.pid))
      }
    },
    // `populated` covers the cgroups a worker may make below this one; ralph stuck inside would count.
    occupied: () => cgroup === undefined || stuck ? members().length > 0 : populated(cgroup.dir),
    signal: (signal, signalledGroup) => {
      // cgroup.kill kills every member at once, however fast they fork.
      if (signal === "SIGKILL" && cgroup !== undefined && !stuck && killCgroup(cgroup.dir)) {
        return
      }
      for (const pid of members()) {
        if (signal === "SIGKILL" || groupOf(pid) !== signalledGroup) signalPid(pid, signal)
      }
    },
    release: () => {
      if (cgroup !== undefined) removeCgroup(cgroup.dir)
    }
  }
}
