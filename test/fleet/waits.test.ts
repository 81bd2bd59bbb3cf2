/**
 * A fleet run waiting out a rate limit (`--wait-limits`) is held by its worker, as `ralph run` holds
 * its own (README, Fleet): listed running with the wait in `ralph show`, cancelled promptly from
 * another process, and ended by `--max-time` when its budget passes rather than at the wake. Real
 * processes, real git, SQLite.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { removeWorkspaces, runCliBounded } from "../support/cli.ts"
import {
  eventually,
  exported,
  fleetCase,
  ralphJson,
  runState,
  startWorker,
  submitRun,
  waitFor,
  type Worker,
  writeLimitedOnce
} from "../support/fleet.ts"

afterAll(removeWorkspaces)

/**
 * An agent that finishes rounds before `LIMITED_FROM` (a file each, continue) and from that round
 * on says its rate limit resets in ten minutes (exit 75).
 */
const writeLimitedAgent = (root: string, limitedFrom: number) => {
  const file = join(root, "limited.mjs")
  writeFileSync(
    file,
    `import { readFileSync, writeFileSync } from "node:fs"
readFileSync(0)
const round = Number(process.env.RALPH_ROUND)
if (round >= ${limitedFrom}) {
  process.stdout.write(JSON.stringify({ retryAfterSeconds: 600 }))
  process.exit(75)
}
writeFileSync(\`round-\${round}.txt\`, "x\\n")
writeFileSync(process.env.RALPH_REPORT_FILE, JSON.stringify({
  status: "continue", summary: \`wrote round-\${round}.txt\`, evidence: [], nextSteps: ["next"], blocker: "" }))
`
  )
  return file
}

/** A fleet case whose run's agent is `writeLimitedAgent`'s (the fleet agent stays at hand). */
const limitedCase = (limitedFrom: number) => {
  const fleet = fleetCase(1, 100)
  return { ...fleet, limited: writeLimitedAgent(fleet.root, limitedFrom) }
}

const tail = (worker: Worker) => worker.stderr.split("\n").slice(-20).join("\n")

