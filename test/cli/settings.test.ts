/** Every setting is applied or refused by name, through the binary: exec settings, agent names, state dir, strict values. */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { printJson, sq, writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { completeReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

const writeConfig = (ws: string, config: unknown) =>
  writeFileSync(join(ws, "ralph.config.json"), JSON.stringify(config))

/** An agent that records its argv and $FOO, then reports complete. */
const recordingAgent = (root: string) =>
  writeAgent(
    root,
    "agent.sh",
    [
      `for a in "$@"; do printf '[%s]' "$a"; done > ${sq(join(root, "argv"))}`,
      `printf '%s' "\${FOO-unset}" > ${sq(join(root, "foo"))}`,
      printJson(completeReport)
    ].join("\n")
  )

const errorOf = async (args: ReadonlyArray<string>, cwd: string, env: Record<string, string> = {}) => {
  const result = await runCli(["run", "--json", ...args, "x"], { cwd, env })
  assert.strictEqual(result.code, 1, result.stderr)
  return jsonDocument(result).error
}

describe.concurrent("exec settings are applied", () => {
  it("agents.exec.args are appended to the command, agents.exec.env reaches the agent", async () => {
    const { root, ws } = newWorkspace()
    const agent = recordingAgent(root)
    writeConfig(ws, {
      agents: { exec: { command: `${agent} --first`, args: ["--from-file", "two words"], env: { FOO: "bar" } } }
    })
    const result = await runCli(["run", "--json", "--agent", "exec", "--agent-args=--from-flag 'x y'", "x"], {
      cwd: ws
    })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.strictEqual(readFileSync(join(root, "argv"), "utf8"), "[--first][--from-file][two words][--from-flag][x y]")
    assert.strictEqual(readFileSync(join(root, "foo"), "utf8"), "bar")
  })

  it("agents.exec.binary is the program when no command is given; --agent-cmd replaces it", async () => {
    const { root, ws } = newWorkspace()
    const agent = recordingAgent(root)
    writeConfig(ws, { subagentProvider: "exec", agents: { exec: { binary: agent, args: ["--a"] } } })
    const fromBinary = await runCli(["run", "--json", "x"], { cwd: ws })
    assert.strictEqual(fromBinary.code, 0, fromBinary.stderr)
    assert.strictEqual(readFileSync(join(root, "argv"), "utf8"), "[--a]")
    const replaced = await runCli(["run", "--json", "--agent-cmd", `${agent} --b`, "x"], { cwd: ws })
    assert.strictEqual(replaced.code, 0, replaced.stderr)
    assert.strictEqual(readFileSync(join(root, "argv"), "utf8"), "[--b][--a]")
  })

  it("--agent-cmd alone chooses the exec agent, over RALPH_AGENT and the file's subagentProvider", async () => {
    const { root, ws } = newWorkspace()
    const agent = recordingAgent(root)
    const result = await runCli(["run", "--json", "--agent-cmd", agent, "x"], { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    writeConfig(ws, { subagentProvider: "gemini" })
    const overVariable = await runCli(["run", "--json", "--agent-cmd", agent, "x"], {
      cwd: ws,
      env: { RALPH_AGENT: "codex" }
    })
    assert.strictEqual(overVariable.code, 0, overVariable.stderr)
  })

  it("a relative program path is taken from where ralph was started, not from the workspace", async () => {
    const { root, ws } = newWorkspace()
    recordingAgent(root)
    const result = await runCli(["run", "--json", "--agent-cmd", "./agent.sh", "--workspace", ws, "x"], { cwd: root })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.isTrue(existsSync(join(root, "argv")))
  })
})

describe.concurrent("settings ralph cannot apply are refused by name", () => {
  it("--model with exec", async () => {
    const { root, ws } = newWorkspace()
    const error = await errorOf(["--agent-cmd", recordingAgent(root), "--model", "m"], ws)
    assert.strictEqual(error._tag, "InvalidArguments")
    assert.strictEqual(error.argument, "--model")
  })

  for (const key of ["model", "permissions"]) {
    it(`agents.exec.${key} in ralph.config.json`, async () => {
      const { root, ws } = newWorkspace()
      writeConfig(ws, { agents: { exec: { command: recordingAgent(root), [key]: key === "model" ? "m" : "full" } } })
      const error = await errorOf(["--agent", "exec"], ws)
      assert.strictEqual(error._tag, "InvalidConfig")
      assert.strictEqual(error.key, `agents.exec.${key}`)
    })
  }

  it("--agent-cmd with another agent", async () => {
    const { root, ws } = newWorkspace()
    const error = await errorOf(["--agent", "codex", "--agent-cmd", recordingAgent(root)], ws)
    assert.strictEqual(error._tag, "InvalidArguments")
    assert.strictEqual(error.argument, "--agent-cmd")
  })

  it("agents.foo, an unknown agent: InvalidConfig naming it and listing the agents", async () => {
    const { root, ws } = newWorkspace()
    writeConfig(ws, { agents: { foo: { binary: "x" } } })
    const error = await errorOf(["--agent-cmd", recordingAgent(root)], ws)
    assert.strictEqual(error._tag, "InvalidConfig")
    assert.strictEqual(error.key, "agents.foo")
    assert.include(error.problem, "claude, codex, gemini, opencode, exec")
  })

  it("a mistyped key of the file or of an agent: InvalidConfig naming it, with the key meant", async () => {
    const { root, ws } = newWorkspace()
    writeConfig(ws, { maxRound: 3 })
    const top = await errorOf(["--agent-cmd", recordingAgent(root)], ws)
    assert.strictEqual(top._tag, "InvalidConfig")
    assert.strictEqual(top.key, "ralph.config.json: maxRound")
    assert.include(top.problem, "did you mean maxRounds?")
    writeConfig(ws, { agents: { claude: { modle: "m" } } })
    const nested = await errorOf(["--agent-cmd", recordingAgent(root)], ws)
    assert.strictEqual(nested.key, "agents.claude.modle")
    assert.include(nested.problem, "did you mean model?")
    assert.isFalse(existsSync(join(root, "argv")), "no child started")
  })

  it("subagentProvider \"gpt\" in the file and RALPH_AGENT=gpt: InvalidConfig listing the agents", async () => {
    const { ws } = newWorkspace()
    writeConfig(ws, { subagentProvider: "gpt" })
    const fromFile = await errorOf([], ws)
    assert.strictEqual(fromFile._tag, "InvalidConfig")
    assert.strictEqual(fromFile.key, "subagentProvider")
    assert.include(fromFile.problem, "claude, codex, gemini, opencode, exec")
    assert.include(fromFile.problem, "ralph.config.json")
    const fromEnv = await errorOf([], newWorkspace().ws, { RALPH_AGENT: "gpt" })
    assert.strictEqual(fromEnv.key, "subagentProvider")
    assert.include(fromEnv.problem, "RALPH_AGENT")
  })
})

describe.concurrent("the state directory", () => {
  it("a relative stateDir in ralph.config.json is taken from the file's folder; runs and show use it too", async () => {
    const { root, ws } = newWorkspace()
    const agent = recordingAgent(root)
    writeConfig(ws, { stateDir: "../kept-state" })
    const elsewhere = join(root, "elsewhere")
    mkdirSync(elsewhere)
    const result = await runCli(["run", "--json", "--agent-cmd", agent, "--workspace", ws, "x"], {
      cwd: elsewhere,
      env: { RALPH_STATE_DIR: "" }
    })
    assert.strictEqual(result.code, 0, result.stderr)
    const runId = jsonDocument(result).runId as string
    assert.isTrue(existsSync(join(root, "kept-state", "ralph.db")), "the run is recorded in kept-state")
    const listed = await runCli(["runs", "--json"], { cwd: ws, env: { RALPH_STATE_DIR: "" } })
    assert.strictEqual(listed.code, 0, listed.stderr)
    assert.deepStrictEqual(
      JSON.parse(listed.stdout).map((r: { runId: string }) => r.runId),
      [runId],
      `${listed.stdout}\n${listed.stderr}`
    )
    const shown = await runCli(["show", "--json", "--workspace", ws, runId], {
      cwd: elsewhere,
      env: { RALPH_STATE_DIR: "" }
    })
    assert.strictEqual(jsonDocument(shown).runId, runId, shown.stderr)
  })

  it("a stateDir the workspace's file chose is in the printed resume command, which works from where ralph ran", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(
      root,
      "agent.sh",
      `if [ -e ${sq(join(root, "fail"))} ]; then exit 3; fi\n${printJson(completeReport)}`
    )
    writeFileSync(join(root, "fail"), "")
    writeConfig(ws, { stateDir: "../kept-state" })
    const elsewhere = join(root, "elsewhere")
    mkdirSync(elsewhere)
    const env = { RALPH_STATE_DIR: "" }
    const failed = await runCli(["run", "--agent-cmd", agent, "--retries", "0", "--workspace", ws, "x"], {
      cwd: elsewhere,
      env
    })
    assert.strictEqual(failed.code, 4, failed.stderr)
    const command = /with: ralph (resume .*)$/m.exec(failed.stderr)?.[1]?.split(" ")
    assert.deepStrictEqual(command?.slice(2), ["--state-dir", join(root, "kept-state")], failed.stderr)
    rmSync(join(root, "fail"))
    const resumed = await runCli([...command!, "--json"], { cwd: elsewhere, env })
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    assert.strictEqual(jsonDocument(resumed).result.status, "complete")
  })

  it("a state dir inside the workspace is refused, before any child", async () => {
    const { root, ws } = newWorkspace()
    const agent = recordingAgent(root)
    writeConfig(ws, { stateDir: ".ralph" })
    const fromFile = await errorOf(["--agent-cmd", agent], ws, { RALPH_STATE_DIR: "" })
    assert.strictEqual(fromFile._tag, "InvalidConfig")
    assert.strictEqual(fromFile.key, "stateDir")
    assert.include(fromFile.problem, "inside the workspace")
    const fromFlag = await errorOf(["--agent-cmd", agent, "--state-dir", join(ws, "sub", "state")], ws)
    assert.include(fromFlag.problem, "--state-dir")
    assert.isFalse(existsSync(join(root, "argv")), "no child started")
    assert.isFalse(existsSync(join(ws, ".ralph")))
  })
})

describe.concurrent("strict numbers and durations", () => {
  for (const value of ["1e2", "0x10", " 5", "5.0", "+3", "0"]) {
    it(`--max-rounds ${JSON.stringify(value)} is refused by name, before any child`, async () => {
      const { root, ws } = newWorkspace()
      const result = await runCli(["run", "--json", "--agent-cmd", recordingAgent(root), "--max-rounds", value, "x"], {
        cwd: ws
      })
      assert.strictEqual(result.code, 1, result.stderr)
      const error = jsonDocument(result).error
      assert.strictEqual(error._tag, "InvalidArguments")
      assert.strictEqual(error.argument, "--max-rounds")
      assert.isFalse(existsSync(join(root, "argv")))
    })
  }

  for (
    const [name, value] of [["RALPH_MAX_ROUNDS", "1e2"], ["RALPH_MAX_ROUNDS", "0x10"], ["RALPH_RETRIES", " 2"]] as const
  ) {
    it(`${name}=${JSON.stringify(value)} is refused naming the variable`, async () => {
      const { root, ws } = newWorkspace()
      const error = await errorOf(["--agent-cmd", recordingAgent(root)], ws, { [name]: value })
      assert.strictEqual(error._tag, "InvalidConfig")
      assert.include(error.problem, name)
    })
  }

  it("a bare number is not a duration: refused from a flag, a variable and the file alike", async () => {
    const { root, ws } = newWorkspace()
    const agent = recordingAgent(root)
    const flag = await errorOf(["--agent-cmd", agent, "--round-timeout", "5"], ws)
    assert.strictEqual(flag.argument, "--round-timeout")
    assert.include(flag.problem, "unit")
    const variable = await errorOf(["--agent-cmd", agent], ws, { RALPH_KILL_GRACE: "5" })
    assert.strictEqual(variable.key, "killGrace")
    assert.include(variable.problem, "RALPH_KILL_GRACE")
    writeConfig(ws, { maxTime: 60 })
    const file = await errorOf(["--agent-cmd", agent], ws)
    assert.strictEqual(file.key, "maxTime")
    assert.include(file.problem, "ralph.config.json")
    assert.isFalse(existsSync(join(root, "argv")))
  })

  it("durations with a unit are accepted everywhere", async () => {
    const { root, ws } = newWorkspace()
    writeConfig(ws, { roundTimeout: "10m", retryDelay: "1500ms" })
    const result = await runCli(["run", "--json", "--agent-cmd", recordingAgent(root), "--max-time", "2h", "x"], {
      cwd: ws,
      env: { RALPH_KILL_GRACE: "1s" }
    })
    assert.strictEqual(result.code, 0, result.stderr)
  })
})
