/** The state dir lets no one else in: directories 0700, journal and output.log 0600, tightened when opened. */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { chmodSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8)

describe("state dir permissions", () => {
  it("are private when created, and tightened when a run is opened again", async () => {
    const { root, ws } = newWorkspace()
    const state = join(root, "state")
    // Prints something, then fails: the run stays resumable and its output is kept.
    const agent = writeAgent(root, "agent.sh", "cat > /dev/null; echo 'not a report'")
    const args = ["--json", "--state-dir", state]
    const run = await runCli(["run", "--agent", "exec", "--agent-cmd", agent, "--retries", "0", ...args, "x"], {
      cwd: ws
    })
    assert.strictEqual(run.code, 4, run.stderr)
    const [runId] = readdirSync(join(state, "runs"))
    const runDir = join(state, "runs", runId!)
    const paths = {
      state,
      runs: join(state, "runs"),
      run: runDir,
      journal: join(runDir, "journal.jsonl"),
      output: join(runDir, "output.log")
    }
    const expected = { state: "700", runs: "700", run: "700", journal: "600", output: "600" }
    const modes = () => Object.fromEntries(Object.entries(paths).map(([name, path]) => [name, mode(path)]))
    assert.deepStrictEqual(modes(), expected)

    for (const dir of [paths.runs, paths.run]) chmodSync(dir, 0o755)
    for (const file of [paths.journal, paths.output]) chmodSync(file, 0o644)
    const resumed = await runCli(["resume", runId!, "--retries", "0", ...args], { cwd: ws })
    assert.strictEqual(jsonDocument(resumed).error._tag, "RoundFailed", resumed.stderr)
    assert.deepStrictEqual(modes(), expected)
  })
})
