/**
 * The end-to-end cases every agent preset must pass with its real CLI against the fake model server,
 * driven through the real `ralph` CLI (`node dist/ralph.js run --agent <cli> --json …`):
 *   (a) one round, complete;
 *   (b) round 1 writes a file through the CLI's own tool and reports continue; round 2 reads it back
 *       through the CLI's own tool and reports complete, quoting what it read;
 *   (c) the model API answers 429 / 529 / 401: RoundFailed with reason rate-limit / overloaded / auth;
 *   (d) the binary configured in ralph.config.json does not exist: ProviderUnavailable, exit 1.
 *
 * Each case runs in a fresh workspace, with the CLI in a throw-away HOME (agent-env.ts), the prompt
 * on stdin, a round timeout, and ralph's process-group kill; the whole ralph process group is
 * SIGKILLed if it overruns. Each case records its seconds per round (printed at the end, and
 * written to .agents/timings/<cli>.json).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Duration } from "effect"
import { spawn } from "node:child_process"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { agentInstallHints, type AgentPresetName } from "../../src/agents/presets/presets.ts"
import type { Envelope } from "../../src/domain/outcome.ts"
import { agentBinary, agentSandbox, agentsBinDir, repoRoot } from "./agent-env.ts"
import { type FakeModelServer, startFakeModelServer, type Turn, type TurnContext } from "./fake-model-server.ts"

/** What a loop ended with: the envelope, or the typed error's fields. */
export type LoopOutcome =
  | { readonly ok: true; readonly envelope: Envelope }
  | { readonly ok: false; readonly error: Record<string, unknown> & { readonly _tag: string } }

const roundTimeout = Duration.seconds(90)

export interface LoopRun {
  readonly outcome: LoopOutcome
  readonly seconds: number
  /** The ralph CLI's exit code. */
  readonly exitCode: number | null
  /** The end of ralph's stderr (its progress lines). */
  readonly stderr: string
  /** Processes still running in the workspace once ralph had exited (pid and command line). */
  readonly leftovers: ReadonlyArray<string>
}

/** Processes whose working directory is inside `dir` (Linux /proc), as "pid command line". */
export const processesIn = (dir: string): Array<string> => {
  if (!existsSync("/proc")) return []
  const found: Array<string> = []
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`)
      if (cwd === dir || cwd.startsWith(`${dir}/`)) {
        found.push(`${entry} ${readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim()}`)
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return found
}

/** The ralph CLI as built by `npm run build`. */
export const ralphBin = join(repoRoot, "dist", "ralph.js")

/**
 * Runs one Ralph loop through the real `ralph` CLI: `ralph run --agent <cli> --json …`, with exactly
 * the sandbox's environment (nothing inherited) and the pinned CLIs first on PATH, so the preset's
 * default binary name is what finds them.
 */
export const runLoop = async (
  cli: AgentPresetName,
  server: FakeModelServer,
  workspace: string,
  objective: string,
  maxRounds: number,
  /** More of ralph's own flags (`--flag=value` form). */
  extra: ReadonlyArray<string> = []
): Promise<LoopRun> => {
  const sandbox = agentSandbox(cli, server)
  try {
    const args = [
      ralphBin,
      "run",
      "--agent",
      cli,
      "--json",
      "--workspace",
      workspace,
      "--max-rounds",
      String(maxRounds),
      "--retries",
      "0",
      "--round-timeout",
      `${Duration.toSeconds(roundTimeout)}s`,
      "--kill-grace",
      "2s",
      "--state-dir",
      join(sandbox.home, "ralph-state"),
      // `=` form: a separate value starting with "--" would be read as a flag of ralph's own.
      ...(sandbox.options.args === undefined ? [] : [`--agent-args=${sandbox.options.args.join(" ")}`]),
      ...extra,
      objective
    ]
    const env = { ...sandbox.env, PATH: `${agentsBinDir}:${sandbox.env.PATH}` }
    const started = Date.now()
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: workspace,
        env,
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
      }, Duration.toMillis(roundTimeout) * maxRounds + 30_000)
      child.on("error", reject)
      child.on("close", (code) => {
        clearTimeout(timer)
        resolve({ code, stdout, stderr })
      })
    })
    const seconds = (Date.now() - started) / 1000
    // ralph stops each child's whole process group before it settles; give the kernel a moment to reap.
    let leftovers = processesIn(workspace)
    for (let i = 0; i < 20 && leftovers.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      leftovers = processesIn(workspace)
    }
    let document: any
    try {
      document = JSON.parse(result.stdout)
    } catch {
      throw new Error(
        `ralph printed no JSON document (exit ${result.code}); stdout: ${result.stdout}\nstderr: ${result.stderr}`
      )
    }
    const outcome: LoopOutcome = document.error === undefined
      ? { ok: true, envelope: document as Envelope }
      : { ok: false, error: document.error }
    return { outcome, seconds, exitCode: result.code, stderr: result.stderr, leftovers }
  } finally {
    sandbox.dispose()
  }
}

const expectEnvelope = (run: LoopRun): Envelope => {
  if (run.outcome.ok) return run.outcome.envelope
  throw new Error(`expected an envelope, got ${JSON.stringify(run.outcome.error)}\nralph's stderr:\n${run.stderr}`)
}

