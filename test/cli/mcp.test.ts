/**
 * `ralph mcp` through real MCP clients over the built binary's stdio: the official TypeScript
 * SDK's (as agent hosts use it; it sends progress tokens and cancellations) and effect's own.
 */
import * as NodeServices from "@effect/platform-node/NodeServices"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as McpClient from "effect/ai/McpClient"
import * as McpProtocol from "effect/ai/McpProtocol"
import { ChildProcess } from "effect/process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { ralphTool } from "../../src/domain/tool.ts"
import { isGone, killGroup, readPid, sq, waitFor, waitForPid, writeAgent } from "../support/agents.ts"
import { cliEnv, ensureCli, execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { connectMcp, type McpSession, rawMcp } from "../support/mcp.ts"
import { completeReport, continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const leftovers: Array<number> = []
const sessions: Array<McpSession> = []
afterAll(async () => {
  leftovers.forEach(killGroup)
  await Promise.all(sessions.map((session) => session.client.close()))
  removeWorkspaces()
})

const longSummary = "word ".repeat(400).trim()

/**
 * One agent for every case, chosen by a word in the objective (which each round's prompt carries
 * verbatim): @hang@ records its pid and a grandchild's and waits; @fail@ exits 3 until the file
 * `fixed` exists; @long@ completes with a long summary; anything else continues in round 1 and
 * completes in round 2.
 */
const workspace = () => {
  const { root, ws } = newWorkspace()
  const ordinary = [
    `if [ "$RALPH_ROUND" = 1 ]; then printf '%s' ${sq(JSON.stringify(continueReport))} > "$RALPH_REPORT_FILE"`,
    `else printf '%s' ${sq(JSON.stringify(completeReport))} > "$RALPH_REPORT_FILE"; fi`
  ].join("\n")
  const agent = writeAgent(
    root,
    "agent.sh",
    [
      `prompt=$(cat)`,
      `case "$prompt" in`,
      `*@hang@*)`,
      `  sleep 60 &`,
      `  echo $! > ${sq(join(root, "grandchild.pid"))}`,
      `  echo $$ > ${sq(join(root, "child.pid"))}`,
      `  wait ;;`,
      `*@fail@*)`,
      `  if [ ! -e ${sq(join(root, "fixed"))} ]; then echo "the agent broke" >&2; exit 3; fi`,
      ordinary,
      `  ;;`,
      `*@long@*)`,
      `  printf '%s' ${sq(JSON.stringify({ ...completeReport, summary: longSummary }))} > "$RALPH_REPORT_FILE" ;;`,
      `*)`,
      ordinary,
      `  ;;`,
      `esac`
    ].join("\n")
  )
  return { root, ws, agent }
}

const serve = async (agent: string, ws: string, env: Readonly<Record<string, string>> = {}) => {
  const session = await connectMcp(["--agent-cmd", agent, "--kill-grace", "300ms"], { cwd: ws, env })
  sessions.push(session)
  return session
}

const textOf = (result: unknown): string => {
  const content = (result as { readonly content: unknown }).content as ReadonlyArray<
    { readonly type: string; readonly text?: string }
  >
  assert.strictEqual(content.length, 1)
  assert.strictEqual(content[0]!.type, "text")
  return content[0]!.text!
}

/** The runs recorded in the workspace's state dir, as `ralph runs --json` lists them. */
const recordedRuns = async (ws: string): Promise<ReadonlyArray<Record<string, any>>> => {
  const listed = await runCli(["runs", "--json"], { cwd: ws })
  return JSON.parse(listed.stdout) as ReadonlyArray<Record<string, any>>
}

describe("ralph mcp holds every call to the gate it started with", () => {
  it(
    "a call whose worker rewrote the gate script: a later call's claim is checked against the script as the server started",
    async () => {
      const { root, ws } = newWorkspace()
      const agent = writeAgent(
        root,
        "agent.sh",
        [
          `case "$(cat)" in *@rewrite@*) printf 'exit 0\\n' > check.sh ;; esac`,
          `printf '%s' ${sq(JSON.stringify(completeReport))} > "$RALPH_REPORT_FILE"`
        ].join("\n")
      )
      writeFileSync(join(ws, "check.sh"), "test -f done.txt\n")
      const session = await connectMcp(["--agent-cmd", agent, "--verify", "sh check.sh", "--kill-grace", "300ms"], {
        cwd: ws
      })
      sessions.push(session)
      const call = async (objective: string) =>
        (await session.client.callTool({ name: "ralph", arguments: { objective, maxRounds: 1 } }))
          .structuredContent as Record<string, any>
      const first = await call("Rewrite the gate @rewrite@")
      assert.deepStrictEqual(first.result.protectedChanged, ["check.sh"])
      assert.strictEqual(readFileSync(join(ws, "check.sh"), "utf8"), "exit 0\n")
      const second = await call("Just claim it")
      assert.strictEqual(second.result.status, "budget-limited", "not verified by the rewritten gate")
      assert.deepStrictEqual(second.result.protectedChanged, ["check.sh"])
    },
    60_000
  )
})

describe("ralph mcp", () => {
  it(
    "lists the ralph tool with the definition's parameters and description, and the guidance as instructions",
    async () => {
      const { agent, ws } = workspace()
      const { client, errors } = await serve(agent, ws)
      assert.strictEqual(client.getServerVersion()?.name, "ralph")
      assert.strictEqual(client.getInstructions(), ralphTool.guidance)
      const { tools } = await client.listTools()
      assert.deepStrictEqual(tools.map((tool) => tool.name), ["ralph"])
      const tool = tools[0]!
      assert.strictEqual(tool.description, ralphTool.description)
      assert.deepStrictEqual(
        JSON.parse(JSON.stringify(tool.inputSchema)),
        JSON.parse(JSON.stringify(ralphTool.parameters))
      )
      assert.strictEqual(tool.outputSchema?.type, "object")
      assert.deepStrictEqual(errors, [])
    },
    60_000
  )

  it("negotiates each protocol revision it serves, and offers its newest for any other", async () => {
    const { agent, ws } = workspace()
    const versions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2023-01-01"]
    const answered: Array<string> = []
    for (const version of versions) {
      const peer = rawMcp(["--agent-cmd", agent], { cwd: ws })
      peer.send({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "raw", version: "1" } }
      })
      const line = await waitFor("the initialize result", () => peer.lines[0], 15_000)
      answered.push(JSON.parse(line).result.protocolVersion)
      peer.child.stdin!.end()
      // The client closing stdin ends the server.
      assert.strictEqual(await peer.exited, 0)
    }
    assert.deepStrictEqual(answered, ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2025-11-25"])
  }, 90_000)

  for (const protocol of [McpProtocol.v2025_11_25, McpProtocol.v2026_07_28]) {
    it(
      `serves effect's own McpClient at ${protocol.protocolVersion}: lists, calls, refuses a malformed call`,
      async () => {
        const { agent, ws } = workspace()
        const program = Effect.gen(function*() {
          const client = yield* McpClient.McpClient
          assert.strictEqual(client.protocolVersion, protocol.protocolVersion)
          assert.strictEqual(client.instructions, ralphTool.guidance)
          const tools = yield* client.listTools()
          assert.deepStrictEqual(tools.map((tool) => tool.name), ["ralph"])
          const done = yield* client.callTool({ tool: tools[0]!, arguments: { objective: "Build the thing" } })
          assert.notStrictEqual(done.isError, true)
          assert.include(textOf(done), "The worker reported the objective complete after 2 rounds")
          assert.strictEqual((done.structuredContent as Record<string, any>).result.status, "complete")
          const refused = yield* client.callTool({ tool: tools[0]!, arguments: { objective: 7 } })
          assert.isTrue(refused.isError)
          assert.strictEqual((refused.structuredContent as Record<string, any>).error._tag, "InvalidArguments")
        })
        await program.pipe(
          Effect.provide(McpClient.layerStdio({
            name: "ralph-test-host",
            version: "1.0.0",
            protocol,
            command: ChildProcess.make(process.execPath, [ensureCli(), "mcp", "--agent-cmd", agent], {
              cwd: ws,
              env: cliEnv(ws)
            })
          })),
          Effect.provide(NodeServices.layer),
          Effect.runPromise
        )
      },
      60_000
    )
  }

  it(
    "runs a loop with the server's agent, reports each round as progress, and returns the text and the envelope",
    async () => {
      const { agent, ws } = workspace()
      const { client, errors, stderr } = await serve(agent, ws)
      const progress: Array<{ progress: number; total?: number | undefined; message?: string | undefined }> = []
      const result = await client.callTool(
        { name: "ralph", arguments: { objective: "Build the thing", maxRounds: 3 } },
        undefined,
        { onprogress: (notification) => progress.push(notification), timeout: 60_000 }
      )
      assert.isUndefined(result.isError)
      const envelope = result.structuredContent as Record<string, any>
      assert.strictEqual(envelope.agentsStarted, 2)
      assert.deepInclude(envelope.result, { status: "complete", roundsStarted: 2, report: completeReport })
      assert.deepStrictEqual(envelope.result.usage.rounds.map((r: { round: number }) => r.round), [1, 2])
      const text = textOf(result)
      assert.include(text, "The worker reported the objective complete after 2 rounds")
      assert.include(text, `Run ${envelope.runId}, agents started: 2.`)
      // Each round's start, and the end of every round that does not end the run (the result says that).
      assert.deepStrictEqual(progress.map((p) => [p.progress, p.total]), [[0.5, 3], [1, 3], [1.5, 3]])
      assert.deepStrictEqual(progress.map((p) => p.message?.replace(/\d+ms|\d+(?:\.\d)?s/, "D")), [
        "round 1/3 · exec · started",
        `round 1/3 · exec · D · continue · ${continueReport.summary} · tokens unknown, cost unknown · workspace unchanged`,
        "round 2/3 · exec · started"
      ])
      // Progress lines and logs go to stderr; stdout held nothing but the protocol.
      assert.include(stderr(), `ralph: run ${envelope.runId} started with exec, up to 3 rounds`)
      assert.deepStrictEqual(errors, [])
      // Recorded like any other run.
      const shown = jsonDocument(await runCli(["show", envelope.runId, "--json"], { cwd: ws }))
      assert.strictEqual(shown.state, "complete")
      assert.deepStrictEqual(shown.result, envelope)
    },
    60_000
  )

  it("lets a person inspect the recorded runs as resources, a run in flight included", async () => {
    const { agent, root, ws } = workspace()
    const { client } = await serve(agent, ws)
    const { resources } = await client.listResources()
    assert.deepStrictEqual(resources.map((r) => [r.uri, r.mimeType]), [["ralph://runs", "application/json"]])
    const { resourceTemplates } = await client.listResourceTemplates()
    assert.deepStrictEqual(resourceTemplates.map((t) => t.uriTemplate), ["ralph://runs/{runId}"])
    const read = async (uri: string) => {
      const { contents } = await client.readResource({ uri })
      const [content] = contents
      assert.isDefined(content)
      assert.isTrue("text" in content, "a text resource")
      return JSON.parse((content as { text: string }).text)
    }
    // A run of another workspace recorded in the same state dir is not this server's.
    const other = join(root, "other")
    mkdirSync(other)
    const elsewhere = await runCli([...execArgs(agent, "--workspace", other, "--json"), "Elsewhere"], { cwd: ws })
    assert.strictEqual(elsewhere.code, 0, elsewhere.stderr)
    assert.deepStrictEqual(await read("ralph://runs"), [])
    const done = await client.callTool({ name: "ralph", arguments: { objective: "Build the thing", maxRounds: 3 } })
    const { runId } = done.structuredContent as { runId: string }
    const [listed] = await read("ralph://runs")
    assert.deepInclude(listed, { runId, state: "complete", rounds: 2, objective: "Build the thing" })
    const shown = await read(`ralph://runs/${runId}`)
    assert.strictEqual(shown.state, "complete")
    assert.deepStrictEqual(shown.rounds.map((r: { status: string }) => r.status), ["finished", "finished"])
    assert.deepStrictEqual(shown.result, done.structuredContent)
    // A run in flight shows its rounds so far.
    const abort = new AbortController()
    const waiting = client.callTool({ name: "ralph", arguments: { objective: "Wait @hang@" } }, undefined, {
      signal: abort.signal
    }).catch((error: Error) => error)
    const child = await waitForPid(join(root, "child.pid"), 15_000)
    leftovers.push(child)
    const listing = await read("ralph://runs")
    assert.strictEqual(listing.length, 2)
    const running = listing.find((r: { runId: string }) => r.runId !== runId)
    assert.strictEqual(running.state, "running")
    const inFlight = await read(`ralph://runs/${running.runId}`)
    assert.deepStrictEqual(inFlight.rounds.map((r: { status: string }) => r.status), ["running"])
    abort.abort()
    await waiting
    // An unknown run is a resource the server has not got (MCP's -32002), not an internal error.
    for (const uri of ["ralph://runs/20990101-000000-abcdef", "ralph://runs/..%2F"]) {
      const missing = await client.readResource({ uri }).then(
        () => undefined,
        (error: Error & { code?: number }) => error
      )
      assert.strictEqual(missing?.code, -32002, missing?.message)
      assert.include(missing?.message, uri)
    }
  }, 60_000)

  it("bounds the text by maxResultChars and keeps the whole envelope in the structured content", async () => {
    const { agent, ws } = workspace()
    const { client } = await serve(agent, ws, { RALPH_MAX_RESULT_CHARS: "300" })
    const result = await client.callTool({ name: "ralph", arguments: { objective: "Write a lot @long@" } })
    const text = textOf(result)
    assert.strictEqual(text.length, 300)
    assert.isTrue(text.endsWith("\n… [truncated]"))
    const envelope = result.structuredContent as Record<string, any>
    assert.strictEqual(envelope.result.report.summary, longSummary)
  }, 60_000)

  it("cancelling the call stops the run and its children, and the server serves on", async () => {
    const { agent, root, ws } = workspace()
    const { client, errors } = await serve(agent, ws)
    const abort = new AbortController()
    const call = client.callTool({ name: "ralph", arguments: { objective: "Wait @hang@" } }, undefined, {
      signal: abort.signal,
      timeout: 60_000
    })
    const child = await waitForPid(join(root, "child.pid"), 15_000)
    const grandchild = await waitForPid(join(root, "grandchild.pid"), 15_000)
    leftovers.push(child, grandchild)
    assert.isFalse(isGone(child))
    abort.abort("the person changed their mind")
    const rejected = await call.then(() => undefined, (error: Error) => error)
    assert.isDefined(rejected)
    await waitFor("the round's processes to stop", () => isGone(child) && isGone(grandchild) ? true : undefined)
    // The run is recorded as cancelled once its child is gone.
    const recorded = await waitForRun(ws, (run) => run.state === "cancelled")
    assert.strictEqual(recorded.state, "cancelled")
    const { tools } = await client.listTools()
    assert.strictEqual(tools.length, 1)
    assert.deepStrictEqual(errors, [])
  }, 60_000)

  it("a failed run is a tool error carrying its tag and run id, and resumes from the CLI", async () => {
    const { agent, root, ws } = workspace()
    const { client } = await serve(agent, ws)
    const result = await client.callTool({ name: "ralph", arguments: { objective: "Try @fail@", maxRounds: 3 } })
    assert.isTrue(result.isError)
    const { error } = result.structuredContent as { error: Record<string, any> }
    assert.strictEqual(error._tag, "RoundFailed")
    assert.strictEqual(error.round, 1)
    assert.match(error.runId, /^\d{8}-\d{6}-[0-9a-f]+$/)
    const text = textOf(result)
    assert.include(text, "Round 1 failed (crashed)")
    assert.include(text, `ralph resume ${error.runId}`)
    assert.include(text, "the agent broke")
    writeFileSync(join(root, "fixed"), "")
    const resumed = await runCli(["resume", error.runId, "--json"], { cwd: ws })
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    const envelope = jsonDocument(resumed)
    assert.strictEqual(envelope.runId, error.runId)
    assert.strictEqual(envelope.result.status, "complete")
  }, 60_000)

  it("refuses a malformed call with a clear error before anything runs", async () => {
    const { agent, ws } = workspace()
    const { client } = await serve(agent, ws, { RALPH_MAX_ROUNDS: "5" })
    const refusal = async (args: Record<string, unknown>) => {
      const result = await client.callTool({ name: "ralph", arguments: args })
      assert.isTrue(result.isError, JSON.stringify(args))
      const { error } = result.structuredContent as { error: Record<string, any> }
      assert.strictEqual(error._tag, "InvalidArguments")
      assert.isUndefined(error.runId)
      assert.strictEqual(textOf(result), `ralph: ${error.message}`)
      return error.message as string
    }
    assert.include(await refusal({}), `Missing key at ["objective"]`)
    assert.include(await refusal({ objective: 42 }), `Expected string at ["objective"]`)
    assert.include(await refusal({ objective: "   " }), "objective: must not be empty")
    assert.include(await refusal({ objective: "x", maxRounds: 1.5 }), "maxRounds")
    assert.include(await refusal({ objective: "x", maxRounds: 6 }), "5")
    // The model supplies data only: it cannot choose the agent.
    assert.include(await refusal({ objective: "x", agent: "claude" }), `Expected no excess property at ["agent"]`)
    const unknown = await client.callTool({ name: "ralphh", arguments: { objective: "x" } }).then(
      (result) => result,
      (error: Error) => error
    )
    assert.match(unknown instanceof Error ? unknown.message : JSON.stringify(unknown), /ralphh/)
    assert.deepStrictEqual(await recordedRuns(ws), [])
  }, 60_000)

  it("--max-time bounds each call from its own start, not from the server's", async () => {
    const { agent, root, ws } = workspace()
    const session = await connectMcp(["--agent-cmd", agent, "--kill-grace", "300ms", "--max-time", "1500ms"], {
      cwd: ws
    })
    sessions.push(session)
    // Longer than the budget passes before the call.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const started = Date.now()
    const result = await session.client.callTool({ name: "ralph", arguments: { objective: "Wait @hang@" } })
    const took = Date.now() - started
    leftovers.push(...[join(root, "child.pid"), join(root, "grandchild.pid")].flatMap((f) => readPid(f) ?? []))
    assert.isTrue(result.isError)
    const { error } = result.structuredContent as { error: Record<string, any> }
    assert.strictEqual(error._tag, "RoundFailed")
    assert.strictEqual(error.reason, "time-budget")
    assert.isAtLeast(took, 1300, "the call had its whole budget")
  }, 60_000)

  it("a second call while a run holds the workspace is WorkspaceLocked, naming the run", async () => {
    const { agent, root, ws } = workspace()
    const { client } = await serve(agent, ws)
    const abort = new AbortController()
    const first = client.callTool({ name: "ralph", arguments: { objective: "Wait @hang@" } }, undefined, {
      signal: abort.signal,
      timeout: 60_000
    }).catch((error: Error) => error)
    const child = await waitForPid(join(root, "child.pid"), 15_000)
    leftovers.push(child)
    const [running] = await recordedRuns(ws)
    const second = await client.callTool({ name: "ralph", arguments: { objective: "Build the thing" } })
    assert.isTrue(second.isError)
    const { error } = second.structuredContent as { error: Record<string, any> }
    assert.strictEqual(error._tag, "WorkspaceLocked")
    assert.strictEqual(error.runId, running!.runId)
    abort.abort()
    await first
    await waitFor("the first run's child to stop", () => isGone(child) ? true : undefined)
  }, 60_000)

  it("SIGTERM stops the server after cancelling the run in flight and stopping its children", async () => {
    const { agent, root, ws } = workspace()
    const { client, transport } = await serve(agent, ws)
    const call = client.callTool({ name: "ralph", arguments: { objective: "Wait @hang@" } }, undefined, {
      timeout: 60_000
    }).catch((error: Error) => error)
    const child = await waitForPid(join(root, "child.pid"), 15_000)
    const grandchild = await waitForPid(join(root, "grandchild.pid"), 15_000)
    leftovers.push(child, grandchild)
    const server = transport.pid!
    process.kill(server, "SIGTERM")
    assert.instanceOf(await call, Error)
    await waitFor("the server to exit", () => isGone(server) ? true : undefined)
    assert.isTrue(isGone(child) && isGone(grandchild), "no process of the round is left")
    const [run] = await recordedRuns(ws)
    assert.strictEqual(run?.state, "cancelled")
    const shown = jsonDocument(await runCli(["show", run!.runId, "--json"], { cwd: ws }))
    assert.strictEqual(shown.error._tag, "Cancelled")
    assert.strictEqual(shown.error.signal, "SIGTERM")
  }, 60_000)

  it("a client closing stdin mid-round stops the run and its children, and the server exits", async () => {
    const { agent, root, ws } = workspace()
    const peer = rawMcp(["--agent-cmd", agent, "--kill-grace", "300ms"], { cwd: ws })
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } }
    })
    await waitFor("the initialize result", () => peer.lines[0], 15_000)
    peer.send({ jsonrpc: "2.0", method: "notifications/initialized" })
    peer.send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "ralph", arguments: { objective: "Wait @hang@" } }
    })
    const child = await waitForPid(join(root, "child.pid"), 15_000)
    const grandchild = await waitForPid(join(root, "grandchild.pid"), 15_000)
    leftovers.push(child, grandchild)
    peer.child.stdin!.end()
    assert.strictEqual(await peer.exited, 0)
    assert.isTrue(isGone(child) && isGone(grandchild), "no process of the round is left")
    const runs = await recordedRuns(ws)
    assert.deepStrictEqual(runs.map((run) => run.state), ["cancelled"])
    // The client is gone: the cancelled call gets no "Internal error" reply (nor any other).
    assert.deepStrictEqual(peer.lines.slice(1), [])
  }, 60_000)

  it(
    "answers a line that is not JSON with a parse error and a message that is not a request with an invalid-request error, and serves on",
    async () => {
      const { agent, ws } = workspace()
      const peer = rawMcp(["--agent-cmd", agent], { cwd: ws })
      const initialize = {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } }
      }
      // One write: a bad line does not take the lines after it down with it.
      peer.child.stdin!.write(
        [
          "this is not JSON",
          "42",
          JSON.stringify({ jsonrpc: "2.0", id: 7 }),
          JSON.stringify({ jsonrpc: "2.0", id: 8, method: 5 }),
          JSON.stringify({ id: 9, method: "ping" }),
          JSON.stringify(initialize)
        ].join("\n") + "\n"
      )
      await waitFor("five errors and the initialize result", () => peer.lines.length >= 6 ? true : undefined, 15_000)
      const replies = peer.lines.map((line) => JSON.parse(line))
      assert.deepStrictEqual(replies.slice(0, 5).map((reply) => [reply.id, reply.error?.code]), [
        [null, -32700],
        [null, -32600],
        [7, -32600],
        [8, -32600],
        [9, -32600]
      ])
      assert.strictEqual(replies[5].id, 1)
      assert.strictEqual(replies[5].result.protocolVersion, "2025-11-25")
      peer.send({ jsonrpc: "2.0", method: "notifications/initialized" })
      peer.send({ jsonrpc: "2.0", id: 2, method: "tools/list" })
      const listed = await waitFor("the tools", () => peer.lines[6], 15_000)
      assert.deepStrictEqual(JSON.parse(listed).result.tools.map((tool: { name: string }) => tool.name), ["ralph"])
      peer.child.stdin!.end()
      assert.strictEqual(await peer.exited, 0)
    },
    60_000
  )
})

/** Polls the record until its one run is in the state `accept` wants. */
const waitForRun = async (ws: string, accept: (run: Record<string, any>) => boolean) => {
  const deadline = Date.now() + 10_000
  for (;;) {
    const runs = await recordedRuns(ws)
    if (runs.length === 1 && accept(runs[0]!)) return runs[0]!
    if (Date.now() > deadline) throw new Error(`the run never got there: ${JSON.stringify(runs)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
