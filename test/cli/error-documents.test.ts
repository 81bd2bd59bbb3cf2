/**
 * Errors say how to go on: once a run started, its error names the run (`runId` under --json, and
 * the exact `ralph resume` command in text); Ctrl-C says at once what ralph is doing; usage errors
 * go to stderr, help asked for to stdout.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { isAlive, killGroup, printJson, sq, waitFor, waitForPid, writeAgent } from "../support/agents.ts"
import {
  type CliResult,
  ensureCli,
  execArgs,
  jsonDocument,
  newWorkspace,
  removeWorkspaces,
  runCli,
  startCli
} from "../support/cli.ts"
import { completeReport, continueReport, reportOfLength } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const leftovers: Array<number> = []
afterAll(() => {
  leftovers.forEach(killGroup)
  removeWorkspaces()
})

/** A workspace with an exec agent that answers round N with `answers(root)[N-1]` (a shell body). */
const setup = (answers: (root: string) => ReadonlyArray<string>) => {
  const { root, ws } = newWorkspace()
  const cases = answers(root).map((body, i) => `  ${i + 1}) ${body} ;;`).join("\n")
  const agent = writeAgent(root, "agent.sh", `case "$RALPH_ROUND" in\n${cases}\n  *) exit 9 ;;\nesac`)
  return { root, ws, agent }
}

/** The id the run announced on stderr when it started. */
const startedRunId = (result: CliResult): string => {
  const match = /ralph: run (\S+) started/.exec(result.stderr)
  assert.isNotNull(match, `no run started:\n${result.stderr}`)
  return match[1]!
}

/** The `ralph resume …` command a text error ends its run line with, as argv (the test paths hold no spaces). */
const resumeArgv = (stderr: string): Array<string> => {
  const match = /^Continue run \S+ from its last finished round with: ralph (resume .*)$/m.exec(stderr)
  assert.isNotNull(match, `no resume command on stderr:\n${stderr}`)
  return match[1]!.split(" ")
}

const cont = { ...continueReport, summary: "round 1 moved on" }

describe.concurrent("--json: the error document of a run that started carries its runId", () => {
  it("RoundFailed", async () => {
    const { agent, ws } = setup(() => [printJson(cont), "exit 3"])
    const result = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.error._tag, "RoundFailed")
    assert.strictEqual(doc.error.runId, startedRunId(result))
    const runs = JSON.parse((await runCli(["runs", "--json"], { cwd: ws })).stdout)
    assert.deepStrictEqual(runs.map((run: { runId: string }) => run.runId), [doc.error.runId], "the run ralph recorded")
  })

  it("MalformedReport", async () => {
    const { agent, ws } = setup(() => [printJson({ ...completeReport, nextSteps: ["more"] })])
    const result = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 5, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.error._tag, "MalformedReport")
    assert.strictEqual(doc.error.runId, startedRunId(result))
  })

  it("OversizedReport", async () => {
    const { agent, ws } = setup(() => [printJson(reportOfLength("complete", 150))])
    const result = await runCli([...execArgs(agent, "--json"), "x"], {
      cwd: ws,
      env: { RALPH_MAX_HANDOFF_CHARS: "149" }
    })
    assert.strictEqual(result.code, 5, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.error._tag, "OversizedReport")
    assert.strictEqual(doc.error.runId, startedRunId(result))
  })

  it("StateUnavailable during the run (the run's output.log cannot be written)", async () => {
    // The agent puts a directory where the run's output log goes: keeping round 1's output fails.
    // (The journal engine's files are what a child can break most simply.)
    const { agent, ws } = setup(() => [`mkdir "$RALPH_STATE_DIR/runs/$RALPH_RUN_ID/output.log"; ${printJson(cont)}`])
    const result = await runCli([...execArgs(agent, "--json", "--engine", "journal"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.error._tag, "StateUnavailable")
    assert.strictEqual(doc.error.runId, startedRunId(result))
  })

  it("no runId before a run started", async () => {
    const { agent, ws } = setup(() => [printJson(completeReport)])
    const invalid = await runCli([...execArgs(agent, "--json"), " "], { cwd: ws })
    assert.strictEqual(jsonDocument(invalid).error._tag, "InvalidArguments")
    assert.notProperty(jsonDocument(invalid).error, "runId")
    const unavailable = await runCli(["run", "--json", "--agent", "exec", "--agent-cmd", join(ws, "missing.sh"), "x"], {
      cwd: ws
    })
    assert.strictEqual(jsonDocument(unavailable).error._tag, "ProviderUnavailable")
    assert.notProperty(jsonDocument(unavailable).error, "runId")
  })
})