const expectError = (run: LoopRun) => {
  if (!run.outcome.ok) return run.outcome.error
  throw new Error(`expected an error, got ${JSON.stringify(run.outcome.envelope)}\nralph's stderr:\n${run.stderr}`)
}

/** ralph's exit code (0 complete, 4 round failed), and no process of the run left in the workspace. */
const expectExit = (run: LoopRun, code: number) => {
  assert.strictEqual(run.exitCode, code, `ralph's exit code; stderr:\n${run.stderr}`)
  assert.deepStrictEqual(run.leftovers, [], "processes left running in the workspace")
}

const report = {
  complete: (evidence: string) => ({
    status: "complete",
    summary: "The objective is met",
    evidence: [evidence],
    nextSteps: [],
    blocker: ""
  }),
  continue: {
    status: "continue",
    summary: "Wrote notes.txt with the greeting",
    evidence: ["notes.txt written through the agent's own file tool"],
    nextSteps: ["Confirm that notes.txt holds the greeting"],
    blocker: ""
  }
}

/** The round-2 report: complete only when the CLI really read the file back and showed it to the model. */
const confirmRead = (content: string) => (context: TurnContext) =>
  context.lastToolResult?.includes(content)
    ? report.complete(`notes.txt holds: ${content}`)
    : {
      status: "blocked",
      summary: "notes.txt could not be confirmed",
      evidence: [],
      nextSteps: [],
      blocker: `the read tool returned ${JSON.stringify(context.lastToolResult ?? null)}`
    }

export interface E2EExpectations {
  /**
   * Whether the CLI passes a rate limit's reset time on (gemini: the RetryInfo delay; opencode: the
   * response headers). claude's and codex's JSON output carry none, so their RoundFailed has none.
   */
  readonly resetAtOn429: boolean
  /**
   * The CLI's own cost cap flag, when it has one (claude: --max-budget-usd): a run with a cost cap
   * passes it what is left of the cap.
   */
  readonly budgetFlag?: string
}

