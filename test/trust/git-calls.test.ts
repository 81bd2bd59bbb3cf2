/**
 * How often ralph's own git asks for the repository's filter list (`git config --get-regexp`) and
 * snapshots the tree: once for a round's closing fingerprint and its checkpoint together (nothing
 * runs between them), and once each in `restore`. Through the built CLI, with a `git` first on
 * PATH that logs its arguments and runs the real one.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { printJson, writeRoundAgent } from "../support/agents.ts"
import { ensureCli, execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { completeReport, continueReport } from "../support/reports.ts"
import { userRepository } from "../support/userRepository.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim()

/** A `git` that appends its arguments to `log`, one line a call, then runs the real git. */
const loggingGit = (root: string, log: string) => {
  const bin = join(root, "bin")
  mkdirSync(bin)
  writeFileSync(join(bin, "git"), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${realGit}' "$@"\n`)
  chmodSync(join(bin, "git"), 0o755)
  return { PATH: `${bin}:${process.env.PATH}` }
}

const count = (log: string, what: RegExp) => readFileSync(log, "utf8").split("\n").filter((l) => what.test(l)).length
const filterReads = /config --name-only --get-regexp/
const snapshots = /write-tree/

describe("ralph's git calls", () => {
  it("a round reads the filter list once for its fingerprint and checkpoint; restore once per snapshot", async () => {
    const { root, ws } = newWorkspace()
    userRepository(ws, join(root, "markers"))
    const rounds = [
      `printf 'one\\n' > a.txt; ${printJson(continueReport)}`,
      `printf 'two\\n' > a.txt; ${printJson(continueReport)}`,
      `printf 'three\\n' > a.txt; ${printJson(completeReport)}`
    ]
    const agent = writeRoundAgent(root, rounds, { promptTo: "/dev/null" })
    const log = join(root, "git.log")
    writeFileSync(log, "")
    const env = loggingGit(root, log)
    const ran = await runCli(execArgs(agent, "--json", "--max-rounds", "3", "write files"), { cwd: ws, env })
    assert.strictEqual(ran.code, 0, ran.stderr)
    // Round 0's checkpoint, round 1's opening fingerprint (later rounds open on the last one's),
    // and one read for each round's closing fingerprint and checkpoint.
    assert.strictEqual(count(log, filterReads), 2 + rounds.length)
    assert.strictEqual(count(log, snapshots), 1 + rounds.length)

    writeFileSync(log, "")
    const runId = jsonDocument(ran).runId as string
    const restored = await runCli(["restore", runId, "1", "--json"], { cwd: ws, env })
    assert.strictEqual(restored.code, 0, restored.stderr + restored.stdout)
    assert.strictEqual(readFileSync(join(ws, "a.txt"), "utf8"), "one\n")
    // The tree taken to check for unsaved changes is the one restore works from; the files are
    // then written back through a second index, with the filter list read for it.
    assert.strictEqual(count(log, snapshots), 1)
    assert.strictEqual(count(log, filterReads), 2)
  })
})
