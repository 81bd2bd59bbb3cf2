/**
 * ralph never runs the worker's code on its own behalf: a worker that plants programs in the
 * workspace's git config (an fsmonitor hook, a filter driver) does not get ralph's own `git status`
 * (the fingerprint) to run them, and a git that blocks fails the round by name instead of hanging.
 * Real git, real processes.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Ralph } from "../../src/loop/Ralph.ts"
import { WorkspaceGuard } from "../../src/workspace/WorkspaceGuard.ts"
import { printJson, sq, writeAgent } from "../support/agents.ts"
import { ensureCli, execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCliBounded } from "../support/cli.ts"
import { execRalphLayer } from "../support/process.ts"
import { completeReport, continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

const git = (cwd: string, ...args: Array<string>) =>
  execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd, stdio: "pipe" })

/** A git workspace with one committed file, and a marker path a planted program would create. */
const gitWorkspace = () => {
  const { root, ws } = newWorkspace()
  git(ws, "init", "-q")
  writeFileSync(join(ws, "a.txt"), "a\n")
  git(ws, "add", "a.txt")
  git(ws, "commit", "-qm", "start")
  return { root, ws, marker: join(root, "planted-program-ran") }
}

/** Runs the CLI; a hang is this test's failure. */
const runBounded = async (args: ReadonlyArray<string>, cwd: string) => {
  const result = await runCliBounded(args, { cwd })
  assert.isNull(result.signal, `ralph hung and was killed:\n${result.stderr}`)
  return result
}

/** A program that leaves the marker and then blocks: run by ralph, it would hang it. */
const plantedProgram = (root: string, marker: string) =>
  writeAgent(root, "planted.sh", `touch ${sq(marker)}\ncat >/dev/null\nsleep 60`)

/** Round 1 plants `plant` and continues (ralph fingerprints after it); round 2 completes. */
const agentPlanting = (root: string, plant: string) =>
  writeAgent(
    root,
    "agent.sh",
    `if [ "$RALPH_ROUND" = 1 ]; then\n${plant}\n${printJson(continueReport)}\nelse\n${printJson(completeReport)}\nfi`
  )

describe.concurrent("planted git config", () => {
  it("core.fsmonitor: ralph's git status does not run the hook", async () => {
    const { marker, root, ws } = gitWorkspace()
    const hook = plantedProgram(root, marker)
    const agent = agentPlanting(root, `git config core.fsmonitor ${sq(hook)}\necho b > a.txt`)
    const result = await runBounded(execArgs(agent, "--json", "x"), ws)
    assert.strictEqual(result.code, 0, result.stderr)
    assert.strictEqual(jsonDocument(result).result.status, "complete")
    assert.isFalse(existsSync(marker), "the fsmonitor hook ran")
  })

  // A driver named with an "=" would escape a `-c filter.NAME.clean=` override, which splits at the first "=".
  for (const driver of ["evil", "a=b"]) {
    it(`a filter driver (${driver}) on .gitattributes: ralph's git status runs neither its clean nor its process command`, async () => {
      const { marker, root, ws } = gitWorkspace()
      const filter = plantedProgram(root, marker)
      const agent = agentPlanting(
        root,
        [
          `echo ${sq(`* filter=${driver}`)} > .gitattributes`,
          `git config ${sq(`filter.${driver}.clean`)} ${sq(filter)}`,
          `git config ${sq(`filter.${driver}.process`)} ${sq(filter)}`,
          `git config ${sq(`filter.${driver}.required`)} true`,
          // A tracked file whose stat no longer matches the index: git compares its content through the filter.
          `touch -d '2001-01-01' a.txt`
        ].join("\n")
      )
      const result = await runBounded(execArgs(agent, "--json", "x"), ws)
      assert.strictEqual(result.code, 0, result.stderr)
      assert.isFalse(existsSync(marker), "the filter driver ran")
    })
  }
})

describe("a git that blocks", () => {
  it.live("a FIFO as .git/HEAD: the fingerprint fails by naming git, within its bound", () =>
    Effect.gen(function*() {
      const { ws } = gitWorkspace()
      mkdirSync(join(ws, "sub"))
      execFileSync("sh", ["-c", "rm .git/HEAD && mkfifo .git/HEAD"], { cwd: ws })
      const guard = WorkspaceGuard.make({ gitTimeout: Duration.millis(500), killGrace: Duration.millis(100) })
      const started = Date.now()
      const error = yield* Effect.flip(guard.fingerprint(ws))
      assert.strictEqual(error._tag, "GitFailed")
      assert.match(error.message, /^ralph's `git (rev-parse|config|status)[^`]*` in the workspace ran longer than/)
      assert.isBelow(Date.now() - started, 5_000)
    }))

  it.live(
    "a worker that makes .git/HEAD a FIFO: the round fails with reason git, not a hang",
    () =>
      Effect.gen(function*() {
        const { root, ws } = gitWorkspace()
        const agent = writeAgent(root, "agent.sh", `rm .git/HEAD; mkfifo .git/HEAD\n${printJson(continueReport)}`)
        const error = yield* Effect.gen(function*() {
          const ralph = yield* Ralph
          return yield* Effect.flip(ralph.run({ objective: "x", maxRounds: 2 }))
        }).pipe(
          Effect.provide(execRalphLayer([agent], { workspace: ws })),
          Effect.provide(WorkspaceGuard.layer({ gitTimeout: Duration.millis(500), killGrace: Duration.millis(100) }))
        )
        assert.strictEqual(error._tag, "RoundFailed")
        assert.strictEqual(error._tag === "RoundFailed" && error.reason, "git")
        assert.match(error.message, /Round 1 failed \(git\): ralph's `git /)
      }),
    20_000
  )
})
