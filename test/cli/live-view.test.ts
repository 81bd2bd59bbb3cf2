/** The live view on a real pseudo-terminal, plain lines elsewhere, and `ralph watch`. */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { sq, writeAgent } from "../support/agents.ts"
import { claudeStandIn } from "../support/claudeStandIn.ts"
import { cliEnv, ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli, startCli } from "../support/cli.ts"
import { runOnPty, screenOf, withoutColours } from "../support/pty.ts"
import { completeReport, continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(() => removeWorkspaces())

/** The environment of a person's terminal: colour allowed. */
const terminalEnv = (ws: string, extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv => {
  const { NO_COLOR: _, ...env } = cliEnv(ws, extra)
  return { ...env, TERM: "xterm-256color" }
}

const osc = "\u001b]0;pwned\u0007"

/** An exec agent taking `seconds` a round: continue, then complete with a summary trying to set the window title. */
const slowAgent = (root: string, seconds: number, rounds = 2) =>
  writeAgent(
    root,
    "agent.sh",
    [
      "cat > /dev/null",
      `sleep ${seconds}`,
      `if [ "$RALPH_ROUND" -lt ${rounds} ]; then printf '%s' ${
        sq(JSON.stringify(continueReport))
      } > "$RALPH_REPORT_FILE"; exit 0; fi`,
      `printf '%s' ${sq(JSON.stringify({ ...completeReport, summary: `Done ${osc} here` }))} > "$RALPH_REPORT_FILE"`
    ].join("\n")
  )

describe("live view", () => {
  it(
    "on a terminal, a status line updates in place below the per-round lines, with tokens and cost so far",
    async () => {
      const { root, ws } = newWorkspace()
      claudeStandIn(root, ws, { sleep: "2.6" })
      const result = await runOnPty(["run", "--max-rounds", "2", "Ship it"], { cwd: ws, env: terminalEnv(ws) })
      assert.strictEqual(result.code, 0, result.raw)
      const plain = withoutColours(result.raw)
      // Redrawn in place (carriage return, erase line) while round 1 runs, its elapsed time growing.
      assert.include(plain, "\r\u001b[2Kround 1/2 · claude · 0s in round · tokens unknown, cost unknown")
      assert.isTrue(
        ["1s", "2s"].some((elapsed) =>
          plain.includes(`\r\u001b[2Kround 1/2 · claude · ${elapsed} in round · tokens unknown, cost unknown`)
        ),
        "the elapsed time grows while the round runs"
      )
      // After round 1: its tokens and cost, and its summary.
      assert.include(
        plain,
        `\r\u001b[2Kround 2/2 · claude · 0s in round · 1200 in / 300 out tokens, $0.0125 · last: ${continueReport.summary}`
      )
      // What stays on the screen: the per-round lines and the result, no status line left over.
      const screen = screenOf(result.raw)
      const rounds = screen.filter((line) => line.startsWith("round "))
      assert.deepStrictEqual(rounds.map((line) => line.replace(/\d+ms|\d+(?:\.\d)?s/, "D")), [
        "round 1/2 · claude · started",
        `round 1/2 · claude · D · continue · ${continueReport.summary} · 1200 in / 300 out tokens, $0.0125 · workspace unchanged`,
        "round 2/2 · claude · started",
        `round 2/2 · claude · D · complete · ${completeReport.summary} · 800 in / 200 out tokens, $0.0075 · total 2500 tokens, $0.0200 · workspace unchanged`
      ])
      assert.include(
        screen,
        "The worker reported the objective complete after 2 rounds. ralph did not verify this claim; check the evidence."
      )
      assert.isFalse(screen.some((line) => line.includes("in round")), screen.join("\n"))
    },
    60_000
  )

  it("cuts the status line to the terminal's width and escapes worker text", async () => {
    const { root, ws } = newWorkspace()
    const agent = slowAgent(root, 0.3, 3)
    const result = await runOnPty(["run", "--agent-cmd", agent, "--max-rounds", "3", "Ship it"], {
      cwd: ws,
      env: terminalEnv(ws),
      columns: 60
    })
    assert.strictEqual(result.code, 0, result.raw)
    // The worker's escape sequence reaches the terminal as text only.
    assert.notInclude(result.raw, osc)
    assert.include(result.raw, "\\u001b]0;pwned\\u0007")
    // Each redraw erases the line and writes the status without a newline; round lines end with one.
    const statusLines = withoutColours(result.raw).split("\r\u001b[2K")
      .filter((segment) => segment.startsWith("round 3/3 · exec · ") && !segment.includes("\n"))
    assert.isNotEmpty(statusLines)
    for (const line of statusLines) assert.isAtMost(line.length, 59, line)
  }, 60_000)

  it("with NO_COLOR, and when stderr is not a terminal, progress is plain lines", async () => {
    const { root, ws } = newWorkspace()
    const agent = slowAgent(root, 0)
    const onTerminal = await runOnPty(["run", "--agent-cmd", agent, "Ship it"], {
      cwd: ws,
      env: { ...terminalEnv(ws), NO_COLOR: "1" }
    })
    assert.strictEqual(onTerminal.code, 0)
    assert.notInclude(onTerminal.raw, "\u001b[")
    assert.include(onTerminal.raw, "round 1/256 · exec · started\r\n")
    const piped = await runCli(["run", "--agent-cmd", agent, "Ship it"], { cwd: ws })
    assert.strictEqual(piped.code, 0)
    assert.notInclude(piped.stderr, "\u001b[")
    assert.deepStrictEqual(piped.stderr.split("\n").filter((line) => line.startsWith("round 1/")).length, 2)
  }, 60_000)

  it("--quiet prints no progress, only the result", async () => {
    const { root, ws } = newWorkspace()
    const agent = slowAgent(root, 0)
    const result = await runOnPty(["run", "--quiet", "--agent-cmd", agent, "Ship it"], {
      cwd: ws,
      env: terminalEnv(ws)
    })
    assert.strictEqual(result.code, 0)
    assert.notInclude(result.raw, "round 1/")
    assert.notInclude(result.raw, "\u001b[2K")
    assert.include(result.raw, "The worker reported the objective complete after 2 rounds.")
  }, 60_000)
})

describe("ralph watch", () => {
  for (const engine of ["journal", "sqlite"] as const) {
    it(`follows a run started elsewhere until it ends, then says how it ended (${engine})`, async () => {
      const { root, ws } = newWorkspace()
      const agent = slowAgent(root, 0.8, 3)
      const env = { RALPH_ENGINE: engine }
      const running = startCli(["run", "--json", "--agent-cmd", agent, "Ship it"], { cwd: ws, env })
      const runId = await waitForRunId(ws, env)
      const watched = await runCli(["watch", runId], { cwd: ws, env })
      const ran = await running.result
      assert.strictEqual(ran.code, 0, ran.stderr)
      assert.strictEqual(watched.code, 0, watched.stderr)
      const envelope = jsonDocument(ran)
      assert.include(watched.stdout, "The worker reported the objective complete after 3 rounds.")
      assert.include(watched.stdout, `Run ${runId}, agents started: 3.`)
      const lines = watched.stderr.split("\n").filter((line) => line.startsWith("round "))
      // The agent writes nothing in the workspace, and the record says so.
      const unchanged = " · workspace unchanged"
      assert.deepStrictEqual(lines.map((line) => line.replace(/\d+ms|\d+(?:\.\d)?s/, "D")), [
        "round 1/256 · exec · started",
        `round 1/256 · exec · D · continue · ${continueReport.summary} · tokens unknown, cost unknown${unchanged}`,
        "round 2/256 · exec · started",
        `round 2/256 · exec · D · continue · ${continueReport.summary} · tokens unknown, cost unknown · total tokens unknown, cost unknown${unchanged}`,
        "round 3/256 · exec · started",
        `round 3/256 · exec · D · complete · Done \\u001b]0;pwned\\u0007 here · tokens unknown, cost unknown · total tokens unknown, cost unknown${unchanged}`
      ])
      // Once ended, watching again tells the same at once, and --json gives the envelope.
      const again = await runCli(["watch", runId, "--json"], { cwd: ws, env })
      assert.strictEqual(again.code, 0)
      assert.deepStrictEqual(jsonDocument(again), envelope)
    }, 60_000)
  }

  it("a failed run ends the watch with its error, the resume command and the run's exit code", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(root, "agent.sh", "sleep 0.5\necho broken >&2\nexit 3")
    const running = startCli(["run", "--agent-cmd", agent, "Ship it"], { cwd: ws })
    const runId = await waitForRunId(ws, {})
    const watched = await runCli(["watch", runId], { cwd: ws })
    await running.result
    assert.strictEqual(watched.code, 4, watched.stderr)
    assert.include(watched.stderr, "ralph: Round 1 failed (crashed)")
    assert.include(watched.stderr, `ralph resume ${runId}`)
    const unknown = await runCli(["watch", "20990101-000000-abcdef"], { cwd: ws })
    assert.strictEqual(unknown.code, 1)
    assert.include(unknown.stderr, "no run 20990101-000000-abcdef")
  }, 60_000)
})

/** The id of the one run in the workspace's state dir, once it is recorded. */
const waitForRunId = async (ws: string, env: Readonly<Record<string, string>>): Promise<string> => {
  const deadline = Date.now() + 15_000
  for (;;) {
    const listed = await runCli(["runs", "--json"], { cwd: ws, env })
    const runs = listed.code === 0 ? JSON.parse(listed.stdout) as ReadonlyArray<{ runId: string }> : []
    if (runs.length === 1) return runs[0]!.runId
    if (Date.now() > deadline) throw new Error(`no run recorded: ${listed.stdout}${listed.stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
