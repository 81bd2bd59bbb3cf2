/**
 * A fleet run takes the `ralph run` flags that shape a run beyond its agent and guards (issue 18):
 * a reviewer, fallback agents, limit waits, `--on-blocked ask` answered from another process, and
 * `--max-time` counted from the run's first start across a handover. Real processes, real git, SQLite; and a
 * queued row another version of ralph wrote is named damaged, not a crash.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { removeWorkspaces, repoRoot, runCliBounded } from "../support/cli.ts"
import {
  branchCommits,
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
import { startReceiver } from "../support/receiver.ts"

afterAll(removeWorkspaces)

/** Waits for the run to reach `state`, with the worker's last lines when it does not. */
const reach = (ws: string, env: Readonly<Record<string, string>>, runId: string, state: string, worker: Worker) =>
  eventually(`run ${runId} to be ${state}`, async () => (await runState(ws, env, runId)) === state, 90_000, 300)
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\n${worker.stderr.split("\n").slice(-20).join("\n")}`)
    })

const stop = async (worker: Worker) => {
  worker.child.kill("SIGTERM")
  await worker.exited
}

describe("a fleet run takes every flag that shapes a ralph run", () => {
  it(
    "--review: the reviewer rejects the first claim and accepts the second; each round on the branch once",
    async () => {
      const { root, ws, repo, agent, env } = fleetCase(1, 100)
      const mode = join(root, "mode")
      writeFileSync(mode, "reject-once\n")
      const log = join(root, "reviews.jsonl")
      const reviewer = join(repoRoot, "test", "fixtures", "review", "reviewer.mjs")
      // The exec reviewer's program is the file's agents.exec (the round's agent is --agent-cmd's).
      writeFileSync(
        join(ws, "ralph.config.json"),
        JSON.stringify({ agents: { exec: { command: `node ${reviewer} ${mode} ${log}` } } })
      )
      const runId = await submitRun(ws, agent, repo, "claim it twice", env, ["--review", "exec", "--max-reviews", "3"])
      const worker = startWorker(ws, ["--work-dir", join(root, "work")], env)
      try {
        await reach(ws, env, runId, "complete", worker)
        const reviews = readFileSync(log, "utf8").trim().split("\n").map((line) =>
          JSON.parse(line) as {
            readonly role: string
            readonly runId: string
            readonly round: string
            readonly prompt: string
          }
        )
        expect(reviews.map((r) => [r.role, r.runId, r.round])).toEqual([
          ["reviewer", runId, "1"],
          ["reviewer", runId, "2"]
        ])
        // The reviewer sees the run's changes on its branch: from the base to the claiming round's commit.
        expect(reviews[1]!.prompt).toContain("+++ b/round-1.txt")
        expect(reviews[1]!.prompt).toContain("+++ b/round-2.txt")
        const shown = (await ralphJson(ws, ["show", runId], env)).json
        expect(shown.rounds.map((r: { review?: { status: string } }) => r.review?.status)).toEqual([
          "rejected",
          "accepted"
        ])
        expect(shown.result.result).toMatchObject({ status: "complete", review: { verdict: "accept", round: 2 } })
        expect(branchCommits(repo, `ralph/${runId}`).slice(1).map((c) => c.subject)).toEqual([
          `ralph ${runId} round 1: wrote round-1.txt`,
          `ralph ${runId} round 2: wrote round-2.txt`
        ])
      } finally {
        await stop(worker)
      }
    },
    120_000
  )

  it("--notify: a fleet run's webhook is told of its end (finished), and the delivery is in its record", async () => {
    const { root, ws, repo, agent, env } = fleetCase(1, 100)
    const receiver = await startReceiver()
    const runId = await submitRun(ws, agent, repo, "tell me", env, ["--notify", `${receiver.url}/hook`])
    const worker = startWorker(ws, ["--work-dir", join(root, "work")], env)
    try {
      await reach(ws, env, runId, "complete", worker)
      await eventually("the notification", async () => receiver.received.length > 0, 30_000, 200)
      const body = JSON.parse(receiver.received[0]!.body) as { readonly event: string; readonly runId: string }
      expect([receiver.received[0]!.path, body.event, body.runId]).toEqual(["/hook", "finished", runId])
      const entries = await exported(ws, runId, env)
      await eventually(
        "the delivery recorded",
        async () => (await exported(ws, runId, env)).some((e) => e.type === "notification"),
        30_000,
        300
      )
      expect(entries.filter((e) => e.type === "run-failed")).toEqual([])
    } finally {
      await stop(worker)
      await receiver.close()
    }
  }, 120_000)

  it("--fallback-agent: a round whose agent is rate-limited (exit 75) finishes on the fallback", async () => {
    const { root, ws, repo, agent, env } = fleetCase(1, 100)
    const limited = join(root, "limited.mjs")
    writeFileSync(
      limited,
      `import { appendFileSync, readFileSync } from "node:fs"
