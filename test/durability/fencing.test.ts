/**
 * One driver per run on the sqlite engine, between processes: see ./fencing.ts. The record is
 * rewritten (as another machine would have written it) with node:sqlite.
 */
import { existsSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { loadNodeSqlite } from "../../src/sql/nodeSqliteModule.ts"
import { frozenPastItsLease } from "./fencing.ts"
import { finish, hangsInRound2, listedRuns, ralph, readText, scratch, start, waitFor } from "./harness.ts"

/** Names another host in the run's `run-started` entry, as if it had been started on another machine. */
const startedElsewhere = async (runId: string, state: string) => {
  const { DatabaseSync } = loadNodeSqlite()
  const db = new DatabaseSync(join(state, "ralph.db"))
  try {
    db.exec("PRAGMA busy_timeout = 5000")
    const row = db.prepare("SELECT seq, entry FROM ralph_entries WHERE run_id = ? ORDER BY seq LIMIT 1").get(runId) as {
      seq: number
      entry: string
    }
    const entry = JSON.parse(row.entry)
    entry.host = "elsewhere"
    db.prepare("UPDATE ralph_entries SET entry = ? WHERE run_id = ? AND seq = ?").run(
      JSON.stringify(entry),
      runId,
      row.seq
    )
  } finally {
    db.close()
  }
}

/** Whether no connection holds the database's write lock (tried without waiting). */
const quiescent = async (state: string) => {
  const { DatabaseSync } = loadNodeSqlite()
  const db = new DatabaseSync(join(state, "ralph.db"))
  try {
    db.exec("PRAGMA busy_timeout = 0")
    db.exec("BEGIN IMMEDIATE")
    db.exec("ROLLBACK")
    return true
  } catch {
    return false
  } finally {
    db.close()
  }
}

describe("one driver per run on the sqlite engine", () => {
  it(
    "a ralph frozen past its lease records nothing once continued: its round is refused, it ends LeaseLost",
    async () => {
      await frozenPastItsLease({ env: { RALPH_ENGINE: "sqlite" }, quiescent })
    },
    90_000
  )

  it("a ralph frozen past its lease stops the child it left running once continued", async () => {
    await frozenPastItsLease({
      env: { RALPH_ENGINE: "sqlite" },
      quiescent,
      childOutlives: { elsewhere: startedElsewhere }
    })
  }, 90_000)

  it(
    "a lease is judged by the database's clock: a holder whose clock runs two minutes behind still holds it",
    async () => {
      const dirs = scratch()
      // The holder's wall clock, two minutes behind everyone else's (its heartbeats once looked stale at once).
      const skew = join(dirs.root, "skew.cjs")
      writeFileSync(skew, "const real = Date.now; Date.now = () => real() - 120000\n")
      const env = { RALPH_ENGINE: "sqlite", RALPH_STATE_DIR: dirs.state }
      const holder = start(
        ["run", "skewed", "--agent-cmd", hangsInRound2(dirs), "--workspace", dirs.workspace, "--json"],
        { ...env, RALPH_LOCK_DIR: join(dirs.root, "locks-a"), NODE_OPTIONS: `--require ${skew}` }
      )
      const done = finish(holder)
      try {
        await waitFor(() => existsSync(join(dirs.root, "hung")), 20_000, "round 2 to hang")
        const [run] = await listedRuns(dirs.state, env)
        expect(run!.state).toBe("running")
        // Another ralph (a lock dir of its own, as on another machine) may not take it over.
        const refused = await ralph(["resume", run!.runId, "--json"], {
          ...env,
          RALPH_LOCK_DIR: join(dirs.root, "locks-b")
        })
        expect(refused.code, refused.stderr).toBe(1)
        expect(JSON.parse(refused.stdout).error).toMatchObject({ _tag: "WorkspaceLocked", pid: holder.pid })
        expect(readText(join(dirs.root, "rounds.log")).trim().split("\n")).toEqual(["1", "2"])
      } finally {
        holder.kill("SIGKILL")
        await done
        const hung = Number(readText(join(dirs.root, "hung")))
        if (hung > 0) process.kill(-hung, "SIGKILL")
      }
    },
    60_000
  )
})
