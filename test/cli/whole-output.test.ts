/**
 * Every command writes its whole output before it exits, however slowly the other end of the pipe
 * reads: documents of several MiB through a real pipe into a reader process that pauses after every
 * chunk.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { sq, writeAgent } from "../support/agents.ts"
import { cliEnv, ensureCli, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** Reads its stdin one chunk at a time with a pause after each, then writes everything it read to stdout. */
const slowReader = `
const chunks = []
process.stdin.on("data", (chunk) => {
  chunks.push(chunk)
  process.stdin.pause()
  setTimeout(() => process.stdin.resume(), 25)
})
process.stdin.on("end", () => process.stdout.write(Buffer.concat(chunks)))
`

interface PipedResult {
  readonly code: number | null
  /** What the slow reader received from ralph's piped stream. */
  readonly piped: string
  /** ralph's other stream, read at full speed. */
  readonly other: string
}

/**
 * Runs ralph with its `stream` connected by a pipe to a slow reader process (not to this test
 * process, which could read ahead), and its other stream read here.
 */
const throughSlowReader = (
  stream: "stdout" | "stderr",
  args: ReadonlyArray<string>,
  options: { readonly cwd: string; readonly env?: Readonly<Record<string, string>> }
): Promise<PipedResult> =>
  new Promise((resolve, reject) => {
    const reader = spawn(process.execPath, ["-e", slowReader], { stdio: ["pipe", "pipe", "inherit"] })
    const ralph = spawn(process.execPath, [ensureCli(), ...args], {
      cwd: options.cwd,
      env: cliEnv(options.cwd, options.env),
      stdio: ["ignore", stream === "stdout" ? reader.stdin : "pipe", stream === "stderr" ? reader.stdin : "pipe"]
    })
    // ralph holds its own end of the pipe now: closing ours lets the reader see the end of ralph's output.
    reader.stdin.destroy()
    let piped = ""
    let other = ""
    reader.stdout.setEncoding("utf8").on("data", (chunk: string) => (piped += chunk))
    ralph[stream === "stdout" ? "stderr" : "stdout"]!.setEncoding("utf8").on(
      "data",
      (chunk: string) => (other += chunk)
    )
    let code: number | null = null
    let exited = 0
    const settle = () => {
      if (++exited === 2) resolve({ code, piped, other })
    }
    ralph.on("error", reject)
    reader.on("error", reject)
    ralph.on("close", (c) => {
      code = c
      settle()
    })
    reader.on("close", settle)
  })

/** About `mib` MiB of text with multi-byte characters, so that characters and bytes differ. */
const bulk = (mib: number, word: string) =>
  `${word} ✓ `.repeat(Math.ceil((mib * 1024 * 1024) / (word.length + 4))).trim()

const bigReport = { ...continueReport, summary: bulk(3, "done"), nextSteps: ["keep going"] }
const bigComplete = { status: "complete", summary: bulk(3, "done"), evidence: ["checked"], nextSteps: [], blocker: "" }
const bigObjective = bulk(2, "objective")

/** Room for the big report and for text that shows it whole. */
const bigLimits = { RALPH_MAX_HANDOFF_CHARS: "20000000", RALPH_MAX_RESULT_CHARS: "20000000" }

/** A workspace whose agent answers round N with the JSON of `answers[N-1]` (or exits 1 past them). */
const setup = (answers: ReadonlyArray<unknown>) => {
  const { root, ws } = newWorkspace()
  const cases = answers.map((answer, i) => {
    const file = join(root, `report-${i + 1}.json`)
    writeFileSync(file, JSON.stringify(answer))
    return `  ${i + 1}) cat ${sq(file)} > "$RALPH_REPORT_FILE" ;;`
  })
  const agent = writeAgent(root, "agent.sh", `case "$RALPH_ROUND" in\n${cases.join("\n")}\n  *) exit 1 ;;\nesac`)
  const objectiveFile = join(root, "objective.md")
  writeFileSync(objectiveFile, bigObjective)
  const args = (...more: Array<string>) => [
    "run",
    "--agent",
    "exec",
    "--agent-cmd",
    agent,
    "--retries",
    "0",
    "--objective-file",
    objectiveFile,
    ...more
  ]
  return { root, ws, args }
}

/**
 * One JSON document, whole: it parses, and nothing but a final newline follows it. (A failure says how
 * much arrived, not what: the documents are megabytes.)
 */
const wholeDocument = (result: PipedResult): any => {
  let doc: unknown
  try {
    doc = JSON.parse(result.piped)
  } catch (error) {
    assert.fail(
      `${Buffer.byteLength(result.piped)} bytes arrived, not one whole JSON document: ${(error as Error).message}`
    )
  }
  assert.strictEqual(Buffer.byteLength(result.piped), Buffer.byteLength(JSON.stringify(doc)) + 1, "every byte arrived")
  return doc
}

/** The end of some text, for failure messages. */
const tail = (text: string) => `(${Buffer.byteLength(text)} bytes) …${text.slice(-200)}`

