/**
 * A crash between a child's spawn and the record of its pid: the resume finds the child by the
 * RALPH_RUN_ID in its environment and stops it before the round runs again.
 */
import { spawn } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { agentScript, isAlive, ralph, report, scratch, waitFor } from "./harness.ts"

describe("a stale child whose pid was never recorded", () => {
  it("is found by its RALPH_RUN_ID and stopped by the resume", async () => {
    const dirs = scratch()
    const runId = "20260101-000000-abcdef"
    const agent = agentScript(dirs.root, "agent.sh", `cat > /dev/null\necho '${report.complete("done")}'`)
    const t = new Date().toISOString()
    // The journal of a ralph that died right after spawning round 1's child: no child-spawned line.
    const journal = [
      {
        t,
        type: "run-started",
        runId,
        objective: "x",
        maxRounds: 3,
        config: { subagentProvider: "exec", maxRounds: 256, maxHandoffChars: 16384, maxResultChars: 16384 },
        agent: { command: agent },
        workspace: dirs.workspace,
        gitHead: null,
        pid: 2 ** 22 + 17,
        version: "0.1.0"
      },
      { t, type: "round-started", round: 1, attempt: 1 }
    ]
    mkdirSync(join(dirs.state, "runs", runId), { recursive: true })
    writeFileSync(
      join(dirs.state, "runs", runId, "journal.jsonl"),
      journal.map((e) => `${JSON.stringify(e)}\n`).join("")
    )
    // The child it left: the leader of its own group, with the run's id in its environment.
    const stale = spawn("sleep", ["60"], {
      detached: true,
      stdio: "ignore",
      env: { ...process.env, RALPH_RUN_ID: runId }
    })
    stale.unref()
    await waitFor(() => stale.pid !== undefined && isAlive(stale.pid), 5000, "the stale child")

    const resumed = await ralph(["resume", runId, "--json", "--state-dir", dirs.state, "--kill-grace", "300ms"], {
      RALPH_LOCK_DIR: dirs.locks
    })
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(resumed.stderr).toContain(`stopped pid ${stale.pid}`)
    await waitFor(() => !isAlive(stale.pid!), 3000, "the stale child to be gone")
    expect(JSON.parse(resumed.stdout).result.status).toBe("complete")
  }, 30_000)
})
