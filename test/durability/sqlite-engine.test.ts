/**
 * The sqlite engine (`--engine sqlite`): runs recorded in one database file in the state dir,
 * workflows replayed from it. SIGKILL mid-round and mid-retry-wait, then resume from another
 * process: finished rounds are not run again, the round in flight is, a wait goes on where it was,
 * and runs/show/export read the same database.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { loadNodeSqlite } from "../../src/sql/nodeSqliteModule.ts"
import {
  agentScript,
  finish,
  hangOnce,
  hangsInRound2,
  isAlive,
  ralph,
  readText,
  report,
  roundsAgent,
  scratch,
  start,
  waitFor
} from "./harness.ts"

const engineArgs = (dirs: ReturnType<typeof scratch>) => ["--engine", "sqlite", "--state-dir", dirs.state]

const runArgs = (dirs: ReturnType<typeof scratch>, agent: string, ...extra: Array<string>) => [
  "run",
  "sqlite crash test",
  "--agent-cmd",
  agent,
  "--workspace",
  dirs.workspace,
  "--json",
  ...engineArgs(dirs),
  ...extra
]

const roundsRun = (dirs: ReturnType<typeof scratch>) =>
  readText(join(dirs.root, "rounds.log")).trim().split("\n").filter((line) => line !== "")

const onlyRun = async (dirs: ReturnType<typeof scratch>, env: Record<string, string>) => {
  const listed = await ralph(["runs", "--json", ...engineArgs(dirs)], env)
  expect(listed.code, listed.stderr).toBe(0)
  const runs = JSON.parse(listed.stdout) as Array<{ runId: string; state: string }>
  expect(runs).toHaveLength(1)
  return runs[0]!
}

describe("the sqlite engine", () => {
  it(
    "SIGKILL in round 2, resume from another process: round 1 not run again, round 2 again, the stale child stopped",
    async () => {
      const dirs = scratch()
      const env = { RALPH_LOCK_DIR: dirs.locks }
      const agent = hangsInRound2(dirs)
      const first = start(runArgs(dirs, agent), env)
      const done = finish(first)
      await waitFor(() => existsSync(join(dirs.root, "hung")), 10_000, "round 2 to hang")
      first.kill("SIGKILL")
      await done
      const stale = Number(readText(join(dirs.root, "hung")))
      expect(isAlive(stale)).toBe(true)

      const crashed = await onlyRun(dirs, env)
      expect(crashed.state).toBe("interrupted")
      // Nothing but the database file (and SQLite's WAL files), private to its owner.
      const db = join(dirs.state, "ralph.db")
      expect(statSync(db).mode & 0o777).toBe(0o600)
      expect(existsSync(join(dirs.state, "runs"))).toBe(false)

      const resumed = await ralph(["resume", crashed.runId, "--json", ...engineArgs(dirs)], env)
      expect(resumed.code, resumed.stderr).toBe(0)
      const envelope = JSON.parse(resumed.stdout)
      expect(envelope.result.status).toBe("complete")
      expect(envelope.result.roundsStarted).toBe(3)
      // Round 1 ran once; round 2 twice (the crashed child and its rerun); round 3 once.
      expect(roundsRun(dirs)).toEqual(["1", "2", "2", "3"])
      expect(envelope.agentsStarted).toBe(4)
      expect(isAlive(stale)).toBe(false)
      expect(resumed.stderr).toContain(`stopped pid ${stale}`)

      expect((await onlyRun(dirs, env)).state).toBe("complete")
      const shown = await ralph(["show", crashed.runId, "--json", ...engineArgs(dirs)], env)
      expect(shown.code, shown.stderr).toBe(0)
      const view = JSON.parse(shown.stdout)
      expect(view.rounds.map((r: { round: number; status: string }) => `${r.round}:${r.status}`)).toEqual([
        "1:finished",
        "2:interrupted",
        "2:finished",
        "3:finished"
      ])
      const exported = await ralph(["export", crashed.runId, ...engineArgs(dirs)], env)
      expect(exported.code, exported.stderr).toBe(0)
      const types = exported.stdout.trim().split("\n").map((line) => JSON.parse(line).type)
      expect(types[0]).toBe("run-started")
      expect(types).toContain("run-resumed")
      // The entries, then the output kept of each finished round (the killed one left none).
      const entries = types.filter((type) => type !== "round-output")
      expect(entries.at(-1)).toBe("run-finished")
      expect(types.slice(entries.length)).toEqual(["round-output", "round-output", "round-output"])

      // A finished run resumed again starts nothing and says how it ended.
      const again = await ralph(["resume", crashed.runId, "--json", ...engineArgs(dirs)], env)
      expect(again.code).toBe(0)
      expect(JSON.parse(again.stdout)).toEqual(envelope)
      expect(roundsRun(dirs)).toHaveLength(4)
    },
    60_000
  )

  it("SIGKILL during a retry's wait: the resumed run waits only what was left of it", async () => {
    const dirs = scratch()
    const env = { RALPH_LOCK_DIR: dirs.locks }
    // The first attempt fails transiently (exit 75); the retry, 6 s later, completes.
    const agent = agentScript(
      dirs.root,
      "agent.sh",
      `cat > /dev/null
date +%s%3N >> "${dirs.root}/attempts.log"
if [ ! -f "${dirs.root}/failed" ]; then touch "${dirs.root}/failed"; exit 75; fi
echo '${report.complete("done")}'`
    )
    const first = start(runArgs(dirs, agent, "--retry-delay", "6s"), env)
    const done = finish(first)
    await waitFor(() => existsSync(join(dirs.root, "failed")), 10_000, "the first attempt to fail")
    const failedAt = Number(readText(join(dirs.root, "attempts.log")).trim())
    await new Promise((r) => setTimeout(r, 4000))
    first.kill("SIGKILL")
    await done
    const { runId } = await onlyRun(dirs, env)

    const resumedAt = Date.now()
    const resumed = await ralph(["resume", runId, "--json", ...engineArgs(dirs)], env)
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(JSON.parse(resumed.stdout).result.status).toBe("complete")
    const attempts = readText(join(dirs.root, "attempts.log")).trim().split("\n").map(Number)
    expect(attempts).toHaveLength(2)
    const retriedAt = attempts[1]!
    // The retry came when the original wait was over (jitter: 4.8–7.2 s after the failure), not
    // after a whole new wait (at least 4.8 s) from the resume.
    expect(retriedAt - failedAt).toBeGreaterThanOrEqual(4800)
    expect(retriedAt - failedAt).toBeLessThan(8500)
    expect(retriedAt - resumedAt).toBeLessThan(4300)
  }, 60_000)

  it(
    "a round the record holds as finished but the engine lost (a kill between the two writes) is not run again",
    async () => {
      const dirs = scratch()
      const env = { RALPH_LOCK_DIR: dirs.locks }
      // Rounds 1 and 2 continue; round 3 hangs the first time, round 4 completes.
      const agent = roundsAgent(dirs, { at: 3, does: hangOnce(dirs), last: 4 })
      const first = start(runArgs(dirs, agent), env)
      const done = finish(first)
      await waitFor(() => existsSync(join(dirs.root, "hung")), 10_000, "round 3 to hang")
      first.kill("SIGKILL")
      await done
      const { runId } = await onlyRun(dirs, env)
      // What a kill between round 2's record and the engine's own write of it leaves: the engine
      // holds round 1 only. (The record is written first, inside the round's activity.)
      const { DatabaseSync } = loadNodeSqlite()
      const db = new DatabaseSync(join(dirs.state, "ralph.db"))
      const removed = db.prepare("DELETE FROM ralph_wf_activities WHERE activity_name = ?").run("round 2 attempt 1")
      db.close()
      expect(removed.changes).toBe(1)

      const resumed = await ralph(["resume", runId, "--json", ...engineArgs(dirs)], env)
      expect(resumed.code, resumed.stderr).toBe(0)
      expect(JSON.parse(resumed.stdout).result).toMatchObject({ status: "complete", roundsStarted: 4 })
      // Round 2's child did not run again; round 3 (in flight at the kill) did.
      expect(roundsRun(dirs)).toEqual(["1", "2", "3", "3", "4"])
      const view = JSON.parse((await ralph(["show", runId, "--json", ...engineArgs(dirs)], env)).stdout)
      const finished = view.rounds.filter((r: { status: string }) => r.status === "finished")
      expect(finished.map((r: { round: number }) => r.round)).toEqual([1, 2, 3, 4])
    },
    60_000
  )

  it("two runs on two workspaces share one database at once: both complete, both recorded whole", async () => {
    const dirs = scratch()
    const env = { RALPH_LOCK_DIR: dirs.locks }
    const agent = agentScript(
      dirs.root,
      "agent.sh",
      `cat > /dev/null
if [ "$RALPH_ROUND" -lt 25 ]; then echo '${report.continue("round")}'; else echo '${report.complete("done")}'; fi`
    )
    const second = join(dirs.root, "ws2")
    mkdirSync(second)
    const runs = await Promise.all(
      [dirs.workspace, second].map((workspace) =>
        ralph(["run", "concurrent", "--agent-cmd", agent, "--workspace", workspace, "--json", ...engineArgs(dirs)], env)
      )
    )
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0)
      expect(JSON.parse(run.stdout).result).toMatchObject({ status: "complete", roundsStarted: 25 })
    }
    const listed = await ralph(["runs", "--json", ...engineArgs(dirs)], env)
    const summaries = JSON.parse(listed.stdout) as Array<{ state: string; rounds: number }>
    expect(summaries.map((run) => [run.state, run.rounds])).toEqual([["complete", 25], ["complete", 25]])
  }, 60_000)

  it(
    "a database that fails mid-run: StateUnavailable naming the run and how to go on, then resume loses nothing",
    async () => {
      const dirs = scratch()
      const env = { RALPH_LOCK_DIR: dirs.locks }
      // Round 2 waits for the file `go`; round 3 completes.
      const agent = roundsAgent(dirs, {
        at: 2,
        does: `touch "${dirs.root}/waiting"; while [ ! -e "${dirs.root}/go" ]; do sleep 0.05; done`,
        last: 3
      })
      const running = start(runArgs(dirs, agent), env)
      const done = finish(running)
      await waitFor(() => existsSync(join(dirs.root, "waiting")), 10_000, "round 2 to start")
      // The engine's next write fails, as on a full disk or a database gone away.
      const { DatabaseSync } = loadNodeSqlite()
      const db = new DatabaseSync(join(dirs.state, "ralph.db"))
      db.exec("PRAGMA busy_timeout = 5000")
      db.exec(
        "CREATE TRIGGER ralph_test_full BEFORE INSERT ON ralph_wf_activities BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
      )
      writeFileSync(join(dirs.root, "go"), "")
      const failed = await done
      expect(failed.code, failed.stderr).toBe(1)
      const error = JSON.parse(failed.stdout).error
      expect(error).toMatchObject({ _tag: "StateUnavailable", runId: expect.any(String) })
      expect(error.message).toContain("database or disk is full")
      expect(error.message).toContain("resume the run")
      expect(failed.stderr).not.toContain("internal error")

      db.exec("DROP TRIGGER ralph_test_full")
      db.close()
      const resumed = await ralph(["resume", error.runId, "--json", ...engineArgs(dirs)], env)
      expect(resumed.code, resumed.stderr).toBe(0)
      expect(JSON.parse(resumed.stdout).result).toMatchObject({ status: "complete", roundsStarted: 3 })
      // Round 2's report was recorded before the engine's write failed: it stands, and no round ran twice.
      expect(roundsRun(dirs)).toEqual(["1", "2", "3"])
    },
    60_000
  )

  it("a damaged database file: StateUnavailable that says what to do, before any child starts", async () => {
    const dirs = scratch()
    const env = { RALPH_LOCK_DIR: dirs.locks }
    mkdirSync(dirs.state)
    writeFileSync(join(dirs.state, "ralph.db"), "this is not a database, whatever its name says\n".repeat(100))
    const agent = agentScript(dirs.root, "agent.sh", `echo x >> "${dirs.root}/calls"; echo '${report.complete("ok")}'`)
    for (const args of [["runs", "--json", ...engineArgs(dirs)], runArgs(dirs, agent)]) {
      const result = await ralph(args, env)
      expect(result.code, result.stderr).toBe(1)
      const error = JSON.parse(result.stdout).error
      expect(error).toMatchObject({ _tag: "StateUnavailable", path: join(dirs.state, "ralph.db") })
      expect(error.message).toContain("move it aside")
    }
    expect(existsSync(join(dirs.root, "calls"))).toBe(false)
  })

  it("a database that cannot be opened but is not damaged is not called damaged", async () => {
    const dirs = scratch()
    // A folder where the file should be: SQLite cannot open it, and nothing in it is lost by saying so.
    mkdirSync(join(dirs.state, "ralph.db"), { recursive: true })
    const result = await ralph(["runs", "--json", ...engineArgs(dirs)], { RALPH_LOCK_DIR: dirs.locks })
    expect(result.code, result.stderr).toBe(1)
    const error = JSON.parse(result.stdout).error
    expect(error).toMatchObject({ _tag: "StateUnavailable", path: join(dirs.state, "ralph.db") })
    expect(error.message).not.toContain("move it aside")
    expect(error.message).toContain("check the file's permissions")
  })

  it("runs the JSONL journal recorded are brought into the database: listed, shown and resumed", async () => {
    const dirs = scratch()
    const env = { RALPH_LOCK_DIR: dirs.locks }
    const agent = hangsInRound2(dirs)
    const journalArgs = ["--engine", "journal", "--state-dir", dirs.state]
    const first = start(
      ["run", "recorded by the journal", "--agent-cmd", agent, "--workspace", dirs.workspace, "--json", ...journalArgs],
      env
    )
    const done = finish(first)
    await waitFor(() => existsSync(join(dirs.root, "hung")), 10_000, "round 2 to hang")
    first.kill("SIGKILL")
    await done

    const run = await onlyRun(dirs, env)
    expect(run.state).toBe("interrupted")
    const resumed = await ralph(["resume", run.runId, "--json", ...engineArgs(dirs)], env)
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(JSON.parse(resumed.stdout).result.status).toBe("complete")
    expect(roundsRun(dirs)).toEqual(["1", "2", "2", "3"])
    // Imported once: a second look lists it once, finished.
    expect((await onlyRun(dirs, env)).state).toBe("complete")
    // Round 1's output, kept by the journal, came along with its entries.
    const exported = await ralph(["export", run.runId, ...engineArgs(dirs)], env)
    const outputs = exported.stdout.trim().split("\n").map((line) => JSON.parse(line)).filter((e) =>
      e.type === "round-output"
    )
    expect(outputs.map((e) => e.round)).toEqual([1, 2, 3])
    expect(outputs[0].stdout).toContain("\"status\":\"continue\"")
  }, 60_000)
})
