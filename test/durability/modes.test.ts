/**
 * The state dir lets no one else in: directories 0700, the database, journal and output.log 0600,
 * tightened when opened again — on the sqlite engine (the default) and the journal engine.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { chmodSync, existsSync, statSync } from "node:fs"
import { join } from "node:path"
import { writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8)

/** The private paths of each engine's state dir, once a run was recorded there. */
const privatePaths = {
  sqlite: (state: string, _runId: string) => {
    const db = join(state, "ralph.db")
    return {
      dirs: { state },
      files: Object.fromEntries(
        [db, `${db}-wal`, `${db}-shm`].filter((file) => existsSync(file)).map((file) => [file, file])
      )
    }
  },
  journal: (state: string, runId: string) => {
    const runDir = join(state, "runs", runId)
    return {
      dirs: { state, runs: join(state, "runs"), run: runDir },
      files: { journal: join(runDir, "journal.jsonl"), output: join(runDir, "output.log") }
    }
  }
}

describe("state dir permissions", () => {
  for (const engine of ["sqlite", "journal"] as const) {
    it(`are private when created, and tightened when a run is opened again (${engine} engine)`, async () => {
      const { root, ws } = newWorkspace()
      const state = join(root, "state")
      // Prints something, then fails: the run stays resumable and its output is kept.
      const agent = writeAgent(root, "agent.sh", "cat > /dev/null; echo 'not a report'")
      const args = ["--json", "--state-dir", state, "--engine", engine]
      const run = await runCli(["run", "--agent", "exec", "--agent-cmd", agent, "--retries", "0", ...args, "x"], {
        cwd: ws
      })
      assert.strictEqual(run.code, 4, run.stderr)
      const runId = jsonDocument(run).error.runId as string
      const { dirs, files } = privatePaths[engine](state, runId)
      assert.isAbove(Object.keys(files).length, 0)
      const paths = { ...dirs, ...files }
      const expected = Object.fromEntries(
        Object.keys(paths).map((name) => [name, name in dirs ? "700" : "600"])
      )
      const modes = () => Object.fromEntries(Object.entries(paths).map(([name, path]) => [name, mode(path)]))
      assert.deepStrictEqual(modes(), expected)

      for (const dir of Object.values(dirs)) chmodSync(dir, 0o755)
      for (const file of Object.values(files)) chmodSync(file, 0o644)
      const resumed = await runCli(["resume", runId, "--retries", "0", ...args], { cwd: ws })
      assert.strictEqual(jsonDocument(resumed).error._tag, "RoundFailed", resumed.stderr)
      assert.deepStrictEqual(modes(), expected)
    })
  }
})
