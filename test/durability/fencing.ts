/**
 * One driver per run, whatever pause a ralph goes through: a ralph frozen (SIGSTOP) past its lease
 * while another process resumed the run, then continued (SIGCONT), ends with LeaseLost naming the
 * new holder, stops its child and records nothing more; the record holds every round finished once
 * and one `run-finished`, and the children are counted truly. Shared by the sqlite engine's test
 * (test/durability/fencing.test.ts) and the Postgres tier's (test/postgres/fencing.test.ts).
 *
 * The lease's ttl is cut to 1.5 s with ralph's test-only knob `RALPH_TEST_LEASE_TTL_MS`. The two
 * ralphs use lock dirs of their own, as two machines would: the workspace lock (one host's) is not
 * what keeps them apart here, the store is.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { expect } from "vitest"
import {
  agentScript,
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

export const leaseTtlMs = 1500

const rounds = 5

export interface FencingCase {
  /** Where the record lives: the engine's variables (RALPH_ENGINE, RALPH_DATABASE_URL) besides the state dir. */
  readonly env: Record<string, string>
  /**
   * Whether no transaction of the (frozen) ralph is open: one frozen inside a transaction holds its
   * locks (SQLite's write lock, Postgres's row locks) until it runs again — other writers wait, no
   * one writes twice — which is not the case under test.
   */
  readonly quiescent: (state: string) => Promise<boolean>
  /**
   * The frozen ralph's child is still running when it is continued, and the run's record says it
   * was started on another machine (so the resuming ralph does not stop it, as on two machines):
   * the frozen one must stop it itself. Else its child finished while it was frozen, and the first
   * thing it does once continued is to record that round.
   */
  readonly childOutlives?: {
    /** Rewrites the run's `run-started` entry to name another host. */
    readonly elsewhere: (runId: string, state: string) => Promise<void>
  }
}

/** The agent: logs each round, its round 2 the first time marks `frozen` (its pid) and then finishes or outlives. */
const agent = (root: string, outlives: boolean) =>
  agentScript(
    root,
    "agent.sh",
    `cat > /dev/null
echo "$RALPH_ROUND" >> "${root}/rounds.log"
if [ "$RALPH_ROUND" -eq 2 ] && [ ! -f "${root}/frozen" ]; then
  echo $$ > "${root}/frozen"
  ${outlives ? `exec env -u RALPH_RUN_ID sleep 60` : "sleep 0.3"}
fi
sleep 0.4
if [ "$RALPH_ROUND" -lt ${rounds} ]; then echo '${report.continue("round")}'; else echo '${
      report.complete("done")
    }'; fi`
  )

export const frozenPastItsLease = async (test: FencingCase): Promise<void> => {
  const dirs = scratch()
  const common = { ...test.env, RALPH_STATE_DIR: dirs.state, RALPH_TEST_LEASE_TTL_MS: String(leaseTtlMs) }
  const envA = { ...common, RALPH_LOCK_DIR: join(dirs.root, "locks-a") }
  const envB = { ...common, RALPH_LOCK_DIR: join(dirs.root, "locks-b") }
  const script = agent(dirs.root, test.childOutlives !== undefined)
  const a = start(
    ["run", "fencing", "--agent-cmd", script, "--workspace", dirs.workspace, "--max-rounds", String(rounds), "--json"],
    envA
  )
  const aDone = finish(a)
  let b: ReturnType<typeof start> | undefined
  try {
    await waitFor(
      () => existsSync(join(dirs.root, "frozen")) && readText(join(dirs.root, "frozen")) !== "",
      20_000,
      "round 2"
    )
    a.kill("SIGSTOP")
    while (!(await test.quiescent(dirs.state))) {
      a.kill("SIGCONT")
      await new Promise((resolve) => setTimeout(resolve, 30))
      a.kill("SIGSTOP")
    }
    const childOfA = Number(readText(join(dirs.root, "frozen")))
    const [run] = await listedRuns(dirs.state, common)
    const runId = run!.runId
    if (test.childOutlives !== undefined) await test.childOutlives.elsewhere(runId, dirs.state)
    // Past the frozen one's lease, by a margin.
    await new Promise((resolve) => setTimeout(resolve, leaseTtlMs + 1000))

    b = start(["resume", runId, "--json", "--kill-grace", "300ms"], envB)
    const bDone = finish(b)
    // The resuming ralph drives its round 3 (1 and 2 by A, 2 again by B, then 3): continue A.
    await waitFor(() => readText(join(dirs.root, "rounds.log")).trim().split("\n").length >= 4, 30_000, "B's round 3")
    a.kill("SIGCONT")

    const first = await Promise.race([
      aDone,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 15_000))
    ])
    expect(first, "the frozen ralph ended once continued").toBeDefined()
    expect(first!.code, first!.stderr).toBe(1)
    const error = JSON.parse(first!.stdout).error
    expect(error).toMatchObject({ _tag: "LeaseLost", runId, reason: "taken", holderPid: b.pid })
    expect(error.message).toContain(`ralph pid ${b.pid}`)
    // Its child is gone once it has ended.
    expect(isAlive(childOfA), "the frozen ralph's child was stopped").toBe(false)

    const second = await bDone
    expect(second.code, second.stderr).toBe(0)
    const envelope = JSON.parse(second.stdout)
    expect(envelope.result.status).toBe("complete")

    const record = await recordOf(dirs.state, runId, common)
    const finished = record.filter((entry) => entry.type === "round-finished").map((entry) => entry.round)
    expect(finished).toEqual([1, 2, 3, 4, 5])
    expect(record.filter((entry) => entry.type === "run-finished")).toHaveLength(1)
    expect(record.filter((entry) => entry.type === "run-failed")).toHaveLength(0)
    // Nothing of A's after B took over: the last resume is B's, and what follows it is B's rounds 2..5.
    const resumedAt = record.findIndex((entry) => entry.type === "run-resumed")
    expect(record.filter((entry) => entry.type === "run-resumed")).toHaveLength(1)
    expect(record[resumedAt]!.pid).toBe(b.pid)
    const after = record.slice(resumedAt).filter((entry) => entry.type === "round-started").map((entry) => entry.round)
    expect(after).toEqual([2, 3, 4, 5])
    // Every child that ran is counted: A's two and B's four.
    const ran = readText(join(dirs.root, "rounds.log")).trim().split("\n")
    expect(ran).toEqual(["1", "2", "2", "3", "4", "5"])
    expect(envelope.agentsStarted).toBe(ran.length)
    // `show` reads the same record: the run B finished, with B's result.
    const shown = await ralph(["show", runId, "--json"], common)
    expect(shown.code, shown.stderr).toBe(0)
    expect(JSON.parse(shown.stdout)).toMatchObject({ state: "complete", result: envelope })
  } finally {
    for (const child of [a, b]) {
      if (child?.pid !== undefined && child.exitCode === null) {
        child.kill("SIGCONT")
        child.kill("SIGKILL")
      }
    }
    const childOfA = Number(readText(join(dirs.root, "frozen")))
    if (childOfA > 0 && isAlive(childOfA)) process.kill(childOfA, "SIGKILL")
  }
}
