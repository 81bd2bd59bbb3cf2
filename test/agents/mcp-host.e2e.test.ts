/**
 * A real agent CLI as the MCP *host*: `claude -p` (pinned, in .agents/) is given `ralph mcp` as an
 * MCP server, and the fake model server tells it to call the `ralph` tool; the loop runs an exec
 * agent, and the tool's result goes back to the model as claude's tool result.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { completeReport } from "../support/reports.ts"
import { agentBinary, type AgentSandbox, agentSandbox } from "./agent-env.ts"
import { ralphBin } from "./e2e.ts"
import { type FakeModelServer, startFakeModelServer } from "./fake-model-server.ts"

let server: FakeModelServer
let sandbox: AgentSandbox
const dirs: Array<string> = []
beforeAll(async () => {
  server = await startFakeModelServer()
  sandbox = agentSandbox("claude", server)
})
afterAll(async () => {
  sandbox.dispose()
  await server.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const run = (command: string, args: ReadonlyArray<string>, options: { cwd: string; env: Record<string, string> }) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"], detached: true })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 150_000)
    child.on("error", reject)
    child.on("close", (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })

describe("claude as the MCP host of ralph mcp", () => {
  it("calls the ralph tool, the loop runs, and the result reaches the model", async () => {
    const root = mkdtempSync(join(tmpdir(), "ralph-mcp-host-"))
    dirs.push(root)
    const ws = join(root, "ws")
    mkdirSync(ws)
    const agent = join(root, "agent.sh")
    writeFileSync(
      agent,
      `#!/bin/sh\ncat > /dev/null\nprintf '%s' '${JSON.stringify(completeReport)}' > "$RALPH_REPORT_FILE"\n`
    )
    chmodSync(agent, 0o755)
    const stateDir = join(root, "state")
    const mcpConfig = join(root, "mcp.json")
    writeFileSync(
      mcpConfig,
      JSON.stringify({
        mcpServers: {
          ralph: {
            type: "stdio",
            command: process.execPath,
            args: [ralphBin, "mcp", "--workspace", ws, "--agent-cmd", agent],
            env: { RALPH_STATE_DIR: stateDir }
          }
        }
      })
    )
    server.reset()
    server.script(
      // claude defers MCP tools: the model first loads the tool's schema with ToolSearch, as it would.
      { kind: "tool", name: "ToolSearch", input: { query: "select:mcp__ralph__ralph", max_results: 1 } },
      { kind: "tool", name: "mcp__ralph__ralph", input: { objective: "Write the release notes", maxRounds: 2 } },
      { kind: "text", text: "The ralph worker reported the objective complete; I have not verified it." }
    )
    const result = await run(
      agentBinary("claude"),
      [
        "-p",
        "Run a Ralph loop to write the release notes.",
        "--output-format",
        "json",
        "--mcp-config",
        mcpConfig,
        "--strict-mcp-config",
        "--allowedTools",
        "mcp__ralph__ralph",
        "--max-turns",
        "4",
        "--no-session-persistence"
      ],
      { cwd: ws, env: sandbox.env }
    )
    assert.strictEqual(result.code, 0, `${result.stdout}\n${result.stderr}`)
    const answer = JSON.parse(result.stdout)
    assert.strictEqual(answer.is_error, false, result.stdout)
    assert.deepStrictEqual(server.unexpected, [])
    // The model was offered the tool with ralph's description, and got the loop's result back.
    const main = server.requests.filter((request) => request.role === "main")
    const offered = main.flatMap((request) => request.body.tools as Array<{ name: string; description: string }>)
      .find((tool) => tool.name === "mcp__ralph__ralph")
    assert.include(offered?.description ?? "", "Run a Ralph loop")
    const toolResults = (main.at(-1)!.body.messages as Array<{ content: unknown }>).flatMap((message) =>
      Array.isArray(message.content) ? message.content.filter((block) => block.type === "tool_result") : []
    )
    // The run is recorded like any other.
    const listed = await run(process.execPath, [ralphBin, "runs", "--json"], {
      cwd: ws,
      env: { ...sandbox.env, RALPH_STATE_DIR: stateDir }
    })
    const runs = JSON.parse(listed.stdout) as Array<{ runId: string; state: string; objective: string }>
    assert.deepStrictEqual(runs.map((r) => [r.state, r.objective]), [["complete", "Write the release notes"]])
    // claude hands the model the structured content (the envelope) rather than the text, when a
    // result has both; the guidance reaches it as the server's instructions.
    const content = (toolResults.at(-1) as { content: unknown }).content
    const envelope = JSON.parse(String(content))
    assert.deepStrictEqual({ runId: envelope.runId, agentsStarted: envelope.agentsStarted }, {
      runId: runs[0]!.runId,
      agentsStarted: 1
    })
    assert.deepInclude(envelope.result, { status: "complete", roundsStarted: 1, report: completeReport })
    assert.deepStrictEqual(envelope.result.usage.rounds.map((r: { round: number }) => r.round), [1])
    assert.include(JSON.stringify(main.at(-1)!.body), "a reported completion is a claim")
  })
})