readFileSync(0)
appendFileSync(${JSON.stringify(join(root, "limited.log"))}, "limited\\n")
process.stdout.write(JSON.stringify({ retryAfterSeconds: 1 }))
process.exit(75)
`
    )
    // The fallback is a named agent of the submitter's config, recorded with the run.
    writeFileSync(
      join(ws, "ralph.config.json"),
      JSON.stringify({ agents: { backup: { use: "exec", command: `node ${agent}` } } })
    )
    const runId = await submitRun(ws, limited, repo, "finish on the fallback", env, ["--fallback-agent", "backup"])
    const worker = startWorker(ws, ["--work-dir", join(root, "work")], env)
    try {
      await reach(ws, env, runId, "complete", worker)
      expect(readFileSync(join(root, "limited.log"), "utf8")).toBe("limited\n")
      const shown = (await ralphJson(ws, ["show", runId], env)).json
      expect(shown.rounds.map((r: { agent: string }) => r.agent)).toEqual(["exec", "backup"])
      const started = (await exported(ws, runId, env)).find((e) => e.type === "run-started") as {
        readonly fallbackAgents?: ReadonlyArray<string>
      }
      expect(started.fallbackAgents).toEqual(["backup"])
      expect(branchCommits(repo, `ralph/${runId}`).slice(1).map((c) => c.files)).toEqual([["round-1.txt"]])
    } finally {
      await stop(worker)
    }
  }, 120_000)

  it("--wait-limits: a round whose agent's limit resets past the retry waits waits it out, recorded", async () => {
    const { root, ws, repo, env } = fleetCase(1, 100)
    const limited = join(root, "limited.mjs")
    writeFileSync(
      limited,
      `import { readFileSync } from "node:fs"
