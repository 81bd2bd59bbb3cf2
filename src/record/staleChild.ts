import { type Duration, Effect } from "effect"
import { readdirSync, readFileSync } from "node:fs"
import { isGroupRunning, stopGroup } from "../process/liveness.ts"

/**
 * Group leaders whose environment names the run (every child gets RALPH_RUN_ID): a crash can stop
 * ralph between a child's spawn and the record of its pid, and such a child must be found all the
 * same. Linux `/proc`; elsewhere none are found.
 */
const leadersOfRun = (runId: string): ReadonlyArray<number> => {
  let entries: ReadonlyArray<string>
  try {
    entries = readdirSync("/proc")
  } catch {
    return []
  }
  const marker = `\0RALPH_RUN_ID=${runId}\0`
  const leaders: Array<number> = []
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      if (!`\0${readFileSync(`/proc/${entry}/environ`, "latin1")}`.includes(marker)) continue
      // Field 5 of stat, after the parenthesised command name, is the process group.
      const stat = readFileSync(`/proc/${entry}/stat`, "latin1")
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2])
      if (pgrp === Number(entry)) leaders.push(pgrp)
    } catch {
      // Gone, or not ours to read.
    }
  }
  return leaders
}

/**
 * Stops the process groups a crashed ralph left running for the run (children lead their own
 * groups): the recorded pid, and any group leader whose environment names the run. SIGTERM, then
 * SIGKILL after the grace. Returns the first pid stopped, null when nothing ran.
 */
export const stopStaleChild = (
  pid: number | null,
  runId: string,
  grace: Duration.Duration
): Effect.Effect<number | null> =>
  Effect.suspend(() => {
    const candidates = [...new Set([...(pid === null ? [] : [pid]), ...leadersOfRun(runId)])].filter(isGroupRunning)
    return Effect.as(
      Effect.forEach(candidates, (group) => stopGroup(group, grace), { concurrency: "unbounded", discard: true }),
      candidates[0] ?? null
    )
  })
