/**
 * Captures what the real agent CLIs print, run exactly as the presets invoke them, against the
 * fake model server — the fixtures the parser/classifier unit tests read
 * (test/fixtures/agents/<cli>/<case>.json). Re-run it after bumping a pinned CLI version:
 *
 *   node scripts/install-agents.mjs
 *   npx esbuild test/agents/capture-fixtures.ts --bundle --platform=node --format=esm \
 *     --outfile=.agents/capture.mjs && node .agents/capture.mjs [cli…]
 *
 * Each fixture holds the ProcessResult the preset's `interpret` receives, plus what produced it.
 */
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { AgentOptions } from "../../src/agents/presets/agentOptions.ts"
import { agentPreset, type AgentPresetName, agentPresetNames } from "../../src/agents/presets/presets.ts"
import type { ProcessResult } from "../../src/agents/process/processAgent.ts"
import { reportJsonSchema } from "../../src/domain/report.ts"
import { agentSandbox, repoRoot } from "./agent-env.ts"
import { startFakeModelServer, type Turn } from "./fake-model-server.ts"

const fixturesDir = join(repoRoot, "test", "fixtures", "agents")
const pinned: Record<AgentPresetName, string> = {
  claude: "@anthropic-ai/claude-code",
  codex: "@openai/codex",
  gemini: "@google/gemini-cli",
  opencode: "opencode-ai"
}

export interface Fixture {
  readonly cli: AgentPresetName
  readonly version: string
  readonly case: string
  readonly description: string
  readonly turns: ReadonlyArray<Turn>
  readonly args: ReadonlyArray<string>
  readonly seconds: number
  readonly result: ProcessResult
}

const report = {
  continue: {
    status: "continue",
    summary: "Wrote notes.txt",
    evidence: ["notes.txt written"],
    nextSteps: ["Check notes.txt"],
    blocker: ""
  },
  complete: {
    status: "complete",
    summary: "The objective is met",
    evidence: ["notes.txt holds the expected text"],
    nextSteps: [],
    blocker: ""
  }
}

interface Case {
  readonly name: string
  readonly description: string
  /** `$WS` in paths is replaced by the workspace. */
  readonly turns: ReadonlyArray<Turn>
  readonly options?: AgentOptions
  /** Variables to drop from the sandbox environment. */
  readonly unset?: ReadonlyArray<string>
}

const resetAt = () => Math.floor(Date.now() / 1000) + 3600

