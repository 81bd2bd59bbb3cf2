/** Deployment config (ralph.config.json, RALPH_* variables) and the objective's sources, through the binary. */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { printJson, sq, writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { completeReport, continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** An agent that always continues, recording RALPH_MAX_ROUNDS and its stdin per round. */
const alwaysContinue = () => {
  const { root, ws } = newWorkspace()
  const agent = writeAgent(
    root,
    "agent.sh",
    [
      `cat > ${sq(root)}/prompt-$RALPH_ROUND.txt`,
      `echo "$RALPH_MAX_ROUNDS" > ${sq(root)}/max-rounds`,
      `printf '%s\\n' ${sq(JSON.stringify(continueReport))}`
    ].join("\n")
  )
  return { root, ws, agent }
}

const exec = (agent: string) => ["run", "--json", "--agent", "exec", "--agent-cmd", agent, "--kill-grace", "300ms"]

describe.concurrent("RALPH_MAX_ROUNDS and ralph.config.json", () => {
  it("RALPH_MAX_ROUNDS is the default number of rounds", async () => {
    const { agent, root, ws } = alwaysContinue()
    const result = await runCli([...exec(agent), "x"], { cwd: ws, env: { RALPH_MAX_ROUNDS: "3" } })
    assert.strictEqual(result.code, 3, result.stderr)
    assert.strictEqual(jsonDocument(result).result.roundsStarted, 3)
    assert.strictEqual(readFileSync(join(root, "max-rounds"), "utf8").trim(), "3")
  })

  it("RALPH_MAX_ROUNDS is the ceiling: --max-rounds may lower it, not raise it", async () => {
    const { agent, ws } = alwaysContinue()
    const lower = await runCli([...exec(agent), "--max-rounds", "2", "x"], { cwd: ws, env: { RALPH_MAX_ROUNDS: "3" } })
    assert.strictEqual(lower.code, 3, lower.stderr)
    assert.strictEqual(jsonDocument(lower).result.roundsStarted, 2)
    const higher = await runCli([...exec(agent), "--max-rounds", "4", "x"], { cwd: ws, env: { RALPH_MAX_ROUNDS: "3" } })
    assert.strictEqual(higher.code, 1)
    const error = jsonDocument(higher).error
    assert.strictEqual(error._tag, "InvalidArguments")
    assert.strictEqual(error.argument, "maxRounds")
    assert.include(error.problem, "3")
  })

  it("ralph.config.json in the workspace sets maxRounds; RALPH_MAX_ROUNDS overrides it", async () => {
    const { agent, ws } = alwaysContinue()
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ maxRounds: 2 }))
    const fromFile = await runCli([...exec(agent), "x"], { cwd: ws })
    assert.strictEqual(jsonDocument(fromFile).result.roundsStarted, 2, fromFile.stderr)
    const fromEnv = await runCli([...exec(agent), "x"], { cwd: ws, env: { RALPH_MAX_ROUNDS: "1" } })
    assert.strictEqual(jsonDocument(fromEnv).result.roundsStarted, 1, fromEnv.stderr)
  })

  it("--workspace chooses where the config file is read and where the child runs", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(root, "agent.sh", `pwd -P > ${sq(root)}/cwd\n${printJson(continueReport)}`)
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ maxRounds: 2 }))
    const result = await runCli([...exec(agent), "--workspace", ws, "x"], { cwd: root })
    assert.strictEqual(jsonDocument(result).result.roundsStarted, 2, result.stderr)
    assert.strictEqual(readFileSync(join(root, "cwd"), "utf8").trim(), ws)
  })

  it("the agent may be configured in ralph.config.json (subagentProvider and agents.exec.command)", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(root, "agent.sh", printJson(completeReport))
    writeFileSync(
      join(ws, "ralph.config.json"),
      JSON.stringify({ subagentProvider: "exec", agents: { exec: { command: agent } } })
    )
    const result = await runCli(["run", "--json", "x"], { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.strictEqual(jsonDocument(result).result.status, "complete")
  })

  it("RALPH_AGENT selects the agent", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(root, "agent.sh", printJson(completeReport))
    const result = await runCli(["run", "--json", "--agent-cmd", agent, "x"], { cwd: ws, env: { RALPH_AGENT: "exec" } })
    assert.strictEqual(result.code, 0, result.stderr)
  })

  it("a run's config is fixed when it starts, even if the agent edits ralph.config.json", async () => {
    const { root, ws } = newWorkspace()
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ maxRounds: 3 }))
    const agent = writeAgent(
      root,
      "agent.sh",
      `echo '{"maxRounds": 1}' > ralph.config.json\nprintf '%s\\n' ${sq(JSON.stringify(continueReport))}`
    )
    const result = await runCli([...exec(agent), "x"], { cwd: ws })
    assert.strictEqual(jsonDocument(result).result.roundsStarted, 3, result.stderr)
  })

  const badValues: ReadonlyArray<[string, string, RegExp]> = [
    ["RALPH_MAX_ROUNDS", "0", /maxRounds|MAX_ROUNDS/],
    ["RALPH_MAX_ROUNDS", "1.5", /maxRounds|MAX_ROUNDS/],
    ["RALPH_MAX_ROUNDS", "-2", /maxRounds|MAX_ROUNDS/],
    ["RALPH_MAX_ROUNDS", "many", /maxRounds|MAX_ROUNDS/],
    ["RALPH_MAX_HANDOFF_CHARS", "0", /maxHandoffChars|MAX_HANDOFF_CHARS/],
    ["RALPH_MAX_RESULT_CHARS", "ten", /maxResultChars|MAX_RESULT_CHARS/]
  ]
  for (const [name, value, key] of badValues) {
    it(`${name}=${value} is exit 1 InvalidConfig naming the key, before any child`, async () => {
      const { agent, root, ws } = alwaysContinue()
      const result = await runCli([...exec(agent), "x"], { cwd: ws, env: { [name]: value } })
      assert.strictEqual(result.code, 1, result.stderr)
      const error = jsonDocument(result).error
      assert.strictEqual(error._tag, "InvalidConfig")
      assert.match(error.key, key)
      assert.match(error.message, key)
      assert.throws(() => readFileSync(join(root, "max-rounds")), /ENOENT/, "no child started")
    })
  }

  it("an invalid value in ralph.config.json is exit 1 InvalidConfig naming the key", async () => {
    const { agent, ws } = alwaysContinue()
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ maxHandoffChars: -5 }))
    const result = await runCli([...exec(agent), "x"], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error._tag, "InvalidConfig")
    assert.match(error.key, /maxHandoffChars/)
  })

  it("a ralph.config.json that is not JSON is exit 1 InvalidConfig naming the file", async () => {
    const { agent, ws } = alwaysContinue()
    writeFileSync(join(ws, "ralph.config.json"), "{ maxRounds: 2 ")
    const result = await runCli([...exec(agent), "x"], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error._tag, "InvalidConfig")
    assert.include(error.message, "ralph.config.json")
  })
})

