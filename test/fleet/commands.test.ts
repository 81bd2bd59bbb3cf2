/**
 * The fleet's commands on one machine (SQLite): cancel (running and queued), --not-before, a
 * worker's SIGTERM handing its run to another, and submit's refusals (the flags a `ralph run` takes
 * are test/fleet/runFlags.test.ts's). Real processes, real git.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { isGone } from "../support/agents.ts"
import { removeWorkspaces, runCliBounded } from "../support/cli.ts"
import {
  branchCommits,
  eventually,
  exported,
  fleetCase,
  listRuns,
  ralphJson,
  runRow,
  startWorker,
  submitRun,
  waitFor
} from "../support/fleet.ts"

afterAll(removeWorkspaces)

describe("the fleet's commands on SQLite", () => {
  it("cancels a running run (its child stopped, recorded Cancelled) and a queued one (never started)", async () => {
    const { root, ws, repo, agent, env } = fleetCase(50, 1000)
    const running = await submitRun(ws, agent, repo, "go on for a long time", env)
    const queued = await submitRun(ws, agent, repo, "later", env, ["--not-before", "2099-01-01T00:00:00Z"])
    const worker = startWorker(ws, ["--concurrency", "2", "--work-dir", join(root, "work")], env)
    try {
      await waitFor("round 2 to start", () => worker.stderr.includes(`run ${running}: round 2 started`))
      const listed = (await ralphJson(ws, ["workers"], env)).json as ReadonlyArray<Record<string, unknown>>
      expect(listed).toHaveLength(1)
      expect(listed[0]).toMatchObject({ pid: worker.child.pid, concurrency: 2, runs: [running] })

      const cancelled = await runCliBounded(["cancel", running], { cwd: ws, env })
      expect(cancelled.code).toBe(0)
      const cancelledQueued = await runCliBounded(["cancel", queued], { cwd: ws, env })
      expect(cancelledQueued.code).toBe(0)
      expect(cancelledQueued.stdout).toContain("cancelled before it started")
      await eventually(
        "the running run to be recorded cancelled",
        async () => (await runRow(ws, env, running))?.state === "cancelled",
        30_000,
        300
      )
      const entries = await exported(ws, running, env)
      expect(entries.findLast((e) => e.type !== "round-output")).toMatchObject({
        type: "run-failed",
        error: { _tag: "Cancelled" }
      })
      // Its child was stopped: no round finished after the cancel.
      const finished = entries.filter((e) => e.type === "round-finished").length
      await new Promise((r) => setTimeout(r, 2500))
      expect((await exported(ws, running, env)).filter((e) => e.type === "round-finished").length).toBe(finished)
      expect((await runRow(ws, env, queued))?.state).toBe("cancelled")
      const again = await runCliBounded(["cancel", running], { cwd: ws, env })
      expect(again.code).toBe(1)
      expect(again.stderr).toContain("has already ended")
    } finally {
      worker.child.kill("SIGTERM")
      await worker.exited
    }
  }, 120_000)

  it("holds a run submitted --not-before until then", async () => {
    const { root, ws, repo, agent, env } = fleetCase(1, 100)
    const worker = startWorker(ws, ["--work-dir", join(root, "work")], env)
    try {
      await waitFor("the worker to join", () => worker.stderr.includes("joined the fleet"))
      const notBefore = new Date(Date.now() + 6000)
      const runId = await submitRun(ws, agent, repo, "one round", env, ["--not-before", notBefore.toISOString()])
      await new Promise((r) => setTimeout(r, 2000))
      expect((await runRow(ws, env, runId))?.state).toBe("queued")
      await eventually("the run to complete", async () => (await runRow(ws, env, runId))?.state === "complete", 60_000)
      const started = (await exported(ws, runId, env)).find((e) => e.type === "run-started") as { readonly t?: string }
      expect(Date.parse(started.t!)).toBeGreaterThanOrEqual(notBefore.getTime())
    } finally {
      worker.child.kill("SIGTERM")
      await worker.exited
    }
  }, 120_000)

  it(
    "a worker's SIGTERM stops its child and hands its run to another worker, which goes on from its last pushed round",
    async () => {
      const { root, ws, repo, agent, env } = fleetCase(5, 1200)
      const first = startWorker(ws, ["--work-dir", join(root, "work-1")], env)
      await waitFor("the first worker to join", () => first.stderr.includes("joined the fleet"))
      const runId = await submitRun(ws, agent, repo, "five rounds", env)
      await waitFor("round 2 to start", () => first.stderr.includes(`run ${runId}: round 2 started`))
      const second = startWorker(ws, ["--work-dir", join(root, "work-2")], env)
      try {
        await waitFor("the second worker to join", () => second.stderr.includes("joined the fleet"))
        first.child.kill("SIGTERM")
        const exit = await first.exited
        expect(exit.code).toBe(143)
        await waitFor(
          "the second worker to take the run",
          () => second.stderr.includes(`run ${runId}: taken over`),
          60_000
        )
        await eventually(
          "the run to complete",
          async () => (await runRow(ws, env, runId))?.state === "complete",
          90_000
        )
        const commits = branchCommits(repo, `ralph/${runId}`).slice(1)
        expect(commits.map((c) => c.subject)).toEqual(
          [1, 2, 3, 4, 5].map((n) => `ralph ${runId} round ${n}: wrote round-${n}.txt`)
        )
        const entries = await exported(ws, runId, env)
        expect(
          entries.filter((e) => e.type === "round-finished").map((e) => e.round)
        ).toEqual([1, 2, 3, 4, 5])
        // Nothing recorded the handover as the run's end.
        expect(entries.filter((e) => e.type === "run-failed")).toEqual([])
      } finally {
        second.child.kill("SIGTERM")
        await second.exited
      }
    },
    180_000
  )

  it("a worker paused past its lease and lock, its run moved on, records nothing more when it wakes", async () => {
    const { root, ws, repo, agent, env } = fleetCase(5, 2000)
    const paused = { ...env, RALPH_TEST_LEASE_TTL_MS: "2000" }
    const first = startWorker(ws, ["--work-dir", join(root, "work-1")], paused)
    await waitFor("the first worker to join", () => first.stderr.includes("joined the fleet"))
    const second = startWorker(ws, ["--work-dir", join(root, "work-2")], paused)
    await waitFor("the second worker to join", () => second.stderr.includes("joined the fleet"))
    // Both joined: the run stays on whichever holds its shard.
    await new Promise((r) => setTimeout(r, 3000))
    const runId = await submitRun(ws, agent, repo, "five rounds", paused)
    const workers = [first, second]
    await waitFor("round 2 to start", () => workers.some((w) => w.stderr.includes(`run ${runId}: round 2 started`)))
    const driver = workers.find((w) => w.stderr.includes(`run ${runId}: round 2 started`))!
    const other = workers.find((w) => w !== driver)!
    driver.child.kill("SIGSTOP")
    try {
      await waitFor(
        "the other worker to take the run",
        () => other.stderr.includes(`run ${runId}: round 3 started`),
        60_000
      )
    } finally {
      driver.child.kill("SIGCONT")
    }
    try {
      await eventually("the run to complete", async () => (await runRow(ws, env, runId))?.state === "complete", 90_000)
      // The woken worker's round 2 (its child finished while it was paused) reached neither the record nor the branch.
      await new Promise((r) => setTimeout(r, 2000))
      const entries = await exported(ws, runId, env)
      expect(entries.filter((e) => e.type === "round-finished").map((e) => e.round)).toEqual([1, 2, 3, 4, 5])
      expect(branchCommits(repo, `ralph/${runId}`).slice(1).map((c) => c.subject)).toEqual(
        [1, 2, 3, 4, 5].map((n) => `ralph ${runId} round ${n}: wrote round-${n}.txt`)
      )
      expect(driver.stderr).not.toContain(`run ${runId}: round 2 continue`)
    } finally {
      for (const w of workers) w.child.kill("SIGTERM")
      await Promise.all(workers.map((w) => w.exited))
    }
  }, 180_000)

  it("stops the child a SIGKILLed worker left running when a worker starts on that machine again", async () => {
    const { root, ws, repo, agent, env } = fleetCase(1, 120_000)
    const log = join(root, "agent.log")
    const logged = { ...env, AGENT_LOG: log }
    const first = startWorker(ws, ["--work-dir", join(root, "work")], logged)
    await waitFor("the worker to join", () => first.stderr.includes("joined the fleet"))
    const runId = await submitRun(ws, agent, repo, "hangs in round 1", logged)
    await waitFor("the child to start", () => existsSync(log) && readFileSync(log, "utf8").includes(" start "))
    const orphan = Number(readFileSync(log, "utf8").trim().split(" ")[3])
    first.child.kill("SIGKILL")
    await first.exited
    expect(isGone(orphan)).toBe(false)
    const again = startWorker(ws, ["--work-dir", join(root, "work")], logged)
    try {
      await waitFor("the orphan to be stopped", () => isGone(orphan), 30_000)
      await waitFor(
        "the worker to say so",
        () => again.stderr.includes(`a child of run ${runId} a dead worker left running`)
      )
    } finally {
      again.child.kill("SIGTERM")
      await again.exited
    }
  }, 120_000)

  it("keeps a run's agent env names only; a worker without a value fails that run naming it", async () => {
    const { root, ws, repo, agent, env } = fleetCase(1, 100)
    writeFileSync(
      join(ws, "ralph.config.json"),
      JSON.stringify({ agents: { exec: { env: { FLEET_TOKEN: "s3cret-value" } } } })
    )
    const runId = await submitRun(ws, agent, repo, "needs a token", env)
    const db = readFileSync(join(root, "ralph-state", "ralph.db"))
    expect(db.includes("s3cret-value")).toBe(false)
    // The worker runs elsewhere: its own directory, without the submitter's config or variable.
    const elsewhere = join(root, "elsewhere")
    mkdirSync(elsewhere)
    const worker = startWorker(
      elsewhere,
      ["--work-dir", join(root, "work"), "--state-dir", join(root, "ralph-state")],
      env
    )
    try {
      await eventually("the run to fail", async () => (await runRow(ws, env, runId))?.state === "failed", 60_000, 300)
      const failed = (await exported(ws, runId, env)).find((e) => e.type === "run-failed") as {
        readonly error?: { readonly message?: string }
      }
      expect(failed.error?.message).toContain("FLEET_TOKEN")
    } finally {
      worker.child.kill("SIGTERM")
      await worker.exited
    }
    expect(readFileSync(join(root, "ralph-state", "ralph.db")).includes("s3cret-value")).toBe(false)
  }, 120_000)

  it("ralph runs lists a queued run, but not under a --status it is not in", async () => {
    const { ws, repo, agent, env } = fleetCase(1, 100)
    const runId = await submitRun(ws, agent, repo, "wait in the queue", env)
    const text = async (...more: Array<string>) =>
      (await runCliBounded(["runs", "--all-workspaces", ...more], { cwd: ws, env }, 60_000)).stdout
    expect(await text()).toContain(runId)
    expect(await text("--status", "complete")).not.toContain(runId)
  }, 60_000)

  it("refuses a submit with a bad repository, an unknown agent or no shared store, queueing nothing", async () => {
    const { root, ws, repo, agent, env } = fleetCase(1, 100)
    const submit = (more: ReadonlyArray<string>, extra: Readonly<Record<string, string>> = {}) =>
      runCliBounded(["submit", "objective", "--agent-cmd", `node ${agent}`, ...more], {
        cwd: ws,
        env: { ...env, ...extra }
      })
    const badRepo = await submit(["--repo", join(root, "no-such-repo.git")])
    expect(badRepo.code).toBe(1)
    expect(badRepo.stderr).toContain("Invalid --repo")
    const badBase = await submit(["--repo", repo, "--base", "no-such-branch"])
    expect(badBase.code).toBe(1)
    expect(badBase.stderr).toContain("is no branch or tag")
    const badAgent = await runCliBounded(["submit", "objective", "--repo", repo, "--agent", "nope"], { cwd: ws, env })
    expect(badAgent.code).toBe(1)
    expect(badAgent.stderr).toContain("nope")
    const journal = await submit(["--repo", repo, "--engine", "journal"])
    expect(journal.code).toBe(1)
    expect(journal.stderr).toContain("a fleet needs a store several processes share")
    const noUrl = await submit(["--repo", repo, "--engine", "postgres"])
    expect(noUrl.code).toBe(1)
    expect(noUrl.stderr).toContain("--database-url")
    const badTime = await submit(["--repo", repo, "--not-before", "tomorrow"])
    expect(badTime.code).toBe(1)
    expect(badTime.stderr).toContain("--not-before")
    expect(await listRuns(ws, env)).toEqual([])
  }, 120_000)
})
