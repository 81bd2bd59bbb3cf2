/**
 * Checkpoints end to end: the built CLI with an exec agent that writes files in each round, in a
 * real git repository holding the user's staged change, stash and hooks that leave markers. Each
 * round's checkpoint holds what the round left; the user's HEAD, branch, index and stash stay; no
 * hook runs; `show`, `diff`, `restore` (and its refusals) and `checkpoints prune` work from the
 * refs; a workspace outside git is said once and gets none.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { printJson, waitFor, writeRoundAgent } from "../support/agents.ts"
import {
  cliEnv,
  ensureCli,
  execArgs,
  jsonDocument,
  newWorkspace,
  removeWorkspaces,
  runCli,
  startCli
} from "../support/cli.ts"
import { runOnPty } from "../support/pty.ts"
import { completeReport, continueReport } from "../support/reports.ts"
import { git, hooks, userGit, userRepository } from "../support/userRepository.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** A user's repository; its agent runs `bodies[N-1]` in round N. */
const setup = (bodies: ReadonlyArray<string>) => {
  const { root, ws } = newWorkspace()
  const markers = join(root, "markers")
  userRepository(ws, markers)
  const agent = writeRoundAgent(root, bodies, { promptTo: "/dev/null" })
  return { root, ws, markers, agent }
}

const treeFiles = (ws: string, ref: string) =>
  Object.fromEntries(
    git(ws, "ls-tree", "-r", "--name-only", ref).trim().split("\n").map((f) => [f, git(ws, "show", `${ref}:${f}`)])
  )

const twoRounds = [
  `printf 'one\\n' > a.txt; printf 'made\\n' > made.txt; ${printJson(continueReport)}`,
  `rm made.txt; mkdir d; printf 'deep\\n' > d/deep.txt; ${printJson(completeReport)}`
]