const pretty = (value: unknown) => JSON.stringify(value, null, 2)

describe.concurrent("ralph run: the whole result through a slow pipe", () => {
  it("--json: an envelope of several MiB arrives whole", async () => {
    const { args, ws } = setup([bigComplete])
    const result = await throughSlowReader("stdout", args("--json"), { cwd: ws, env: bigLimits })
    assert.strictEqual(result.code, 0, tail(result.other))
    const doc = wholeDocument(result)
    assert.isAbove(Buffer.byteLength(result.piped), 3 * 1024 * 1024)
    assert.deepStrictEqual(doc.result.report, bigComplete)
  }, 60_000)

  it("text: the rendered result of several MiB arrives whole on stdout", async () => {
    const { args, ws } = setup([bigComplete])
    const result = await throughSlowReader("stdout", args(), { cwd: ws, env: bigLimits })
    assert.strictEqual(result.code, 0, tail(result.other))
    assert.isTrue(result.piped.endsWith(`${pretty(bigComplete)}\n`), `stdout ended: ${tail(result.piped)}`)
  }, 60_000)

  it("text: an error of several MiB (the last good handoff) arrives whole on stderr", async () => {
    const { args, ws } = setup([bigReport])
    const result = await throughSlowReader("stderr", args(), { cwd: ws, env: bigLimits })
    assert.strictEqual(result.code, 4, tail(result.piped))
    assert.strictEqual(result.other, "")
    assert.isTrue(result.piped.includes("Round 2 failed"), tail(result.piped))
    assert.isTrue(
      result.piped.includes(pretty(bigReport)),
      `the whole last good handoff; stderr ended: ${tail(result.piped)}`
    )
  }, 60_000)

  it("--json: an error document of several MiB (RoundFailed with its lastReport) arrives whole", async () => {
    const { args, ws } = setup([bigReport])
    const result = await throughSlowReader("stdout", args("--json"), { cwd: ws, env: bigLimits })
    assert.strictEqual(result.code, 4, tail(result.other))
    const doc = wholeDocument(result)
    assert.strictEqual(doc.error._tag, "RoundFailed")
    assert.deepStrictEqual(doc.error.lastReport, bigReport)
  }, 60_000)
})

describe("ralph show and ralph runs: the whole document through a slow pipe", () => {
  let ws = ""
  let runId = ""
  beforeAll(async () => {
    const made = setup([bigComplete])
    ws = made.ws
    const result = await runCli(made.args("--json"), { cwd: ws, env: bigLimits })
    assert.strictEqual(result.code, 0, tail(result.stderr))
    runId = /run (\S+) started/.exec(result.stderr)![1]!
  }, 60_000)

  it("show --json", async () => {
    const result = await throughSlowReader("stdout", ["show", runId, "--json"], { cwd: ws })
    assert.strictEqual(result.code, 0, result.other)
    const doc = wholeDocument(result)
    assert.strictEqual(doc.objective, bigObjective)
    assert.deepStrictEqual(doc.rounds[0].report, bigComplete)
    assert.deepStrictEqual(doc.result.result.report, bigComplete)
  }, 60_000)

  it("show, as text", async () => {
    const result = await throughSlowReader("stdout", ["show", runId], { cwd: ws })
    assert.strictEqual(result.code, 0, result.other)
    assert.isTrue(result.piped.endsWith(`${pretty(bigComplete)}\n`), `stdout ended: ${tail(result.piped)}`)
  }, 60_000)

  it("runs --json", async () => {
    const result = await throughSlowReader("stdout", ["runs", "--json"], { cwd: ws })
    assert.strictEqual(result.code, 0, result.other)
    const doc = wholeDocument(result)
    assert.isAbove(Buffer.byteLength(result.piped), 2 * 1024 * 1024)
    assert.deepStrictEqual(doc.map((run: { runId: string }) => run.runId), [runId])
    assert.strictEqual(doc[0].objective, bigObjective)
  }, 60_000)

  it("a reader that takes nothing holds ralph until a signal, which ends it at once as interrupted", async () => {
    const reader = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], {
      stdio: ["pipe", "ignore", "inherit"]
    })
    const ralph = spawn(process.execPath, [ensureCli(), "runs", "--json"], {
      cwd: ws,
      env: cliEnv(ws),
      stdio: ["ignore", reader.stdin, "pipe"]
    })
    reader.stdin.destroy()
    try {
      const exited = new Promise<number | null>((resolve) => ralph.on("close", (code) => resolve(code)))
      const early = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("running"), 2_000))])
      assert.strictEqual(early, "running", "ralph waits for its output to be taken")
      const sent = Date.now()
      ralph.kill("SIGTERM")
      assert.strictEqual(await exited, 143)
      assert.isBelow(Date.now() - sent, 2_000)
    } finally {
      ralph.kill("SIGKILL")
      reader.kill("SIGKILL")
    }
  }, 60_000)
})
