import { type Duration, Effect } from "effect"
import { enclosureHost, groupOf, marked, orphanCgroupsHolding } from "../process/enclosure.ts"
import { isGroupRunning, stopGroup } from "../process/liveness.ts"

/**
 * The process groups of the processes whose environment names the run (every child gets
 * RALPH_RUN_ID; what it starts inherits it): a crash can stop ralph between a child's spawn and the
 * record of its pid, and such a child must be found all the same, and so must what it left running
 * in another group (`setsid`) or in a group whose leader is gone. Never ralph's own group. Linux
 * `/proc`; elsewhere none are found.
 */
const groupsOfRun = (marker: string): ReadonlyArray<number> => {
  const own = groupOf(process.pid)
  return marked(marker).flatMap((pid) => {
    const group = groupOf(pid)
    return group === undefined || group === own ? [] : [group]
  })
}

/**
 * Stops what a crashed ralph left running for the run (children lead their own groups): the cgroups
 * it left holding a process of the run, whole (`cgroup.kill`: also what left the group or scrubbed
 * its environment), the recorded pid's group, and every group holding a process whose environment
 * names the run. SIGTERM, then SIGKILL after the grace. Returns the first pid stopped, null when
 * nothing ran.
 */
export const stopStaleChild = (
  pid: number | null,
  runId: string,
  grace: Duration.Duration
): Effect.Effect<number | null> =>
  Effect.suspend(() => {
    const marker = `\0RALPH_RUN_ID=${runId}\0`
    const cgroups = orphanCgroupsHolding(enclosureHost(), marker)
    const groups = [
      ...new Set([...(pid === null ? [] : [pid]), ...cgroups.map((found) => found.group), ...groupsOfRun(marker)])
    ].filter(isGroupRunning)
    const inCgroups = new Set(cgroups.map((found) => found.group))
    return Effect.as(
      Effect.all([
        Effect.forEach(cgroups, (found) =>
          stopGroup(found.group, grace, found.enclosure).pipe(Effect.ensuring(Effect.sync(() =>
            found.enclosure.release()
          ))), { concurrency: "unbounded", discard: true }),
        Effect.forEach(
          groups.filter((group) =>
            !inCgroups.has(group)
          ),
          (group) =>
            stopGroup(group, grace),
          {
            concurrency: "unbounded",
            discard: true
          }
        )
      ], { concurrency: "unbounded", discard: true }),
      groups[0] ?? cgroups[0]?.group ?? null
    )
  })
