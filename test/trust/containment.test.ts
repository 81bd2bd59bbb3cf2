/**
 * Nothing of a round outlives it: a child (or the verify command) that leaves a daemon in a new
 * session — `setsid sh -c … &` — has it stopped before the claim is checked and before ralph
 * exits. Through the built CLI, and through the enclosure itself in both its forms (a cgroup where
 * ralph can make one, the environment marker elsewhere). Real processes.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { spawn } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { enclosureHost, openEnclosure } from "../../src/process/enclosure.ts"
import { stopGroup } from "../../src/process/liveness.ts"
import {
  cleanup,
  isAlive,
  isGone,
  makeTempDir,
  printJson,
  sq,
  waitFor,
  waitForPid,
  writeAgent
} from "../support/agents.ts"
import { ensureCli, execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { completeReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const leftovers: Array<number> = []
const dirs: Array<string> = []
afterAll(() => {
  for (const pid of leftovers) {
    try {
      process.kill(pid, "SIGKILL")
    } catch {
      // Gone, as it should be.
    }
  }
  dirs.forEach(cleanup)
  removeWorkspaces()
})

/** The processes whose environment names the run: what a `RALPH_RUN_ID` scan finds. */
const carryingRun = (runId: string): Array<number> =>
  readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      return `\0${readFileSync(`/proc/${pid}/environ`, "latin1")}`.includes(`\0RALPH_RUN_ID=${runId}\0`) &&
        isAlive(pid)
    } catch {
      return false
    }
  })

/** A shell line starting a daemon in a new session, its stdio closed, its pid written to `pidFile`. */
const daemon = (pidFile: string, body: string) =>
  `setsid sh -c ${sq(`echo $$ > ${sq(pidFile)}; ${body}`)} </dev/null >/dev/null 2>&1 &`

describe.concurrent("a round's daemon", () => {
  it("a setsid daemon that writes the gated file during the check: the claim does not stand, the daemon is gone", async () => {
    const { root, ws } = newWorkspace()
    const pidFile = join(root, "daemon.pid")
    // The daemon writes done.txt a second after the round, while the gate (which waits two) runs.
    const agent = writeAgent(
      root,
      "agent.sh",
      `${daemon(pidFile, "sleep 1; touch done.txt; sleep 60")}\nwhile [ ! -s ${sq(pidFile)} ]; do sleep 0.05; done\n${
        printJson(completeReport)
      }`
    )
    const gate = writeAgent(root, "check.sh", `sleep 2\ntest -f done.txt`)
    const result = await runCli(
      execArgs(agent, "--json", "--max-rounds", "1", "--verify", `sh ${gate}`, "make done.txt"),
      { cwd: ws }
    )
    const pid = Number(readFileSync(pidFile, "utf8"))
    leftovers.push(pid)
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.status, "budget-limited")
    assert.strictEqual(doc.result.verification.exitCode, 1)
    assert.isFalse(existsSync(join(ws, "done.txt")), "the daemon wrote after the round ended")
    assert.isTrue(isGone(pid), "the daemon outlived ralph")
    assert.deepStrictEqual(carryingRun(doc.runId), [])
  })

  it("a verify command that leaves a setsid daemon: it is gone before the next round, and after ralph", async () => {
    const { root, ws } = newWorkspace()
    const pidFile = join(root, "gate-daemon.pid")
    const seen = join(root, "seen-in-round-2")
    // Round 2 looks for the gate's daemon: it must already be gone.
    const agent = writeAgent(
      root,
      "agent.sh",
      // (A zombie, killed and waiting for a slow init to reap it, is gone: its state is Z.)
      `if [ "$RALPH_ROUND" = 2 ]; then state=$(cut -d' ' -f3 /proc/"$(cat ${sq(pidFile)})"/stat 2>/dev/null)\n` +
        `if [ -n "$state" ] && [ "$state" != Z ]; then touch ${sq(seen)}; fi; fi\n${printJson(completeReport)}`
    )
    const gate = writeAgent(
      root,
      "check.sh",
      `${daemon(pidFile, "sleep 60")}\nwhile [ ! -s ${sq(pidFile)} ]; do sleep 0.05; done\nexit 1`
    )
    const result = await runCli(execArgs(agent, "--json", "--max-rounds", "2", "--verify", `sh ${gate}`, "x"), {
      cwd: ws
    })
    const pid = Number(readFileSync(pidFile, "utf8"))
    leftovers.push(pid)
    assert.strictEqual(result.code, 3, result.stderr)
    assert.isFalse(existsSync(seen), "the gate's daemon was alive in round 2")
    assert.isTrue(isGone(pid), "the gate's daemon outlived ralph")
    assert.deepStrictEqual(carryingRun(jsonDocument(result).runId), [])
  })
})

