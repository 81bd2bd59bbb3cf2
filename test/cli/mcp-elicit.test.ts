/**
 * `ralph mcp --on-blocked ask` with the official SDK's client over the built binary's stdio: a
 * client that declares the `elicitation` capability is asked (`elicitation/create`) with the
 * blocker, and its answer continues the run, its decline ends it blocked (a result, not a tool
 * error); a client that does not declare it gets the run ended at the blocker, unasked.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { sq, writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { connectMcp, type McpSession } from "../support/mcp.ts"
import { blockedReport, completeReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const sessions: Array<McpSession> = []
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.client.close()))
  removeWorkspaces()
})

const blocker = "Should the API keep its v1 routes?"

/** Round 1 reports blocked; round 2 keeps its prompt and completes. */
const workspace = () => {
  const { root, ws } = newWorkspace()
  const agent = writeAgent(
    root,
    "agent.sh",
    [
      `if [ "$RALPH_ROUND" = 1 ]; then`,
      `  cat > /dev/null`,
      `  printf '%s' ${sq(JSON.stringify({ ...blockedReport, blocker }))} > "$RALPH_REPORT_FILE"`,
      `else`,
      `  cat > ${sq(join(root, "prompt-2.txt"))}`,
      `  printf '%s' ${sq(JSON.stringify(completeReport))} > "$RALPH_REPORT_FILE"`,
      `fi`
    ].join("\n")
  )
  return { root, ws, agent }
}

/** A host that declares elicitation and answers each request with `respond` (keeping what it was asked). */
const elicitingClient = (asked: Array<string>, respond: () => ElicitResult) => () => {
  const client = new Client({ name: "ralph-test-host", version: "1.0.0" }, { capabilities: { elicitation: {} } })
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message)
    return respond()
  })
  return client
}

const serve = async (agent: string, ws: string, client?: () => Client) => {
  const session = await connectMcp(["--agent-cmd", agent, "--kill-grace", "300ms", "--on-blocked", "ask"], {
    cwd: ws,
    ...(client === undefined ? {} : { client })
  })
  sessions.push(session)
  return session
}

const call = (session: McpSession) =>
  session.client.callTool({ name: "ralph", arguments: { objective: "Clean up the API" } }) as Promise<{
    isError?: boolean
    structuredContent?: Record<string, any>
  }>

describe.concurrent("ralph mcp --on-blocked ask", () => {
  it("a client that declares elicitation is asked with the blocker; its answer continues the run", async () => {
    const { agent, root, ws } = workspace()
    const asked: Array<string> = []
    const session = await serve(
      agent,
      ws,
      elicitingClient(asked, () => ({ action: "accept", content: { answer: "Keep v1 until March." } }))
    )
    const result = await call(session)
    assert.notStrictEqual(result.isError, true, JSON.stringify(result))
    const envelope = result.structuredContent!
    assert.strictEqual(envelope.result.status, "complete")
    assert.strictEqual(envelope.agentsStarted, 2)
    assert.strictEqual(asked.length, 1)
    assert.include(asked[0]!, blocker)
    assert.include(asked[0]!, `ralph run ${envelope.runId} is blocked after round 1`)
    const prompt = readFileSync(join(root, "prompt-2.txt"), "utf8")
    assert.include(prompt, "## A person's answer to the blocker")
    assert.include(prompt, "Keep v1 until March.")
    // The answer is in the run's record, as one given with `ralph answer`.
    const shown = jsonDocument(await runCli(["show", envelope.runId, "--json"], { cwd: ws }))
    assert.deepStrictEqual(shown.messages.map((m: any) => [m.type, m.round, m.text]), [[
      "answer",
      1,
      "Keep v1 until March."
    ]])
  }, 60_000)

  it("a decline ends the run blocked: a normal result, not a tool error", async () => {
    const { agent, root, ws } = workspace()
    const asked: Array<string> = []
    const session = await serve(agent, ws, elicitingClient(asked, () => ({ action: "decline" })))
    const result = await call(session)
    assert.notStrictEqual(result.isError, true, JSON.stringify(result))
    assert.strictEqual(result.structuredContent!.result.status, "blocked")
    assert.strictEqual(result.structuredContent!.result.report.blocker, blocker)
    assert.strictEqual(result.structuredContent!.agentsStarted, 1)
    assert.strictEqual(asked.length, 1)
    assert.isFalse(existsSync(join(root, "prompt-2.txt")))
  }, 60_000)

  it("an answer that breaks the rules is asked again, saying why", async () => {
    const { agent, ws } = workspace()
    const asked: Array<string> = []
    const answers = ["   ", "Keep v1."]
    const session = await serve(
      agent,
      ws,
      elicitingClient(asked, () => ({ action: "accept", content: { answer: answers[asked.length - 1]! } }))
    )
    const result = await call(session)
    assert.strictEqual(result.structuredContent!.result.status, "complete")
    assert.strictEqual(asked.length, 2)
    assert.include(asked[1]!, "Your last answer was not taken: the answer is empty")
  }, 60_000)

  it("a client without the elicitation capability: the run ends at its blocker, as with onBlocked stop", async () => {
    const { agent, root, ws } = workspace()
    const session = await serve(agent, ws)
    const result = await call(session)
    assert.notStrictEqual(result.isError, true)
    const envelope = result.structuredContent!
    assert.strictEqual(envelope.result.status, "blocked")
    assert.strictEqual(envelope.agentsStarted, 1)
    assert.isFalse(existsSync(join(root, "prompt-2.txt")))
    const shown = jsonDocument(await runCli(["show", envelope.runId, "--json"], { cwd: ws }))
    assert.strictEqual(shown.waiting, null)
    assert.deepStrictEqual(shown.guards, {}, "the call's run was not an asking one")
  }, 60_000)
})
