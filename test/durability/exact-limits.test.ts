/**
 * Time limits are exact: a run stopped by --round-timeout or --max-time settles within 0.5 s of what
 * the limit says (the limit, plus the kill grace for a child that ignores SIGTERM), measured to the exit
 * of the ralph process from where the limit counts: --max-time from the start of the process (Node's
 * start-up included, as the README says), --round-timeout from the run's start as its record gives
 * it — the start-up before it is no round's to carry, and under load has alone taken more than the
 * tolerance.
 * Zombies an agent's dead processes leave for a slow pid 1 to reap do not count as a live group.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { execFileSync, spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { isGroupAlive, isGroupRunning, onlyZombiesLeft, stopGroup } from "../../src/process/liveness.ts"
import { isGone, killGroup, makeTempDir, sq, waitForPid, writeAgent } from "../support/agents.ts"
import {
  cliEnv,
  type CliResult,
  ensureCli,
  jsonDocument,
  newWorkspace,
  removeWorkspaces,
  runCli
} from "../support/cli.ts"

// A fresh build's first start also fills Node's compile cache: not a cost any limit should carry.
beforeAll(() => void execFileSync(process.execPath, [ensureCli(), "--version"]), 180_000)
const leftovers: Array<number> = []
afterAll(() => {
  leftovers.forEach(killGroup)
  removeWorkspaces()
})

const tolerance = 500

/** Agents that record their pid (leader.pid) and their child's (child.pid), then hang. */
const agents = {
  /** Leader and child ignore SIGTERM: only SIGKILL stops them, and the child dies an orphan. */
  ignoresTerm: (root: string) => [
    "trap '' TERM",
    "cat > /dev/null",
    "sleep 30 &",
    `echo $! > ${sq(join(root, "child.pid"))}`,
    `echo $$ > ${sq(join(root, "leader.pid"))}`,
    "wait"
  ],
  /** The leader honours SIGTERM; its child ignores it and is left in the group. */
  childIgnoresTerm: (root: string) => [
    "cat > /dev/null",
    "(trap '' TERM; exec sleep 30) &",
    `echo $! > ${sq(join(root, "child.pid"))}`,
    `echo $$ > ${sq(join(root, "leader.pid"))}`,
    "wait"
  ],
  /** Both honour SIGTERM, the child a moment after its parent: it dies an orphan, a zombie of pid 1. */
  honoursTerm: (root: string) => [
    "cat > /dev/null",
    `sh -c "trap 'sleep 0.1; exit 0' TERM; sleep 30 & wait" &`,
    `echo $! > ${sq(join(root, "child.pid"))}`,
    `echo $$ > ${sq(join(root, "leader.pid"))}`,
    "exec sleep 30"
  ]
}

/**
 * Starts ralph (`run --json … hang`) in a fresh workspace whose agent runs `lines`; `exitedAt` is the
 * wall-clock time of its exit, `took` the time from its spawn to its exit.
 */
const timedRalph = (root: string, ws: string, lines: ReadonlyArray<string>, limits: ReadonlyArray<string>) => {
  const binary = ensureCli()
  const command = writeAgent(root, "agent.sh", lines.join("\n"))
  const started = performance.now()
  const child = spawn(process.execPath, [
    binary,
    "run",
    "--json",
    "--agent",
    "exec",
    "--agent-cmd",
    command,
    ...limits,
    "hang"
  ], {
    cwd: ws,
    env: cliEnv(ws, { RALPH_LOCK_DIR: join(root, "locks") }),
    stdio: ["ignore", "pipe", "pipe"]
  })
  let stdout = ""
  let stderr = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  return new Promise<CliResult & { readonly exitedAt: number; readonly took: number }>((resolve) =>
    child.on(
      "close",
      (code, signal) =>
        resolve({ exitedAt: Date.now(), took: performance.now() - started, code, signal, stdout, stderr })
    )
  )
}

/**
 * Runs ralph on one of the agents with the given limits, and checks that none of its processes is
 * left: `took` runs from the spawn of ralph to its exit, `tookFromRunStart` from the run's recorded
 * start (`ralph show --json`).
 */
const timedRun = async (agent: keyof typeof agents, limits: ReadonlyArray<string>) => {
  const { root, ws } = newWorkspace()
  const running = timedRalph(root, ws, agents[agent](root), limits)
  const pids = [await waitForPid(join(root, "leader.pid")), await waitForPid(join(root, "child.pid"))]
  leftovers.push(...pids)
  const result = await running
  for (const pid of pids) assert.isTrue(isGone(pid), `pid ${pid} outlived the run`)
  const error = jsonDocument(result).error
  const record = jsonDocument(await runCli(["show", error.runId, "--json"], { cwd: ws }))
  return {
    took: result.took,
    tookFromRunStart: result.exitedAt - Date.parse(record.startedAt),
    error,
    code: result.code
  }
}