/** The four cases for one CLI, as a describe block. */
export const agentE2E = (cli: AgentPresetName, expectations: E2EExpectations) => {
  describe(`${cli} (real CLI, fake model server)`, () => {
    let server: FakeModelServer
    const workspaces: Array<string> = []
    const timings: Array<{ case: string; rounds: number; seconds: number; secondsPerRound: number }> = []

    const workspace = () => {
      const dir = mkdtempSync(join(tmpdir(), `ralph-e2e-${cli}-`))
      workspaces.push(dir)
      return dir
    }
    const record = (name: string, rounds: number, seconds: number) =>
      timings.push({ case: name, rounds, seconds, secondsPerRound: Number((seconds / Math.max(1, rounds)).toFixed(2)) })

    beforeAll(async () => {
      if (!existsSync(ralphBin)) {
        throw new Error(`${ralphBin} is missing: run \`npm run build\` (npm run test:agents does)`)
      }
      if (!existsSync(agentBinary(cli))) {
        throw new Error(
          `${agentBinary(cli)} is missing: run \`node scripts/install-agents.mjs\` (npm run test:agents does)`
        )
      }
      server = await startFakeModelServer()
    })
    afterAll(async () => {
      await server?.close()
      for (const dir of workspaces) rmSync(dir, { recursive: true, force: true })
      const dir = join(repoRoot, ".agents", "timings")
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, `${cli}.json`), `${JSON.stringify(timings, null, 2)}\n`)
      console.log(
        `${cli} seconds per round: ` +
          timings.map((t) => `${t.case} ${t.secondsPerRound} s (${t.rounds} round(s))`).join(", ")
      )
    })

    const script = (...turns: ReadonlyArray<Turn>) => {
      server.reset()
      server.script(...turns)
    }
    const clean = () => {
      assert.deepStrictEqual(server.unexpected.map((r) => r.answer), [], "requests the script did not expect")
      assert.deepStrictEqual(server.outbound, [], "attempts to reach beyond 127.0.0.1")
      assert.strictEqual(server.remaining(), 0, "turns left unused")
    }

    it("(a) one round, complete", async () => {
      const dir = workspace()
      script({ kind: "report", report: report.complete("The workspace was inspected") })
      const run = await runLoop(cli, server, dir, "Say that the objective is met.", 3)
      record("a-complete", 1, run.seconds)
      const envelope = expectEnvelope(run)
      expectExit(run, 0)
      assert.strictEqual(envelope.result.status, "complete")
      assert.strictEqual(envelope.result.roundsStarted, 1)
      assert.strictEqual(envelope.agentsStarted, 1)
      assert.deepStrictEqual(envelope.result.report.evidence, ["The workspace was inspected"])
      // The round prompt reached the model.
      const main = server.requests.filter((r) => r.role === "main")
      assert.lengthOf(main, 1)
      assert.include(JSON.stringify(main[0]!.body), "Say that the objective is met.")
      clean()
    })

    it("(b) round 1 writes a file with the CLI's own tool; round 2 reads it back and completes", async () => {
      const dir = workspace()
      const notes = join(dir, "notes.txt")
      const content = `hello from ${cli} round 1`
      script(
        { kind: "write-file", path: notes, content: `${content}\n` },
        { kind: "report", report: report.continue },
        { kind: "read-file", path: notes },
        { kind: "report", report: confirmRead(content) }
      )
      const run = await runLoop(cli, server, dir, "Leave a greeting in notes.txt and confirm it.", 5)
      record("b-write-then-confirm", 2, run.seconds)
      const envelope = expectEnvelope(run)
      expectExit(run, 0)
      assert.strictEqual(envelope.result.status, "complete", JSON.stringify(envelope.result.report))
      assert.strictEqual(envelope.result.roundsStarted, 2)
      assert.deepStrictEqual(envelope.result.report.evidence, [`notes.txt holds: ${content}`])
      // The file really is on disk, written by the CLI (the fake server never touches the workspace).
      assert.strictEqual(readFileSync(notes, "utf8"), `${content}\n`)
      // Round 2 got round 1's handoff in its prompt.
      const round2 = server.requests.filter((r) => r.role === "main")[2]!
      assert.include(JSON.stringify(round2.body), "Confirm that notes.txt holds the greeting")
      clean()
    })

    it("(e) --verify: a claimed completion without the file is rejected; the next round writes it and is verified", async () => {
      const dir = workspace()
      const notes = join(dir, "notes.txt")
      script(
        { kind: "report", report: report.complete("I am sure notes.txt is there") },
        { kind: "write-file", path: notes, content: "hello\n" },
        { kind: "report", report: report.complete("notes.txt written") }
      )
      const run = await runLoop(cli, server, dir, "Leave a greeting in notes.txt.", 3, ["--verify=test -f notes.txt"])
      record("e-verify", 2, run.seconds)
      const envelope = expectEnvelope(run)
      expectExit(run, 0)
      assert.strictEqual(envelope.result.status, "complete")
      assert.strictEqual(envelope.result.roundsStarted, 2, "the false claim of round 1 did not end the run")
      assert.deepStrictEqual(envelope.result.verification?.command, ["test", "-f", "notes.txt"])
      assert.strictEqual(envelope.result.verification?.exitCode, 0)
      const round2 = server.requests.filter((r) => r.role === "main")[1]!
      assert.include(JSON.stringify(round2.body), "The previous claim did not hold")
      clean()
    })

    if (expectations.budgetFlag !== undefined) {
      const flag = expectations.budgetFlag
      it(`(f) --max-cost-usd: the CLI is given what is left of the cap (${flag})`, async () => {
        const dir = workspace()
        // A shim in front of the real CLI keeps the arguments it was started with.
        const argvLog = join(mkdtempSync(join(tmpdir(), "ralph-e2e-argv-")), "argv.log")
        workspaces.push(dirname(argvLog))
        const shim = join(dirname(argvLog), cli)
        writeFileSync(shim, `#!/bin/sh\nprintf '%s\\n' "$@" > '${argvLog}'\nexec '${agentBinary(cli)}' "$@"\n`, {
          mode: 0o755
        })
        writeFileSync(join(dir, "ralph.config.json"), JSON.stringify({ agents: { [cli]: { binary: shim } } }))
        script({ kind: "report", report: report.complete("The workspace was inspected") })
        const run = await runLoop(cli, server, dir, "Say that the objective is met.", 3, ["--max-cost-usd=2.5"])
        const envelope = expectEnvelope(run)
        expectExit(run, 0)
        const argv = readFileSync(argvLog, "utf8").split("\n")
        assert.strictEqual(argv[argv.indexOf(flag) + 1], "2.5")
        assert.isDefined(envelope.result.usage?.rounds[0]?.costUsd, "the CLI reported its cost")
        clean()
      })
    }

    it("(d) a configured binary that does not exist: ProviderUnavailable before any request, exit 1", async () => {
      const dir = workspace()
      const missing = join(dir, "no-such-dir", cli)
      writeFileSync(join(dir, "ralph.config.json"), JSON.stringify({ agents: { [cli]: { binary: missing } } }))
      script({ kind: "report", report: report.complete("never sent") })
      const run = await runLoop(cli, server, dir, "Anything.", 1)
      const error = expectError(run)
      assert.strictEqual(run.exitCode, 1)
      assert.strictEqual(error._tag, "ProviderUnavailable")
      assert.strictEqual(error.problem, "not-installed")
      assert.include(String(error.detail), missing)
      assert.include(String(error.detail), agentInstallHints[cli])
      assert.lengthOf(server.requests, 0)
    })

    const failures = [
      [429, "rate-limit"],
      [529, "overloaded"],
      [401, "auth"]
    ] as const
    for (const [status, reason] of failures) {
      it(`(c) the model API answers ${status}: RoundFailed, ${reason}`, async () => {
        const dir = workspace()
        const turn: Turn = status === 429
          ? { kind: "error", status, retryAfterSeconds: 0, resetAt: Math.floor(Date.now() / 1000) + 3600 }
          : { kind: "error", status, retryAfterSeconds: 0 }
        script(turn)
        const run = await runLoop(cli, server, dir, "Anything.", 3)
        record(`c-${status}`, 1, run.seconds)
        const error = expectError(run)
        expectExit(run, 4)
        assert.strictEqual(error._tag, "RoundFailed", JSON.stringify(error))
        assert.strictEqual(error.reason, reason, JSON.stringify(error))
        assert.strictEqual(error.round, 1)
        assert.isNull(error.lastReport)
        if (status === 429) {
          if (expectations.resetAtOn429) {
            // An hour ahead, give or take the seconds the round took.
            const resetIn = Date.parse(String(error.resetAt)) - Date.now()
            assert.isTrue(resetIn > 3400_000 && resetIn <= 3600_000, `resetAt ${String(error.resetAt)}`)
          } else {
            assert.isUndefined(error.resetAt)
          }
        }
        assert.isAbove(server.requests.filter((r) => r.status === status).length, 0)
        assert.deepStrictEqual(server.outbound, [])
        // The sticky error turn is never consumed.
        assert.strictEqual(server.remaining(), 1)
      })
    }
  })
}
