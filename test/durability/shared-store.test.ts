/**
 * A store several machines share (the SQL engines): a pid means nothing on another machine. Who
 * drives a run is its lease — fresh while its holder renews it, and on this host only while the
 * holder lives — and a child recorded on another machine is never signalled here. Simulated on
 * the sqlite engine by writing what another machine would have written.
 */
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { hostname } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { loadNodeSqlite } from "../../src/sql/nodeSqliteModule.ts"
import { finish, hangsInRound2, isAlive, listedRuns, ralph, readText, scratch, start, waitFor } from "./harness.ts"

const leftovers: Array<number> = []
afterAll(() => {
  for (const pid of leftovers) {
    try {
      process.kill(-pid, "SIGKILL")
    } catch {
      // Gone.
    }
  }
})

/** A run on the sqlite engine SIGKILLed while its round 2 hangs: its id and its folders. */
const crashedRun = async () => {
  const dirs = scratch()
  const env = { RALPH_LOCK_DIR: dirs.locks, RALPH_STATE_DIR: dirs.state }
  const agent = hangsInRound2(dirs)
  const first = start(["run", "shared store", "--agent-cmd", agent, "--workspace", dirs.workspace, "--json"], env)
  const done = finish(first)
  await waitFor(() => existsSync(join(dirs.root, "hung")), 10_000, "round 2 to hang")
  first.kill("SIGKILL")
  await done
  leftovers.push(Number(readText(join(dirs.root, "hung"))))
  const [run] = await listedRuns(dirs.state, env)
  return { dirs, env, runId: run!.runId, state: run!.state }
}

const database = (dirs: { readonly state: string }) => {
  const { DatabaseSync } = loadNodeSqlite()
  const db = new DatabaseSync(join(dirs.state, "ralph.db"))
  db.exec("PRAGMA busy_timeout = 5000")
  return db
}

describe("a store shared by several machines", () => {
  it(
    "a run is driven while its lease is fresh: another machine's live lease locks it, a stale one frees it",
    async () => {
      const { dirs, env, runId, state } = await crashedRun()
      // Killed here: its holder is dead on this host, so the run is free at once.
      expect(state).toBe("interrupted")

      // Another machine drives it now (a fresh lease from elsewhere).
      const db = database(dirs)
      db.prepare("UPDATE ralph_leases SET host = 'elsewhere', pid = 1, heartbeat_at = ? WHERE run_id = ?").run(
        Date.now(),
        runId
      )
      expect((await listedRuns(dirs.state, env))[0]!.state).toBe("running")
      const refused = await ralph(["resume", runId, "--json"], env)
      expect(refused.code, refused.stderr).toBe(1)
      const locked = JSON.parse(refused.stdout).error
      expect(locked).toMatchObject({ _tag: "WorkspaceLocked", runId, host: "elsewhere" })
      // It says where the run is driven, and when a run whose machine died can be continued.
      expect(locked.message).toContain("on elsewhere")
      expect(locked.message).toContain("lapses 30s after it last renewed it: resume then")
      expect(readText(join(dirs.root, "rounds.log")).trim().split("\n")).toEqual(["1", "2"])

      // That machine died: its lease lapses after the ttl, and the run can be continued here.
      db.prepare("UPDATE ralph_leases SET heartbeat_at = ? WHERE run_id = ?").run(Date.now() - 60_000, runId)
      db.close()
      expect((await listedRuns(dirs.state, env))[0]!.state).toBe("interrupted")
      const resumed = await ralph(["resume", runId, "--json", "--kill-grace", "300ms"], env)
      expect(resumed.code, resumed.stderr).toBe(0)
      expect(JSON.parse(resumed.stdout).result.status).toBe("complete")
      expect(readText(join(dirs.root, "rounds.log")).trim().split("\n")).toEqual(["1", "2", "2", "3"])
      // Released at the end: nobody holds it (the row stays, pid 0, so that its epoch never repeats).
      const after = database(dirs)
      expect(after.prepare("SELECT COUNT(*) AS n FROM ralph_leases WHERE pid <> 0").get()).toEqual({ n: 0 })
      after.close()
    },
    60_000
  )

  it("a child's pid recorded on another machine is never signalled here", async () => {
    const { dirs, env, runId } = await crashedRun()
    // An unrelated process of this machine that happens to have the pid the record names.
    const bystander = spawn("sleep", ["60"], { detached: true, stdio: "ignore" })
    const pid = bystander.pid!
    leftovers.push(pid)
    const db = database(dirs)
    const rows = db.prepare("SELECT seq, entry FROM ralph_entries WHERE run_id = ? ORDER BY seq").all(runId) as Array<
      { seq: number; entry: string }
    >
    const update = db.prepare("UPDATE ralph_entries SET entry = ? WHERE run_id = ? AND seq = ?")
    for (const row of rows) {
      const entry = JSON.parse(row.entry)
      if (entry.type === "run-started") {
        expect(entry.host).toBe(hostname())
        entry.host = "elsewhere"
      }
      if (entry.type === "child-spawned" && entry.round === 2) entry.pid = pid
      update.run(JSON.stringify(entry), runId, row.seq)
    }
    db.close()

    const resumed = await ralph(["resume", runId, "--json", "--kill-grace", "300ms"], env)
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(JSON.parse(resumed.stdout).result.status).toBe("complete")
    expect(isAlive(pid), "the bystander was not signalled").toBe(true)
    expect(resumed.stderr).not.toContain(`stopped pid ${pid}`)
  }, 60_000)
})
