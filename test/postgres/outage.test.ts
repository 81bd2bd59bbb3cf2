/**
 * A database that goes away for a few seconds (a restart, a failover) does not stop a run: on a
 * server of its own (scripts/postgres.mjs with its own state dir), halted while round 2 runs and
 * restarted after the round ended, the run goes on to complete, every round recorded once.
 */
import { afterAll, assert, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { finish, ralph, readText, roundsAgent, scratch, start, waitFor } from "../durability/harness.ts"
import * as PgTest from "./harness.ts"

const script = join(resolve(import.meta.dirname, "../.."), "scripts", "postgres.mjs")
const stateDir = join(realpathSync(mkdtempSync(join(tmpdir(), "ralph-pg-outage-"))), "state")
const server = (command: string) => {
  const result = spawnSync(process.execPath, [script, command], {
    encoding: "utf8",
    env: { ...process.env, RALPH_PG_STATE_DIR: stateDir },
    timeout: 120_000
  })
  assert.strictEqual(result.status, 0, `postgres.mjs ${command}: ${result.stderr}`)
}
afterAll(() => {
  if (existsSync(stateDir)) server("stop")
  rmSync(join(stateDir, ".."), { recursive: true, force: true })
})

PgTest.describe("a database outage", () => {
  it("of a few seconds, between a round's start and its end: the run goes on, each round recorded once", async () => {
    server("start")
    const url = readFileSync(join(stateDir, "url"), "utf8").trim()
    const dirs = scratch()
    const env = { RALPH_ENGINE: "postgres", RALPH_DATABASE_URL: url, RALPH_LOCK_DIR: dirs.locks }
    // Round 2 says it runs, and ends once the test has halted the server: its record meets the outage.
    const agent = roundsAgent(dirs, {
      at: 2,
      does: `touch "${dirs.root}/in-round-2"; while [ ! -f "${dirs.root}/halted" ]; do sleep 0.05; done`,
      last: 3
    })
    const running = finish(start(["run", "outage", "--agent-cmd", agent, "--workspace", dirs.workspace, "--json"], env))
    await waitFor(() => existsSync(join(dirs.root, "in-round-2")), 30_000, "round 2 to start")
    server("halt")
    spawnSync("touch", [join(dirs.root, "halted")])
    // Down a few seconds after the round ended: its writes wait for the server.
    await new Promise((r) => setTimeout(r, 3_000))
    server("restart")
    const done = await running
    assert.strictEqual(done.code, 0, done.stderr)
    const envelope = JSON.parse(done.stdout)
    assert.strictEqual(envelope.result.status, "complete")
    assert.strictEqual(envelope.result.roundsStarted, 3)
    assert.deepStrictEqual(readText(join(dirs.root, "rounds.log")).trim().split("\n"), ["1", "2", "3"])
    const shown = await ralph(["show", envelope.runId, "--json"], env)
    assert.strictEqual(shown.code, 0, shown.stderr)
    const record = JSON.parse(shown.stdout)
    assert.deepStrictEqual(
      record.rounds.map((r: { round: number; status: string }) => `${r.round} ${r.status}`),
      ["1 finished", "2 finished", "3 finished"]
    )
  }, 90_000)
})