const assertSettledAt = (took: number, nominal: number) => {
  assert.isAtLeast(took, nominal, `settled after ${Math.round(took)} ms, before the limit (${nominal} ms)`)
  assert.isBelow(took, nominal + tolerance, `settled after ${Math.round(took)} ms, want ${nominal} ms (+${tolerance})`)
}

describe("limits settle within 0.5 s of what they say", () => {
  for (const agent of ["ignoresTerm", "childIgnoresTerm"] as const) {
    it(`--round-timeout 2s --kill-grace 1s, ${agent}: 3 s`, async () => {
      const { error, code, tookFromRunStart } = await timedRun(agent, ["--round-timeout", "2s", "--kill-grace", "1s"])
      assert.strictEqual(code, 4)
      assert.include(error, { _tag: "RoundFailed", round: 1, reason: "timeout" })
      assertSettledAt(tookFromRunStart, 3000)
    })

    it(`--max-time 3s --kill-grace 1s, ${agent}: 4 s`, async () => {
      const { took, error, code } = await timedRun(agent, ["--max-time", "3s", "--kill-grace", "1s"])
      assert.strictEqual(code, 4)
      assert.include(error, { _tag: "RoundFailed", round: 1, reason: "time-budget" })
      assertSettledAt(took, 4000)
    })
  }

  it("--max-time 2s, an agent that honours SIGTERM: 2 s, whatever the grace", async () => {
    const { took, error, code } = await timedRun("honoursTerm", ["--max-time", "2s", "--kill-grace", "5s"])
    assert.strictEqual(code, 4)
    assert.include(error, { _tag: "RoundFailed", round: 1, reason: "time-budget" })
    assertSettledAt(took, 2000)
  })

  it("a stopped round signals its group once (a second SIGTERM often means: quit now)", async () => {
    const { root, ws } = newWorkspace()
    const terms = join(root, "terms")
    // A node child counts every SIGTERM it gets (node reads each one; a shell's trap may merge two).
    const counter =
      `let n = 0; process.on("SIGTERM", () => require("fs").writeFileSync(${JSON.stringify(terms)}, String(++n))); ` +
      `require("fs").writeFileSync(${
        JSON.stringify(join(root, "child.pid"))
      }, process.pid + "\\n"); setInterval(() => {}, 1000)`
    const running = timedRalph(root, ws, ["cat > /dev/null", `${sq(process.execPath)} -e ${sq(counter)} &`, "wait"], [
      "--round-timeout",
      "3s",
      "--kill-grace",
      "1s"
    ])
    const child = await waitForPid(join(root, "child.pid"))
    leftovers.push(child)
    const result = await running
    assert.strictEqual(result.code, 4)
    assert.isTrue(isGone(child))
    assert.strictEqual(readFileSync(terms, "utf8"), "1")
  })
})

describe("a group of zombies is a stopped group", () => {
  /** A process group whose only member is a zombie its parent (outside the group) never reaps. */
  const zombieGroup = async () => {
    const dir = makeTempDir()
    const parent = spawn("sh", ["-c", `setsid true & echo $! > ${sq(join(dir, "zombie.pid"))}; exec sleep 30`], {
      detached: true,
      stdio: "ignore"
    })
    leftovers.push(parent.pid!)
    const zombie = await waitForPid(join(dir, "zombie.pid"))
    // It has exited once /proc says so; on a loaded machine its fork, setsid and exit can take seconds.
    const deadline = Date.now() + 20_000
    while (onlyZombiesLeft(zombie) !== true) {
      if (Date.now() > deadline) throw new Error(`the fixture's group ${zombie} never became a lone zombie`)
      await new Promise((r) => setTimeout(r, 10))
    }
    return { parent: parent.pid!, zombie }
  }

  it.live("stopGroup settles at once, not after the grace, and the group is not running", () =>
    Effect.gen(function*() {
      const { parent, zombie } = yield* Effect.promise(zombieGroup)
      const started = Date.now()
      yield* stopGroup(zombie, Duration.seconds(2))
      assert.isBelow(Date.now() - started, 200)
      assert.isTrue(isGroupAlive(zombie), "a zombie still answers signals")
      assert.isFalse(isGroupRunning(zombie))
      assert.isFalse(onlyZombiesLeft(parent), "a live group is not taken for zombies")
      killGroup(parent)
    }))
})
