/** The guard settings through the binary: one precedence (flag, variable, file), strict values, errors by name. */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import {
  changedFiles,
  globRegExp,
  hashFiles,
  matchingFiles,
  maxWalkEntries,
  TooManyFiles
} from "../../src/workspace/files.ts"
import { WorkspaceGuard } from "../../src/workspace/WorkspaceGuard.ts"
import { printJson, writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { completeReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** A workspace with an agent that completes, and a gate that logs its argv to the root. */
const setup = (config?: unknown) => {
  const { root, ws } = newWorkspace()
  const agent = writeAgent(root, "agent.sh", printJson(completeReport))
  const gate = writeAgent(root, "gate.sh", `for a in "$@"; do printf '[%s]' "$a"; done > ${root}/gate-argv`)
  if (config !== undefined) writeFileSync(join(ws, "ralph.config.json"), JSON.stringify(config))
  return { root, ws, agent, gate }
}

const errorOf = async (args: ReadonlyArray<string>, cwd: string, env: Record<string, string> = {}) => {
  const result = await runCli(["run", "--json", ...args, "x"], { cwd, env })
  assert.strictEqual(result.code, 1, result.stderr)
  return jsonDocument(result).error
}

describe.concurrent("guard settings", () => {
  it("verify: an array of words in the file, a command line in the variable, the flag over both", async () => {
    const { agent, gate, root, ws } = setup()
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ verify: [gate, "from file", "x"] }))
    const fromFile = await runCli(["run", "--json", "--agent-cmd", agent, "x"], { cwd: ws })
    assert.strictEqual(fromFile.code, 0, fromFile.stderr)
    assert.strictEqual(readFileSync(join(root, "gate-argv"), "utf8"), "[from file][x]")
    const fromEnv = await runCli(["run", "--json", "--agent-cmd", agent, "x"], {
      cwd: ws,
      env: { RALPH_VERIFY: `${gate} 'from env'` }
    })
    assert.strictEqual(fromEnv.code, 0, fromEnv.stderr)
    assert.strictEqual(readFileSync(join(root, "gate-argv"), "utf8"), "[from env]")
    const fromFlag = await runCli(["run", "--json", "--agent-cmd", agent, "--verify", `${gate} flag`, "x"], {
      cwd: ws,
      env: { RALPH_VERIFY: `${gate} 'from env'` }
    })
    assert.strictEqual(fromFlag.code, 0, fromFlag.stderr)
    assert.strictEqual(readFileSync(join(root, "gate-argv"), "utf8"), "[flag]")
  })

  it("bad values are refused by name, saying where they came from", async () => {
    const { agent, ws } = setup()
    const cost = await errorOf(["--agent-cmd", agent], ws, { RALPH_MAX_COST_USD: "-1" })
    assert.strictEqual(cost.key, "maxCostUsd")
    assert.match(cost.problem, /RALPH_MAX_COST_USD/)
    const tokens = await errorOf(["--agent-cmd", agent], ws, { RALPH_MAX_TOKENS: "1e6" })
    assert.strictEqual(tokens.key, "maxTokens")
    const allow = await errorOf(["--agent-cmd", agent], ws, { RALPH_ALLOW_UNKNOWN_COST: "yes" })
    assert.strictEqual(allow.key, "allowUnknownCost")
    const timeout = await errorOf(["--agent-cmd", agent], ws, { RALPH_VERIFY_TIMEOUT: "10" })
    assert.match(timeout.problem, /say which unit/)
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ protect: ["/etc/passwd"] }))
    const protect = await errorOf(["--agent-cmd", agent], ws)
    assert.strictEqual(protect.key, "protect")
    assert.match(protect.problem, /relative to the workspace/)
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ verify: [] }))
    assert.strictEqual((await errorOf(["--agent-cmd", agent], ws)).key, "verify")
  })

  it("protect patterns are read as the search walks: ./tests/ is tests; outside the workspace is refused, as a flag too", async () => {
    const { root, ws } = newWorkspace()
    mkdirSync(join(ws, "tests"))
    writeFileSync(join(ws, "tests", "a.test.ts"), "ok\n")
    const agent = writeAgent(root, "agent.sh", `echo broken > tests/a.test.ts\n${printJson(completeReport)}`)
    const result = await runCli([
      "run",
      "--json",
      "--agent-cmd",
      agent,
      "--protect",
      "./tests/",
      "--max-rounds",
      "1",
      "x"
    ], {
      cwd: ws
    })
    assert.strictEqual(result.code, 3, result.stderr)
    assert.deepStrictEqual(jsonDocument(result).result.protectedChanged, ["tests/a.test.ts"])
    for (const bad of ["/etc/passwd", "../elsewhere/**", ""]) {
      const refused = await runCli(["run", "--json", "--agent-cmd", agent, "--protect", bad, "x"], { cwd: ws })
      assert.strictEqual(refused.code, 1, refused.stderr)
      const error = jsonDocument(refused).error
      assert.strictEqual(error.argument, "--protect", bad)
      assert.match(error.problem, /relative to the workspace and inside it/)
    }
  })

  it("a resume reads no guard setting: the run's are recorded, so a bad one now set does not stop it", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(root, "agent.sh", `if [ -e ${root}/fail ]; then exit 3; fi\n${printJson(completeReport)}`)
    writeFileSync(join(root, "fail"), "")
    const failed = await runCli(["run", "--json", "--agent-cmd", agent, "--retries", "0", "x"], { cwd: ws })
    assert.strictEqual(failed.code, 4, failed.stderr)
    const runId = jsonDocument(failed).error.runId as string
    rmSync(join(root, "fail"))
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ verify: [] }))
    const resumed = await runCli(["resume", "--json", runId], { cwd: ws, env: { RALPH_MAX_COST_USD: "abc" } })
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    assert.strictEqual(jsonDocument(resumed).result.status, "complete")
  })

  // (That a resume holds the run to them, with no flag of its own, is crash.test.ts's gate run again.)
  it("a run's guards are recorded with it, as ralph show says", async () => {
    const { agent, gate, ws } = setup({ protect: ["src/**"], maxStalledRounds: 3 })
    const result = await runCli(["run", "--json", "--agent-cmd", agent, "--verify", gate, "--max-tokens", "99", "x"], {
      cwd: ws
    })
    const runId = jsonDocument(result).runId
    const show = jsonDocument(await runCli(["show", "--json", runId], { cwd: ws }))
    assert.deepStrictEqual(show.guards.verify, { command: [gate], timeoutMs: 600_000 })
    assert.strictEqual(show.guards.maxStalledRounds, 3)
    assert.strictEqual(show.guards.maxTokens, 99)
    assert.deepStrictEqual(show.guards.protect, ["src/**"])
  })
})

