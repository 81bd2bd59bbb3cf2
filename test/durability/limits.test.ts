import { createHash } from "node:crypto"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import {
  agentScript,
  execRun,
  finish,
  isAlive,
  listedRuns,
  ralph,
  readText,
  recordOf,
  report,
  scratch,
  start,
  waitFor
} from "./harness.ts"

/** A child (and a grandchild) that ignore SIGTERM and hang, recording their pids. */
const stubbornAgent = (dirs: ReturnType<typeof scratch>) =>
  agentScript(
    dirs.root,
    "stubborn.sh",
    `trap '' TERM
cat > /dev/null
echo $$ > "${dirs.root}/child"
sleep 60 &
echo $! > "${dirs.root}/grandchild"
wait`
  )

describe("signals", () => {
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    it(`${signal} during a round with a child that ignores SIGTERM: no process left, Cancelled, exit ${code}`, async () => {
      const dirs = scratch()
      const child = start(execRun(dirs, stubbornAgent(dirs), "--kill-grace", "300ms"), { RALPH_LOCK_DIR: dirs.locks })
      const done = finish(child)
      await waitFor(() => existsSync(join(dirs.root, "grandchild")), 10_000, "the child to start")
      const pids = [Number(readText(join(dirs.root, "child"))), Number(readText(join(dirs.root, "grandchild")))]
      child.kill(signal)
      const result = await done
      expect(result.code).toBe(code)
      expect(JSON.parse(result.stdout)).toMatchObject({ error: { _tag: "Cancelled", signal, round: 1 } })
      for (const pid of pids) expect(isAlive(pid), `pid ${pid}: ${readText(`/proc/${pid}/stat`)}`).toBe(false)
      const listed = await ralph(["runs", "--state-dir", dirs.state, "--json"])
      expect(JSON.parse(listed.stdout)[0].state).toBe("cancelled")
    })
  }

  it("a second SIGINT kills the children at once", async () => {
    const dirs = scratch()
    const child = start(execRun(dirs, stubbornAgent(dirs), "--kill-grace", "30s"), { RALPH_LOCK_DIR: dirs.locks })
    const done = finish(child)
    await waitFor(() => existsSync(join(dirs.root, "grandchild")), 10_000, "the child to start")
    const pids = [Number(readText(join(dirs.root, "child"))), Number(readText(join(dirs.root, "grandchild")))]
    const t0 = Date.now()
    child.kill("SIGINT")
    await new Promise((r) => setTimeout(r, 200))
    child.kill("SIGINT")
    const result = await done
    expect(Date.now() - t0).toBeLessThan(10_000)
    expect(result.code).toBe(130)
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { _tag: "Cancelled" } })
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 3000, "the children to die")
  })
})

