/**
 * Files a worker can touch that are not what they seem — a FIFO, a link to /dev/zero, a folder, a
 * file of hundreds of megabytes — through the built CLI with real processes: each fails the round
 * by name (or counts as a protected change), never hangs ralph, never aborts it; and no scratch
 * folder of ralph's is left in the temp dir.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { printJson, sq, waitFor, writeAgent } from "../support/agents.ts"
import {
  type CliResult,
  ensureCli,
  execArgs,
  jsonDocument,
  newWorkspace,
  removeWorkspaces,
  runCliBounded,
  startCli
} from "../support/cli.ts"
import { completeReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** Runs the CLI with `env`; a hang is this test's failure. */
const runBounded = async (args: ReadonlyArray<string>, cwd: string, env: Record<string, string>) => {
  const result = await runCliBounded(args, { cwd, env })
  assert.isNull(result.signal, `ralph hung and was killed:\n${result.stderr}`)
  return result
}

/** A workspace and a private temp dir for ralph's scratch folders, with an agent running `body`. */
const setup = (body: string) => {
  const { root, ws } = newWorkspace()
  const tmp = join(root, "tmp")
  mkdirSync(tmp)
  const agent = writeAgent(root, "agent.sh", body)
  return { root, ws, tmp, agent, env: { TMPDIR: tmp } }
}

const scratchLeft = (tmp: string) => readdirSync(tmp).filter((name) => name.startsWith("ralph-agent-"))

const failsByName = (
  result: CliResult,
  variable: string,
  what: RegExp
) => {
  assert.strictEqual(result.code, 4, result.stderr)
  const error = jsonDocument(result).error
  assert.strictEqual(error._tag, "RoundFailed")
  assert.strictEqual(error.reason, "unsafe-file")
  assert.include(error.detail, variable)
  assert.match(error.detail, what)
}

describe.concurrent("a worker's scratch files that are not regular files", () => {
  it("RALPH_USAGE_FILE swapped for a FIFO: the round fails naming it, ralph does not block", async () => {
    const { agent, env, tmp, ws } = setup(
      `rm "$RALPH_USAGE_FILE"; mkfifo "$RALPH_USAGE_FILE"\n${printJson(completeReport)}`
    )
    const result = await runBounded(execArgs(agent, "--json", "x"), ws, env)
    failsByName(result, "RALPH_USAGE_FILE", /is a FIFO/)
    assert.deepStrictEqual(scratchLeft(tmp), [])
  })

  it("RALPH_USAGE_FILE linked to /dev/zero: refused, ralph does not abort", async () => {
    const { agent, env, ws } = setup(`ln -sf /dev/zero "$RALPH_USAGE_FILE"\n${printJson(completeReport)}`)
    const result = await runBounded(execArgs(agent, "--json", "x"), ws, env)
    failsByName(result, "RALPH_USAGE_FILE", /is a symbolic link to "\/dev\/zero"/)
  })

  it("RALPH_REPORT_FILE linked to /dev/zero: refused, ralph does not abort", async () => {
    const { agent, env, ws } = setup(`ln -sf /dev/zero "$RALPH_REPORT_FILE"\n${printJson(completeReport)}`)
    const result = await runBounded(execArgs(agent, "--json", "x"), ws, env)
    failsByName(result, "RALPH_REPORT_FILE", /is a symbolic link to "\/dev\/zero"/)
  })

  it("RALPH_REPORT_FILE replaced by a directory: the round fails naming it, no internal error", async () => {
    const { agent, env, tmp, ws } = setup(
      `rm "$RALPH_REPORT_FILE"; mkdir -p "$RALPH_REPORT_FILE/sub"\n${printJson(completeReport)}`
    )
    const result = await runBounded(execArgs(agent, "--json", "x"), ws, env)
    failsByName(result, "RALPH_REPORT_FILE", /is a directory/)
    assert.deepStrictEqual(scratchLeft(tmp), [], "the scratch folder goes, the child's folder in it too")
  })

  it("a 600 MB usage file of NUL bytes is refused as too large, not read as nothing written", async () => {
    const { agent, env, ws } = setup(
      `truncate -s 600M "$RALPH_USAGE_FILE"\n${printJson(completeReport)}`
    )
    const result = await runBounded(execArgs(agent, "--json", "x"), ws, env)
    failsByName(result, "RALPH_USAGE_FILE", /larger than 65536 bytes/)
  })

  it("a crashed invocation's scratch folder is gone once its run is resumed; a finished run leaves none", async () => {
    const { agent, env, root, tmp, ws } = setup(
      `if [ "$RALPH_ROUND" = 1 ] && [ ! -f ${
        sq(join("..", "crashed"))
      } ]; then touch ../crashed; echo $$ > ../child.pid; exec sleep 60; fi\n${printJson(completeReport)}`
    )
    const first = startCli(execArgs(agent, "--json", "x"), { cwd: ws, env })
    await waitFor("the first child", () => existsSync(join(root, "child.pid")) ? true : undefined)
    first.child.kill("SIGKILL")
    await first.result
    assert.lengthOf(scratchLeft(tmp), 1, "the crash left its scratch folder")
    const runs = await runBounded(["runs", "--json"], ws, env)
    const runId = (JSON.parse(runs.stdout) as Array<{ runId: string }>)[0]!.runId
    const resumed = await runBounded(["resume", runId, "--json"], ws, env)
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    assert.deepStrictEqual(scratchLeft(tmp), [])
  })

  it("a malformed usage file: the message is one clean line", async () => {
    const { agent, env, ws } = setup(
      `printf '{"tokens":1}' > "$RALPH_USAGE_FILE"\n${printJson(completeReport)}`
    )
    const result = await runBounded(execArgs(agent, "--json", "x"), ws, env)
    assert.strictEqual(result.code, 4, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error.reason, "malformed-usage")
    assert.notMatch(error.detail, / {2}|\n/, error.detail)
  })
})