describe("protect patterns", () => {
  it("** any depth, * and ? within a name, a plain path is a file or a whole folder", () => {
    const matches = (pattern: string, path: string) => globRegExp(pattern).test(path)
    assert.isTrue(matches("test/**", "test/a/b.ts"))
    assert.isTrue(matches("**/*.test.ts", "a.test.ts"))
    assert.isTrue(matches("**/*.test.ts", "src/x/a.test.ts"))
    assert.isFalse(matches("*.ts", "src/a.ts"))
    assert.isTrue(matches("src/?.ts", "src/a.ts"))
    assert.isFalse(matches("src/?.ts", "src/ab.ts"))
    assert.isTrue(matches("tests", "tests/unit/a.py"))
    assert.isTrue(matches("package.json", "package.json"))
    assert.isFalse(matches("package.json", "package.jsonx"))
    assert.isFalse(matches("a.b", "axb"), "a dot is a dot")
  })

  it("a walk past its bound is refused, not cut short: a file past it would go unprotected", () => {
    const { ws } = newWorkspace()
    mkdirSync(join(ws, "big"))
    for (let i = 0; i <= maxWalkEntries; i++) writeFileSync(join(ws, "big", `f${i}`), "")
    assert.throws(() => matchingFiles(ws, ["**/*.test.ts"]), TooManyFiles, /start each pattern with its folder/)
    assert.deepStrictEqual(matchingFiles(ws, ["tests/**"]), [], "a pattern's folder bounds its walk")
  }, 60_000)

  it("a search that outgrows its bounds during the run is a change, not a clean check", () => {
    const { ws } = newWorkspace()
    mkdirSync(join(ws, "tests"))
    for (const name of ["a.ts", "b.ts"]) writeFileSync(join(ws, "tests", name), name)
    const bounds = { files: 3, entries: 100 }
    const patterns = ["tests/**"]
    const baseline = hashFiles(ws, matchingFiles(ws, patterns, bounds))
    assert.deepStrictEqual(changedFiles(ws, baseline, patterns, bounds), [])
    writeFileSync(join(ws, "tests", "c.ts"), "new")
    assert.deepStrictEqual(changedFiles(ws, baseline, patterns, bounds), ["tests/c.ts"], "a new file within the bounds")
    writeFileSync(join(ws, "tests", "d.ts"), "new")
    writeFileSync(join(ws, "tests", "a.ts"), "edited")
    const changed = changedFiles(ws, baseline, patterns, bounds)
    assert.strictEqual(changed[0], "tests/a.ts", "the baseline's own files are still checked")
    assert.lengthOf(changed, 2)
    assert.match(changed[1]!, /^\(new files under tests\/\*\*: more than 3 files match.*remove what was added\)$/)
  })
})

describe("the verify command's script", () => {
  it.effect("must exist when the run starts when an interpreter runs it; inline code and data arguments are not scripts", () =>
    Effect.gen(function*() {
      const { ws } = newWorkspace()
      writeFileSync(join(ws, "check.sh"), "exit 0\n")
      const guard = WorkspaceGuard.make()
      const refused = (command: ReadonlyArray<string>) =>
        Effect.map(Effect.exit(guard.preflight(command, ws)), (exit) => Exit.isFailure(exit))
      // Scripts the worker could write: refused while they do not exist.
      assert.isTrue(yield* refused(["sh", "missing.sh"]))
      assert.isTrue(yield* refused(["bash", "-e", "scripts/verify.sh"]))
      assert.isTrue(yield* refused(["node", "--import", "tsx", "check.ts"]))
      assert.isTrue(yield* refused(["python3", "-u", "check.py", "--strict"]))
      // Present, inline code, a module, or data for a program that runs no script.
      assert.isFalse(yield* refused(["sh", "check.sh"]))
      assert.isFalse(yield* refused(["sh", join(ws, "check.sh")]))
      assert.isFalse(yield* refused(["bash", "-lc", "npm test && ./missing.sh"]))
      assert.isFalse(yield* refused(["node", "-e", "require('./missing.js')"]))
      assert.isFalse(yield* refused(["python3", "-m", "pytest", "missing.py"]))
      assert.isFalse(yield* refused(["test", "-f", "notes.txt"]))
      assert.isFalse(yield* refused(["node", "--test"]))
    }))
})
