/** `ralph show` tells the truth about every round: rejected, failed, cancelled or cut, never "running". */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { isGone, killGroup, printJson, sq, waitForPid, writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli, startCli } from "../support/cli.ts"
import { completeReport, continueReport, reportOfLength } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const leftovers: Array<number> = []
afterAll(() => {
  leftovers.forEach(killGroup)
  removeWorkspaces()
})

/**
 * A workspace whose exec agent runs `first[N-1]` in round N the first time that round runs, and
 * `again[N-1]` (else a complete report) when a resume runs it again.
 */
const setup = (first: ReadonlyArray<string>, again: ReadonlyArray<string> = [], engine = "sqlite") => {
  const { root, ws } = newWorkspace()
  const state = join(root, "state")
  const arm = (bodies: ReadonlyArray<string>) => bodies.map((body, i) => `  ${i + 1}) ${body}; exit ;;`).join("\n")
  const agent = writeAgent(
    root,
    "agent.sh",
    [
      "cat > /dev/null",
      `seen=${sq(root)}/seen-$RALPH_ROUND`,
      `if [ ! -f "$seen" ]; then touch "$seen"; case "$RALPH_ROUND" in\n${arm(first)}\nesac; fi`,
      `case "$RALPH_ROUND" in\n${arm(again)}\n  *) ${printJson(completeReport)} ;;\nesac`
    ].join("\n")
  )
  const cli = (args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
    runCli([...args, "--state-dir", state, "--engine", engine], { cwd: ws, env })
  const run = (args: ReadonlyArray<string> = [], env: Record<string, string> = {}, objective = "show test") =>
    cli(
      ["run", "--agent", "exec", "--agent-cmd", agent, "--retries", "0", "--kill-grace", "300ms", ...args, objective],
      env
    )
  /** The one run recorded here. */
  const runId = async (): Promise<string> => {
    const listed = await cli(["runs", "--json"])
    assert.strictEqual(listed.code, 0, listed.stderr)
    return JSON.parse(listed.stdout)[0].runId
  }
  const show = async () => {
    const shown = await cli(["show", await runId(), "--json"])
    assert.strictEqual(shown.code, 0, shown.stdout + shown.stderr)
    return jsonDocument(shown)
  }
  const showText = async () => {
    const shown = await cli(["show", await runId()])
    assert.strictEqual(shown.code, 0, shown.stderr)
    return shown.stdout
  }
  /** The output kept of each round, as `ralph export` gives it. */
  const outputs = async (): Promise<Array<{ round: number; attempt: number; stdout: string; stderr: string }>> => {
    const exported = await cli(["export", await runId()])
    assert.strictEqual(exported.code, 0, exported.stderr)
    return exported.stdout.trim().split("\n").map((line) => JSON.parse(line)).filter((e) => e.type === "round-output")
  }
  /** The kept output of one round attempt (it must have been kept). */
  const outputOf = async (round: number, attempt = 1) => {
    const kept = (await outputs()).find((o) => o.round === round && o.attempt === attempt)
    assert.isDefined(kept, `the output of round ${round} attempt ${attempt} is kept`)
    return kept
  }
  return { root, ws, state, agent, cli, run, runId, show, showText, outputOf }
}

const statuses = (doc: Record<string, any>) => doc.rounds.map((r: any) => [r.round, r.status])

const cont = (n: number) => ({ ...continueReport, summary: `round ${n} moved on` })

describe.concurrent("ralph show", () => {
  it("a malformed report: its round is malformed with the problem, its output kept, also after a resume", async () => {
    const t = setup([
      printJson(cont(1)),
      `echo 'thinking out loud' >&2; ${printJson({ ...completeReport, nextSteps: ["more"] })}`
    ])
    const run = await t.run(["--json", "--max-rounds", "3"])
    assert.strictEqual(run.code, 5, run.stderr)
    assert.match(run.stderr, /round 2\/3 · exec · (?:\d+ms|\d+(?:\.\d)?s) · malformed report · .*nextSteps/)

    const doc = await t.show()
    assert.strictEqual(doc.state, "failed")
    assert.deepStrictEqual(statuses(doc), [[1, "finished"], [2, "malformed"]])
    assert.match(doc.rounds[1].problem, /nextSteps/)
    assert.isNumber(doc.rounds[1].durationMs)
    assert.match(await t.showText(), /round 2: malformed · (?:\d+ms|\d+(?:\.\d)?s) · .*nextSteps/)
    const output = await t.outputOf(2)
    assert.include(output.stdout, "\"nextSteps\":[\"more\"]")
    assert.include(output.stderr, "thinking out loud")

    const resumed = await t.cli(["resume", await t.runId(), "--json"])
    assert.strictEqual(resumed.code, 0, resumed.stdout + resumed.stderr)
    assert.deepStrictEqual(statuses(await t.show()), [[1, "finished"], [2, "malformed"], [2, "finished"]])
  })

  it("an oversized report: its round is oversized with the sizes, its output kept", async () => {
    const t = setup([printJson(reportOfLength("complete", 150))])
    const run = await t.run(["--json"], { RALPH_MAX_HANDOFF_CHARS: "149" })
    assert.strictEqual(run.code, 5, run.stderr)
    assert.match(run.stderr, /round 1\/\d+ · exec · (?:\d+ms|\d+(?:\.\d)?s) · oversized report · .*150.*149/)
    const doc = await t.show()
    assert.deepStrictEqual(statuses(doc), [[1, "oversized"]])
    assert.match(doc.rounds[0].problem, /150.*149/)
    assert.match(await t.showText(), /round 1: oversized · (?:\d+ms|\d+(?:\.\d)?s) · .*150.*149/)
    assert.strictEqual(Buffer.byteLength((await t.outputOf(1)).stdout), 151)
  })

  it("a journal written before round-rejected existed still shows the rejected round, from the run's error", async () => {
    const cases = [
      { kind: "malformed", report: { ...completeReport, nextSteps: ["more"] }, problem: /nextSteps/ },
      { kind: "oversized", report: reportOfLength("complete", 150), problem: /150.*149/ }
    ]
    for (const { kind, problem, report } of cases) {
      const t = setup([printJson(report)], [], "journal")
      const run = await t.run(["--json"], { RALPH_MAX_HANDOFF_CHARS: "149" })
      assert.strictEqual(run.code, 5, run.stderr)
      const journal = join(t.state, "runs", await t.runId(), "journal.jsonl")
      const lines = readFileSync(journal, "utf8").split("\n").filter((line) => !line.includes("\"round-rejected\""))
      writeFileSync(journal, lines.join("\n"))
      const doc = await t.show()
      assert.deepStrictEqual(statuses(doc), [[1, kind]])
      assert.match(doc.rounds[0].problem, problem)
    }
  })

  it("a round stopped by --round-timeout keeps what the agent printed before", async () => {
    const t = setup([`echo 'halfway there'; echo 'warming up' >&2; exec sleep 60`])
    const run = await t.run(["--json", "--round-timeout", "1s"])
    assert.strictEqual(run.code, 4, run.stderr)
    assert.strictEqual(jsonDocument(run).error.reason, "timeout")
    assert.deepStrictEqual(statuses(await t.show()), [[1, "failed"]])
    const output = await t.outputOf(1)
    assert.include(output.stdout, "halfway there")
    assert.include(output.stderr, "warming up")
  })

  it("no report: the round is failed (no-report) and what the agent printed is kept", async () => {
    const t = setup([`echo 'I could not find the tests'; echo 'some stderr' >&2`])
    const run = await t.run(["--json"])
    assert.strictEqual(run.code, 4, run.stderr)
    assert.strictEqual(jsonDocument(run).error.reason, "no-report")
    const doc = await t.show()
    assert.deepStrictEqual(statuses(doc), [[1, "failed"]])
    assert.strictEqual(doc.rounds[0].failure.reason, "no-report")
    const output = await t.outputOf(1)
    assert.include(output.stdout, "I could not find the tests")
    assert.include(output.stderr, "some stderr")
  })

  it("a cancelled round is cancelled, also after a resume", async () => {
    const t = setup([printJson(cont(1)), "echo $$ > child.pid; exec sleep 60"])
    const running = startCli(
      [
        "run",
        "--json",
        "--agent",
        "exec",
        "--agent-cmd",
        t.agent,
        "--kill-grace",
        "300ms",
        "--state-dir",
        t.state,
        "x"
      ],
      { cwd: t.ws }
    )
    const child = await waitForPid(join(t.ws, "child.pid"), 15_000)
    leftovers.push(child)
    running.child.kill("SIGINT")
    const result = await running.result
    assert.strictEqual(result.code, 130, result.stderr)
    assert.isTrue(isGone(child))

    const doc = await t.show()
    assert.strictEqual(doc.state, "cancelled")
    assert.deepStrictEqual(statuses(doc), [[1, "finished"], [2, "cancelled"]])
    assert.match(await t.showText(), /round 2: cancelled/)

    const resumed = await t.cli(["resume", await t.runId(), "--json"])
    assert.strictEqual(resumed.code, 0, resumed.stdout + resumed.stderr)
    assert.deepStrictEqual(statuses(await t.show()), [[1, "finished"], [2, "cancelled"], [2, "finished"]])
  })

  it("a round cut by --max-time is failed (time-budget), whether or not a round finished before it", async () => {
    const hang = `echo $$ > child-$RALPH_ROUND.pid; exec sleep 60`
    const finished = setup([printJson(cont(1)), hang])
    const run = await finished.run(["--json", "--max-time", "2s"])
    assert.strictEqual(run.code, 3, run.stderr)
    const doc = await finished.show()
    assert.deepStrictEqual(statuses(doc), [[1, "finished"], [2, "failed"]])
    assert.strictEqual(doc.rounds[1].failure.reason, "time-budget")

    const none = setup([hang])
    const cut = await none.run(["--json", "--max-time", "1s"])
    assert.strictEqual(cut.code, 4, cut.stderr)
    const noneDoc = await none.show()
    assert.deepStrictEqual(statuses(noneDoc), [[1, "failed"]])
    assert.strictEqual(noneDoc.rounds[0].failure.reason, "time-budget")
    for (const ws of [finished.ws, none.ws]) {
      for (const name of readdirSync(ws).filter((n) => n.endsWith(".pid"))) {
        assert.isTrue(isGone(Number(readFileSync(join(ws, name), "utf8"))))
      }
    }
  })

  it("worker text is escaped in the text view and exact in --json", async () => {
    const summary = "paint \u001b[2J\u001b]0;owned\u0007 done"
    const t = setup([printJson({ ...continueReport, summary }), `echo 'bad \u001b[31mthing' >&2; exit 3`])
    const run = await t.run(["--json", "--max-rounds", "3"], {}, "fix \u001b[5mit")
    assert.strictEqual(run.code, 4, run.stderr)
    const text = await t.showText()
    assert.notInclude(text, "\u001b")
    assert.notInclude(text, "\u0007")
    assert.include(text, "paint \\u001b[2J\\u001b]0;owned\\u0007 done")
    assert.include(text, "bad \\u001b[31mthing")
    assert.include(text, "objective: fix \\u001b[5mit")
    const listed = await t.cli(["runs"])
    assert.notInclude(listed.stdout, "\u001b")
    assert.include(listed.stdout, "fix \\u001b[5mit")
    const doc = await t.show()
    assert.strictEqual(doc.objective, "fix \u001b[5mit")
    assert.strictEqual(doc.rounds[0].report.summary, summary)
    assert.include(doc.rounds[1].failure.detail, "bad \u001b[31mthing")

    // C1 controls survive JSON escaping: a rejected report's problem and a blocker can carry them.
    const rejected = setup([printJson({ ...completeReport, ["extra\u009b2J"]: 1 })])
    assert.strictEqual((await rejected.run(["--json"])).code, 5)
    const rejectedText = await rejected.showText()
    assert.match((await rejected.show()).rounds[0].problem, /\u009b/)
    assert.notInclude(rejectedText, "\u009b")
    assert.include(rejectedText, "\\u009b2J")

    const blocker = "needs \u009b2J a key"
    const blocked = setup([printJson({ ...completeReport, status: "blocked", evidence: [], blocker })])
    assert.strictEqual((await blocked.run(["--json"])).code, 2)
    const blockedText = await blocked.showText()
    assert.notInclude(blockedText, "\u009b")
    assert.include(blockedText, "needs \\u009b2J a key")
    assert.strictEqual((await blocked.show()).result.result.report.blocker, blocker)
  })
})