describe.concurrent("protected files that are not regular files", () => {
  for (
    const [name, plant] of [
      ["a FIFO", "rm tests/t.sh; mkfifo tests/t.sh"],
      ["a link to /dev/zero", "ln -sf /dev/zero tests/t.sh"]
    ] as const
  ) {
    it(`a protected file replaced by ${name}: the claim does not stand, ralph neither blocks nor grows`, async () => {
      const { agent, env, ws } = setup(`${plant}\n${printJson(completeReport)}`)
      mkdirSync(join(ws, "tests"))
      writeFileSync(join(ws, "tests", "t.sh"), "exit 0\n")
      const result = await runBounded(
        execArgs(agent, "--json", "--max-rounds", "1", "--protect", "tests/**", "x"),
        ws,
        env
      )
      assert.strictEqual(result.code, 3, result.stderr)
      const doc = jsonDocument(result)
      assert.strictEqual(doc.result.status, "budget-limited")
      assert.deepStrictEqual(doc.result.protectedChanged, ["tests/t.sh"])
    })
  }
})

describe.concurrent("the workspace's own files that are not regular files", () => {
  it("ralph.config.json swapped for a FIFO (a worker may do it before a resume): refused by name, ralph does not block", async () => {
    const { agent, env, ws } = setup(printJson(completeReport))
    execFileSync("mkfifo", [join(ws, "ralph.config.json")])
    const result = await runBounded(execArgs(agent, "--json", "--max-rounds", "1", "x"), ws, env)
    assert.strictEqual(result.code, 1, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error._tag, "InvalidConfig")
    assert.include(error.key, "ralph.config.json")
    assert.match(error.problem, /FIFO/)
  })

  it("ralph.config.json linked to /dev/zero: refused by name, ralph neither blocks nor grows", async () => {
    const { agent, env, ws } = setup(printJson(completeReport))
    symlinkSync("/dev/zero", join(ws, "ralph.config.json"))
    const result = await runBounded(execArgs(agent, "--json", "--max-rounds", "1", "x"), ws, env)
    assert.strictEqual(result.code, 1, result.stderr)
    assert.strictEqual(jsonDocument(result).error._tag, "InvalidConfig")
  })
})
