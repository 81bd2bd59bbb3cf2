/** The guard settings through the binary: one precedence (flag, variable, file), strict values, errors by name. */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { maxWalkEntries } from "../../src/workspace/files.ts"
import {
  changedFiles,
  globRegExp,
  hashFiles,
  matchingFiles,
  searchProtected,
  TooManyFiles
} from "../../src/workspace/protected.ts"
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

describe("protect patterns: exclusions, shapes and links", () => {
  it("a later ! pattern excludes, a later pattern includes again; an excluded folder is not walked", () => {
    const { ws } = newWorkspace()
    for (const dir of ["src/gen", "docs"]) mkdirSync(join(ws, dir), { recursive: true })
    for (const file of ["Makefile", "src/a.ts", "src/gen/b.ts", "docs/x.md"]) writeFileSync(join(ws, file), file)
    assert.deepStrictEqual(matchingFiles(ws, ["**", "!src/**"]), ["Makefile", "docs/x.md"])
    assert.deepStrictEqual(matchingFiles(ws, ["**", "!src/**", "src/gen/**"]), [
      "Makefile",
      "docs/x.md",
      "src/gen/b.ts"
    ])
    assert.deepStrictEqual(matchingFiles(ws, ["**", "!**/*.md"]), ["Makefile", "src/a.ts", "src/gen/b.ts"])
    assert.deepStrictEqual(matchingFiles(ws, ["!src/**", "**"]), ["Makefile", "docs/x.md", "src/a.ts", "src/gen/b.ts"])
    // 200 entries in src/ would pass a bound of 50 only if src/ is never read.
    for (let i = 0; i < 200; i++) writeFileSync(join(ws, "src", `f${i}`), "")
    const search = searchProtected(ws, ["Makefile", "tests/**", "**", "!src/**", "!nothing/**", "!x"], {
      files: 50,
      entries: 50
    })
    assert.deepStrictEqual(search.files, ["Makefile", "docs/x.md"])
    assert.deepStrictEqual(
      [...search.used].sort((a, b) => a - b),
      [0, 2, 3],
      "tests/**, !nothing/** and !x bore on nothing"
    )
  })

  it("a path's mode and type are part of its fingerprint; a FIFO is never read", () => {
    const { ws } = newWorkspace()
    writeFileSync(join(ws, "run.sh"), "exit 1\n")
    writeFileSync(join(ws, "other"), "exit 1\n")
    chmodSync(join(ws, "run.sh"), 0o755)
    const baseline = hashFiles(ws, ["run.sh", "other"])
    chmodSync(join(ws, "run.sh"), 0o644)
    assert.deepStrictEqual(changedFiles(ws, baseline, []), ["run.sh"])
    chmodSync(join(ws, "run.sh"), 0o755)
    rmSync(join(ws, "other"))
    symlinkSync("run.sh", join(ws, "other"))
    assert.deepStrictEqual(changedFiles(ws, baseline, []), ["other"], "a file replaced by a link is a change")
    rmSync(join(ws, "other"))
    execFileSync("mkfifo", [join(ws, "other")])
    assert.deepStrictEqual(changedFiles(ws, baseline, ["other"]), ["other"], "a FIFO is a change, and never opened")
  })

  it("a link to a folder is walked through, and a link back into the walk is not followed", () => {
    const { root, ws } = newWorkspace()
    mkdirSync(join(root, "shared"))
    writeFileSync(join(root, "shared", "t.sh"), "exit 1\n")
    symlinkSync("../shared", join(ws, "tests"))
    symlinkSync(".", join(ws, "loop"))
    assert.deepStrictEqual(matchingFiles(ws, ["tests/t.sh"]), ["tests/t.sh"])
    assert.deepStrictEqual(matchingFiles(ws, ["**"]), ["loop", "tests", "tests/t.sh"])
    writeFileSync(join(ws, "run.sh"), "exit 1\n")
    assert.deepStrictEqual(
      matchingFiles(ws, ["loop/run.sh"]),
      ["loop/run.sh"],
      "named through a link back into the walk"
    )
    assert.includeMembers(matchingFiles(ws, ["loop"]), ["loop", "loop/run.sh", "loop/tests/t.sh"])
    rmSync(join(ws, "run.sh"))
    const baseline = hashFiles(ws, matchingFiles(ws, ["**"]))
    rmSync(join(ws, "tests"))
    mkdirSync(join(root, "fake"))
    writeFileSync(join(root, "fake", "t.sh"), "exit 1\n")
    symlinkSync("../fake", join(ws, "tests"))
    assert.deepStrictEqual(changedFiles(ws, baseline, ["**"]), ["tests"], "a retargeted link is a change")
  })

  it("a baseline recorded as content hashes alone is still compared by content", () => {
    const { ws } = newWorkspace()
    writeFileSync(join(ws, "a"), "x")
    const legacy = { a: createHash("sha256").update("x").digest("hex") }
    assert.deepStrictEqual(changedFiles(ws, legacy, ["a"]), [])
    writeFileSync(join(ws, "a"), "y")
    assert.deepStrictEqual(changedFiles(ws, legacy, ["a"]), ["a"])
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
      // Whatever its name: a script need not look like one.
      assert.isTrue(yield* refused(["sh", "ci/check"]))
      assert.isTrue(yield* refused(["bash", "-o", "pipefail", "scripts/test"]))
      assert.isTrue(yield* refused(["env", "-i", "CI=1", "python3.12", "check"]))
      assert.isTrue(yield* refused(["node", "--", "check"]))
      // Present, inline code, a module, or data for a program that runs no script.
      assert.isFalse(yield* refused(["sh", "check.sh"]))
      assert.isFalse(yield* refused(["sh", join(ws, "check.sh")]))
      assert.isFalse(yield* refused(["bash", "-lc", "npm test && ./missing.sh"]))
      assert.isFalse(yield* refused(["node", "-e", "require('./missing.js')"]))
      assert.isFalse(yield* refused(["python3", "-m", "pytest", "missing.py"]))
      assert.isFalse(yield* refused(["test", "-f", "notes.txt"]))
      assert.isFalse(yield* refused(["node", "--test"]))
      assert.isFalse(yield* refused(["bash", "-s"]))
      assert.isFalse(yield* refused(["node", "--test-reporter", "spec", "--test", "check.sh"]))
      assert.isFalse(yield* refused(["env", "CI=1", "test", "-f", "notes"]))
    }))
})