describe("checkpoints", () => {
  it("records each round, shows, diffs, restores and prunes, leaving the user's git as it was", async () => {
    const { agent, markers, ws } = setup(twoRounds)
    const before = userGit(ws)
    const ran = await runCli([...execArgs(agent, "--json", "--max-rounds", "3", "write files")], { cwd: ws })
    assert.strictEqual(ran.code, 0, ran.stderr)
    const runId = jsonDocument(ran).runId as string
    const ref = (n: number) => `refs/ralph/${runId}/${n}`
    assert.deepStrictEqual(treeFiles(ws, ref(0)), {
      ".gitignore": "ignored.log\n",
      "a.txt": "a\n",
      "staged.txt": "staged\n"
    })
    assert.deepStrictEqual(treeFiles(ws, ref(1)), {
      ".gitignore": "ignored.log\n",
      "a.txt": "one\n",
      "made.txt": "made\n",
      "staged.txt": "staged\n"
    })
    assert.deepStrictEqual(treeFiles(ws, ref(2)), {
      ".gitignore": "ignored.log\n",
      "a.txt": "one\n",
      "d/deep.txt": "deep\n",
      "staged.txt": "staged\n"
    })
    assert.deepStrictEqual(userGit(ws), before)
    assert.isFalse(ran.stderr.includes("no checkpoints"), ran.stderr)

    // The record holds each round's commit.
    const exported = (await runCli(["export", runId], { cwd: ws })).stdout.trim().split("\n").map((l) => JSON.parse(l))
    const recorded = exported.filter((e) => e.type === "round-finished").map((e) => e.checkpoint)
    assert.deepStrictEqual(recorded, [git(ws, "rev-parse", ref(1)).trim(), git(ws, "rev-parse", ref(2)).trim()])
    const shown = jsonDocument(await runCli(["show", "--json", runId], { cwd: ws }))
    assert.deepStrictEqual(shown.rounds.map((r: { checkpoint: string }) => r.checkpoint), recorded)

    const show = await runCli(["show", runId], { cwd: ws })
    assert.match(show.stdout, /round 1[^\n]*\n\s+a\.txt\s+\|\s+2 \+-\n\s+made\.txt\s+\|\s+1 \+\n\s+2 files changed/)
    assert.match(show.stdout, /round 2[^\n]*\n\s+d\/deep\.txt\s+\|\s+1 \+\n\s+made\.txt\s+\|\s+1 -/)

    const roundOne = await runCli(["diff", runId, "1"], { cwd: ws })
    assert.strictEqual(roundOne.code, 0, roundOne.stderr)
    assert.include(roundOne.stdout, "-a\n+one\n")
    assert.include(roundOne.stdout, "+++ b/made.txt")
    assert.notInclude(roundOne.stdout, "deep.txt")
    const whole = await runCli(["diff", runId], { cwd: ws })
    assert.include(whole.stdout, "+++ b/d/deep.txt")
    assert.notInclude(whole.stdout, "made.txt")
    const missing = await runCli(["diff", runId, "7"], { cwd: ws })
    assert.notStrictEqual(missing.code, 0)
    assert.include(missing.stderr, "no checkpoint of round 6")

    // The workspace is at checkpoint 2: restoring round 1 needs no --force.
    const restored = await runCli(["restore", runId, "1"], { cwd: ws })
    assert.strictEqual(restored.code, 0, restored.stderr)
    assert.strictEqual(readFileSync(join(ws, "made.txt"), "utf8"), "made\n")
    assert.isFalse(existsSync(join(ws, "d")))
    assert.strictEqual(readFileSync(join(ws, "a.txt"), "utf8"), "one\n")

    // A change no checkpoint holds is refused, and kept; --force restores anyway.
    writeFileSync(join(ws, "mine.txt"), "the user's\n")
    const refused = await runCli(["restore", runId, "0"], { cwd: ws })
    assert.notStrictEqual(refused.code, 0)
    assert.include(refused.stderr, "--force")
    assert.strictEqual(readFileSync(join(ws, "mine.txt"), "utf8"), "the user's\n")
    assert.strictEqual(readFileSync(join(ws, "a.txt"), "utf8"), "one\n")
    const forced = await runCli(["restore", "--force", runId, "0"], { cwd: ws })
    assert.strictEqual(forced.code, 0, forced.stderr)
    assert.isFalse(existsSync(join(ws, "mine.txt")))
    assert.isFalse(existsSync(join(ws, "made.txt")))
    assert.strictEqual(readFileSync(join(ws, "a.txt"), "utf8"), "a\n")
    assert.strictEqual(readFileSync(join(ws, "staged.txt"), "utf8"), "staged\n")
    assert.deepStrictEqual(userGit(ws), before)
    for (const hook of hooks) assert.isFalse(existsSync(join(markers, hook)), `the ${hook} hook ran`)

    // Not old enough yet; then pruned.
    const young = await runCli(["checkpoints", "prune", "--older-than", "1h"], { cwd: ws })
    assert.strictEqual(young.code, 0, young.stderr)
    assert.include(git(ws, "for-each-ref", "refs/ralph"), ref(2))
    const pruned = await runCli(["checkpoints", "prune", "--older-than", "1ms", "--json"], { cwd: ws })
    assert.deepStrictEqual(jsonDocument(pruned), { pruned: [{ runId, refs: 3 }] })
    assert.strictEqual(git(ws, "for-each-ref", "refs/ralph"), "")
    const gone = await runCli(["diff", runId], { cwd: ws })
    assert.include(gone.stderr, "has no checkpoints")
  }, 60_000)

  it("refuses to restore while the run is running", async () => {
    const { root, ws } = setup([])
    const go = join(root, "go")
    const agent = writeRoundAgent(root, [
      `printf 'one\\n' > a.txt; while [ ! -f '${go}' ]; do sleep 0.05; done; ${printJson(completeReport)}`
    ], { promptTo: "/dev/null" })
    const running = startCli(execArgs(agent, "--json", "wait"), { cwd: ws })
    const runId = await waitFor("the run to start its round", () => {
      if (!existsSync(join(ws, "a.txt")) || readFileSync(join(ws, "a.txt"), "utf8") !== "one\n") return undefined
      return existsSync(join(root, "ralph-state")) ? "started" : undefined
    }, 20_000).then(async () => {
      const listed = await runCli(["runs", "--json"], { cwd: ws })
      return JSON.parse(listed.stdout)[0].runId as string
    })
    const refused = await runCli(["restore", "--force", runId, "0"], { cwd: ws })
    writeFileSync(go, "")
    const ended = await running.result
    assert.strictEqual(ended.code, 0, ended.stderr)
    assert.notStrictEqual(refused.code, 0)
    assert.include(refused.stderr, "is running")
    assert.strictEqual(readFileSync(join(ws, "a.txt"), "utf8"), "one\n")
  }, 60_000)

  it("a patch of worker text is raw to a pipe and escaped on a terminal", async () => {
    const { agent, ws } = setup([
      `printf 'plain\\033]0;owned\\007\\033[2J\\n' > esc.txt; ${printJson(completeReport)}`
    ])
    const ran = await runCli([...execArgs(agent, "--json", "escape")], { cwd: ws })
    assert.strictEqual(ran.code, 0, ran.stderr)
    const runId = jsonDocument(ran).runId as string
    const piped = await runCli(["diff", runId, "1"], { cwd: ws })
    assert.include(piped.stdout, "+plain\u001b]0;owned\u0007\u001b[2J\n")
    const shown = await runOnPty(["diff", runId, "1"], { cwd: ws, env: cliEnv(ws) })
    assert.strictEqual(shown.code, 0, shown.raw)
    assert.include(shown.raw, "+plain\\u001b]0;owned\\u0007\\u001b[2J")
    assert.notInclude(shown.raw, "\u001b]0;owned")
  }, 60_000)

  it("outside git: said once on stderr, nothing recorded", async () => {
    const { root, ws } = newWorkspace()
    const agent = writeRoundAgent(root, twoRounds, { promptTo: "/dev/null" })
    const ran = await runCli([...execArgs(agent, "--json", "--max-rounds", "3", "write files")], { cwd: ws })
    assert.strictEqual(ran.code, 0, ran.stderr)
    assert.strictEqual(ran.stderr.split("no checkpoints are recorded").length - 1, 1, ran.stderr)
    const runId = jsonDocument(ran).runId as string
    const exported = (await runCli(["export", runId], { cwd: ws })).stdout
    assert.notInclude(exported, "checkpoint")
    const diff = await runCli(["diff", runId], { cwd: ws })
    assert.include(diff.stderr, "has no checkpoints")
  }, 60_000)
})
