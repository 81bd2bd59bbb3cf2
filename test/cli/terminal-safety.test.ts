/**
 * Worker text cannot drive the terminal: what an agent writes (summaries, blockers, reports, its
 * stderr) reaches people with its control characters escaped, and programs (--json) exactly.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { sq, writeAgent } from "../support/agents.ts"
import { type CliResult, ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** An escape sequence that paints red, a C1 CSI that clears the screen, a carriage return, and bidi overrides. */
const hostile = "red \u001b[31m csi \u009b2J cr \r bidi \u202eevil\u2066 end"

/** What must not reach a terminal raw: C0 controls but newline and tab, DEL, C1, and the bidirectional controls. */
// eslint-disable-next-line no-control-regex
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

const assertNoRawControl = (result: CliResult) => {
  assert.notMatch(result.stdout, unsafe, `stdout: ${JSON.stringify(result.stdout)}`)
  assert.notMatch(result.stderr, unsafe, `stderr: ${JSON.stringify(result.stderr)}`)
}

const blocked = {
  status: "blocked",
  summary: `summary ${hostile}`,
  evidence: [`evidence ${hostile}`],
  nextSteps: [],
  blocker: `blocker ${hostile}`
}
const handoff = { ...continueReport, summary: `handoff ${hostile}` }

/**
 * A workspace whose agent, in round N, writes `reports[N-1]` as its report (or, past them, writes
 * the hostile text to stderr and exits 1).
 */
const setup = (reports: ReadonlyArray<unknown>) => {
  const { root, ws } = newWorkspace()
  const stderrFile = join(root, "stderr.txt")
  writeFileSync(stderrFile, `stderr ${hostile}\n`)
  const cases = reports.map((report, i) => {
    const file = join(root, `report-${i + 1}.json`)
    writeFileSync(file, JSON.stringify(report))
    return `  ${i + 1}) cat ${sq(file)} > "$RALPH_REPORT_FILE" ;;`
  })
  const agent = writeAgent(
    root,
    "agent.sh",
    `case "$RALPH_ROUND" in\n${cases.join("\n")}\n  *) cat ${sq(stderrFile)} >&2; exit 1 ;;\nesac`
  )
  return (...flags: Array<string>) =>
    runCli(["run", "--agent", "exec", "--agent-cmd", agent, "--retries", "0", ...flags, "x"], { cwd: ws })
}

describe.concurrent("worker text in ralph run's output", () => {
  it("text: a blocked report's summary, blocker and evidence are escaped in the progress line and the result", async () => {
    const result = await setup([blocked])()
    assert.strictEqual(result.code, 2, result.stderr)
    assertNoRawControl(result)
    const escaped = "red \\u001b[31m csi \\u009b2J cr bidi \\u202eevil\\u2066 end"
    assert.include(result.stderr, `blocked · summary ${escaped}`, "the progress line (whitespace runs collapsed)")
    assert.include(result.stdout, `reported a blocker after 1 round: blocker red \\u001b[31m csi \\u009b2J cr \\u000d`)
    const pretty = result.stdout.slice(result.stdout.indexOf("{"))
    assert.deepStrictEqual(JSON.parse(pretty), blocked, "the pretty report is still the worker's report, exactly")
  })

  it("--json: the envelope keeps the worker's strings exactly", async () => {
    const result = await setup([blocked])("--json")
    assert.strictEqual(result.code, 2, result.stderr)
    assert.notMatch(result.stderr, unsafe, "progress on stderr is still escaped")
    assert.deepStrictEqual(jsonDocument(result).result.report, blocked)
  })

  it("text: a failed round's stderr tail and last good handoff are escaped", async () => {
    const result = await setup([handoff])()
    assert.strictEqual(result.code, 4, result.stderr)
    assertNoRawControl(result)
    assert.include(result.stderr, "stderr red \\u001b[31m csi \\u009b2J cr \\u000d bidi")
    assert.include(result.stderr, "handoff red \\u001b[31m")
  })

  it("--json: a failed round's stderr tail and last good handoff are exact", async () => {
    const result = await setup([handoff])("--json")
    assert.strictEqual(result.code, 4, result.stderr)
    const error = jsonDocument(result).error
    assert.include(error.stderrTail, `stderr ${hostile}`)
    assert.deepStrictEqual(error.lastReport, handoff)
  })

  it("text: a malformed report's problem is escaped in the progress line and the error", async () => {
    const result = await setup([{ ...blocked, [`key ${hostile}`]: 1 }])()
    assert.strictEqual(result.code, 5, result.stderr)
    assertNoRawControl(result)
    assert.match(result.stderr, /malformed report/)
  })
})