describe("time limits", () => {
  it("--round-timeout stops a child that runs too long: RoundFailed (timeout), exit 4", async () => {
    const dirs = scratch()
    const agent = agentScript(dirs.root, "hang.sh", `cat > /dev/null; echo $$ > "${dirs.root}/child"; exec sleep 60`)
    const result = await ralph(execRun(dirs, agent, "--round-timeout", "500ms", "--kill-grace", "200ms"), {
      RALPH_LOCK_DIR: dirs.locks
    })
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout).error).toMatchObject({
      _tag: "RoundFailed",
      round: 1,
      reason: "timeout",
      lastReport: null
    })
    expect(isAlive(Number(readText(join(dirs.root, "child"))))).toBe(false)
  })

  it("--idle-timeout stops a silent child, and spares one that keeps printing", async () => {
    const dirs = scratch()
    const silent = agentScript(dirs.root, "silent.sh", `cat > /dev/null; exec sleep 60`)
    const stopped = await ralph(execRun(dirs, silent, "--idle-timeout", "400ms", "--kill-grace", "200ms"), {
      RALPH_LOCK_DIR: dirs.locks
    })
    expect(stopped.code).toBe(4)
    expect(JSON.parse(stopped.stdout).error).toMatchObject({ _tag: "RoundFailed", reason: "idle-timeout" })

    const chatty = agentScript(
      dirs.root,
      "chatty.sh",
      `cat > /dev/null; for i in 1 2 3 4 5 6 7 8; do echo "working $i" >&2; sleep 0.15; done; echo '${
        report.complete("ok")
      }'`
    )
    const spared = await ralph(execRun(dirs, chatty, "--idle-timeout", "400ms"), { RALPH_LOCK_DIR: dirs.locks })
    expect(spared.code).toBe(0)
  })

  it("--max-time ends the run budget-limited with the last finished report, never the cut round", async () => {
    const dirs = scratch()
    const agent = agentScript(
      dirs.root,
      "slow.sh",
      `cat > /dev/null; sleep 0.3; printf '{"status":"continue","summary":"round %s","evidence":[],"nextSteps":["go on"],"blocker":""}\\n' "$RALPH_ROUND"`
    )
    const result = await ralph(execRun(dirs, agent, "--max-time", "1s", "--kill-grace", "200ms"), {
      RALPH_LOCK_DIR: dirs.locks
    })
    expect(result.code).toBe(3)
    const envelope = JSON.parse(result.stdout)
    expect(envelope.result.status).toBe("budget-limited")
    expect(envelope.result.limit).toBe("time")
    const finished = (await recordOf(dirs.state, envelope.runId)).filter((e) => e.type === "round-finished")
    const last = finished.at(-1) as { round: number; report: unknown }
    expect(envelope.result.report).toEqual(last.report)
    expect(envelope.result.report.summary).toBe(`round ${last.round}`)
    expect(envelope.result.roundsStarted).toBe(last.round + 1)
  })

  it("--max-time before any round finished: RoundFailed (time-budget) for the cut round", async () => {
    const dirs = scratch()
    const agent = agentScript(dirs.root, "hang.sh", `cat > /dev/null; exec sleep 60`)
    const result = await ralph(execRun(dirs, agent, "--max-time", "500ms", "--kill-grace", "200ms"), {
      RALPH_LOCK_DIR: dirs.locks
    })
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout).error).toMatchObject({ _tag: "RoundFailed", round: 1, reason: "time-budget" })
  })
})

describe("workspace lock", () => {
  it("a second run on the same workspace fails at once, whatever its state dir", async () => {
    const dirs = scratch()
    const hang = agentScript(dirs.root, "hang.sh", `cat > /dev/null; echo $$ > "${dirs.root}/child"; exec sleep 60`)
    const first = start(execRun(dirs, hang, "--kill-grace", "200ms"), { RALPH_LOCK_DIR: dirs.locks })
    const firstDone = finish(first)
    await waitFor(() => existsSync(join(dirs.root, "child")), 10_000, "the first run's child")
    const second = await ralph(
      [
        "run",
        "other",
        "--agent",
        "exec",
        "--agent-cmd",
        hang,
        "--workspace",
        dirs.workspace,
        "--state-dir",
        join(dirs.root, "other-state"),
        "--json"
      ],
      { RALPH_LOCK_DIR: dirs.locks }
    )
    expect(second.code).toBe(1)
    const error = JSON.parse(second.stdout).error
    expect(error).toMatchObject({ _tag: "WorkspaceLocked", pid: first.pid, workspace: dirs.workspace })
    expect(error.runId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/)
    first.kill("SIGTERM")
    expect((await firstDone).code).toBe(143)
  })

  it("a lock whose process is dead is taken over", async () => {
    const dirs = scratch()
    mkdirSync(dirs.locks, { recursive: true })
    const name = createHash("sha256").update(dirs.workspace).digest("hex").slice(0, 32)
    writeFileSync(
      join(dirs.locks, `${name}.lock`),
      JSON.stringify({ workspace: dirs.workspace, runId: "old", pid: 2 ** 22 + 7, startedAt: "2026-01-01T00:00:00Z" })
    )
    const agent = agentScript(dirs.root, "ok.sh", `cat > /dev/null; echo '${report.complete("ok")}'`)
    const result = await ralph(execRun(dirs, agent), { RALPH_LOCK_DIR: dirs.locks })
    expect(result.code).toBe(0)
    expect(existsSync(join(dirs.locks, `${name}.lock`))).toBe(false)
  })
})

