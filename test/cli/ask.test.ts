/**
 * `--on-blocked ask`, `ralph answer` and `ralph note` through the built binary, with a small node
 * exec agent that logs every prompt it gets: the answer reaching the next child, from another
 * process, while the run waits or while no ralph drives it; a SIGKILL during the wait and the
 * resume that waits again without starting a child; a note handed to exactly one child; the ask's
 * timeout; the `waiting` notification to a real HTTP receiver; and the refusals.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Notification } from "../../src/domain/notification.ts"
import { isGone, waitFor } from "../support/agents.ts"
import {
  ensureCli,
  jsonDocument,
  newWorkspace,
  removeWorkspaces,
  runCli,
  type RunningCli,
  startCli
} from "../support/cli.ts"
import { type Receiver, startReceiver } from "../support/receiver.ts"
import { blockedReport, completeReport, continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const receivers: Array<Receiver> = []
afterAll(async () => {
  removeWorkspaces()
  for (const r of receivers.splice(0)) await r.close()
})

/**
 * An exec agent (node) that appends `{round, attempt, prompt}` to prompts.jsonl and answers round N
 * with `plan[N-1]`: its report, after waiting for the file `gate` to exist when one is named.
 */
const agentSource = `
const { appendFileSync, existsSync, readFileSync, writeFileSync } = require("node:fs")
const { join } = require("node:path")
const dir = process.env.ASK_TEST_DIR
const prompt = readFileSync(0, "utf8")
const round = Number(process.env.RALPH_ROUND)
appendFileSync(join(dir, "prompts.jsonl"), JSON.stringify({ round, attempt: Number(process.env.RALPH_ATTEMPT), prompt }) + "\\n")
const step = JSON.parse(readFileSync(join(dir, "plan.json"), "utf8"))[round - 1]
if (step === undefined) process.exit(9)
const finish = () => { writeFileSync(process.env.RALPH_REPORT_FILE, JSON.stringify(step.report)); process.exit(0) }
if (step.gate === undefined) finish()
writeFileSync(join(dir, "in-round-" + round), "")
const wait = () => existsSync(join(dir, step.gate)) ? finish() : setTimeout(wait, 20)
wait()
`

interface Step {
  readonly report: object
  readonly gate?: string
}

const setup = (plan: ReadonlyArray<Step>) => {
  const { root, ws } = newWorkspace()
  writeFileSync(join(root, "agent.cjs"), agentSource)
  writeFileSync(join(root, "plan.json"), JSON.stringify(plan))
  const env = { ASK_TEST_DIR: root }
  const prompts = () =>
    existsSync(join(root, "prompts.jsonl"))
      ? readFileSync(join(root, "prompts.jsonl"), "utf8").trim().split("\n").map((line) =>
        JSON.parse(line) as { round: number; attempt: number; prompt: string }
      )
      : []
  const args = (...more: Array<string>) => [
    "run",
    "--agent-cmd",
    `${process.execPath} ${join(root, "agent.cjs")}`,
    "--kill-grace",
    "300ms",
    "--retries",
    "0",
    ...more
  ]
  const cli = (argv: ReadonlyArray<string>, stdin?: string) =>
    runCli(argv, { cwd: ws, env, ...(stdin === undefined ? {} : { stdin }) })
  const start = (argv: ReadonlyArray<string>) => startCli(argv, { cwd: ws, env })
  return { root, ws, env, prompts, args, cli, start }
}

const blocker = "Which database should the service use: sqlite or postgres?"
const blocked = { ...blockedReport, blocker }

type Setup = ReturnType<typeof setup>

