/**
 * Waiting out a rate limit (--wait-limits) with real processes: an exec agent says, by exit 75 and
 * a retry signal on stdout, when its limit resets; ralph waits durably and tries again, a SIGKILL
 * during the wait leaves a resume only what is left of it, and a reset past the policy is not waited for.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { agentScript, execRun, finish, ralph, recordOf, report, scratch, start } from "./harness.ts"

type Dirs = ReturnType<typeof scratch>

/** An agent whose first child exits 75 with `signal` on stdout; every later one completes. */
const limitedOnce = (dirs: Dirs, signal: object) =>
  agentScript(
    dirs.root,
    "agent.sh",
    `cat > /dev/null
echo "$RALPH_ATTEMPT $(date +%s%3N)" >> "${dirs.root}/attempts.log"
if [ ! -f "${dirs.root}/limited" ]; then touch "${dirs.root}/limited"; echo '${JSON.stringify(signal)}'; exit 75; fi
echo '${report.complete("done after the limit")}'`
  )

const timeOf = (entry: Record<string, unknown> | undefined): number => Date.parse(String(entry?.t))

const show = async (dirs: Dirs, runId: string, env: Record<string, string>) =>
  ralph(["show", runId, "--state-dir", dirs.state], env)

describe("waiting out a rate limit", () => {
  it("exit 75 with retryAfterSeconds: the reset is honoured, the round retried after it", async () => {
    const dirs = scratch()
    const env = { RALPH_LOCK_DIR: dirs.locks }
    const run = await ralph(execRun(dirs, limitedOnce(dirs, { retryAfterSeconds: 3 })), env)
    expect(run.code, run.stderr).toBe(0)
    const envelope = JSON.parse(run.stdout)
    expect(envelope).toMatchObject({ agentsStarted: 2, result: { status: "complete", roundsStarted: 1 } })
    const record = await recordOf(dirs.state, envelope.runId, env)
    const failed = record.find((e) => e.type === "round-failed")
    expect(failed).toMatchObject({ round: 1, attempt: 1, reason: "rate-limit" })
    const second = record.find((e) => e.type === "round-started" && e.attempt === 2)
    // Not before the reset the agent gave (3 s from its end), give or take the clock's millisecond.
    expect(timeOf(second) - timeOf(failed)).toBeGreaterThanOrEqual(2_900)
  }, 60_000)

  it(
    "SIGKILL during a limit wait of 70 s: `ralph resume` (without --wait-limits) waits only what is left",
    async () => {
      const dirs = scratch()
      const env = { RALPH_LOCK_DIR: dirs.locks }
      const agent = limitedOnce(dirs, { retryAfterSeconds: 70 })
      const first = start(execRun(dirs, agent, "--wait-limits", "5m"), env)
      const firstDone = finish(first)
      // The wait is recorded (the limit-wait entry) before the run sleeps.
      let runId = ""
      let wait: Record<string, unknown> | undefined
      const deadline = Date.now() + 30_000
      while (wait === undefined) {
        if (Date.now() > deadline) throw new Error("no limit wait was recorded")
        await new Promise((r) => setTimeout(r, 300))
        const listed = await ralph(["runs", "--json", "--state-dir", dirs.state], env)
        runId = listed.code === 0 ? (JSON.parse(listed.stdout)[0]?.runId ?? "") : ""
        if (runId !== "") wait = (await recordOf(dirs.state, runId, env)).find((e) => e.type === "limit-wait")
      }
      const until = Date.parse(String(wait.until))
      const resetAt = Date.parse(String(wait.resetAt))
      expect(wait).toMatchObject({ round: 1, attempt: 2, reason: "rate-limit" })
      const shown = await show(dirs, runId, env)
      expect(shown.stdout).toContain(
        `waiting for the rate limit until ${new Date(until).toISOString().replace(/\.\d+Z$/, "Z")}`
      )
      // The wait is the reset's, plus a jitter of at most 5 % of it.
      expect(until).toBeGreaterThanOrEqual(resetAt)
      expect(until - resetAt).toBeLessThanOrEqual(0.05 * 70_000 + 1_000)

      await new Promise((r) => setTimeout(r, 3_000))
      first.kill("SIGKILL")
      expect((await firstDone).code).toBe(null)
      const stopped = await show(dirs, runId, env)
      expect(stopped.stdout).toContain(`ralph resume ${runId}\` goes on with it`)

      const resumedAt = Date.now()
      const resumed = await ralph(["resume", runId, "--state-dir", dirs.state, "--json"], env)
      expect(resumed.code, resumed.stderr).toBe(0)
      expect(JSON.parse(resumed.stdout)).toMatchObject({ runId, agentsStarted: 2, result: { status: "complete" } })
      const record = await recordOf(dirs.state, runId, env)
      const failed = record.find((e) => e.type === "round-failed")!
      const second = record.find((e) => e.type === "round-started" && e.attempt === 2)
      const resumedEntry = record.find((e) => e.type === "run-resumed")
      // The resumed run started a good while into the wait, and went on with that wait: the next
      // attempt started once the recorded wake time came (not 70 s after the resume), within a margin for a busy machine.
      expect(timeOf(resumedEntry) - timeOf(failed)).toBeGreaterThanOrEqual(3_000)
      expect(timeOf(second)).toBeGreaterThanOrEqual(until - 5)
      expect(timeOf(second) - until).toBeLessThan(20_000)
      expect(timeOf(second) - resumedAt).toBeLessThan(until - resumedAt + 20_000)
      expect(timeOf(second) - timeOf(failed)).toBeGreaterThanOrEqual(70_000)
      // One child waited out the limit; it ran once more, after the wait, and nothing ran during it.
      expect(record.filter((e) => e.type === "round-started").map((e) => e.attempt)).toEqual([1, 2])
      expect(record.filter((e) => e.type === "limit-wait")).toHaveLength(1)
      expect(existsSync(join(dirs.root, "limited"))).toBe(true)
    },
    180_000
  )

  it("a reset beyond --wait-limits is not waited for: the round fails at once, as without the policy", async () => {
    const dirs = scratch()
    const env = { RALPH_LOCK_DIR: dirs.locks }
    const started = Date.now()
    const run = await ralph(
      execRun(dirs, limitedOnce(dirs, { retryAfterSeconds: 600 }), "--wait-limits", "5m"),
      env
    )
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(run.code, run.stderr).toBe(4)
    const error = JSON.parse(run.stdout).error
    expect(error).toMatchObject({ _tag: "RoundFailed", round: 1, reason: "rate-limit" })
    const resetIn = Date.parse(String(error.resetAt)) - started
    expect(resetIn).toBeGreaterThan(590_000)
    const record = await recordOf(dirs.state, error.runId, env)
    expect(record.filter((e) => e.type === "limit-wait" || e.type === "retry")).toEqual([])
  }, 60_000)

  it("a --wait-limits that is no duration, or a bare number in the file, is refused by name", async () => {
    const dirs = scratch()
    const env = { RALPH_LOCK_DIR: dirs.locks }
    const agent = limitedOnce(dirs, { retryAfterSeconds: 1 })
    const flag = await ralph(execRun(dirs, agent, "--wait-limits", "abc"), env)
    expect(flag.code).toBe(1)
    expect(flag.stderr + flag.stdout).toContain("--wait-limits")
    expect(flag.stderr + flag.stdout).toMatch(/duration/)
    const variable = await ralph(execRun(dirs, agent), { ...env, RALPH_WAIT_LIMITS: "90" })
    expect(variable.code).toBe(1)
    expect(variable.stdout).toContain("RALPH_WAIT_LIMITS")
    expect(existsSync(join(dirs.root, "attempts.log"))).toBe(false)
  }, 60_000)
})