readFileSync(0)
process.stdout.write(JSON.stringify({ retryAfterSeconds: 600 }))
process.exit(75)
`
    )
    const runId = await submitRun(ws, limited, repo, "wait the limit out", env, ["--wait-limits", "1h"])
    const worker = startWorker(ws, ["--work-dir", join(root, "work")], env)
    try {
      await waitFor("round 1 to fail", () => worker.stderr.includes(`run ${runId}: round 1 failed (rate-limit)`))
      // Without --wait-limits the round would fail (rate-limit) here; with it, the run waits for the reset.
      await eventually(
        "the limit wait to be recorded",
        async () => (await exported(ws, runId, env)).some((e) => e.type === "limit-wait"),
        60_000,
        300
      )
      const wait = (await exported(ws, runId, env)).find((e) => e.type === "limit-wait") as {
        readonly round?: number
        readonly t?: string
        readonly until?: string
      }
      expect(wait.round).toBe(1)
      expect(Date.parse(wait.until!) - Date.parse(wait.t!)).toBeGreaterThanOrEqual(590_000)
      // The round did not fail: its worker holds the run until the reset (README, Fleet).
      expect((await exported(ws, runId, env)).filter((e) => e.type === "run-failed")).toEqual([])
      expect(worker.stderr).not.toContain(`run ${runId}: RoundFailed`)
    } finally {
      await stop(worker)
    }
  }, 120_000)

  it("a round's retry wait (exit 75, retry after a second) is slept by its worker and the round goes on", async () => {
    const { root, ws, repo, agent, env } = fleetCase(1, 100)
    const once = writeLimitedOnce(root, agent, 1)
    // submitRun's --retries 0 would not retry: this run's own flags.
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
    const worker = startWorker(ws, ["--work-dir", join(root, "work")], env)
    try {
      await reach(ws, env, runId, "complete", worker)
      const entries = await exported(ws, runId, env)
      expect(entries.filter((e) => e.type === "round-finished").map((e) => e.round)).toEqual([1])
    } finally {
      await stop(worker)
    }
  }, 120_000)

  it("--on-blocked ask: the run waits in its worker; ralph answer from another process continues it", async () => {
    const { root, ws, repo, env } = fleetCase(1, 100)
    const asking = join(root, "asking.mjs")
    writeFileSync(
      asking,
      `import { readFileSync, writeFileSync } from "node:fs"
