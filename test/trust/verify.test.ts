/**
 * The verify gate and protected files, through the built CLI with real processes: a claimed
 * completion ends the run only when the gate passes and no protected file changed.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { isGone, printJson, sq, waitFor, writeAgent, writeRoundAgent } from "../support/agents.ts"
import { ensureCli, execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli, startCli } from "../support/cli.ts"
import { completeReport, continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** A workspace whose agent runs `bodies[N-1]` in round N, keeping each round's prompt as prompt-N.txt in the root. */
const setup = (bodies: ReadonlyArray<string>) => {
  const { root, ws } = newWorkspace()
  const agent = writeRoundAgent(root, bodies, { promptTo: `${sq(root)}/prompt-$RALPH_ROUND.txt` })
  // The gate: passes once done.txt exists, and says so either way.
  const gate = writeAgent(
    root,
    "check.sh",
    `if [ -f done.txt ]; then echo ok; else echo "done.txt is missing"; exit 1; fi`
  )
  return { root, ws, agent, gate }
}

const run = (agent: string, ...more: Array<string>) => execArgs(agent, "--json", ...more)

const complete = printJson(completeReport)
const cont = printJson(continueReport)

describe.concurrent("--verify: a claimed completion is checked", () => {
  it("the gate passes: complete, with the verification in the result and the text", async () => {
    const { agent, gate, ws } = setup([`touch done.txt; ${complete}`])
    const result = await runCli(run(agent, "--verify", `sh ${gate}`, "make done.txt"), { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.status, "complete")
    assert.deepStrictEqual(doc.verification.command, ["sh", gate])
    assert.strictEqual(doc.verification.exitCode, 0)
    assert.strictEqual(doc.verification.outputTail, "ok")
    assert.isFalse(doc.verification.timedOut)
    const text = await runCli(["run", "--agent-cmd", agent, "--verify", `sh ${gate}`, "again"], { cwd: ws })
    assert.match(text.stdout, /verified it \(exit 0\)/)
  })

  for (const engine of ["journal", "sqlite"] as const) {
    it(`a false complete never ends the run: the next child gets the failure, fixes it, and the gate passes (${engine} engine)`, async () => {
      const { agent, gate, root, ws } = setup([complete, `touch done.txt; ${complete}`])
      const result = await runCli(run(agent, "--verify", `sh ${gate}`, "--engine", engine, "make done.txt"), {
        cwd: ws
      })
      assert.strictEqual(result.code, 0, result.stderr)
      const doc = jsonDocument(result)
      assert.strictEqual(doc.result.status, "complete")
      assert.strictEqual(doc.result.roundsStarted, 2)
      assert.strictEqual(doc.agentsStarted, 2)
      const second = readFileSync(join(root, "prompt-2.txt"), "utf8")
      assert.include(second, "The previous claim did not hold")
      assert.include(second, "done.txt is missing")
      assert.include(second, "exited with 1")
      assert.include(second, JSON.stringify(completeReport, null, 2), "the claimed report is the handoff")
      assert.notInclude(readFileSync(join(root, "prompt-1.txt"), "utf8"), "did not hold")
      assert.match(result.stderr, /claim rejected/)
      // ralph show lists both verifications.
      const show = await runCli(["show", doc.runId, "--engine", engine], { cwd: ws })
      assert.match(show.stdout, /verification: sh .*check\.sh · exit 1 · .* claim rejected/)
      assert.match(show.stdout, /verification: sh .*check\.sh · exit 0 · .* claim verified/)
      assert.match(show.stdout, /^guards: verify: sh .*check\.sh$/m)
      assert.match(result.stderr, /started with exec, up to \d+ rounds · verify: sh .*check\.sh/)
    })
  }

  it("the gate fails on the last round: budget-limited, with the failed verification", async () => {
    const { agent, gate, ws } = setup([cont, complete])
    const result = await runCli(run(agent, "--verify", `sh ${gate}`, "--max-rounds", "2", "x"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.status, "budget-limited")
    assert.strictEqual(doc.limit, "rounds")
    assert.strictEqual(doc.report.status, "complete", "the last finished report: the claim that failed")
    assert.strictEqual(doc.verification.exitCode, 1)
    assert.strictEqual(doc.verification.outputTail, "done.txt is missing")
  })

  it("a gate that runs too long is stopped and fails", async () => {
    const { agent, root, ws } = setup([complete])
    const slow = writeAgent(root, "slow.sh", `echo $$ > ${sq(root)}/gate.pid\nsleep 30`)
    const started = Date.now()
    const result = await runCli(run(agent, "--verify", slow, "--verify-timeout", "500ms", "--max-rounds", "1", "x"), {
      cwd: ws
    })
    assert.strictEqual(result.code, 3, result.stderr)
    assert.isBelow(Date.now() - started, 10_000)
    const doc = jsonDocument(result).result
    assert.isTrue(doc.verification.timedOut)
    assert.isNull(doc.verification.exitCode)
    assert.match(doc.verification.outputTail, /ran longer than 500ms/)
    assert.isTrue(isGone(Number(readFileSync(join(root, "gate.pid"), "utf8"))), "the gate's group is stopped")
  })

  it("a gate that cannot start is InvalidConfig before round 1", async () => {
    const { agent, root, ws } = setup([complete])
    const result = await runCli(run(agent, "--verify", join(root, "no-such-check"), "x"), { cwd: ws })
    assert.strictEqual(result.code, 1, result.stdout)
    const error = jsonDocument(result).error
    assert.strictEqual(error._tag, "InvalidConfig")
    assert.strictEqual(error.key, "verify")
    assert.isFalse(existsSync(join(root, "prompt-1.txt")), "no child started")
  })

  it("cancel during the gate stops it and settles Cancelled", async () => {
    const { agent, root, ws } = setup([complete])
    const slow = writeAgent(root, "slow.sh", `echo $$ > ${sq(root)}/gate.pid\nsleep 30`)
    const running = startCli(run(agent, "--verify", slow, "x"), { cwd: ws })
    const pid = await waitFor("the gate to start", () => {
      const text = existsSync(join(root, "gate.pid")) ? readFileSync(join(root, "gate.pid"), "utf8").trim() : ""
      return text === "" ? undefined : Number(text)
    })
    running.child.kill("SIGTERM")
    const result = await running.result
    assert.strictEqual(result.code, 143, result.stderr)
    assert.strictEqual(jsonDocument(result).error._tag, "Cancelled")
    assert.strictEqual(jsonDocument(result).error.round, 1, "cut in round 1's check")
    assert.isTrue(isGone(pid), "the gate is gone when ralph settles")
  })
})

describe.concurrent("protected files: a round that changed them cannot complete", () => {
  it("a child that rewrites the gate script in the workspace never ends complete on that rewrite", async () => {
    const { agent, root, ws } = setup([
      `printf 'exit 0\\n' > check.sh; ${complete}`,
      complete
    ])
    writeFileSync(join(ws, "check.sh"), "test -f done.txt\n")
    const result = await runCli(run(agent, "--verify", "sh check.sh", "--max-rounds", "2", "x"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.status, "budget-limited")
    assert.deepStrictEqual(doc.protectedChanged, ["check.sh"])
    const second = readFileSync(join(root, "prompt-2.txt"), "utf8")
    assert.include(second, "protected")
    assert.include(second, "- check.sh")
    assert.match(second, /restore them/)
    assert.strictEqual(readFileSync(join(ws, "check.sh"), "utf8"), "exit 0\n", "ralph never edits the workspace")
  })

  it("a verify script that does not exist when the run starts is InvalidConfig before round 1: a worker could write it", async () => {
    const { agent, root, ws } = setup([`printf 'exit 0\\n' > check.sh; ${complete}`])
    const result = await runCli(run(agent, "--verify", "sh check.sh", "--max-rounds", "2", "x"), { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error._tag, "InvalidConfig")
    assert.strictEqual(error.key, "verify")
    assert.include(error.problem, `script "check.sh" does not exist`)
    assert.isFalse(existsSync(join(root, "prompt-1.txt")), "no agent started")
  })

  it("a verify command's argument may name what the worker is to write: test -f notes.txt passes once it is written", async () => {
    const { agent, ws } = setup([complete, `echo hello > notes.txt; ${complete}`])
    const result = await runCli(run(agent, "--verify", "test -f notes.txt", "--max-rounds", "3", "x"), { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.status, "complete")
    assert.strictEqual(doc.roundsStarted, 2)
    assert.strictEqual(doc.verification.exitCode, 0)
    assert.notProperty(doc, "protectedChanged")
  })

  it("a verify program a child puts earlier on PATH, in the workspace, is rejected as a change", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(
      root,
      "agent.sh",
      `mkdir -p bin; printf '#!/bin/sh\\nexit 0\\n' > bin/gatecheck; chmod +x bin/gatecheck; ${complete}`
    )
    const outside = join(root, "outside")
    mkdirSync(outside)
    writeAgent(outside, "gatecheck", "exit 1")
    const result = await runCli(run(agent, "--verify", "gatecheck", "--max-rounds", "1", "x"), {
      cwd: ws,
      env: { PATH: `${join(ws, "bin")}:${outside}:${process.env.PATH}` }
    })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.status, "budget-limited")
    assert.deepStrictEqual(doc.protectedChanged, ["bin/gatecheck"])
  })

  it("a gate script linked into the workspace is protected as named: a child that replaces the link is rejected", async () => {
    const { agent, gate, ws } = setup([
      `rm check.sh; printf 'exit 0\\n' > check.sh; ${complete}`,
      complete
    ])
    symlinkSync(gate, join(ws, "check.sh"))
    const result = await runCli(run(agent, "--verify", "sh check.sh", "--max-rounds", "2", "x"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.status, "budget-limited")
    assert.deepStrictEqual(doc.protectedChanged, ["check.sh"])
  })

  it("a child that edits a protected test file and claims completion is rejected; restoring it lets the next claim pass", async () => {
    const { agent, gate, ws } = setup([
      `echo 'skip all' > tests/a.test; touch done.txt; ${complete}`,
      `printf 'assert 1\\n' > tests/a.test; ${complete}`
    ])
    mkdirSync(join(ws, "tests"))
    writeFileSync(join(ws, "tests", "a.test"), "assert 1\n")
    const result = await runCli(run(agent, "--verify", `sh ${gate}`, "--protect", "tests/**", "x"), { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.roundsStarted, 2)
    const show = jsonDocument(await runCli(["show", "--json", doc.runId], { cwd: ws }))
    assert.deepStrictEqual(show.rounds.map((r: any) => r.protectedChanged), [["tests/a.test"], []])
    assert.deepStrictEqual(show.rounds.map((r: any) => r.claim.status), ["rejected", "held"])
    assert.isNull(show.rounds[0].claim.check.verification, "a gate that may have been rewritten is not run")
  })
})