/** Starts `sh -c script` in an enclosure, as a group leader, and stops its group and enclosure once it exits. */
const runEnclosed = (enclosure: ReturnType<typeof openEnclosure>, script: string) =>
  Effect.promise(() =>
    new Promise<number>((resolve) => {
      const child = enclosure.spawn(() =>
        spawn("sh", ["-c", script], { detached: true, stdio: "ignore", env: { ...process.env, ...enclosure.env } })
      )
      child.on("exit", () => resolve(child.pid!))
    })
  ).pipe(
    Effect.flatMap((pid) => stopGroup(pid, Duration.millis(300), enclosure)),
    Effect.ensuring(Effect.sync(() => enclosure.release()))
  )

describe.concurrent("the enclosure", () => {
  it.live("with the marker alone: a setsid daemon is found and stopped; one that scrubs its environment is not", () =>
    Effect.gen(function*() {
      const dir = makeTempDir()
      dirs.push(dir)
      const enclosure = openEnclosure({ cgroupParent: undefined })
      assert.strictEqual(enclosure.kind, "environ")
      const marked = join(dir, "marked.pid")
      const scrubbed = join(dir, "scrubbed.pid")
      yield* runEnclosed(
        enclosure,
        `${daemon(marked, "sleep 60")}\nsetsid env -i sh -c ${
          sq(`echo $$ > ${sq(scrubbed)}; exec sleep 60`)
        } </dev/null >/dev/null 2>&1 &\nwhile [ ! -s ${sq(marked)} ] || [ ! -s ${sq(scrubbed)} ]; do sleep 0.05; done`
      )
      const [markedPid, scrubbedPid] = yield* Effect.promise(() =>
        Promise.all([waitForPid(marked), waitForPid(scrubbed)])
      )
      leftovers.push(markedPid, scrubbedPid)
      assert.isTrue(isGone(markedPid), "the marked daemon was stopped")
      // The documented limit of the marker: a process that replaces its environment escapes it.
      assert.isTrue(isAlive(scrubbedPid))
      process.kill(scrubbedPid, "SIGKILL")
    }))

  it.live("where ralph can make a cgroup (here: when it could), even a daemon with a scrubbed environment is stopped", () =>
    Effect.gen(function*() {
      const dir = makeTempDir()
      dirs.push(dir)
      const enclosure = openEnclosure(enclosureHost())
      const scrubbed = join(dir, "scrubbed.pid")
      yield* runEnclosed(
        enclosure,
        `setsid env -i sh -c ${
          sq(`echo $$ > ${sq(scrubbed)}; exec sleep 60`)
        } </dev/null >/dev/null 2>&1 &\nwhile [ ! -s ${sq(scrubbed)} ]; do sleep 0.05; done`
      )
      const pid = yield* Effect.promise(() => waitForPid(scrubbed))
      leftovers.push(pid)
      yield* Effect.promise(() =>
        waitFor("the stop's effect to show", () => (isGone(pid) || enclosure.kind === "environ" ? true : undefined))
      )
      // Without a cgroup (a read-only cgroup file system), the marker alone holds, as above.
      assert.strictEqual(isGone(pid), enclosure.kind === "cgroup", `enclosure: ${enclosure.kind}`)
    }))

  it.live("a cgroup's process that moves into a cgroup it made below is still stopped", () =>
    Effect.gen(function*() {
      const dir = makeTempDir()
      dirs.push(dir)
      const enclosure = openEnclosure(enclosureHost())
      const moved = join(dir, "moved.pid")
      // Into a sub-cgroup of its own (where there is a cgroup), then away in a new session.
      const below = `mp=$(grep ' - cgroup2 ' /proc/self/mountinfo | head -n1 | cut -d' ' -f5); ` +
        `cg="$mp$(sed -n 's/^0:://p' /proc/self/cgroup)"; mkdir "$cg/below" && echo $$ > "$cg/below/cgroup.procs"`
      yield* runEnclosed(
        enclosure,
        `setsid sh -c ${
          sq(`${below}; echo $$ > ${sq(moved)}; exec sleep 60`)
        } </dev/null >/dev/null 2>&1 &\nwhile [ ! -s ${sq(moved)} ]; do sleep 0.05; done`
      )
      const pid = yield* Effect.promise(() => waitForPid(moved))
      leftovers.push(pid)
      assert.isTrue(isGone(pid), `enclosure: ${enclosure.kind}`)
    }))
})