/** Waits until the run's record holds its limit wait. */
const limitWaitRecorded = (ws: string, env: Readonly<Record<string, string>>, runId: string, worker: Worker) =>
  eventually(
    "the limit wait to be recorded",
    // No record yet until the worker starts the run: `ralph export` prints nothing then.
    async () => (await exported(ws, runId, env).catch(() => [])).some((e) => e.type === "limit-wait"),
    90_000,
    300
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${tail(worker)}`)
  })

const stop = async (worker: Worker) => {
  worker.child.kill("SIGTERM")
  await worker.exited
}

describe("a fleet run waiting out a rate limit", () => {
  it("is listed running with its wait, and ralph cancel from another process ends it Cancelled", async () => {
    const { root, ws, repo, limited, env } = limitedCase(1)
    const runId = await submitRun(ws, limited, repo, "wait the limit out", env, ["--wait-limits", "1h"])
    const worker = startWorker(ws, ["--work-dir", join(root, "work")], env)
    try {
      await limitWaitRecorded(ws, env, runId, worker)
      // Some seconds into the wait, over several reads: its worker still holds it (not interrupted).
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 1500))
        expect(await runState(ws, env, runId)).toBe("running")
      }
      const shown = (await ralphJson(ws, ["show", runId], env)).json
      expect(shown.state).toBe("running")
      expect(shown.limitWait).toMatchObject({ round: 1, attempt: 2, reason: "rate-limit" })
      const text = await runCliBounded(["show", runId], { cwd: ws, env })
      expect(text.stdout).toContain("round 1: waiting for the rate limit until")
      expect(text.stdout).not.toContain("stopped during the wait")

      const cancelled = await runCliBounded(["cancel", runId], { cwd: ws, env })
      expect(cancelled.code, cancelled.stderr).toBe(0)
      const asked = Date.now()
      // Its worker is told through the cluster's storage (polled every second): well within the wait.
      await eventually(
        "the run to be recorded cancelled",
        async () => (await runState(ws, env, runId)) === "cancelled",
        30_000,
        300
      )
        .catch((error: unknown) => {
          throw new Error(`${String(error)}\n${tail(worker)}`)
        })
      expect(Date.now() - asked).toBeLessThan(30_000)
      const entries = await exported(ws, runId, env)
      expect(entries.filter((e) => e.type === "run-failed")).toMatchObject([{ error: { _tag: "Cancelled" } }])
      expect(entries.filter((e) => e.type === "round-started").map((e) => e.round)).toEqual([1])
      expect((await ralphJson(ws, ["show", runId], env)).json.state).toBe("cancelled")
    } finally {
      await stop(worker)
    }
  }, 150_000)

  it("--max-time ends it budget-limited when the budget passes, not at the wake", async () => {
    const { root, ws, repo, limited, env } = limitedCase(2)
    const runId = await submitRun(ws, limited, repo, "wait the limit out", env, [
      "--wait-limits",
      "1h",
      "--max-time",
      "10s"
    ])
    const worker = startWorker(ws, ["--work-dir", join(root, "work")], env)
    try {
      await limitWaitRecorded(ws, env, runId, worker)
      await eventually(
        "the run to end budget-limited",
        async () => (await runState(ws, env, runId)) === "budget-limited",
        90_000,
        300
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${tail(worker)}`)
      })
      const entries = await exported(ws, runId, env)
      const wait = entries.find((e) => e.type === "limit-wait") as { readonly round?: number; readonly until?: string }
      const finished = entries.findLast((e) => e.type === "run-finished") as {
        readonly t?: string
        readonly envelope?: unknown
      }
      expect(wait.round).toBe(2)
      // Ended during the wait, ten minutes before its wake.
      expect(Date.parse(wait.until!) - Date.parse(finished.t!)).toBeGreaterThan(500_000)
      expect(finished.envelope).toMatchObject({
        result: { status: "budget-limited", limit: "time", report: { summary: "wrote round-1.txt" } }
      })
      expect(entries.filter((e) => e.type === "round-started").map((e) => e.round)).toEqual([1, 2])
    } finally {
      await stop(worker)
    }
  }, 150_000)

  it(
    "a run cancelled while no worker holds it is recorded Cancelled by the next worker, which starts nothing",
    async () => {
      const { root, ws, repo, agent, env } = fleetCase(50, 1000)
      const first = startWorker(ws, ["--work-dir", join(root, "work-1")], env)
      let second: Worker | undefined
      try {
        const runId = await submitRun(ws, agent, repo, "go on for a long time", env)
        await waitFor("round 2 to start", () => first.stderr.includes(`run ${runId}: round 2 started`))
        // Handed back (SIGTERM): nothing recorded as its end, and no worker holds it.
        await stop(first)
        expect(await runState(ws, env, runId)).toBe("interrupted")
        const cancelled = await runCliBounded(["cancel", runId], { cwd: ws, env })
        expect(cancelled.code, cancelled.stderr).toBe(0)
        second = startWorker(ws, ["--work-dir", join(root, "work-2")], env)
        const next = second
        await eventually(
          "the run to be recorded cancelled",
          async () => (await runState(ws, env, runId)) === "cancelled",
          60_000,
          300
        )
          .catch((error: unknown) => {
            throw new Error(`${String(error)}\n${tail(next)}`)
          })
        const entries = await exported(ws, runId, env)
        expect(entries.findLast((e) => e.type !== "round-output")).toMatchObject({
          type: "run-failed",
          error: { _tag: "Cancelled" }
        })
        // The second worker ran no round of it.
        expect(next.stderr).not.toMatch(new RegExp(`run ${runId}: round \\d+ started`))
      } finally {
        if (first.child.exitCode === null && first.child.signalCode === null) await stop(first)
        if (second !== undefined) await stop(second)
      }
    },
    150_000
  )

  it("a retry's wait goes on where it was when another worker takes the run over", async () => {
    const { root, ws, repo, agent, env } = fleetCase(1, 100)
    // Its first child says the limit resets in 40 s (within the retry cap: a retry, not a limit wait).
    const once = writeLimitedOnce(root, agent, 40)
    const first = startWorker(ws, ["--work-dir", join(root, "work-1")], env)
    let second: Worker | undefined
    try {
      const { json } = await ralphJson(ws, [
        "submit",
        "retry once",
        "--repo",
        repo,
        "--agent-cmd",
        `node ${once}`,
        "--retries",
        "1"
      ], env)
      const runId = json.runId as string
      await eventually(
        "the retry to be recorded",
        async () => (await exported(ws, runId, env).catch(() => [])).some((e) => e.type === "retry"),
        90_000,
        300
      )
      const retry = (await exported(ws, runId, env)).find((e) => e.type === "retry") as {
        readonly t?: string
        readonly delayMs?: number
      }
      expect(retry.delayMs).toBeGreaterThanOrEqual(39_000)
      // Ten seconds into the wait, handed to another worker (SIGTERM).
      await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(retry.t!) + 10_000 - Date.now())))
      await stop(first)
      second = startWorker(ws, ["--work-dir", join(root, "work-2")], env)
      const next = second
      await eventually("the run to complete", async () => (await runState(ws, env, runId)) === "complete", 120_000, 500)
        .catch((error: unknown) => {
          throw new Error(`${String(error)}\n${tail(next)}`)
        })
      const entries = await exported(ws, runId, env) as ReadonlyArray<
        { readonly type: string; readonly round?: number; readonly attempt?: number; readonly t?: string }
      >
      const retried = entries.find((e) => e.type === "round-started" && e.attempt === 2)!
      const waited = Date.parse(retried.t!) - Date.parse(retry.t!)
      // What was left of the wait: waited all again on the second worker, it would be 50 s and more.
      expect(waited).toBeGreaterThanOrEqual(retry.delayMs! - 1000)
      expect(waited).toBeLessThan(retry.delayMs! + 8000)
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) await stop(first)
      if (second !== undefined) await stop(second)
    }
  }, 180_000)
})