/** The run's `show --json` once `ready` holds of it (polled). */
const showWhen = async (s: Setup, runId: string, ready: (view: Record<string, any>) => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms
  for (;;) {
    const result = await s.cli(["show", runId, "--json"])
    if (result.code === 0) {
      const view = jsonDocument(result)
      if (ready(view)) return view
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting on run ${runId}: ${result.stdout}${result.stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The run id a running `ralph run` printed on stderr. */
const runIdOf = (running: RunningCli) => {
  let stderr = ""
  running.child.stderr!.on("data", (chunk: string) => (stderr += chunk))
  return waitFor("the run's id", () => /run (\d{8}-\d{6}-[0-9a-f]+) started/.exec(stderr)?.[1], 20_000)
}

/** The id of the one run recorded in the workspace's state dir (for a --quiet run), once it is. */
const onlyRunId = async (s: Setup): Promise<string> => {
  const deadline = Date.now() + 20_000
  for (;;) {
    const listed = await s.cli(["runs", "--json"])
    const runs = listed.code === 0 ? JSON.parse(listed.stdout) as Array<{ runId: string }> : []
    if (runs.length === 1) return runs[0]!.runId
    if (Date.now() > deadline) throw new Error(`no run recorded: ${listed.stdout}${listed.stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const isWaiting = (view: Record<string, any>) => view.state === "waiting" && view.waiting !== null

describe.concurrent("--on-blocked ask", () => {
  it("ask → answer from another process → the next child gets the blocker and the answer, and completes", async () => {
    const s = setup([{ report: blocked }, { report: completeReport }])
    const running = s.start(s.args("--on-blocked", "ask", "Choose the database"))
    const runId = await runIdOf(running)
    const view = await showWhen(s, runId, isWaiting)
    assert.strictEqual(view.waiting.round, 1)
    assert.strictEqual(view.waiting.blocker, blocker)
    assert.strictEqual(view.waiting.answerCommand, `ralph answer ${runId} "TEXT"`)
    // Only the blocked round's child ran.
    assert.strictEqual(s.prompts().length, 1)

    const listed = await s.cli(["runs"])
    assert.match(listed.stdout, new RegExp(`${runId}\\s+waiting`))
    assert.include(listed.stdout, `${runId} waits for an answer to: ${blocker} · ralph answer ${runId} "TEXT"`)
    const shown = await s.cli(["show", runId])
    assert.include(shown.stdout, `for an answer to round 1's blocker: ${blocker}`)
    assert.include(shown.stdout, `answer it with: ralph answer ${runId} "TEXT"`)
    const waiting = JSON.parse((await s.cli(["runs", "--json", "--status", "waiting"])).stdout) as Array<any>
    assert.deepStrictEqual(waiting.map((run) => [run.runId, run.state]), [[runId, "waiting"]])

    const answered = await s.cli(["answer", runId, "Use sqlite: the service runs on one machine."])
    assert.strictEqual(answered.code, 0, answered.stderr)
    assert.include(answered.stdout, `Answered run ${runId}`)
    const result = await running.result
    assert.strictEqual(result.code, 0, result.stderr)
    assert.include(result.stderr, `waiting for an answer: ${blocker}`)

    const prompts = s.prompts()
    assert.deepStrictEqual(prompts.map((p) => p.round), [1, 2])
    const second = prompts[1]!.prompt
    const handoff = second.indexOf("## Handoff")
    const answer = second.indexOf("## A person's answer to the blocker")
    assert.isAbove(answer, handoff, "the answer comes after the handoff")
    assert.include(second.slice(answer), blocker)
    assert.include(second.slice(answer), "A person (not a worker) answered it")
    assert.include(second.slice(answer), "Use sqlite: the service runs on one machine.")
    assert.notInclude(prompts[0]!.prompt, "A person's answer")

    const done = jsonDocument(await s.cli(["show", runId, "--json"]))
    assert.strictEqual(done.state, "complete")
    assert.strictEqual(done.waiting, null)
    assert.deepStrictEqual(done.messages.map((m: any) => [m.type, m.round, m.text]), [[
      "answer",
      1,
      "Use sqlite: the service runs on one machine."
    ]])
    assert.strictEqual(done.result.result.roundsStarted, 2, "the blocked round counts toward the cap")
    assert.strictEqual(done.result.agentsStarted, 2)
  }, 60_000)

  it("watch shows the run waiting with its blocker and the answer command, and follows it to its end", async () => {
    const s = setup([{ report: blocked }, { report: completeReport }])
    const running = s.start(s.args("--on-blocked", "ask", "--quiet", "Choose the database"))
    const runId = await onlyRunId(s)
    await showWhen(s, runId, isWaiting)
    const watching = s.start(["watch", runId])
    let watched = ""
    watching.child.stderr!.on("data", (chunk: string) => (watched += chunk))
    await waitFor("the watch to show the wait", () => watched.includes("waiting for an answer") || undefined, 20_000)
    assert.include(watched, `waiting for an answer: ${blocker} · ralph answer ${runId} "TEXT"`)
    assert.strictEqual((await s.cli(["answer", runId, "sqlite"])).code, 0)
    const [run, watch] = await Promise.all([running.result, watching.result])
    assert.strictEqual(run.code, 0, run.stderr)
    assert.strictEqual(watch.code, 0, watch.stderr)
    assert.include(watch.stdout, "complete")
  }, 60_000)

  it("SIGKILL during the wait: resume waits again without starting a child; an answer then continues it", async () => {
    const s = setup([{ report: blocked }, { report: completeReport }])
    const running = s.start(s.args("--on-blocked", "ask", "Choose the database"))
    const runId = await runIdOf(running)
    const first = await showWhen(s, runId, isWaiting)
    running.child.kill("SIGKILL")
    await running.result
    await waitFor("ralph to be gone", () => isGone(running.child.pid!) || undefined)
    const dead = await showWhen(s, runId, (view) => view.state === "interrupted")
    assert.strictEqual(dead.waiting.blocker, blocker, "the record still says what the run waits on")
    assert.include((await s.cli(["show", runId])).stdout, `ralph resume ${runId} waits again`)

    const resumed = s.start(["resume", runId])
    let stderr = ""
    resumed.child.stderr!.on("data", (chunk: string) => (stderr += chunk))
    const again = await showWhen(s, runId, (view) => isWaiting(view) && view.state === "waiting")
    await waitFor("the resumed wait's progress", () => stderr.includes("waiting for an answer") || undefined, 20_000)
    assert.strictEqual(again.waiting.since, first.waiting.since, "the resumed wait keeps its start")
    assert.strictEqual(s.prompts().length, 1, "no child started by the resume")
    assert.strictEqual(again.agentsStarted, 1)

    assert.strictEqual((await s.cli(["answer", runId, "postgres"])).code, 0)
    const result = await resumed.result
    assert.strictEqual(result.code, 0, result.stderr)
    assert.deepStrictEqual(s.prompts().map((p) => p.round), [1, 2])
    assert.include(s.prompts()[1]!.prompt, "postgres")
  }, 90_000)

  it("an answer given while no ralph drives the run is not lost: resume goes on at once", async () => {
    const s = setup([{ report: blocked }, { report: completeReport }])
    const running = s.start(s.args("--on-blocked", "ask", "Choose the database"))
    const runId = await runIdOf(running)
    await showWhen(s, runId, isWaiting)
    running.child.kill("SIGKILL")
    await running.result
    await waitFor("ralph to be gone", () => isGone(running.child.pid!) || undefined)
    const answered = await s.cli(["answer", runId, "--file", "-"], "Use sqlite.\n")
    assert.strictEqual(answered.code, 0, answered.stderr)
    assert.include(answered.stdout, `No ralph drives the run now: continue it with ralph resume ${runId}`)
    const shown = await s.cli(["show", runId])
    assert.include(shown.stdout, `answered; no ralph drives the run now: ralph resume ${runId}`)
    const again = await s.cli(["answer", runId, "another"])
    assert.strictEqual(again.code, 1)
    assert.include(again.stderr, "was answered already")

    const resumed = await s.cli(["resume", runId, "--json"])
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    assert.strictEqual(jsonDocument(resumed).result.status, "complete")
    assert.deepStrictEqual(s.prompts().map((p) => p.round), [1, 2])
    assert.include(s.prompts()[1]!.prompt, "Use sqlite.")
  }, 90_000)

  it("the journal engine waits and takes the answer too", async () => {
    const s = setup([{ report: blocked }, { report: completeReport }])
    const running = s.start(s.args("--engine", "journal", "--on-blocked", "ask", "Choose the database"))
    const runId = await runIdOf(running)
    await showWhen(s, runId, isWaiting)
    assert.strictEqual((await s.cli(["answer", runId, "sqlite"])).code, 0)
    const result = await running.result
    assert.strictEqual(result.code, 0, result.stderr)
    assert.include(s.prompts()[1]!.prompt, "sqlite")
  }, 60_000)

  it("--ask-timeout: no answer in time ends the run blocked, as without asking", async () => {
    const s = setup([{ report: blocked }, { report: completeReport }])
    const result = await s.cli(
      s.args("--on-blocked", "ask", "--ask-timeout", "1500ms", "--json", "Choose the database")
    )
    assert.strictEqual(result.code, 2, result.stderr)
    const envelope = jsonDocument(result)
    assert.strictEqual(envelope.result.status, "blocked")
    assert.strictEqual(envelope.result.report.blocker, blocker)
    assert.strictEqual(envelope.agentsStarted, 1)
    assert.include(result.stderr, "(within 1.5s)")
  }, 60_000)

  it("--max-time counts the wait: the run ends budget-limited (time) on the blocked report", async () => {
    const s = setup([{ report: blocked }, { report: completeReport }])
    const result = await s.cli(s.args("--on-blocked", "ask", "--max-time", "10s", "--json", "Choose the database"))
    assert.strictEqual(result.code, 3, result.stderr)
    const envelope = jsonDocument(result)
    assert.strictEqual(envelope.result.status, "budget-limited")
    assert.strictEqual(envelope.result.limit, "time")
    assert.strictEqual(envelope.result.roundsStarted, 1, "no round was in flight during the wait")
    assert.strictEqual(envelope.result.report.blocker, blocker)
  }, 60_000)

  it(
    "the config file's onBlocked: ask, and a blocked last round (no round left) ends blocked without waiting",
    async () => {
      const s = setup([{ report: blocked }])
      writeFileSync(join(s.ws, "ralph.config.json"), JSON.stringify({ onBlocked: "ask", maxRounds: 1 }))
      const result = await s.cli(s.args("--json", "Choose the database"))
      assert.strictEqual(result.code, 2, result.stderr)
      assert.strictEqual(jsonDocument(result).result.status, "blocked")
      assert.notInclude(result.stderr, "waiting for an answer")
    },
    60_000
  )

  it("without --on-blocked ask a blocked round ends the run, and answer refuses a run not waiting", async () => {
    const s = setup([{ report: blocked }])
    const result = await s.cli(s.args("--json", "Choose the database"))
    assert.strictEqual(result.code, 2)
    const runId = jsonDocument(result).runId as string
    const answered = await s.cli(["answer", runId, "sqlite"])
    assert.strictEqual(answered.code, 1)
    assert.include(answered.stderr, `run ${runId} is not waiting for an answer (it is blocked)`)
    const noted = await s.cli(["note", runId, "too late"])
    assert.strictEqual(noted.code, 1)
    assert.include(noted.stderr, "has ended")
  }, 60_000)

  it(
    "an answer that is empty, holds a control character or is too long is refused, and nothing is recorded",
    async () => {
      const s = setup([{ report: blocked }, { report: completeReport }])
      const running = s.start(s.args("--on-blocked", "ask", "--quiet", "Choose the database"))
      const runId = await onlyRunId(s)
      await showWhen(s, runId, isWaiting)
      const cases: ReadonlyArray<[string, string]> = [
        ["   ", "the answer is empty"],
        ["use \u001b]0;pwned\u0007 sqlite", "holds a control character (U+001b"],
        ["x".repeat(16385), "at most 16384 are taken"]
      ]
      for (const [text, problem] of cases) {
        const refused = await s.cli(["answer", runId, text])
        assert.strictEqual(refused.code, 1, text)
        assert.include(refused.stderr, problem)
      }
      const both = await s.cli(["answer", runId, "a", "--file", "-"], "b")
      assert.strictEqual(both.code, 1)
      const view = jsonDocument(await s.cli(["show", runId, "--json"]))
      assert.deepStrictEqual(view.messages, [])
      assert.strictEqual(view.state, "waiting")
      assert.strictEqual((await s.cli(["answer", runId, "multi\n\tline answer"])).code, 0)
      const result = await running.result
      assert.strictEqual(result.code, 0, result.stderr)
      assert.include(s.prompts()[1]!.prompt, "multi\n\tline answer")
    },
    60_000
  )

  it("the waiting notification reaches a real HTTP receiver with the blocker and the answer command", async () => {
    const r = await startReceiver()
    receivers.push(r)
    const s = setup([{ report: blocked }, { report: completeReport }])
    const running = s.start(
      s.args("--on-blocked", "ask", "--notify", `${r.url}/hook`, "--quiet", "Choose the database")
    )
    const runId = await onlyRunId(s)
    await waitFor("the waiting notification", () => r.received.length >= 1 || undefined, 20_000)
    const waiting = Schema.decodeUnknownSync(Schema.fromJsonString(Notification))(r.received[0]!.body)
    assert.strictEqual(r.received[0]!.headers["content-type"], "application/json")
    assert.strictEqual(waiting.event, "waiting")
    assert.strictEqual(waiting.runId, runId)
    if (waiting.event !== "waiting") return
    assert.strictEqual(waiting.round, 1)
    assert.strictEqual(waiting.blocker, blocker)
    assert.strictEqual(waiting.answer, `ralph answer ${runId} "TEXT"`)
    assert.include(waiting.text, blocker)
    assert.strictEqual((await s.cli(["answer", runId, "sqlite"])).code, 0)
    assert.strictEqual((await running.result).code, 0)
    assert.deepStrictEqual(
      r.received.map((received) => JSON.parse(received.body).event),
      ["waiting", "finished"]
    )
    const shown = jsonDocument(await s.cli(["show", runId, "--json"]))
    assert.deepStrictEqual(shown.notifications.map((n: any) => [n.event, n.outcome]), [["waiting", "sent"], [
      "finished",
      "sent"
    ]])
  }, 60_000)
})

describe.concurrent("ralph note", () => {
  it("a note given during a round is handed to the next child only, after its handoff", async () => {
    const s = setup([
      { report: continueReport, gate: "go-1" },
      { report: continueReport },
      { report: completeReport }
    ])
    const running = s.start(s.args("Build it"))
    const runId = await runIdOf(running)
    await waitFor("round 1 to run", () => existsSync(join(s.root, "in-round-1")) || undefined, 20_000)
    const noted = await s.cli(["note", runId, "Prefer small commits; the CI is slow."])
    assert.strictEqual(noted.code, 0, noted.stderr)
    assert.include(noted.stdout, `Noted for run ${runId}`)
    const pending = jsonDocument(await s.cli(["show", runId, "--json"]))
    assert.deepStrictEqual(pending.pendingNotes, ["Prefer small commits; the CI is slow."])
    writeFileSync(join(s.root, "go-1"), "")
    const result = await running.result
    assert.strictEqual(result.code, 0, result.stderr)

    const prompts = s.prompts()
    assert.deepStrictEqual(prompts.map((p) => p.round), [1, 2, 3])
    const withNote = prompts.filter((p) => p.prompt.includes("Prefer small commits; the CI is slow."))
    assert.deepStrictEqual(withNote.map((p) => p.round), [2], "exactly one child gets the note")
    const second = prompts[1]!.prompt
    assert.isAbove(second.indexOf("## A note from a person"), second.indexOf("## Handoff"))
    assert.include(second, "A person (not a worker) left guidance")
    const done = jsonDocument(await s.cli(["show", runId, "--json"]))
    assert.deepStrictEqual(done.pendingNotes, [])
    assert.deepStrictEqual(done.messages.map((m: any) => [m.type, m.text]), [[
      "note",
      "Prefer small commits; the CI is slow."
    ]])
  }, 60_000)

  it("a note given while the run waits for an answer goes with the answer to the next child", async () => {
    const s = setup([{ report: blocked }, { report: continueReport }, { report: completeReport }])
    const running = s.start(s.args("--on-blocked", "ask", "--quiet", "Choose the database"))
    const runId = await onlyRunId(s)
    await showWhen(s, runId, isWaiting)
    assert.strictEqual((await s.cli(["note", runId, "Keep the schema small."])).code, 0)
    assert.strictEqual((await s.cli(["answer", runId, "sqlite"])).code, 0)
    assert.strictEqual((await running.result).code, 0)
    const prompts = s.prompts()
    assert.deepStrictEqual(prompts.filter((p) => p.prompt.includes("Keep the schema small.")).map((p) => p.round), [2])
    assert.include(prompts[1]!.prompt, "sqlite")
  }, 60_000)
})
