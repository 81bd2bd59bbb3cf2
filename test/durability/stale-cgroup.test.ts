/**
 * What a crashed ralph left running for a run is stopped by the run's resume also where the
 * recorded pid and group leaders do not lead to it: a process in a group whose leader is gone
 * (found by the environment every child passes on), and — where ralph can make cgroups — one that
 * scrubbed its environment and left in a new session (its cgroup is killed whole). Real processes.
 */
import { Duration, Effect } from "effect"
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { enclosureHost } from "../../src/process/enclosure.ts"
import { stopStaleChild } from "../../src/record/staleChild.ts"
import {
  execRun,
  finish,
  isAlive,
  listedRuns,
  ralph,
  readText,
  roundsAgent,
  scratch,
  start,
  waitFor
} from "./harness.ts"

const leftovers: Array<number> = []
afterAll(() => {
  for (const pid of leftovers) {
    try {
      process.kill(pid, "SIGKILL")
    } catch {
      // Gone, as it should be.
    }
  }
})

describe("a crashed run's leftovers", () => {
  it("a process of the run whose group leader is gone is stopped (found by RALPH_RUN_ID)", async () => {
    const dirs = scratch()
    const pidFile = join(dirs.root, "orphan.pid")
    const runId = `stale-${process.pid}-${Date.now()}`
    // The leader starts a background sleep in its own group and exits: the group has no leader left.
    const leader = spawn("sh", ["-c", `sleep 60 </dev/null >/dev/null 2>&1 & echo $! > '${pidFile}'`], {
      detached: true,
      stdio: "ignore",
      env: { ...process.env, RALPH_RUN_ID: runId }
    })
    await new Promise((resolve) => leader.on("exit", resolve))
    await waitFor(() => existsSync(pidFile) && readText(pidFile).trim() !== "", 10_000, "the orphan's pid")
    const orphan = Number(readText(pidFile))
    leftovers.push(orphan)
    expect(isAlive(orphan)).toBe(true)
    const stopped = await Effect.runPromise(stopStaleChild(null, runId, Duration.millis(500)))
    expect(stopped).toBe(leader.pid)
    await waitFor(() => !isAlive(orphan), 5_000, "the orphan to be gone")
  })

  it("resume kills the cgroup a crashed ralph left: a scrubbed setsid daemon of the round goes too", async () => {
    const dirs = scratch()
    const daemonFile = join(dirs.root, "daemon.pid")
    const agent = roundsAgent(dirs, {
      at: 2,
      does: `if [ ! -f "${dirs.root}/hung" ]; then
  echo $$ > "${dirs.root}/hung"
  setsid env -i sh -c 'echo $$ > "${daemonFile}"; exec sleep 60' </dev/null >/dev/null 2>&1 &
  while [ ! -s "${daemonFile}" ]; do sleep 0.05; done
  exec sleep 60
fi`,
      last: 3
    })
    const env = { RALPH_LOCK_DIR: dirs.locks }
    const first = start(execRun(dirs, agent), env)
    const done = finish(first)
    await waitFor(() => existsSync(daemonFile) && readText(daemonFile).trim() !== "", 10_000, "round 2's daemon")
    first.kill("SIGKILL")
    expect((await done).code).toBe(null)
    const daemon = Number(readText(daemonFile))
    leftovers.push(daemon, Number(readText(join(dirs.root, "hung"))))
    expect(isAlive(daemon)).toBe(true)
    const [listed] = await listedRuns(dirs.state, env)
    const resumed = await ralph(
      ["resume", listed!.runId, "--state-dir", dirs.state, "--json", "--kill-grace", "1s"],
      env
    )
    expect(resumed.code, resumed.stderr).toBe(0)
    // Without a writable cgroup the marker is all there is, and a scrubbed environment escapes it
    // (README, Containment): there the daemon is the documented leftover.
    const cgroups = enclosureHost().cgroupParent !== undefined
    await waitFor(() => isAlive(daemon) !== cgroups, 5_000, "the daemon's fate")
    expect(isAlive(daemon)).toBe(!cgroups)
  })
})
