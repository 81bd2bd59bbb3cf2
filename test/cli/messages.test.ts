/**
 * Messages that help: a spend cap says which way it stopped the run, durations read as a person
 * writes them, the default state dir inside the workspace says it is the default, and `show`
 * prints what a failed verification printed.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { join } from "node:path"
import { killGroup, printJson, writeAgent } from "../support/agents.ts"
import { ensureCli, execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { completeReport, continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const leftovers: Array<number> = []
afterAll(() => {
  leftovers.forEach(killGroup)
  removeWorkspaces()
})

/** An exec agent that reports `continue`, having written `usage` (when given) to RALPH_USAGE_FILE. */
const spender = (root: string, usage?: Record<string, number>) =>
  writeAgent(
    root,
    "agent.sh",
    [
      "cat > /dev/null",
      usage === undefined ? "" : `printf '%s' '${JSON.stringify(usage)}' > "$RALPH_USAGE_FILE"`,
      printJson(continueReport)
    ].join("\n")
  )

describe.concurrent("a spend cap says which way it stopped the run", () => {
  it("reached: the cap and what was spent", async () => {
    const { root, ws } = newWorkspace()
    const result = await runCli([...execArgs(spender(root, { costUsd: 1.5 }), "--max-cost-usd", "1"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    assert.match(result.stdout, /^Cost cap \$1\.00 reached \(\$1\.50 spent\); the run stopped after 1 round/)
    const json = await runCli([...execArgs(spender(root, { costUsd: 1.5 }), "--max-cost-usd", "1", "--json"), "x"], {
      cwd: ws
    })
    assert.deepInclude(jsonDocument(json).result, { status: "budget-limited", limit: "cost", cap: 1 })
  })

  it("not reported: which round, and what to do", async () => {
    const { root, ws } = newWorkspace()
    const result = await runCli([...execArgs(spender(root), "--max-cost-usd", "1"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    assert.match(
      result.stdout,
      /^Round 1 did not report its cost, so the cost cap cannot be checked: write costUsd to RALPH_USAGE_FILE or pass --allow-unknown-cost; the run stopped after 1 round/
    )
    const tokens = await runCli([...execArgs(spender(root, { costUsd: 0.1 }), "--max-tokens", "100"), "x"], {
      cwd: ws
    })
    assert.match(tokens.stdout, /^Round 1 did not report its tokens, so the token cap cannot be checked/)
  })
})

describe.concurrent("durations read as a person writes them", () => {
  it("the run's time budget that ran out, as it was given", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(root, "agent.sh", "cat > /dev/null; exec sleep 30")
    const result = await runCli([...execArgs(agent, "--max-time", "1500ms", "--json"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error.reason, "time-budget")
    assert.strictEqual(error.detail, "the run's time budget (1.5s) ran out")
  })

  it("a round timeout in the failure and the progress line", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(root, "agent.sh", "cat > /dev/null; exec sleep 30")
    const result = await runCli([...execArgs(agent, "--round-timeout", "1200ms"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    assert.include(result.stderr, "the round ran longer than 1.2s")
    assert.notMatch(result.stderr, /\d+ms \d+ns|\d+ns/)
    assert.match(result.stderr, /round 1\/\d+ · exec · \d+(\.\d)?s · failed \(timeout\)/)
  })
})

describe.concurrent("the default state dir inside the workspace", () => {
  const home = () => {
    const { root } = newWorkspace()
    // The state dir is left to its default, under this HOME, which is the workspace.
    return { home: root, env: { HOME: root, RALPH_STATE_DIR: "", XDG_STATE_HOME: "" } }
  }

  it("says it is the default and how to choose another", async () => {
    const { home: dir, env } = home()
    const agent = writeAgent(dir, "agent.sh", `cat > /dev/null; ${printJson(completeReport)}`)
    const result = await runCli(["run", "--agent", "exec", "--agent-cmd", agent, "x"], { cwd: dir, env })
    assert.strictEqual(result.code, 1, result.stderr)
    assert.include(result.stderr, `${join(dir, ".local", "state", "ralph")} is inside the workspace ${dir}`)
    assert.include(result.stderr, "it is the default state dir")
    assert.include(result.stderr, "--state-dir DIR, RALPH_STATE_DIR or stateDir in ralph.config.json")
  })

  it("an empty objective is said first", async () => {
    const { home: dir, env } = home()
    const result = await runCli(["run", "--agent", "exec", "--agent-cmd", "true", "  "], { cwd: dir, env })
    assert.strictEqual(result.code, 1, result.stderr)
    assert.include(result.stderr, "objective")
    assert.include(result.stderr, "must not be empty")
    assert.notInclude(result.stderr, "stateDir")
  })
})

describe.concurrent("ralph show", () => {
  it("prints the end of what a failed verification printed", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(root, "agent.sh", `cat > /dev/null; ${printJson(completeReport)}`)
    const gate = writeAgent(
      root,
      "gate.sh",
      "for i in $(seq 1 30); do echo \"check $i\"; done; echo 'FAIL: 2 tests'; exit 1"
    )
    const result = await runCli([...execArgs(agent, "--verify", gate, "--max-rounds", "1"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const shown = await runCli(["show", "last"], { cwd: ws })
    assert.strictEqual(shown.code, 0, shown.stderr)
    assert.include(shown.stdout, "claim rejected")
    assert.include(shown.stdout, "      its output, last 20 lines (--json has all that was kept):")
    assert.include(shown.stdout, "      | FAIL: 2 tests")
    assert.include(shown.stdout, "      | check 30")
    assert.notInclude(shown.stdout, "| check 11\n")
  })
})
