/**
 * Cost and token caps and the stall guard, through the built CLI with exec agents that report
 * their spend in RALPH_USAGE_FILE (or do not).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { printJson, sq, waitFor, writeAgent } from "../support/agents.ts"
import { ensureCli, execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli, startCli } from "../support/cli.ts"
import { completeReport, continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** An agent that reports `usage` each round and continues; `change` says whether it also edits the workspace. */
const setup = (usage: unknown, change: "edit" | "nothing" = "edit") => {
  const { root, ws } = newWorkspace()
  const write = usage === undefined ? "" : `printf '%s' ${sq(JSON.stringify(usage))} > "$RALPH_USAGE_FILE"\n`
  const edit = change === "edit" ? `echo "$RALPH_ROUND" > "round-$RALPH_ROUND.txt"\n` : ""
  const agent = writeAgent(root, "agent.sh", `${write}${edit}${printJson(continueReport)}`)
  return { root, ws, agent }
}

const run = (agent: string, ...more: Array<string>) => execArgs(agent, "--json", "--max-rounds", "10", ...more, "x")

describe.concurrent("spend caps", () => {
  it("a resumed run's progress line counts the spend of the rounds run before it", async () => {
    const { root, ws } = newWorkspace()
    const usage = JSON.stringify({ inputTokens: 100, outputTokens: 10, costUsd: 0.25 })
    // Round 2 fails while `fail` exists; every round reports its spend.
    const agent = writeAgent(
      root,
      "agent.sh",
      [
        `printf '%s' ${sq(usage)} > "$RALPH_USAGE_FILE"`,
        `if [ "$RALPH_ROUND" = 2 ] && [ -e ${sq(join(root, "fail"))} ]; then exit 3; fi`,
        `echo "$RALPH_ROUND" > "round-$RALPH_ROUND.txt"`,
        printJson(continueReport)
      ].join("\n")
    )
    writeFileSync(join(root, "fail"), "")
    const failed = await runCli(["run", "--json", "--agent-cmd", agent, "--retries", "0", "--max-rounds", "3", "x"], {
      cwd: ws
    })
    assert.strictEqual(failed.code, 4, failed.stderr)
    const runId = jsonDocument(failed).error.runId as string
    rmSync(join(root, "fail"))
    const resumed = await runCli(["resume", runId, "--json"], { cwd: ws })
    assert.strictEqual(resumed.code, 3, resumed.stderr)
    // Round 1 and round 2's failed attempt were spent before: the totals count them, the result and
    // `ralph show` agree.
    assert.match(
      resumed.stderr,
      /round 2\/3 · exec · (?:\d+ms|\d+(?:\.\d)?s) · continue · .* · total 330 tokens, \$0\.7500/,
      resumed.stderr
    )
    assert.match(
      resumed.stderr,
      /round 3\/3 · exec · (?:\d+ms|\d+(?:\.\d)?s) · continue · .* · total 440 tokens, \$1\.0000/,
      resumed.stderr
    )
    const total = jsonDocument(resumed).result.usage
    assert.strictEqual(total.inputTokens + total.outputTokens, 440)
    assert.closeTo(total.costUsd, 1, 1e-9)
    const shown = jsonDocument(await runCli(["show", runId, "--json"], { cwd: ws }))
    assert.closeTo(shown.usage.costUsd, 1, 1e-9)
  })

  it("--max-cost-usd ends the run budget-limited by cost on the round that crossed it, with the totals", async () => {
    const { agent, ws } = setup({ inputTokens: 100, outputTokens: 10, costUsd: 0.4 })
    const result = await runCli(run(agent, "--max-cost-usd", "1"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.limit, "cost")
    assert.strictEqual(doc.result.roundsStarted, 3, "0.4 + 0.4 + 0.4 crosses 1 in round 3, not later")
    assert.strictEqual(doc.agentsStarted, 3)
    assert.closeTo(doc.result.usage.costUsd, 1.2, 1e-9)
    assert.strictEqual(doc.result.usage.inputTokens, 300)
    assert.strictEqual(doc.result.usage.rounds.length, 3)
    assert.match(result.stderr, /total 220 tokens, \$0\.8000/, "running totals on the progress line")
  })

  it("--max-tokens ends the run budget-limited by tokens", async () => {
    const { agent, ws } = setup({ inputTokens: 600, cachedInputTokens: 500, outputTokens: 100 })
    const result = await runCli(run(agent, "--max-tokens", "1500"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.limit, "tokens")
    assert.strictEqual(doc.roundsStarted, 3)
    assert.strictEqual(doc.usage.cachedInputTokens, 1500)
    assert.notProperty(doc.usage, "costUsd", "no round reported cost: unknown, never 0")
  })

  it("a round whose cost is unknown stops a cost-capped run; --allow-unknown-cost runs on and says the cost is unknown", async () => {
    const { agent, ws } = setup(undefined)
    const stopped = await runCli(run(agent, "--max-cost-usd", "5"), { cwd: ws })
    assert.strictEqual(stopped.code, 3, stopped.stderr)
    assert.strictEqual(jsonDocument(stopped).result.limit, "cost")
    assert.strictEqual(jsonDocument(stopped).result.roundsStarted, 1)
    const allowed = await runCli([
      "run",
      "--json",
      "--agent-cmd",
      agent,
      "--max-rounds",
      "3",
      "--max-cost-usd",
      "5",
      "--allow-unknown-cost",
      "x"
    ], {
      cwd: ws
    })
    assert.strictEqual(allowed.code, 3, allowed.stderr)
    const doc = jsonDocument(allowed).result
    assert.strictEqual(doc.limit, "rounds")
    assert.notProperty(doc.usage, "costUsd")
  })

  it("an agent that does not report cost cannot start with --max-cost-usd unless unknown cost is allowed", async () => {
    const { ws } = setup(undefined)
    writeFileSync(join(ws, "codex"), "#!/bin/sh\nexit 1\n", { mode: 0o755 })
    const withBinary = await runCli(["run", "--json", "--agent", "codex", "--max-cost-usd", "1", "x"], {
      cwd: ws,
      env: { PATH: `${ws}:/usr/bin:/bin` }
    })
    assert.strictEqual(withBinary.code, 1, withBinary.stderr)
    const error = jsonDocument(withBinary).error
    assert.strictEqual(error._tag, "InvalidConfig")
    assert.strictEqual(error.key, "maxCostUsd")
    assert.match(error.message, /does not report what it costs.*--allow-unknown-cost/)
  })

  it("an attempt that fails after spending counts toward the cap, and no retry is made past it", async () => {
    const { root, ws } = newWorkspace()
    // Attempt 1 of each round spends $2 and fails as a temporary failure (exit 75); attempt 2 spends $0.50 and reports.
    const agent = writeAgent(
      root,
      "agent.sh",
      `if [ "$RALPH_ATTEMPT" -eq 1 ]; then printf '{"costUsd":2}' > "$RALPH_USAGE_FILE"; exit 75; fi\n` +
        `printf '{"costUsd":0.5}' > "$RALPH_USAGE_FILE"\n${printJson(continueReport)}`
    )
    const result = await runCli(
      ["run", "--json", "--agent-cmd", agent, "--retries", "1", "--retry-delay", "10ms", "--max-cost-usd", "3", "x"],
      { cwd: ws }
    )
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.limit, "cost")
    // Round 1: $2 + $0.50; round 2's first attempt brings it to $4.50, and is not retried.
    assert.strictEqual(doc.result.roundsStarted, 2)
    assert.strictEqual(doc.agentsStarted, 3)
    assert.strictEqual(doc.result.usage.costUsd, 4.5)
    const show = jsonDocument(await runCli(["show", "--json", doc.runId], { cwd: ws }))
    assert.strictEqual(show.usage.rounds[0].costUsd, 2.5, "ralph show adds the failed attempt to its round")
  })

  it("a malformed usage file fails the round, naming the file", async () => {
    const { agent, ws } = setup({ inputTokens: -3 })
    const result = await runCli(run(agent), { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error.reason, "malformed-usage")
    assert.match(
      error.detail,
      /^RALPH_USAGE_FILE is malformed: .* it held "\{\\"inputTokens\\":-3\}"; write one JSON object/
    )
  })
})

describe.concurrent("--max-stalled-rounds", () => {
  it("on a non-git workspace: rounds that change nothing end the run budget-limited by stall", async () => {
    const { agent, ws } = setup(undefined, "nothing")
    const result = await runCli(run(agent, "--max-stalled-rounds", "2"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.limit, "stalled")
    assert.strictEqual(doc.result.roundsStarted, 2)
    const show = await runCli(["show", doc.runId], { cwd: ws })
    assert.match(show.stdout, /round 1: finished .* workspace unchanged/)
  })

  it("on a git workspace: changes count, ignored files do not", async () => {
    const { root, ws } = newWorkspace()
    execFileSync("git", ["init", "-q"], { cwd: ws })
    writeFileSync(join(ws, ".gitignore"), "build/\n")
    // Rounds 1 and 2 edit a tracked-to-be file; from round 3 on only an ignored one.
    const agent = writeAgent(
      root,
      "agent.sh",
      `if [ "$RALPH_ROUND" -le 2 ]; then echo "$RALPH_ROUND" > notes.txt; else mkdir -p build; echo "$RALPH_ROUND" > build/out; fi\n${
        printJson(continueReport)
      }`
    )
    const result = await runCli(run(agent, "--max-stalled-rounds", "2"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.limit, "stalled")
    assert.strictEqual(doc.result.roundsStarted, 4)
    const show = jsonDocument(await runCli(["show", "--json", doc.runId], { cwd: ws }))
    assert.deepStrictEqual(show.rounds.map((r: any) => r.workspaceChanged), [true, true, false, false])
  })

  it("a git workspace is read once a continue round (its \"before\" is the last round's \"after\"), afresh after a claim's check", async () => {
    const { root, ws } = newWorkspace()
    execFileSync("git", ["init", "-q"], { cwd: ws })
    // A git on PATH that logs each `git status` ralph runs, then runs the real one.
    const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim()
    const bin = join(root, "bin")
    mkdirSync(bin)
    writeAgent(
      bin,
      "git",
      `case "$*" in *status*) echo "$*" >> ${sq(join(root, "git.log"))};; esac\nexec ${sq(realGit)} "$@"`
    )
    // Round 3 claims completion; the gate fails and writes in the workspace each time it runs.
    const gate = writeAgent(root, "gate.sh", `echo ran >> gate.log\nexit 1`)
    const agent = writeAgent(
      root,
      "agent.sh",
      [
        `if [ "$RALPH_ROUND" -le 2 ]; then echo "$RALPH_ROUND" > "round-$RALPH_ROUND.txt"; fi`,
        `if [ "$RALPH_ROUND" -eq 3 ]; then ${printJson(completeReport)}; else ${printJson(continueReport)}; fi`
      ].join("\n")
    )
    const result = await runCli(
      ["run", "--json", "--agent-cmd", agent, "--verify", gate, "--max-rounds", "5", "--max-stalled-rounds", "2", "x"],
      { cwd: ws, env: { PATH: `${bin}:${process.env.PATH}` } }
    )
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result)
    // Rounds 1 and 2 edit; 3 claims and changes nothing; 4 changes nothing: its "before" is read after
    // the gate wrote gate.log, which is no change of round 4's.
    assert.strictEqual(doc.result.limit, "stalled")
    assert.strictEqual(doc.result.roundsStarted, 4)
    const show = jsonDocument(await runCli(["show", "--json", doc.runId], { cwd: ws }))
    assert.deepStrictEqual(show.rounds.map((r: any) => r.workspaceChanged), [true, true, false, false])
    // Before round 1, after each round, and before round 4 again (the gate ran in between): 6, not 8.
    assert.lengthOf(readFileSync(join(root, "git.log"), "utf8").trim().split("\n"), 6)
  })

  for (const engine of ["journal", "sqlite"] as const) {
    it(`counts the rounds that changed nothing across a crash and a resume (${engine} engine)`, async () => {
      const { root, ws } = newWorkspace()
      // Changes nothing; hangs in round 2 the first time.
      const agent = writeAgent(
        root,
        "agent.sh",
        `if [ "$RALPH_ROUND" -eq 2 ] && [ ! -f ${sq(root)}/hung ]; then touch ${sq(root)}/hung; exec sleep 60; fi\n${
          printJson(continueReport)
        }`
      )
      const first = startCli(run(agent, "--max-stalled-rounds", "2", "--engine", engine), { cwd: ws })
      await waitFor("round 2 to hang", () => existsSync(join(root, "hung")) || undefined)
      first.child.kill("SIGKILL")
      await first.result
      const listed = JSON.parse((await runCli(["runs", "--json", "--engine", engine], { cwd: ws })).stdout)
      const runId = listed[0].runId as string
      const resumed = await runCli(["resume", runId, "--json", "--engine", engine, "--kill-grace", "300ms"], {
        cwd: ws
      })
      assert.strictEqual(resumed.code, 3, resumed.stderr)
      const doc = jsonDocument(resumed).result
      assert.strictEqual(doc.limit, "stalled", "round 1 before the crash and round 2 after it changed nothing")
      assert.strictEqual(doc.roundsStarted, 2)
    })
  }
})

/**
 * An agent that reports `usage` and continues each round (round 3 completes); the first time round
 * 2 runs it reports, records its pid and sleeps, to be stopped there.
 */
const stoppedInRound2 = (engine = "sqlite") => {
  const { root, ws } = newWorkspace()
  const env = { RALPH_ENGINE: engine }
  const usage = JSON.stringify({ inputTokens: 1000, outputTokens: 100, costUsd: 0.25 })
  const agent = writeAgent(
    root,
    "agent.sh",
    [
      "cat > /dev/null",
      `printf '%s' ${sq(usage)} > "$RALPH_USAGE_FILE"`,
      `if [ "$RALPH_ROUND" = 2 ] && [ ! -e ${sq(join(root, "stopped"))} ]; then`,
      `  touch ${sq(join(root, "stopped"))}; echo $$ > ${sq(join(root, "child.pid"))}; exec sleep 60`,
      "fi",
      `echo "$RALPH_ROUND" > "round-$RALPH_ROUND.txt"`,
      `if [ "$RALPH_ROUND" = 3 ]; then ${printJson(completeReport)}; else ${printJson(continueReport)}; fi`
    ].join("\n")
  )
  /** `ralph run` until round 2's child runs, then Ctrl-C: the run's id. */
  const runAndCancel = async (...more: Array<string>) => {
    const running = startCli(execArgs(agent, "--json", "--max-rounds", "3", ...more, "x"), { cwd: ws, env })
    await waitFor("round 2's child", () => (existsSync(join(root, "child.pid")) ? true : undefined), 15_000)
    running.child.kill("SIGINT")
    const cancelled = await running.result
    assert.strictEqual(cancelled.code, 130, cancelled.stderr)
    return jsonDocument(cancelled).error.runId as string
  }
  return { root, ws, env, agent, runAndCancel }
}

describe.concurrent("what a stopped attempt spent", () => {
  for (const engine of ["sqlite", "journal"]) {
    it(`a cancelled attempt's reported spend counts in show, the resumed result, its progress lines and watch (${engine} engine)`, async () => {
      const { env, runAndCancel, ws } = stoppedInRound2(engine)
      const runId = await runAndCancel()
      const before = jsonDocument(await runCli(["show", runId, "--json"], { cwd: ws, env }))
      const stopped = before.rounds.find((r: any) => r.round === 2)
      assert.strictEqual(stopped.status, "cancelled")
      assert.deepStrictEqual(stopped.usage, { inputTokens: 1000, outputTokens: 100, costUsd: 0.25 })
      assert.closeTo(before.usage.costUsd, 0.5, 1e-9, "round 1 and the cancelled attempt")
      const shownText = await runCli(["show", runId], { cwd: ws, env })
      assert.match(shownText.stdout, /round 2: cancelled .*1000 in \/ 100 out tokens, \$0\.2500/)

      const resumed = await runCli(["resume", runId, "--json"], { cwd: ws, env })
      assert.strictEqual(resumed.code, 0, resumed.stderr)
      const total = jsonDocument(resumed).result.usage
      assert.closeTo(total.costUsd, 1, 1e-9, "four attempts of $0.25 each")
      assert.strictEqual(total.inputTokens, 4000)
      assert.closeTo(total.rounds[1].costUsd, 0.5, 1e-9, "round 2 counts its cancelled attempt")
      assert.match(resumed.stderr, /round 2\/3 · exec · [\d.]+m?s · continue · .* · total 3300 tokens, \$0\.7500/)
      assert.match(resumed.stderr, /round 3\/3 · exec · [\d.]+m?s · complete · .* · total 4400 tokens, \$1\.0000/)
      const after = jsonDocument(await runCli(["show", runId, "--json"], { cwd: ws, env }))
      assert.closeTo(after.usage.costUsd, 1, 1e-9)
      const watched = await runCli(["watch", runId], { cwd: ws, env })
      assert.strictEqual(watched.code, 0, watched.stderr)
      assert.match(watched.stderr, /round 3\/3 · exec · [\d.]+m?s · complete · .* · total 4400 tokens, \$1\.0000/)
    })
  }

  it("a resumed run's cost cap counts what its cancelled attempt spent", async () => {
    const { runAndCancel, ws } = stoppedInRound2()
    const runId = await runAndCancel("--max-cost-usd", "0.7")
    // $0.25 (round 1) + $0.25 (cancelled) + $0.25 (round 2 again) = $0.75 reaches the $0.70 cap.
    const resumed = await runCli(["resume", runId, "--json"], { cwd: ws })
    assert.strictEqual(resumed.code, 3, resumed.stderr)
    const result = jsonDocument(resumed).result
    assert.strictEqual(result.status, "budget-limited")
    assert.strictEqual(result.limit, "cost")
    assert.strictEqual(result.roundsStarted, 2)
    assert.closeTo(result.usage.costUsd, 0.75, 1e-9)
  })

  it("the time budget's cut attempt's reported spend counts in the result", async () => {
    const { agent, ws } = stoppedInRound2()
    const result = await runCli(execArgs(agent, "--json", "--max-rounds", "3", "--max-time", "4s", "x"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.limit, "time")
    assert.closeTo(doc.result.usage.costUsd, 0.5, 1e-9, "round 1 and the cut attempt")
    const shown = jsonDocument(await runCli(["show", doc.runId, "--json"], { cwd: ws }))
    assert.closeTo(shown.usage.costUsd, 0.5, 1e-9)
  })

  it("a timed-out attempt's reported spend counts", async () => {
    const { root, ws } = newWorkspace()
    const usage = JSON.stringify({ inputTokens: 1000, outputTokens: 100, costUsd: 0.25 })
    const agent = writeAgent(root, "agent.sh", `printf '%s' ${sq(usage)} > "$RALPH_USAGE_FILE"\nexec sleep 60`)
    const result = await runCli(execArgs(agent, "--json", "--round-timeout", "1s", "x"), { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error.reason, "timeout")
    const shown = jsonDocument(await runCli(["show", error.runId, "--json"], { cwd: ws }))
    assert.deepStrictEqual(shown.rounds[0].usage, { inputTokens: 1000, outputTokens: 100, costUsd: 0.25 })
    assert.closeTo(shown.usage.costUsd, 0.25, 1e-9)
  })
})

describe.concurrent("numbers never make a record unreadable", () => {
  it("a cost past the bound is malformed usage, and the record stays readable", async () => {
    const { agent, ws } = setup({ inputTokens: 10, outputTokens: 1, costUsd: 1e308 })
    const result = await runCli(run(agent), { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error.reason, "malformed-usage")
    assert.match(error.detail, /costUsd/)
    for (const command of [["show", error.runId], ["show", error.runId, "--json"], ["export", error.runId]]) {
      const read = await runCli(command, { cwd: ws })
      assert.strictEqual(read.code, 0, `${command.join(" ")}: ${read.stderr}`)
    }
  })

  it("a token count past the bound is malformed usage", async () => {
    const { agent, ws } = setup({ inputTokens: 1e300, outputTokens: 1 })
    const result = await runCli(run(agent), { cwd: ws })
    assert.strictEqual(result.code, 4, result.stderr)
    assert.strictEqual(jsonDocument(result).error.reason, "malformed-usage")
  })

  it("usage at the bounds sums to finite totals every command reads back", async () => {
    const { agent, ws } = setup({ inputTokens: 1e12, outputTokens: 1e12, costUsd: 1e6 })
    const result = await runCli(execArgs(agent, "--json", "--max-rounds", "3", "x"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.usage.costUsd, 3e6)
    assert.strictEqual(doc.result.usage.inputTokens, 3e12)
    const shown = await runCli(["show", doc.runId, "--json"], { cwd: ws })
    assert.strictEqual(shown.code, 0, shown.stderr)
    assert.strictEqual(jsonDocument(shown).usage.costUsd, 3e6)
    const resumed = await runCli(["resume", doc.runId, "--json"], { cwd: ws })
    assert.strictEqual(resumed.code, 3, resumed.stderr)
  })
})