describe.concurrent("text: the error of a run that started names it and the command that continues it", () => {
  /** Round 1 fails while the file `fail` is in the root, and reports complete once it is gone. */
  const failingUntilFixed = () => {
    const made = setup((
      root
    ) => [`if [ -e ${sq(join(root, "fail"))} ]; then echo 'broken' >&2; exit 3; fi; ${printJson(completeReport)}`])
    writeFileSync(join(made.root, "fail"), "")
    return made
  }

  it("RoundFailed: `ralph resume RUN_ID`, which continues the run", async () => {
    const { agent, root, ws } = failingUntilFixed()
    const failed = await runCli([...execArgs(agent), "x"], { cwd: ws })
    assert.strictEqual(failed.code, 4, failed.stderr)
    const runId = startedRunId(failed)
    assert.deepStrictEqual(resumeArgv(failed.stderr), ["resume", runId])
    rmSync(join(root, "fail"))
    const resumed = await runCli([...resumeArgv(failed.stderr), "--json"], { cwd: ws })
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    assert.strictEqual(jsonDocument(resumed).runId, runId)
    assert.strictEqual(jsonDocument(resumed).result.status, "complete")
  })

  it("a run journaled under --state-dir: the command says --state-dir too, and works", async () => {
    const { agent, root, ws } = failingUntilFixed()
    const stateDir = join(root, "elsewhere")
    const env = { RALPH_STATE_DIR: join(root, "not-there") }
    const failed = await runCli([...execArgs(agent, "--state-dir", stateDir), "x"], { cwd: ws, env })
    assert.strictEqual(failed.code, 4, failed.stderr)
    const runId = startedRunId(failed)
    assert.deepStrictEqual(resumeArgv(failed.stderr), ["resume", runId, "--state-dir", stateDir])
    rmSync(join(root, "fail"))
    const resumed = await runCli([...resumeArgv(failed.stderr), "--json"], { cwd: ws, env })
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    assert.strictEqual(jsonDocument(resumed).runId, runId)
    assert.isFalse(existsSync(join(root, "not-there")))
  })

  it("a run on --engine journal (not the default): the command says --engine journal too, and works", async () => {
    const { agent, root, ws } = failingUntilFixed()
    const failed = await runCli([...execArgs(agent, "--engine", "journal"), "x"], { cwd: ws })
    assert.strictEqual(failed.code, 4, failed.stderr)
    const runId = startedRunId(failed)
    assert.deepStrictEqual(resumeArgv(failed.stderr), ["resume", runId, "--engine", "journal"])
    rmSync(join(root, "fail"))
    const resumed = await runCli([...resumeArgv(failed.stderr), "--json"], { cwd: ws })
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    assert.strictEqual(jsonDocument(resumed).result.status, "complete")
  })

  it("MalformedReport: what the agent got wrong, and a resume not offered as the fix; the resume says it repeats", async () => {
    const { agent, ws } = setup(() => [printJson({ status: "complete" })])
    const result = await runCli([...execArgs(agent), "x"], { cwd: ws })
    assert.strictEqual(result.code, 5, result.stderr)
    assert.strictEqual(result.stdout, "")
    const runId = startedRunId(result)
    assert.notMatch(result.stderr, /^Continue run/m)
    assert.include(result.stderr, "The agent broke the report rules: a report is exactly the five keys")
    assert.include(result.stderr, `A resume (ralph resume ${runId}) runs round 1 again with the same agent and prompt`)
    const resumed = await runCli(["resume", runId, "--kill-grace", "300ms"], { cwd: ws })
    assert.strictEqual(resumed.code, 5, resumed.stderr)
    assert.match(
      resumed.stderr,
      new RegExp(
        `^ralph: run ${runId} ended with MalformedReport \\(Round 1 returned a malformed report: .*\\); this resume runs round 1 again`,
        "m"
      )
    )
  })

  it("OversizedReport: the limit the agent broke", async () => {
    const { agent, ws } = setup(() => [printJson(reportOfLength("complete", 150))])
    const result = await runCli([...execArgs(agent), "x"], { cwd: ws, env: { RALPH_MAX_HANDOFF_CHARS: "149" } })
    assert.strictEqual(result.code, 5, result.stderr)
    assert.notMatch(result.stderr, /^Continue run/m)
    assert.include(result.stderr, "a report's compact JSON is at most 149 characters (the run's maxHandoffChars)")
  })

  it("no run, no resume command, for an error before a run started", async () => {
    const { ws } = newWorkspace()
    const result = await runCli(["run", "--agent", "exec", "--agent-cmd", join(ws, "missing.sh"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    assert.notInclude(result.stderr, "ralph resume")
  })
})

describe.concurrent("Ctrl-C and SIGTERM: told at once, and the Cancelled error names the run", () => {
  /** A run whose round 1 records its pid and then waits, ignoring SIGTERM, so that stopping it takes the grace. */
  const interrupted = async (signal: "SIGINT" | "SIGTERM", json: boolean) => {
    const { root, ws, agent } = setup((root) => [
      `trap '' TERM; echo $$ > ${sq(join(root, "child.pid"))}; while :; do sleep 1; done`
    ])
    const running = startCli(
      ["run", ...(json ? ["--json"] : []), "--agent", "exec", "--agent-cmd", agent, "--kill-grace", "3s", "wait"],
      { cwd: ws }
    )
    let stderr = ""
    running.child.stderr!.on("data", (chunk: string) => (stderr += chunk))
    const child = await waitForPid(join(root, "child.pid"), 15_000)
    leftovers.push(child)
    running.child.kill(signal)
    // The notice comes before ralph stops the child, which takes the 3 s grace. (Not a deadline from
    // the signal: ralph's journal writes are synchronous, and a loaded disk can hold the signal up.)
    await waitFor("the notice on stderr", () => /stopping the agent/.test(stderr) ? true : undefined, 15_000)
    assert.isTrue(isAlive(child), "the notice came while the child was still being stopped")
    assert.strictEqual(running.child.exitCode, null)
    return await running.result
  }

  it("SIGINT with --json: the notice on stderr, and Cancelled with the runId on stdout", async () => {
    const result = await interrupted("SIGINT", true)
    assert.strictEqual(result.code, 130, result.stderr)
    assert.match(result.stderr, /ralph: SIGINT: stopping the agent.*a second Ctrl-C kills it now/)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.error._tag, "Cancelled")
    assert.strictEqual(doc.error.runId, startedRunId(result))
  })

  it("a signal as the child starts (ralph still setting up) is handled the same: Cancelled, not ralph killed", async () => {
    // The agent signals ralph (its parent) the moment it runs.
    const { root, ws, agent } = setup((root) => [
      `trap '' TERM; echo $$ > ${sq(join(root, "child.pid"))}; kill -INT $PPID; while :; do sleep 1; done`
    ])
    const result = await runCli([
      "run",
      "--json",
      "--agent",
      "exec",
      "--agent-cmd",
      agent,
      "--kill-grace",
      "300ms",
      "x"
    ], {
      cwd: ws
    })
    const child = await waitForPid(join(root, "child.pid"))
    leftovers.push(child)
    assert.strictEqual(result.signal, null, "ralph handled the signal")
    assert.strictEqual(result.code, 130, result.stderr)
    assert.match(result.stderr, /ralph: SIGINT: stopping the agent/)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.error._tag, "Cancelled")
    assert.strictEqual(doc.error.runId, startedRunId(result))
    await waitFor("the child to be gone", () => isAlive(child) ? undefined : true, 5_000)
  })

  it("SIGTERM in text: the notice, then the cancellation naming the run and `ralph resume RUN_ID`", async () => {
    const result = await interrupted("SIGTERM", false)
    assert.strictEqual(result.code, 143, result.stderr)
    assert.strictEqual(result.stdout, "")
    assert.match(result.stderr, /ralph: SIGTERM: stopping the agent.*a second Ctrl-C kills it now/)
    assert.match(result.stderr, /cancelled by SIGTERM/)
    assert.deepStrictEqual(resumeArgv(result.stderr), ["resume", startedRunId(result)])
  })
})

describe.concurrent("usage errors go to stderr; help asked for goes to stdout", () => {
  // [what, argv, the error on stderr, argv with --json, the error document's message]
  const usageErrors: ReadonlyArray<[string, Array<string>, RegExp, Array<string>, RegExp]> = [
    [
      "a flag without its value",
      ["run", "--max-rounds"],
      /--max-rounds: missing value \(--max-rounds N\)/,
      ["run", "--json", "--max-rounds"],
      /--max-rounds: missing value/
    ],
    [
      "an unknown flag",
      ["run", "--no-such-flag", "x"],
      /Unrecognized flag: --no-such-flag/,
      ["run", "--json", "--no-such-flag", "x"],
      /Unrecognized flag: --no-such-flag/
    ],
    [
      "an unknown subcommand",
      ["frobnicate"],
      /Unknown subcommand "frobnicate"/,
      ["frobnicate", "--json"],
      /Unknown subcommand "frobnicate"/
    ],
    [
      "a misspelled flag",
      ["run", "--retires", "2", "x"],
      /Unrecognized flag: --retires in command ralph run; did you mean --retries\?/,
      ["run", "--json", "--retires", "2", "x"],
      /did you mean --retries\?/
    ],
    [
      "a misspelled command",
      ["rnu"],
      /Unknown subcommand "rnu"; did you mean run( or runs)?\?/,
      ["rnu", "--json"],
      /^Invalid command line: Unknown subcommand "rnu"; did you mean run( or runs)?\?$/
    ],
    [
      "a value that starts with a dash",
      ["run", "--agent-args", "--verbose", "x"],
      /write --agent-args=--verbose/,
      ["run", "--json", "--agent-args", "--verbose", "x"],
      /write --agent-args=--verbose/
    ],
    [
      "a bad number",
      ["run", "--retries", "1e2", "x"],
      /Invalid --retries: expected a whole number \(0 or more\) written in decimal digits, got "1e2"/,
      ["run", "--json", "--retries", "1e2", "x"],
      /Invalid --retries: expected a whole number/
    ]
  ]
  for (const [name, args, error, jsonArgs, jsonError] of usageErrors) {
    it(`${name}: exit 1, the error and a pointer to the help on stderr (not the help), nothing on stdout`, async () => {
      const { ws } = newWorkspace()
      const result = await runCli(args, { cwd: ws })
      assert.strictEqual(result.code, 1)
      assert.strictEqual(result.stdout, "")
      assert.match(result.stderr, error)
      assert.match(result.stderr, /\nRun 'ralph( run)? --help' for usage\.\n$/)
      assert.notInclude(result.stderr, "USAGE")
      assert.notMatch(result.stderr, /expected:? expected/i, "no doubled words")
      assert.strictEqual(result.stderr.trim().split("\n").length, 2, result.stderr)
    })

    it(`${name} under --json: one InvalidArguments document on stdout, nothing on stderr`, async () => {
      const { ws } = newWorkspace()
      const result = await runCli(jsonArgs, { cwd: ws })
      assert.strictEqual(result.code, 1)
      const doc = jsonDocument(result)
      assert.strictEqual(doc.error._tag, "InvalidArguments")
      assert.match(doc.error.message, jsonError)
      assert.strictEqual(result.stderr, "")
    })
  }

  it("ralph help [COMMAND] prints what --help prints; an unknown command is a usage error", async () => {
    const { ws } = newWorkspace()
    for (const [asked, same] of [[["help"], ["--help"]], [["help", "run"], ["run", "--help"]]]) {
      const help = await runCli(asked!, { cwd: ws })
      assert.strictEqual(help.code, 0, help.stderr)
      assert.strictEqual(help.stdout, (await runCli(same!, { cwd: ws })).stdout)
      assert.include(help.stdout, "USAGE")
    }
    const unknown = await runCli(["help", "rnu"], { cwd: ws })
    assert.strictEqual(unknown.code, 1)
    assert.match(unknown.stderr, /Unknown subcommand "rnu"; did you mean run\?/)
  })

  it("numeric and duration flags show their type in the help", async () => {
    const { ws } = newWorkspace()
    const help = await runCli(["run", "--help"], { cwd: ws })
    for (
      const flag of [
        "--retries N",
        "--max-rounds N",
        "--max-tokens N",
        "--round-timeout DURATION",
        "--max-cost-usd USD"
      ]
    ) {
      assert.include(help.stdout, flag)
    }
    assert.notMatch(help.stdout, /--(retries|max-rounds|max-tokens|round-timeout) string/)
  })

  it("every command's help names each flag's value as the others do (--workspace DIR), never by its type", async () => {
    const { ws } = newWorkspace()
    const commands = ["run", "resume", "runs", "show", "watch", "diff", "restore", "checkpoints prune", "export", "mcp"]
    for (const command of commands) {
      const help = await runCli([...command.split(" "), "--help"], { cwd: ws })
      assert.strictEqual(help.code, 0, help.stderr)
      const flags = help.stdout.slice(help.stdout.indexOf("FLAGS"), help.stdout.indexOf("GLOBAL FLAGS"))
      assert.notMatch(flags, /--[a-z-]+ (string|integer|choice|float)\b/, `ralph ${command} --help`)
      assert.include(flags, "--workspace DIR", `ralph ${command} --help`)
    }
    const runs = await runCli(["runs", "--help"], { cwd: ws })
    for (const flag of ["--limit N", "--status STATE"]) assert.include(runs.stdout, flag)
  })

  for (const args of [["--help"], ["run", "--help"], ["resume", "-h"]]) {
    it(`ralph ${args.join(" ")}: the help on stdout, exit 0`, async () => {
      const { ws } = newWorkspace()
      const result = await runCli(args, { cwd: ws })
      assert.strictEqual(result.code, 0, result.stderr)
      assert.include(result.stdout, "USAGE")
      assert.strictEqual(result.stderr, "")
    })
  }
})
