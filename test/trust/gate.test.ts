/**
 * The gate against a worker that argues with it, through the built CLI with real processes and
 * real tools (make, npm, run-parts): each case is an attack seen on an earlier ralph.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { isGone, printJson, sq, writeAgent, writeRoundAgent } from "../support/agents.ts"
import { ensureCli, execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { completeReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

const complete = printJson(completeReport)

/** A workspace whose agent runs `bodies[N-1]` in round N (in the workspace), then claims completion. */
const setup = (bodies: ReadonlyArray<string>) => {
  const { root, ws } = newWorkspace()
  const agent = writeRoundAgent(root, bodies, { promptTo: "/dev/null", finally: complete })
  mkdirSync(join(ws, "src"))
  writeFileSync(join(ws, "src", "answer.txt"), "0\n")
  return { root, ws, agent }
}

/** The recommended form: everything outside src/ is protected, new files included. */
const outsideSrc = ["--protect", "**", "--protect", "!src/**"]

const claims = async (ws: string, runId: string) => {
  const show = jsonDocument(await runCli(["show", "--json", runId], { cwd: ws }))
  return show.rounds.map((round: any) => ({ protectedChanged: round.protectedChanged, claim: round.claim.status }))
}

describe.concurrent("protect by default, allow by exception", () => {
  it("make check: a GNUmakefile the worker adds is a protected change; src/ is the worker's", async () => {
    const { agent, ws } = setup([
      `printf 'check:\\n\\t@true\\n' > GNUmakefile; echo 1 > src/answer.txt`,
      `rm GNUmakefile; echo 42 > src/answer.txt`
    ])
    writeFileSync(join(ws, "Makefile"), "check:\n\t@test \"$$(cat src/answer.txt)\" = 42\n")
    const result = await runCli(execArgs(agent, "--json", "--verify", "make check", ...outsideSrc, "x"), { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.status, "complete")
    assert.strictEqual(doc.result.roundsStarted, 2)
    assert.deepStrictEqual(await claims(ws, doc.runId), [
      { protectedChanged: ["GNUmakefile"], claim: "rejected" },
      { protectedChanged: [], claim: "held" }
    ])
  })

  it("npm test: an .npmrc with script-shell=/bin/true is a protected change", async () => {
    const { agent, ws } = setup([
      `echo 'script-shell=/bin/true' > .npmrc; echo 1 > src/answer.txt`,
      `rm .npmrc; echo 42 > src/answer.txt`
    ])
    writeFileSync(
      join(ws, "package.json"),
      JSON.stringify({ name: "x", version: "1.0.0", scripts: { test: "test \"$(cat src/answer.txt)\" = 42" } })
    )
    const result = await runCli(execArgs(agent, "--json", "--verify", "npm test", ...outsideSrc, "x"), {
      cwd: ws,
      env: { npm_config_update_notifier: "false", npm_config_fund: "false" }
    })
    assert.strictEqual(result.code, 0, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.status, "complete")
    assert.deepStrictEqual(await claims(ws, doc.runId), [
      { protectedChanged: [".npmrc"], claim: "rejected" },
      { protectedChanged: [], claim: "held" }
    ])
  })
})

describe.concurrent("what a protected file is", () => {
  it("its executable bit: chmod -x tests/* (run-parts then runs nothing) is a protected change", async () => {
    const { agent, ws } = setup(["chmod -x tests/*"])
    mkdirSync(join(ws, "tests"))
    writeAgent(join(ws, "tests"), "check", "test -f done.txt")
    const result = await runCli(
      execArgs(agent, "--json", "--verify", "run-parts tests", "--protect", "tests/**", "--max-rounds", "1", "x"),
      { cwd: ws }
    )
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.status, "budget-limited")
    assert.deepStrictEqual(doc.protectedChanged, ["tests/check"])
  })

  it("a pattern through a linked folder protects the files it leads to (tests -> ../shared)", async () => {
    const { agent, root, ws } = setup([`printf '#!/bin/sh\\nexit 0\\n' > tests/check`])
    mkdirSync(join(root, "shared"))
    writeAgent(join(root, "shared"), "check", "test -f done.txt")
    symlinkSync("../shared", join(ws, "tests"))
    const result = await runCli(
      execArgs(agent, "--json", "--verify", "run-parts tests", "--protect", "tests/check", "--max-rounds", "1", "x"),
      { cwd: ws }
    )
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result).result
    assert.deepStrictEqual(doc.protectedChanged, ["tests/check"])
    assert.include(
      readFileSync(join(root, "shared", "check"), "utf8"),
      "exit 0",
      "the worker did write through the link"
    )
  })
})