const cases = (cli: AgentPresetName): ReadonlyArray<Case> => {
  const common: Array<Case> = [
    {
      name: "complete",
      description: "one turn: the final message is the report",
      turns: [{ kind: "report", report: report.complete }]
    },
    {
      name: "write-continue",
      description: "the CLI writes a file with its own tool, then reports continue",
      turns: [
        { kind: "write-file", path: "$WS/notes.txt", content: "hello from the agent\n" },
        { kind: "report", report: report.continue }
      ]
    },
    { name: "http-401", description: "the API answers 401", turns: [{ kind: "error", status: 401 }] },
    {
      name: "http-429",
      description: "the API answers 429",
      turns: [{ kind: "error", status: 429, retryAfterSeconds: 0 }]
    },
    {
      name: "http-529",
      description: "the API answers 529",
      turns: [{ kind: "error", status: 529, retryAfterSeconds: 0 }]
    }
  ]
  switch (cli) {
    case "claude":
      return [
        ...common,
        {
          name: "text-report",
          description: "the model answers with the report as text and never calls StructuredOutput",
          turns: [
            { kind: "text", text: JSON.stringify(report.complete) },
            { kind: "text", text: JSON.stringify(report.complete) }
          ]
        },
        {
          name: "no-report",
          description: "the model answers prose and never calls StructuredOutput",
          turns: [{ kind: "text", text: "I am done." }, { kind: "text", text: "Really done." }]
        },
        {
          name: "permission-denied",
          description: "permissions none: the command is denied, then the model gives up in prose",
          options: { permissions: "none" },
          turns: [
            { kind: "command", command: "node -e \"require('fs').writeFileSync('x.txt', '1')\"" },
            { kind: "text", text: "I could not run the command." },
            { kind: "text", text: "I could not run the command." }
          ]
        },
        {
          name: "max-turns",
          description: "--max-turns 1 and two tool calls",
          options: { args: ["--max-turns", "1"] },
          turns: [
            { kind: "write-file", path: "$WS/a.txt", content: "a" },
            { kind: "write-file", path: "$WS/b.txt", content: "b" },
            { kind: "report", report: report.complete }
          ]
        },
        {
          name: "budget",
          description: "--max-budget-usd 0.0001 and two tool calls",
          options: { args: ["--max-budget-usd", "0.0001"] },
          turns: [
            { kind: "write-file", path: "$WS/a.txt", content: "a" },
            { kind: "write-file", path: "$WS/b.txt", content: "b" },
            { kind: "report", report: report.complete }
          ]
        },
        {
          name: "not-logged-in",
          description: "no ANTHROPIC_API_KEY",
          unset: ["ANTHROPIC_API_KEY"],
          turns: [{ kind: "report", report: report.complete }]
        }
      ]
    case "codex":
      return [
        ...common,
        { name: "http-503", description: "the API answers 503", turns: [{ kind: "error", status: 503 }] },
        { name: "http-500", description: "the API answers 500", turns: [{ kind: "error", status: 500 }] },
        {
          name: "fenced-report",
          description: "the final message is the report in a ```json fence",
          turns: [{ kind: "report", report: report.complete, fence: true }]
        },
        {
          name: "prose",
          description: "the final message is prose around the report",
          turns: [{ kind: "text", text: `Here is my report: ${JSON.stringify(report.complete)}` }]
        }
      ]
    case "gemini":
      return [
        ...common.filter((c) => c.name !== "http-429"),
        {
          name: "http-429",
          description: "the API answers 429 with a RetryInfo an hour away (gemini gives up at once)",
          turns: [{ kind: "error", status: 429, resetAt: resetAt() }]
        },
        {
          name: "fenced-report",
          description: "the response is the report in a ```json fence",
          turns: [{ kind: "report", report: report.complete, fence: true }]
        },
        {
          name: "prose",
          description: "the response is prose around the report",
          turns: [{ kind: "text", text: `Here is my report: ${JSON.stringify(report.complete)}` }]
        },
        {
          name: "turn-limit",
          description: "model.maxSessionTurns 1 in the settings file, and two tool calls",
          options: {},
          turns: [
            { kind: "write-file", path: "$WS/a.txt", content: "a" },
            { kind: "write-file", path: "$WS/b.txt", content: "b" },
            { kind: "report", report: report.complete }
          ]
        }
      ]
    case "opencode":
      return [
        ...common.filter((c) => c.name !== "http-429"),
        {
          name: "http-429",
          description: "the API answers 429 with retry-after 0 (opencode retries 5 times, then gives up)",
          turns: [{ kind: "error", status: 429, retryAfterSeconds: 0, resetAt: resetAt() }]
        },
        {
          name: "prose",
          description: "the last text is prose around the report",
          turns: [{ kind: "text", text: `Here is my report: ${JSON.stringify(report.complete)}` }]
        },
        {
          name: "rejected",
          description: "a write outside the workspace is auto-rejected and the session ends",
          turns: [
            { kind: "write-file", path: "/root/ralph-outside-workspace.txt", content: "no" },
            { kind: "report", report: report.complete }
          ]
        }
      ]
  }
}

const run = (
  command: string,
  args: ReadonlyArray<string>,
  options: { cwd: string; env: Record<string, string>; stdin: string | null; timeoutMs: number }
) =>
  new Promise<{ exitCode: number | null; signal: string | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, [...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: [options.stdin === null ? "ignore" : "pipe", "pipe", "pipe"],
      detached: true
    })
    let stdout = ""
    let stderr = ""
    child.stdout!.on("data", (c: Buffer) => (stdout += c.toString("utf8")))
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString("utf8")))
    if (options.stdin !== null) child.stdin!.end(options.stdin)
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL")
      } catch {
        // already gone
      }
    }, options.timeoutMs)
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer)
      resolve({ exitCode, signal, stdout, stderr })
    })
  })

