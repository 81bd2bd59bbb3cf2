/**
 * One driver per run on the sqlite engine, between processes: see ./fencing.ts. The record is
 * rewritten (as another machine would have written it) with node:sqlite.
 */
import { join } from "node:path"
import { describe, it } from "vitest"
import { loadNodeSqlite } from "../../src/sql/nodeSqliteModule.ts"
import { frozenPastItsLease } from "./fencing.ts"

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

describe("one driver per run on the sqlite engine", () => {
  it(
    "a ralph frozen past its lease records nothing once continued: its round is refused, it ends LeaseLost",
    async () => {
      await frozenPastItsLease({ env: { RALPH_ENGINE: "sqlite" } })
    },
    90_000
  )

  it("a ralph frozen past its lease stops the child it left running once continued", async () => {
    await frozenPastItsLease({ env: { RALPH_ENGINE: "sqlite" }, childOutlives: { elsewhere: startedElsewhere } })
  }, 90_000)
})
