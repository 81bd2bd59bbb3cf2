/**
 * `--notify URL` through the built binary with exec agents, told to a real HTTP receiver on
 * 127.0.0.1: what each run's end sends, the retries, the bound on the wait, the run's record — and
 * that no environment value or database password is ever sent.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { Notification } from "../../src/domain/notification.ts"
import { printJson, sq, waitForPid, writeAgent } from "../support/agents.ts"
import { ensureCli, execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli, startCli } from "../support/cli.ts"
import { connectMcp, type McpSession } from "../support/mcp.ts"
import { closedPort, type Receiver, startReceiver } from "../support/receiver.ts"
import { completeReport, continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)

// The tests run at once: each receiver is closed when they all are done.
const receivers: Array<Receiver> = []
const receiver = async (answer?: (n: number) => number | "hang") => {
  const started = await startReceiver(answer)
  receivers.push(started)
  return started
}
const sessions: Array<McpSession> = []
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.client.close()))
  removeWorkspaces()
  for (const r of receivers.splice(0)) await r.close()
})

const decode = Schema.decodeUnknownSync(Schema.fromJsonString(Notification))

/** Planted where ralph could reach them: the agent's env in the file, ralph's own env, the database URL. */
const secrets = {
  agentEnv: "planted-agent-secret-4711",
  shellEnv: "planted-shell-secret-4712",
  db: "planted-pg-pw-4713"
}
const secretEnv = {
  PLANTED_TOKEN: secrets.shellEnv,
  RALPH_DATABASE_URL: `postgres://ralph:${secrets.db}@127.0.0.1:1/ralph`
}

/** A workspace whose exec agent answers round N with `bodies[N-1]`, spending $0.10 a round (the first `paid` rounds). */
const setup = (given: ReadonlyArray<string> | ((root: string) => ReadonlyArray<string>), paid?: number) => {
  const { root, ws } = newWorkspace()
  const bodies = typeof given === "function" ? given(root) : given
  const usage = `printf '%s' ${
    sq(JSON.stringify({ inputTokens: 100, outputTokens: 20, costUsd: 0.1 }))
  } > "$RALPH_USAGE_FILE"`
  const cases = bodies.map((body, i) => `  ${i + 1}) ${i < (paid ?? bodies.length) ? `${usage}; ` : ""}${body} ;;`)
    .join("\n")
  const agent = writeAgent(root, "agent.sh", `case "$RALPH_ROUND" in\n${cases}\n  *) exit 9 ;;\nesac`)
  writeFileSync(
    join(ws, "ralph.config.json"),
    JSON.stringify({ agents: { exec: { env: { AGENT_TOKEN: secrets.agentEnv } } } })
  )
  return { root, ws, agent }
}

const noSecretIn = (text: string) => {
  for (const secret of Object.values(secrets)) assert.notInclude(text, secret)
}

const show = async (ws: string, runId: string) => {
  const text = await runCli(["show", runId], { cwd: ws })
  const json = await runCli(["show", runId, "--json"], { cwd: ws })
  const notifications = jsonDocument(json).notifications as Array<Record<string, unknown>>
  for (const n of notifications) assert.match(String(n.at), /^\d{4}-\d\d-\d\dT/, "each says when it was kept")
  return { text: text.stdout, notifications: notifications.map(({ at: _, ...rest }) => rest) }
}

