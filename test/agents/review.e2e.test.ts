/**
 * A real CLI as the reviewer (issue 20): an exec worker (a shell script) claims completion, and
 * claude — the pinned CLI in .agents/, against the loopback fake model server — reviews the claim
 * with the verdict's schema as its `--json-schema`. A reject reaches the next worker with its
 * findings; an accept ends the run complete with `result.review`.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { agentBinary, agentSandbox, agentsBinDir } from "./agent-env.ts"
import { ralphBin } from "./e2e.ts"
import { type FakeModelServer, startFakeModelServer } from "./fake-model-server.ts"

const complete = {
  status: "complete",
  summary: "notes.txt holds the greeting",
  evidence: ["cat notes.txt: hello"],
  nextSteps: [],
  blocker: ""
}

describe("claude as the reviewer (real CLI, fake model server)", () => {
  let server: FakeModelServer
  const dirs: Array<string> = []

  beforeAll(async () => {
    if (!existsSync(ralphBin)) throw new Error(`${ralphBin} is missing: run \`npm run build\``)
    if (!existsSync(agentBinary("claude"))) {
      throw new Error(`${agentBinary("claude")} is missing: run \`node scripts/install-agents.mjs\``)
    }
    server = await startFakeModelServer()
  })
  afterAll(async () => {
    await server?.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it("rejects the first claim (its finding reaches round 2's worker), accepts the second: complete, result.review", async () => {
    const root = mkdtempSync(join(tmpdir(), "ralph-e2e-review-"))
    dirs.push(root)
    const ws = join(root, "ws")
    const sandbox = agentSandbox("claude", server)
    try {
      const worker = join(root, "worker.sh")
      writeFileSync(
        worker,
        `#!/bin/sh\ncat > "${root}/worker-prompt-$RALPH_ROUND"\necho hello > notes.txt\nprintf '%s\\n' '${
          JSON.stringify(complete)
        }'\n`
      )
      chmodSync(worker, 0o755)
      mkdirSync(ws)
      writeFileSync(
        join(ws, "ralph.config.json"),
        JSON.stringify({ agents: { claude: { binary: agentBinary("claude") } } })
      )
      server.reset()
      server.script(
        { kind: "report", report: { verdict: "reject", findings: ["notes.txt must end with a full stop"] } },
        { kind: "report", report: { verdict: "accept", findings: ["notes.txt holds the greeting"] } }
      )
      const args = [
        ralphBin,
        "run",
        "--json",
        "--agent-cmd",
        worker,
        "--review",
        "claude",
        "--max-rounds",
        "3",
        "--retries",
        "0",
        "--round-timeout",
        "90s",
        "--kill-grace",
        "2s",
        "--state-dir",
        join(sandbox.home, "ralph-state"),
        "Leave a greeting in notes.txt."
      ]
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, args, {
          cwd: ws,
          env: { ...sandbox.env, PATH: `${agentsBinDir}:${sandbox.env.PATH}` },
          stdio: ["ignore", "pipe", "pipe"],
          detached: true
        })
        let stdout = ""
        let stderr = ""
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")))
        child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-20_000)))
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, "SIGKILL")
          } catch {
            // gone already
          }
        }, 240_000)
        child.on("error", reject)
        child.on("close", (code) => {
          clearTimeout(timer)
          resolve({ code, stdout, stderr })
        })
      })
      assert.strictEqual(result.code, 0, result.stderr)
      const envelope = JSON.parse(result.stdout)
      assert.strictEqual(envelope.result.status, "complete")
      assert.strictEqual(envelope.result.roundsStarted, 2)
      assert.deepStrictEqual(envelope.result.review, {
        verdict: "accept",
        findings: ["notes.txt holds the greeting"],
        round: 2,
        agent: "claude"
      })
      assert.strictEqual(envelope.agentsStarted, 4)
      // Round 2's worker was told the reviewer's finding.
      assert.include(readFileSync(join(root, "worker-prompt-2"), "utf8"), "- notes.txt must end with a full stop")
      // The reviewer was claude, given the verdict's schema (the StructuredOutput tool) and the claim.
      const main = server.requests.filter((r) => r.role === "main")
      assert.lengthOf(main, 2)
      const body = JSON.stringify(main[0]!.body)
      assert.include(body, "You are the reviewer of a Ralph loop")
      assert.include(body, "notes.txt holds the greeting")
      const tool = (main[0]!.body.tools as Array<{ name: string; input_schema?: { properties?: object } }>)
        .find((t) => t.name === "StructuredOutput")
      assert.deepStrictEqual(Object.keys(tool?.input_schema?.properties ?? {}).sort(), ["findings", "verdict"])
      assert.deepStrictEqual(server.outbound, [], "attempts to reach beyond 127.0.0.1")
      assert.strictEqual(server.remaining(), 0, "turns left unused")
    } finally {
      sandbox.dispose()
    }
  })
})
