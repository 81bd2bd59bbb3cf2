/** `ralph run` through the built binary: one JSON document per outcome, and every exit code. */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { printJson, sq, writeAgent } from "../support/agents.ts"
import { ensureCli, execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { blockedReport, completeReport, continueReport, reportOfLength, withoutUsage } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** A workspace with an exec agent that answers round N with `answers[N-1]` (a shell body). */
const setup = (answers: ReadonlyArray<string> | ((root: string) => ReadonlyArray<string>)) => {
  const { root, ws } = newWorkspace()
  const cases = (typeof answers === "function" ? answers(root) : answers).map((body, i) => `  ${i + 1}) ${body} ;;`)
    .join("\n")
  const agent = writeAgent(root, "agent.sh", `case "$RALPH_ROUND" in\n${cases}\n  *) exit 9 ;;\nesac`)
  return { root, ws, agent }
}

const cont = (n: number) => ({ ...continueReport, summary: `round ${n} moved on` })

describe.concurrent("ralph run --json: success documents and exit codes", () => {
  it("exit 0 and the envelope when a worker reports complete", async () => {
    const { agent, ws } = setup([printJson(cont(1)), printJson(completeReport)])
    const result = await runCli([...execArgs(agent, "--json"), "finish the job"], { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    const doc = jsonDocument(result)
    assert.deepStrictEqual(Object.keys(doc).sort(), ["agentsStarted", "result", "runId"])
    assert.deepStrictEqual(withoutUsage(doc.result), { status: "complete", roundsStarted: 2, report: completeReport })
    // Usage per round and in total; an exec child that writes no usage file reported nothing: unknown, never 0.
    assert.deepStrictEqual(doc.result.usage.rounds.map((r: any) => Object.keys(r).sort()), [["durationMs", "round"], [
      "durationMs",
      "round"
    ]])
    assert.notProperty(doc.result.usage, "costUsd")
    assert.strictEqual(doc.agentsStarted, 2)
    assert.match(doc.runId, /\S/)
    assert.match(result.stderr, /round 1\/\d+/, "progress goes to stderr")
  })

  it("exit 2 and the envelope when a worker reports blocked", async () => {
    const { agent, ws } = setup([printJson(blockedReport)])
    const result = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 2, result.stderr)
    assert.deepStrictEqual(withoutUsage(jsonDocument(result).result), {
      status: "blocked",
      roundsStarted: 1,
      report: blockedReport
    })
  })

  it("exit 3 and a budget-limited envelope with the last continue report", async () => {
    const { agent, ws } = setup([printJson(cont(1)), printJson(cont(2)), printJson(completeReport)])
    const result = await runCli([...execArgs(agent, "--json", "--max-rounds", "2"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.status, "budget-limited")
    assert.strictEqual(doc.result.roundsStarted, 2)
    assert.deepStrictEqual(doc.result.report, cont(2))
    assert.strictEqual(doc.agentsStarted, 2)
  })

  it("the envelope is never bounded by maxResultChars (only text is)", async () => {
    const long = { ...completeReport, summary: "y".repeat(400) }
    const { agent, ws } = setup([printJson(long)])
    const result = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws, env: { RALPH_MAX_RESULT_CHARS: "50" } })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.deepStrictEqual(jsonDocument(result).result.report, long)
  })
})

describe.concurrent("ralph run --json: error documents and exit codes", () => {
  const errorOf = (doc: Record<string, any>) => {
    assert.deepStrictEqual(Object.keys(doc), ["error"], "an error document has the one key error")
    assert.isString(doc.error._tag)
    assert.isString(doc.error.message)
    assert.notStrictEqual(doc.error.message, "")
    return doc.error
  }

  it("exit 4 RoundFailed in round 1: round 1, lastReport null, the reason and exit code", async () => {
    const { agent, ws } = setup(["echo 'cannot continue' >&2; exit 7"])
    const result = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    const error = errorOf(jsonDocument(result))
    assert.strictEqual(error._tag, "RoundFailed")
    assert.strictEqual(error.round, 1)
    assert.isNull(error.lastReport)
    assert.strictEqual(error.reason, "crashed")
    assert.strictEqual(error.exitCode, 7)
    assert.include(error.message, "Round 1")
  })

  it("exit 4 RoundFailed in round 2 carries round 1's report", async () => {
    const { agent, ws } = setup([printJson(cont(1)), "exit 0"])
    const result = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    const error = errorOf(jsonDocument(result))
    assert.strictEqual(error._tag, "RoundFailed")
    assert.strictEqual(error.round, 2)
    assert.strictEqual(error.reason, "no-report")
    assert.deepStrictEqual(error.lastReport, cont(1))
  })

  it("exit 4 for a child killed by a signal", async () => {
    const { agent, ws } = setup(["kill -KILL $$"])
    const result = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    const error = errorOf(jsonDocument(result))
    assert.strictEqual(error._tag, "RoundFailed")
    assert.include(error.detail, "SIGKILL")
  })

  it("exit 4 when stdout floods past its bound, saying so", async () => {
    const { agent, ws } = setup(["exec yes flood"])
    const result = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    const error = errorOf(jsonDocument(result))
    assert.strictEqual(error.reason, "output-limit")
    assert.match(error.detail, /stdout/)
  })

  it("exit 5 MalformedReport naming the round and the problem", async () => {
    const { agent, ws } = setup([printJson(cont(1)), printJson({ ...completeReport, nextSteps: ["more"] })])
    const result = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 5, result.stderr)
    const error = errorOf(jsonDocument(result))
    assert.strictEqual(error._tag, "MalformedReport")
    assert.strictEqual(error.round, 2)
    assert.match(error.problem, /nextSteps/)
  })

  it("exit 5 OversizedReport with chars and limit (RALPH_MAX_HANDOFF_CHARS), even for a complete report", async () => {
    const { agent, ws } = setup([printJson(reportOfLength("complete", 150))])
    const result = await runCli([...execArgs(agent, "--json"), "x"], {
      cwd: ws,
      env: { RALPH_MAX_HANDOFF_CHARS: "149" }
    })
    assert.strictEqual(result.code, 5, result.stderr)
    const error = errorOf(jsonDocument(result))
    assert.strictEqual(error._tag, "OversizedReport")
    assert.deepStrictEqual([error.round, error.chars, error.limit], [1, 150, 149])
  })

  const invalid: ReadonlyArray<[string, Array<string>, string, string]> = [
    ["an empty objective", [""], "InvalidArguments", "objective"],
    ["a whitespace objective", ["  \n "], "InvalidArguments", "objective"],
    ["--max-rounds 1.5", ["--max-rounds", "1.5", "x"], "InvalidArguments", "--max-rounds"],
    ["--max-rounds 0", ["--max-rounds", "0", "x"], "InvalidArguments", "--max-rounds"],
    ["--max-rounds -1", ["--max-rounds", "-1", "x"], "InvalidArguments", "--max-rounds"],
    ["--max-rounds NaN", ["--max-rounds", "NaN", "x"], "InvalidArguments", "--max-rounds"],
    ["--max-rounds abc", ["--max-rounds", "abc", "x"], "InvalidArguments", "--max-rounds"],
    ["--max-rounds above the ceiling", ["--max-rounds", "257", "x"], "InvalidArguments", "maxRounds"]
  ]
  for (const [name, args, tag, field] of invalid) {
    it(`exit 1 ${tag} for ${name}, before any child starts`, async () => {
      const { agent, root, ws } = setup((root) => [`touch ${sq(join(root, "started"))}; ${printJson(completeReport)}`])
      const result = await runCli([...execArgs(agent, "--json"), ...args], { cwd: ws })
      assert.strictEqual(result.code, 1, result.stderr)
      const error = errorOf(jsonDocument(result))
      assert.strictEqual(error._tag, tag)
      assert.strictEqual(error.argument, field)
      assert.throws(() => readFileSync(join(root, "started")), /ENOENT/, "no child was started")
    })
  }

  it("exit 1 InvalidArguments naming --agent and listing the agents for an unknown agent", async () => {
    const { ws } = newWorkspace()
    const result = await runCli(["run", "--json", "--agent", "no-such-agent", "x"], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    const error = errorOf(jsonDocument(result))
    assert.strictEqual(error._tag, "InvalidArguments")
    assert.strictEqual(error.argument, "--agent")
    assert.include(error.problem, "opencode")
    // What was typed is named, so a typo shows as one.
    assert.include(error.problem, "\"no-such-agent\"")
  })

  it("exit 1 ProviderUnavailable for an exec agent command that does not exist", async () => {
    const { root, ws } = newWorkspace()
    const result = await runCli(["run", "--json", "--agent", "exec", "--agent-cmd", join(root, "missing.sh"), "x"], {
      cwd: ws
    })
    assert.strictEqual(result.code, 1, result.stderr)
    assert.strictEqual(errorOf(jsonDocument(result))._tag, "ProviderUnavailable")
  })

  it("exit 1 EngineRejected when the rounds asked for pass the engine's ceiling", async () => {
    const { agent, root, ws } = setup((root) => [`touch ${sq(join(root, "started"))}; ${printJson(completeReport)}`])
    const result = await runCli([...execArgs(agent, "--json", "--max-rounds", "1001"), "x"], {
      cwd: ws,
      env: { RALPH_MAX_ROUNDS: "5000" }
    })
    assert.strictEqual(result.code, 1, result.stderr)
    const error = errorOf(jsonDocument(result))
    assert.strictEqual(error._tag, "EngineRejected")
    assert.deepStrictEqual([error.requested, error.ceiling], [1001, 1000])
    assert.throws(() => readFileSync(join(root, "started")), /ENOENT/)
  })

  it("exit 1 and one JSON document for an unknown flag", async () => {
    const { agent, ws } = setup([printJson(completeReport)])
    const result = await runCli([...execArgs(agent, "--json", "--no-such-flag"), "x"], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    const error = errorOf(jsonDocument(result))
    assert.strictEqual(error._tag, "InvalidArguments")
    assert.include(error.message, "no-such-flag")
  })

  it("exit 1 and one JSON document for an unknown subcommand", async () => {
    const { ws } = newWorkspace()
    const result = await runCli(["frobnicate", "--json"], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    assert.strictEqual(errorOf(jsonDocument(result))._tag, "InvalidArguments")
  })

  it("exit 1 for a missing objective", async () => {
    const { agent, ws } = setup([printJson(completeReport)])
    const result = await runCli(execArgs(agent, "--json"), { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    assert.strictEqual(errorOf(jsonDocument(result)).argument, "objective")
  })
})

describe.concurrent("ralph run without --json: text for people", () => {
  it("progress per round on stderr; the rendered result on stdout; no colour when not a terminal", async () => {
    const { agent, ws } = setup([printJson(cont(1)), printJson(completeReport)])
    const result = await runCli([...execArgs(agent), "x"], { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.match(result.stdout, /worker reported/i)
    assert.include(result.stdout, JSON.stringify(completeReport, null, 2))
    assert.match(result.stderr, /round 1\/256 .*exec.*continue.*round 1 moved on/)
    assert.match(result.stderr, /round 2\/256 .*exec.*complete.*Everything is done/)
    assert.notInclude(result.stdout + result.stderr, "\u001b[", "no ANSI escapes")
  })

  it("the rendered result is bounded by RALPH_MAX_RESULT_CHARS, marker included", async () => {
    const { agent, ws } = setup([printJson({ ...completeReport, summary: "z".repeat(300) })])
    const result = await runCli([...execArgs(agent), "x"], { cwd: ws, env: { RALPH_MAX_RESULT_CHARS: "60" } })
    assert.strictEqual(result.code, 0, result.stderr)
    const text = result.stdout.replace(/\n$/, "")
    assert.isAtMost(text.length, 60)
    assert.isTrue(text.endsWith("… [truncated]"))
  })

  it("a failure is rendered on stderr, nothing on stdout, with its exit code", async () => {
    const { agent, ws } = setup([printJson(cont(1)), "echo 'disk on fire' >&2; exit 3"])
    const result = await runCli([...execArgs(agent), "x"], { cwd: ws })
    assert.strictEqual(result.code, 4)
    assert.strictEqual(result.stdout, "")
    assert.include(result.stderr, "Round 2 failed")
    assert.include(result.stderr, "disk on fire")
    assert.include(result.stderr, JSON.stringify(cont(1), null, 2), "the last good handoff")
  })

  it("exit codes are the same without --json", async () => {
    const cases: ReadonlyArray<[string, Array<string>, number]> = [
      [printJson(completeReport), [], 0],
      [printJson(blockedReport), [], 2],
      [printJson(cont(1)), ["--max-rounds", "1"], 3],
      ["exit 1", [], 4],
      [printJson({ status: "complete" }), [], 5]
    ]
    const codes = await Promise.all(cases.map(async ([body, flags]) => {
      const { agent, ws } = setup([body])
      return (await runCli([...execArgs(agent, ...flags), "x"], { cwd: ws })).code
    }))
    assert.deepStrictEqual(codes, cases.map(([, , code]) => code))
    const { agent, ws } = setup([printJson(completeReport)])
    assert.strictEqual((await runCli([...execArgs(agent), " "], { cwd: ws })).code, 1)
  })
})

describe("the ralph process's memory under a stderr flood", () => {
  it("a child writing 160 MB to stderr does not grow ralph's peak memory with it", async () => {
    // The child reports the parent's (ralph's) peak resident memory after its flood.
    const hwm = (mb: number) =>
      [
        mb > 0 ? `head -c ${mb * 1024 * 1024} /dev/zero | tr '\\0' 'e' >&2` : ":",
        `sleep 0.2`,
        `peak=$(awk '/VmHWM/ { print $2 }' /proc/$PPID/status)`,
        `printf '{"status":"complete","summary":"%s","evidence":["measured"],"nextSteps":[],"blocker":""}\\n' "$peak"`
      ].join("\n")
    const peakKb = async (mb: number) => {
      const { agent, ws } = setup([hwm(mb)])
      const result = await runCli([...execArgs(agent, "--json"), "x"], { cwd: ws })
      assert.strictEqual(result.code, 0, result.stderr)
      return Number(jsonDocument(result).result.report.summary)
    }
    const baseline = await peakKb(0)
    const flooded = await peakKb(160)
    assert.isAbove(baseline, 10_000, "VmHWM was read")
    assert.isBelow(flooded - baseline, 100 * 1024, `peak grew from ${baseline} kB to ${flooded} kB`)
  }, 60_000)
})