describe("retries", () => {
  it("transient failures (exit 75) are retried and counted; the round then succeeds", async () => {
    const dirs = scratch()
    const agent = agentScript(
      dirs.root,
      "flaky.sh",
      `cat > /dev/null; echo x >> "${dirs.root}/calls"; n=$(wc -l < "${dirs.root}/calls"); if [ "$n" -le 2 ]; then exit 75; fi; echo '${
        report.complete("ok")
      }'`
    )
    const result = await ralph(execRun(dirs, agent, "--retry-delay", "50ms"), { RALPH_LOCK_DIR: dirs.locks })
    expect(result.code).toBe(0)
    const envelope = JSON.parse(result.stdout)
    expect(envelope).toMatchObject({ agentsStarted: 3, result: { status: "complete", roundsStarted: 1 } })
    const retries = (await recordOf(dirs.state, envelope.runId)).filter((e) => e.type === "retry")
    expect(retries.map((e) => e.attempt)).toEqual([2, 3])
  })

  it("retries are bounded: exhausted retries end the run with RoundFailed", async () => {
    const dirs = scratch()
    const agent = agentScript(dirs.root, "down.sh", `cat > /dev/null; echo x >> "${dirs.root}/calls"; exit 75`)
    const result = await ralph(execRun(dirs, agent, "--retry-delay", "20ms", "--retries", "2"), {
      RALPH_LOCK_DIR: dirs.locks
    })
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout).error).toMatchObject({ _tag: "RoundFailed", reason: "tempfail", round: 1 })
    expect(readText(join(dirs.root, "calls")).trim().split("\n")).toHaveLength(3)
  })

  it("a non-transient failure is not retried", async () => {
    const dirs = scratch()
    const agent = agentScript(dirs.root, "bad.sh", `cat > /dev/null; echo x >> "${dirs.root}/calls"; exit 3`)
    const result = await ralph(execRun(dirs, agent, "--retry-delay", "20ms"), { RALPH_LOCK_DIR: dirs.locks })
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout).error).toMatchObject({ reason: "crashed", exitCode: 3 })
    expect(readText(join(dirs.root, "calls")).trim().split("\n")).toHaveLength(1)
  })
})

describe("bad environment", () => {
  it("an agent command that is not an executable file is ProviderUnavailable before round 1, saying which", async () => {
    const dirs = scratch()
    const script = join(dirs.root, "not-executable.sh")
    writeFileSync(script, "#!/bin/sh\necho '{}'\n")
    for (const [program, problem] of [[script, "is not executable"], [`${script}.missing`, "does not exist"]]) {
      const result = await ralph(execRun(dirs, program!), { RALPH_LOCK_DIR: dirs.locks })
      expect(result.code).toBe(1)
      const error = JSON.parse(result.stdout).error
      expect(error).toMatchObject({ _tag: "ProviderUnavailable", provider: "exec", problem: "not-installed" })
      expect(error.message).toContain(`"${program}" ${problem}`)
    }
    // Nothing was started, so no run was recorded.
    expect(await listedRuns(dirs.state)).toEqual([])
  })

  it("an unusable state directory fails before any child starts", async () => {
    const dirs = scratch()
    writeFileSync(join(dirs.root, "a-file"), "")
    const agent = agentScript(dirs.root, "ok.sh", `echo x > "${dirs.root}/started"; echo '${report.complete("ok")}'`)
    const result = await ralph(execRun({ ...dirs, state: join(dirs.root, "a-file", "state") }, agent), {
      RALPH_LOCK_DIR: dirs.locks
    })
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout).error).toMatchObject({ _tag: "StateUnavailable" })
    expect(existsSync(join(dirs.root, "started"))).toBe(false)
  })
})