const versionOf = (cli: AgentPresetName): string =>
  JSON.parse(
    readFileSync(join(repoRoot, ".agents", "node_modules", pinned[cli], "package.json"), "utf8")
  ).version

const capture = async (cli: AgentPresetName, only: ReadonlyArray<string>) => {
  const server = await startFakeModelServer()
  try {
    for (const c of cases(cli)) {
      if (only.length > 0 && !only.includes(c.name)) continue
      server.reset()
      const sandbox = agentSandbox(cli, server)
      const workspace = mkdtempSync(join(tmpdir(), `ralph-ws-${cli}-`))
      const scratch = mkdtempSync(join(tmpdir(), "ralph-round-"))
      try {
        if (cli === "gemini" && c.name === "turn-limit") {
          const settingsFile = join(sandbox.home, ".gemini", "settings.json")
          const settings = JSON.parse(readFileSync(settingsFile, "utf8"))
          settings.model.maxSessionTurns = 1
          writeFileSync(settingsFile, JSON.stringify(settings, null, 2))
        }
        const turns = JSON.parse(JSON.stringify(c.turns).replaceAll("$WS", workspace)) as Array<Turn>
        server.script(...turns)
        const files = {
          dir: scratch,
          reportFile: join(scratch, "report.json"),
          schemaFile: join(scratch, "report.schema.json"),
          usageFile: join(scratch, "usage.json")
        }
        writeFileSync(files.reportFile, "")
        writeFileSync(files.schemaFile, JSON.stringify(reportJsonSchema(), null, 2))
        const options: AgentOptions = {
          ...sandbox.options,
          ...c.options,
          args: [...(sandbox.options.args ?? []), ...(c.options?.args ?? [])]
        }
        const agent = agentPreset(cli, options)
        const invocation = agent.invocation(
          {
            runId: "capture",
            round: 1,
            maxRounds: 1,
            attempt: 1,
            prompt: "Follow the objective: leave a notes.txt file in the workspace.",
            workspace
          },
          files
        )
        const env: Record<string, string> = { ...sandbox.env, ...invocation.env }
        for (const name of c.unset ?? []) delete env[name]
        const started = Date.now()
        const out = await run(invocation.command, invocation.args, {
          cwd: workspace,
          env,
          stdin: invocation.stdin,
          timeoutMs: 120_000
        })
        const seconds = (Date.now() - started) / 1000
        const result: ProcessResult = {
          exitCode: out.exitCode,
          signal: out.signal,
          stdout: out.stdout,
          stderrTail: Buffer.from(out.stderr).subarray(-16 * 1024).toString("utf8").trim(),
          reportFileText: readFileSync(files.reportFile, "utf8"),
          usageFileText: ""
        }
        const fixture: Fixture = {
          cli,
          version: versionOf(cli),
          case: c.name,
          description: c.description,
          turns,
          args: invocation.args,
          seconds,
          result
        }
        mkdirSync(join(fixturesDir, cli), { recursive: true })
        writeFileSync(join(fixturesDir, cli, `${c.name}.json`), `${JSON.stringify(fixture, null, 2)}\n`)
        const interpreted = agent.interpret(result)
        console.log(
          `${cli}/${c.name}: exit ${out.exitCode ?? out.signal} in ${
            seconds.toFixed(1)
          } s, ${server.requests.length} request(s), ` +
            `${server.remaining()} turn(s) left, outbound ${server.outbound.length} -> ${
              JSON.stringify(interpreted).slice(0, 160)
            }`
        )
      } finally {
        sandbox.dispose()
        rmSync(workspace, { recursive: true, force: true })
        rmSync(scratch, { recursive: true, force: true })
      }
    }
  } finally {
    await server.close()
  }
}

const requested = process.argv.slice(2)
const clis = agentPresetNames.filter((cli) => requested.length === 0 || requested.includes(cli))
const only = requested.filter((arg) => !(agentPresetNames as ReadonlyArray<string>).includes(arg))
for (const cli of clis) await capture(cli, only)