describe.concurrent("--agent-cmd", () => {
  it("is split into words like a shell would (quotes, backslashes), and run without a shell", async () => {
    const { root, ws } = newWorkspace()
    const dir = join(root, "dir with spaces")
    mkdirSync(dir)
    const agent = writeAgent(
      dir,
      "agent.sh",
      `for a in "$@"; do printf '[%s]' "$a"; done > ${sq(join(root, "argv"))}\n${printJson(completeReport)}`
    )
    const command = `'${agent}' --mode "two words" a\\ b '$HOME' "x\\"y"`
    const result = await runCli(["run", "--json", "--agent", "exec", "--agent-cmd", command, "x"], { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.strictEqual(readFileSync(join(root, "argv"), "utf8"), `[--mode][two words][a b][$HOME][x"y]`)
  })

  it("with an unbalanced quote is exit 1, before any child", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeAgent(root, "agent.sh", printJson(completeReport))
    const result = await runCli(["run", "--json", "--agent", "exec", "--agent-cmd", `${agent} "oops`, "x"], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    assert.include(jsonDocument(result).error.message, "quote")
  })
})

describe.concurrent("the objective's sources", () => {
  it("--objective-file FILE: the file's content, trimmed, verbatim in the prompt", async () => {
    const { agent, root, ws } = alwaysContinue()
    const objective = "Line one of the objective.\nLine two: keep `$HOME` and \"quotes\"."
    writeFileSync(join(root, "objective.md"), `\n${objective}\n\n`)
    const result = await runCli([...exec(agent), "--max-rounds", "1", "--objective-file", join(root, "objective.md")], {
      cwd: ws
    })
    assert.strictEqual(result.code, 3, result.stderr)
    assert.include(readFileSync(join(root, "prompt-1.txt"), "utf8"), `\n${objective}\n`)
  })

  it("--objective-file - reads stdin", async () => {
    const { agent, root, ws } = alwaysContinue()
    const objective = "From stdin: ünïcödé ✓"
    const result = await runCli([...exec(agent), "--max-rounds", "1", "--objective-file", "-"], {
      cwd: ws,
      stdin: `${objective}\n`
    })
    assert.strictEqual(result.code, 3, result.stderr)
    assert.include(readFileSync(join(root, "prompt-1.txt"), "utf8"), `\n${objective}\n`)
  })

  it("an empty objective file is exit 1 InvalidArguments (objective)", async () => {
    const { agent, root, ws } = alwaysContinue()
    writeFileSync(join(root, "empty.md"), "  \n")
    const result = await runCli([...exec(agent), "--objective-file", join(root, "empty.md")], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    assert.strictEqual(jsonDocument(result).error.argument, "objective")
  })

  it("a missing objective file is exit 1 InvalidArguments naming --objective-file", async () => {
    const { agent, root, ws } = alwaysContinue()
    const result = await runCli([...exec(agent), "--objective-file", join(root, "nope.md")], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error._tag, "InvalidArguments")
    assert.include(error.argument, "objective-file")
  })

  it("both an objective and --objective-file is exit 1", async () => {
    const { agent, root, ws } = alwaysContinue()
    writeFileSync(join(root, "objective.md"), "x")
    const result = await runCli([...exec(agent), "--objective-file", join(root, "objective.md"), "y"], { cwd: ws })
    assert.strictEqual(result.code, 1, result.stderr)
    assert.strictEqual(jsonDocument(result).error._tag, "InvalidArguments")
  })
})