describe.concurrent("ralph run --notify", () => {
  it("complete with verification: one JSON POST, its text line, its fields; show lists it", async () => {
    const r = await receiver()
    const { agent, ws } = setup([printJson(continueReport), `touch done.txt; ${printJson(completeReport)}`])
    const url = `${r.url}/services/T0/HOOK-TOKEN-SECRET`
    const result = await runCli(
      [...execArgs(agent, "--json", "--notify", url, "--verify", "test -f done.txt"), "finish"],
      { cwd: ws, env: secretEnv }
    )
    assert.strictEqual(result.code, 0, result.stderr)
    const runId = jsonDocument(result).runId as string
    assert.strictEqual(r.received.length, 1)
    const [request] = r.received
    assert.strictEqual(request!.method, "POST")
    assert.strictEqual(request!.path, "/services/T0/HOOK-TOKEN-SECRET")
    assert.strictEqual(request!.headers["content-type"], "application/json")
    const body = decode(request!.body)
    assert.strictEqual(body.text, `ralph run ${runId}: complete after 2 rounds, verified by test -f done.txt, $0.20`)
    assert.deepInclude(body, {
      event: "finished",
      runId,
      workspace: ws,
      status: "complete",
      limit: null,
      rounds: 2,
      agentsStarted: 2,
      spend: { inputTokens: 200, outputTokens: 40, costUsd: 0.2 },
      verification: { command: ["test", "-f", "done.txt"], exitCode: 0, outcome: "passed" }
    })
    noSecretIn(request!.body)
    const shown = await show(ws, runId)
    assert.deepStrictEqual(shown.notifications, [
      { url: `${r.url}/***`, event: "finished", outcome: "sent", status: 200, attempts: 1 }
    ])
    assert.include(shown.text, `notified ${r.url}/*** of finished: sent (200, 1 try)`)
    // The webhook's path is its secret: never shown.
    for (const text of [result.stdout, result.stderr, shown.text]) assert.notInclude(text, "HOOK-TOKEN-SECRET")
  })

  it("budget-limited: the status, its limit, and a spend that is unknown", async () => {
    const r = await receiver()
    const { agent, ws } = setup([printJson(continueReport)], 0)
    const result = await runCli([...execArgs(agent, "--json", "--max-rounds", "1", "--notify", r.url), "x"], {
      cwd: ws,
      env: secretEnv
    })
    assert.strictEqual(result.code, 3, result.stderr)
    const runId = jsonDocument(result).runId as string
    assert.strictEqual(r.received.length, 1)
    const body = decode(r.received[0]!.body)
    assert.strictEqual(body.text, `ralph run ${runId}: budget-limited (rounds) after 1 round, spend unknown`)
    assert.deepInclude(body, {
      event: "finished",
      status: "budget-limited",
      limit: "rounds",
      rounds: 1,
      spend: { inputTokens: null, outputTokens: null, costUsd: null },
      verification: null
    })
    noSecretIn(r.received[0]!.body)
  })

  it("a failed round: failed, with the error's tag and message", async () => {
    const r = await receiver()
    const { agent, ws } = setup([`echo "agent says $AGENT_TOKEN is mine" >/dev/null; exit 9`])
    const result = await runCli([...execArgs(agent, "--json", "--notify", r.url), "x"], { cwd: ws, env: secretEnv })
    assert.strictEqual(result.code, 4, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(r.received.length, 1)
    const body = decode(r.received[0]!.body)
    assert.deepInclude(body, { event: "failed", error: { _tag: "RoundFailed", message: error.message } })
    assert.strictEqual(body.text, `ralph run ${body.runId} failed: RoundFailed: ${error.message}`)
    noSecretIn(r.received[0]!.body)
    const shown = await show(ws, body.runId)
    assert.deepStrictEqual(shown.notifications.map((n) => [n.event, n.outcome]), [["failed", "sent"]])
  })

  it("500 twice, then 200: three requests, and the record says sent", async () => {
    const r = await receiver((n) => (n <= 2 ? 500 : 200))
    const { agent, ws } = setup([printJson(completeReport)])
    const result = await runCli([...execArgs(agent, "--json", "--notify", r.url), "x"], { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.strictEqual(r.received.length, 3)
    const shown = await show(ws, jsonDocument(result).runId)
    assert.deepStrictEqual(shown.notifications, [
      { url: r.url, event: "finished", outcome: "sent", status: 200, attempts: 3 }
    ])
    assert.include(shown.text, `notified ${r.url} of finished: sent (200, 3 tries)`)
  })

  it("a receiver that always answers 500 does not change the run's end; the record says failed (journal engine)", async () => {
    const r = await receiver(() => 500)
    const { agent, ws } = setup([printJson(completeReport)])
    const result = await runCli([...execArgs(agent, "--json", "--engine", "journal", "--notify", r.url), "x"], {
      cwd: ws,
      env: { RALPH_ENGINE: "journal" }
    })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.strictEqual(jsonDocument(result).result.status, "complete")
    assert.strictEqual(r.received.length, 3)
    const shown = await show(ws, jsonDocument(result).runId)
    assert.deepStrictEqual(shown.notifications, [
      { url: r.url, event: "finished", outcome: "failed", status: 500, error: "answered 500", attempts: 3 }
    ])
    assert.include(shown.text, `notified ${r.url} of finished: failed after 3 tries: answered 500`)
  })

  it("a closed port does not fail a failed run either: its exit code stays, the record says why", async () => {
    const url = await closedPort()
    const { agent, ws } = setup(["exit 9"])
    const result = await runCli([...execArgs(agent, "--json", "--notify", url), "x"], { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    assert.strictEqual(jsonDocument(result).error._tag, "RoundFailed")
    const runs = await runCli(["runs", "--json"], { cwd: ws })
    const runId = JSON.parse(runs.stdout)[0].runId
    const shown = await show(ws, runId)
    assert.deepStrictEqual(shown.notifications, [
      { url, event: "failed", outcome: "failed", error: "no answer (ECONNREFUSED)", attempts: 3 }
    ])
  })

  it("a receiver that never answers delays the run's end by the documented 10 s at most", async () => {
    const r = await receiver(() => "hang")
    const { agent, ws } = setup([printJson(completeReport)])
    const started = Date.now()
    const result = await runCli([...execArgs(agent, "--json", "--notify", r.url), "x"], { cwd: ws })
    const elapsed = Date.now() - started
    assert.strictEqual(result.code, 0, result.stderr)
    // Two tries of 5 s fit in the bound; the second is cut by it.
    assert.strictEqual(r.received.length, 2)
    assert.isAtLeast(elapsed, 10_000, "it waited for the webhook, up to the bound")
    assert.isBelow(elapsed, 10_000 + 8_000, "and no longer (8 s of slack for ralph's own start and run)")
    const shown = await show(ws, jsonDocument(result).runId)
    assert.deepInclude(shown.notifications[0], { outcome: "failed", attempts: 2 })
    assert.match(String(shown.notifications[0]!.error), /^gave up after 10s \(the bound on a notification\)/)
  }, 40_000)

  it("ralph resume --notify: the resumed run's end is told", async () => {
    const r = await receiver()
    const { root, ws, agent } = setup((root) => [
      `if [ -e ${sq(join(root, "fixed"))} ]; then ${printJson(completeReport)}; else exit 9; fi`
    ])
    const first = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws })
    assert.strictEqual(first.code, 4, first.stderr)
    const runId = jsonDocument(first).error.runId as string
    writeFileSync(join(root, "fixed"), "")
    const resumed = await runCli(["resume", runId, "--json", "--notify", r.url], { cwd: ws })
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    assert.strictEqual(r.received.length, 1)
    assert.deepInclude(decode(r.received[0]!.body), { event: "finished", runId, status: "complete" })
    const shown = await show(ws, runId)
    assert.deepStrictEqual(shown.notifications.map((n) => [n.event, n.outcome]), [["finished", "sent"]])
  })

  it("Ctrl-C: the cancelled run is told as failed, Cancelled, and still exits 130", async () => {
    const r = await receiver()
    const { root, ws, agent } = setup((root) => [`echo $$ > ${sq(join(root, "child.pid"))}; sleep 30`])
    const running = startCli([...execArgs(agent, "--notify", r.url), "x"], { cwd: ws })
    await waitForPid(join(root, "child.pid"))
    running.child.kill("SIGINT")
    const result = await running.result
    assert.strictEqual(result.code, 130, result.stderr)
    assert.strictEqual(r.received.length, 1)
    const body = decode(r.received[0]!.body)
    assert.deepInclude(body, { event: "failed" })
    assert.strictEqual(body.event === "failed" ? body.error._tag : "", "Cancelled")
  })

  it("ralph mcp --notify: each call's run is told", async () => {
    const r = await receiver()
    const { agent, ws } = setup([printJson(completeReport)])
    const session = await connectMcp(["--agent-cmd", agent, "--kill-grace", "300ms", "--notify", r.url], { cwd: ws })
    sessions.push(session)
    const result = await session.client.callTool({ name: "ralph", arguments: { objective: "x" } })
    const runId = (result.structuredContent as { readonly runId: string }).runId
    assert.strictEqual(r.received.length, 1)
    assert.deepInclude(decode(r.received[0]!.body), { event: "finished", runId, status: "complete" })
  }, 60_000)

  it("RALPH_NOTIFY (URLs split by spaces) and the file's notify; a flag replaces them", async () => {
    const a = await receiver()
    const b = await receiver()
    const c = await receiver()
    const { agent, ws } = setup([printJson(completeReport)])
    const viaVariable = await runCli([...execArgs(agent), "x"], { cwd: ws, env: { RALPH_NOTIFY: `${a.url} ${b.url}` } })
    assert.strictEqual(viaVariable.code, 0, viaVariable.stderr)
    assert.deepStrictEqual([a.received.length, b.received.length], [1, 1])
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ notify: [c.url] }))
    const viaFile = await runCli([...execArgs(agent), "x"], { cwd: ws })
    assert.strictEqual(viaFile.code, 0, viaFile.stderr)
    assert.strictEqual(c.received.length, 1)
    const viaFlag = await runCli([...execArgs(agent, "--notify", a.url), "x"], { cwd: ws })
    assert.strictEqual(viaFlag.code, 0, viaFlag.stderr)
    assert.deepStrictEqual([a.received.length, c.received.length], [2, 1])
  })

  it("a URL that is not http or https is refused, without repeating it", async () => {
    const { agent, ws } = setup([printJson(completeReport)])
    const flag = await runCli([...execArgs(agent, "--notify", "ftp://host/SECRET-1"), "x"], { cwd: ws })
    assert.strictEqual(flag.code, 1)
    assert.include(flag.stderr, "expected an http:// or https:// URL, got a ftp: URL")
    const variable = await runCli([...execArgs(agent), "x"], {
      cwd: ws,
      env: { RALPH_NOTIFY: "https://ok.example/ hooks/SECRET-2" }
    })
    assert.strictEqual(variable.code, 1)
    assert.include(variable.stderr, "RALPH_NOTIFY")
    assert.include(variable.stderr, "got text that is not a URL")
    for (const text of [flag.stdout, flag.stderr, variable.stdout, variable.stderr]) assert.notInclude(text, "SECRET")
  })
})