describe.concurrent("the gate's own program", () => {
  const shim = (dir: string) => `mkdir -p ${dir}; printf '#!/bin/sh\\nexit 0\\n' > ${dir}/test; chmod +x ${dir}/test`
  // Each PATH entry the verify process resolves in the workspace, ralph started in the workspace or beside it.
  const cases = [
    { entry: "", shimDir: ".", found: "test", outside: false },
    { entry: ".", shimDir: ".", found: "test", outside: true },
    { entry: "bin", shimDir: "bin", found: "bin/test", outside: true }
  ]
  for (const { entry, found, outside, shimDir } of cases) {
    it(`a test shim found through PATH entry ${JSON.stringify(entry)}${outside ? ", ralph started outside the workspace" : ""} is a protected change`, async () => {
      const { agent, root, ws } = setup([shim(shimDir)])
      const result = await runCli(
        execArgs(agent, "--json", "--verify", "test -f done.txt", "--max-rounds", "1", "--workspace", ws, "x"),
        { cwd: outside ? root : ws, env: { PATH: `${entry}:${process.env.PATH}` } }
      )
      assert.strictEqual(result.code, 3, result.stderr)
      const doc = jsonDocument(result).result
      assert.strictEqual(doc.status, "budget-limited")
      assert.deepStrictEqual(doc.protectedChanged, [found])
    })
  }

  it("a script an interpreter runs must exist at the start whatever its name: sh ci/check, bash scripts/test", async () => {
    for (const verify of ["sh ci/check", "bash -e scripts/test", "env CI=1 sh ci/check"]) {
      const { agent, ws } = setup([`mkdir -p ci scripts; echo 'exit 0' > ci/check; echo 'exit 0' > scripts/test`])
      const result = await runCli(execArgs(agent, "--json", "--verify", verify, "x"), { cwd: ws })
      assert.strictEqual(result.code, 1, `${verify}: ${result.stderr}`)
      const error = jsonDocument(result).error
      assert.strictEqual(error._tag, "InvalidConfig")
      assert.match(error.problem, /script "(ci\/check|scripts\/test)" does not exist/)
    }
  })
})

describe.concurrent("time runs out during the check", () => {
  it("--max-time expiring while the verify command runs ends budget-limited by time, on the claim, its verification cut", async () => {
    const { agent, root, ws } = setup([""])
    const slow = writeAgent(root, "slow.sh", `echo $$ > ${sq(root)}/gate.pid\nsleep 30`)
    const started = Date.now()
    const result = await runCli(execArgs(agent, "--json", "--verify", slow, "--max-time", "3s", "x"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    assert.isBelow(Date.now() - started, 15_000)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.status, "budget-limited")
    assert.strictEqual(doc.limit, "time")
    assert.strictEqual(doc.roundsStarted, 1)
    assert.strictEqual(doc.report.status, "complete", "the claimed report")
    assert.isTrue(doc.verification.cut)
    assert.isNull(doc.verification.exitCode)
    assert.match(doc.verification.outputTail, /time budget ran out while the verify command ran/)
    assert.isTrue(isGone(Number(readFileSync(join(root, "gate.pid"), "utf8"))), "the verify command is stopped")
    const show = await runCli(["show", jsonDocument(result).runId], { cwd: ws })
    assert.include(show.stdout, "claim check: cut short (the run ended during it)")
    assert.include(show.stdout, "was stopped when the run's time budget ran out; the claim is unverified.")
  })
})

describe.concurrent("a protect pattern that matches nothing", () => {
  it("is a warning on stderr at start, for a pattern that protects nothing and an exclusion that spares nothing", async () => {
    const { agent, ws } = setup([""])
    writeFileSync(join(ws, "Makefile"), "all:\n")
    const patterns = ["tests/**", "Makefile", "**", "!src/**", "!docs/**"].flatMap((p) => ["--protect", p])
    const result = await runCli(execArgs(agent, "--json", ...patterns, "x"), { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    const warnings = result.stderr.split("\n").filter((line) => line.startsWith("ralph: warning:"))
    assert.deepStrictEqual(warnings, [
      // The workspace is a plain folder.
      "ralph: warning: the workspace is not in a git repository: no checkpoints are recorded (ralph diff and ralph restore need them)",
      "ralph: warning: protect pattern tests/** protects no file now (none matches, or a later ! pattern excludes them); it protects files a worker creates there",
      "ralph: warning: protect pattern !docs/** excludes nothing: no path an earlier pattern protects matches it"
    ])
  })
})