const prompt = readFileSync(0, "utf8")
const round = Number(process.env.RALPH_ROUND)
writeFileSync(${JSON.stringify(join(root, "prompt-"))} + round, prompt)
writeFileSync(\`answer-\${round}.txt\`, "x\\n")
writeFileSync(process.env.RALPH_REPORT_FILE, JSON.stringify(round === 1
  ? { status: "blocked", summary: "needs a colour", evidence: [], nextSteps: [], blocker: "Which colour?" }
  : { status: "complete", summary: "painted", evidence: ["done"], nextSteps: [], blocker: "" }))
`
    )
    const runId = await submitRun(ws, asking, repo, "paint it", env, ["--on-blocked", "ask", "--ask-timeout", "5m"])
    const worker = startWorker(ws, ["--work-dir", join(root, "work")], env)
    try {
      await reach(ws, env, runId, "waiting", worker)
      const shown = await runCliBounded(["show", runId], { cwd: ws, env })
      expect(shown.stdout).toContain("Which colour?")
      const answered = await runCliBounded(["answer", runId, "Blue, like the sky"], { cwd: ws, env })
      expect(answered.code, answered.stderr).toBe(0)
      await reach(ws, env, runId, "complete", worker)
      expect(readFileSync(join(root, "prompt-2"), "utf8")).toContain("Blue, like the sky")
      expect(branchCommits(repo, `ralph/${runId}`).slice(1).map((c) => c.files)).toEqual([
        ["answer-1.txt"],
        ["answer-2.txt"]
      ])
    } finally {
      await stop(worker)
    }
  }, 120_000)

  it(
    "--max-time counts from the run's first start: a run handed over after its budget passed ends budget-limited at once",
    async () => {
      const { root, ws, repo, agent, env } = fleetCase(50, 1000)
      const first = startWorker(ws, ["--work-dir", join(root, "work-1")], env)
      let second: Worker | undefined
      try {
        await waitFor("the first worker to join", () => first.stderr.includes("joined the fleet"))
        const runId = await submitRun(ws, agent, repo, "go on for a long time", env, ["--max-time", "6s"])
        await waitFor("round 2 to start", () => first.stderr.includes(`run ${runId}: round 2 started`))
        // Handed back (SIGTERM) with round 1 pushed; nobody drives the run until its budget passed.
        await stop(first)
        const started = (await exported(ws, runId, env)).find((e) => e.type === "run-started") as {
          readonly t?: string
        }
        const passed = Date.parse(started.t!) + 6000 + 500 - Date.now()
        await new Promise((r) => setTimeout(r, Math.max(0, passed)))
        second = startWorker(ws, ["--work-dir", join(root, "work-2")], env)
        await reach(ws, env, runId, "budget-limited", second)
        expect(second.stderr).toContain(`run ${runId}: taken over after round 1`)
        // The second worker started no round: the budget was spent on the first.
        expect(second.stderr).not.toMatch(new RegExp(`run ${runId}: round \\d+ started`))
        const entries = await exported(ws, runId, env)
        expect(entries.findLast((e) => e.type === "run-finished")).toMatchObject({
          envelope: { result: { status: "budget-limited", limit: "time", report: { summary: "wrote round-1.txt" } } }
        })
        expect(branchCommits(repo, `ralph/${runId}`).slice(1).map((c) => c.files)).toEqual([["round-1.txt"]])
      } finally {
        if (first.child.exitCode === null && first.child.signalCode === null) await stop(first)
        if (second !== undefined) await stop(second)
      }
    },
    120_000
  )

  it("--max-time ends a fleet run budget-limited on its last finished round", async () => {
    const { root, ws, repo, agent, env: base } = fleetCase(50, 1000)
    const log = join(root, "agent.log")
    const env = { ...base, AGENT_LOG: log }
    const runId = await submitRun(ws, agent, repo, "go on for a long time", env, ["--max-time", "5s"])
    const worker = startWorker(ws, ["--work-dir", join(root, "work")], env)
    try {
      await reach(ws, env, runId, "budget-limited", worker)
      // Long enough for the cut round's child to have ended and pushed, had it been left running.
      await new Promise((r) => setTimeout(r, 2500))
      const entries = await exported(ws, runId, env)
      const ended = Date.parse((entries.findLast((e) => e.type === "run-finished") as { readonly t?: string }).t!)
      // The child in flight when the budget ran out was stopped: none ended after the run did.
      const childEnds = readFileSync(log, "utf8").trim().split("\n").map((l) => l.split(" "))
        .filter(([, what]) => what === "end").map(([, , at]) => Number(at))
      expect(childEnds.filter((at) => at > ended)).toEqual([])
      const finished = entries.filter((e) => e.type === "round-finished").map((e) => e.round)
      expect(finished.length).toBeGreaterThan(0)
      expect(entries.findLast((e) => e.type === "run-finished")).toMatchObject({
        envelope: { result: { status: "budget-limited", limit: "time", roundsStarted: finished.length + 1 } }
      })
      // The cut round is on no commit: the branch holds the finished rounds, once each.
      expect(branchCommits(repo, `ralph/${runId}`).slice(1).map((c) => c.files)).toEqual(
        finished.map((n) => [`round-${n}.txt`])
      )
    } finally {
      await stop(worker)
    }
  }, 120_000)

  it("ralph runs names a queued row another version of ralph wrote as damaged", async () => {
    const { root, ws, repo, agent, env } = fleetCase(1, 100)
    const runId = await submitRun(ws, agent, repo, "queued", env, ["--not-before", "2099-01-01T00:00:00Z"])
    const db = new DatabaseSync(join(root, "ralph-state", "ralph.db"))
    try {
      // The shape as the first fleet recorded it (durations under *Ms keys).
      const row = db.prepare("SELECT queued FROM ralph_fleet_runs WHERE run_id = ?").get(runId) as { queued: string }
      const queued = JSON.parse(row.queued)
      const { retryDelay, ...rest } = queued.shape
      db.prepare("UPDATE ralph_fleet_runs SET queued = ? WHERE run_id = ?").run(
        JSON.stringify({ ...queued, shape: { ...rest, retryDelayMs: retryDelay } }),
        runId
      )
    } finally {
      db.close()
    }
    const listed = await runCliBounded(["runs", "--all-workspaces"], { cwd: ws, env })
    expect(listed.code).toBe(1)
    expect(listed.stderr).toContain(`the queued run ${runId} is damaged or from another version of ralph`)
    expect(listed.stderr).not.toContain("    at ")
  }, 60_000)
})
