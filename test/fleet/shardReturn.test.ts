/**
 * A run's shard moves away from its worker and back while the first execution's round is running
 * there (README, Fleet › where the guarantees stop): a second worker joins late and takes the shard,
 * and is SIGKILLed before that round could end, so the shard comes back to the first worker, which
 * starts the run again there — while its first execution may still be stopping (a child that
 * ignores SIGTERM, a long kill grace). And a worker paused past its locks and lease. Each run must
 * complete with one commit a round, each round finished once, never two children of one run at
 * once under one worker. Real processes, real git, SQLite.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { isGone } from "../support/agents.ts"
import { newWorkspace, removeWorkspaces } from "../support/cli.ts"
import {
  branchCommits,
  eventually,
  expectedRun,
  exported,
  listRuns,
  makeRepo,
  startWorker,
  submitRun,
  waitFor,
  type Worker,
  writeFleetAgent
} from "../support/fleet.ts"

afterAll(removeWorkspaces)

/** The times a worker started a child of a run while another child of that run still ran under it. */
const overlaps = (log: string): number =>
  readFileSync(log, "utf8").split("\n").filter((l) => l.split(" ")[1] === "overlap").length

/**
 * Every run complete with one commit and one finished record of each of its two rounds, and no
 * worker ever running two children of a run at once (one execution of a run at a time there).
 * `stderr`: a worker's, for whoever reads a failure.
 */
const expectEachRoundOnce = async (
  test: {
    readonly ws: string
    readonly env: { readonly AGENT_LOG: string } & Readonly<Record<string, string>>
    readonly repo: string
    readonly ids: ReadonlyArray<string>
    readonly stderr: string
  }
) => {
  const { env, ids, repo, stderr, ws } = test
  const runs = await listRuns(ws, env)
  for (const runId of ids) {
    expect(runs.find((r) => r.runId === runId)?.state, `run ${runId}\n${stderr}`).toBe("complete")
    const expected = expectedRun(runId, 2)
    expect(branchCommits(repo, `ralph/${runId}`).slice(1)).toEqual(expected.commits)
    const entries = await exported(ws, runId, env)
    expect(entries.filter((e) => e.type === "round-finished").map((e) => e.round)).toEqual(expected.finished)
  }
  expect(overlaps(env.AGENT_LOG)).toBe(0)
}

/** Which runner holds the shard of each run's workflow entity now, by the cluster's own tables. */
const shardHolders = (db: string, runIds: ReadonlyArray<string>): Map<string, string | undefined> => {
  const sqlite = new DatabaseSync(db, { readOnly: true })
  try {
    const holders = new Map<string, string | undefined>()
    for (const runId of runIds) {
      // Decoded rows of the cluster's tables: a shard id and an address, both text.
      const row = sqlite.prepare(
        `SELECT l.address AS address FROM ralph_cluster_messages m
          LEFT JOIN ralph_cluster_locks l ON l.shard_id = m.shard_id
          WHERE m.entity_id = ? LIMIT 1`
      ).get(runId) as { readonly address: string | null } | undefined
      holders.set(runId, row?.address ?? undefined)
    }
    return holders
  } finally {
    sqlite.close()
  }
}

const addressOf = (worker: Worker): string => /joined the fleet as (\S+)/.exec(worker.stderr)![1]!

/** The agent's children, by pid, in the order they started. */
const childrenOf = (log: string): Array<number> =>
  existsSync(log)
    ? readFileSync(log, "utf8").trim().split("\n").filter((line) => line.split(" ")[1] === "start").map((line) =>
      Number(line.split(" ")[3])
    )
    : []

/**
 * Longer than the late worker's join, its taking of the shard (the first worker gives it up within
 * effect/cluster's entity termination timeout, 15 s) and the shard's return after its SIGKILL.
 */
const killGrace = ["--kill-grace", "40s"]

/** Whether `text` says `then` after it said `first`. */
const saidAfter = (text: string, first: string, then: string): boolean => {
  const at = text.indexOf(first)
  return at >= 0 && text.indexOf(then, at) >= 0
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe("a run's shard moving away from its worker and back mid-round", () => {
  it(
    "completes: one execution at a time, one commit a round on its branch, each round finished once",
    async () => {
      const { root, ws } = newWorkspace()
      const repo = makeRepo(root, "repo")
      const agent = writeFleetAgent(join(root, "agent"))
      const gate = join(root, "gate")
      const db = join(root, "ralph-state", "ralph.db")
      const env = {
        RALPH_SHARD_LOCK_EXPIRY: "3s",
        AGENT_LOG: join(root, "agent.log"),
        AGENT_ROUNDS: "2",
        AGENT_SLEEP_MS: "300",
        AGENT_GATE: gate
      }
      const childrenStarted = () => childrenOf(env.AGENT_LOG)
      const first = startWorker(ws, ["--concurrency", "3", "--work-dir", join(root, "work-first")], env)
      const late: Array<Worker> = []
      try {
        await waitFor("the first worker to join", () => first.stderr.includes("joined the fleet"))
        await sleep(3000)
        // Three runs, so that a late worker's share of the shards very likely holds one of them.
        const ids: Array<string> = []
        for (let i = 0; i < 3; i++) ids.push(await submitRun(ws, agent, repo, `write two files (${i})`, env, killGrace))
        await waitFor(
          "every run's round 1 child to start on the first worker",
          () =>
            ids.every((id) => first.stderr.includes(`run ${id}: round 1 started`)) && childrenStarted().length === 3,
          90_000
        )
        const firstChildren = childrenStarted()
        // A late worker takes shards; one that took none of the runs' leaves (SIGTERM) and another comes.
        let moved: string | undefined
        for (let attempt = 0; attempt < 3 && moved === undefined; attempt++) {
          const second = startWorker(ws, ["--concurrency", "3", "--work-dir", join(root, `work-late-${attempt}`)], env)
          late.push(second)
          await waitFor("the late worker to join", () => second.stderr.includes("joined the fleet"))
          const address = addressOf(second)
          await eventually(
            "a run's shard to move to the late worker",
            async () => {
              moved = ids.find((id) => shardHolders(db, ids).get(id) === address)
              return moved !== undefined
            },
            90_000,
            500
          ).catch(() => undefined)
          if (moved === undefined) {
            second.child.kill("SIGTERM")
            await second.exited
          } else {
            second.child.kill("SIGKILL")
            await second.exited
          }
        }
        expect(moved, "no run's shard moved to a late worker in three tries").toBeDefined()
        const back = moved!
        await eventually(
          "the shard to come back to the first worker",
          async () => shardHolders(db, ids).get(back) === addressOf(first),
          90_000,
          500
        )
        // The first worker has the run's shard again; its first execution's child (it ignores
        // SIGTERM) is killed once the kill grace is out, if it was not before the shard moved.
        await waitFor("the first execution's child to be killed", () => firstChildren.some(isGone), 150_000)
        await sleep(5000)
        expect(existsSync(gate)).toBe(false)
        writeFileSync(gate, "")
        await eventually("the runs to end", async () => {
          const runs = await listRuns(ws, env)
          return ids.every((id) => runs.some((r) => r.runId === id && r.state !== "running" && r.state !== "queued"))
        }, 180_000).catch(async (error: unknown) => {
          const states = (await listRuns(ws, env)).map((r) => `${r.runId} ${r.state} ${r.worker ?? ""}`).join("\n")
          const tail = first.stderr.split("\n").slice(-40).join("\n")
          throw new Error(`${String(error)}\nruns:\n${states}\nfirst worker:\n${tail}`)
        })
        await expectEachRoundOnce({ ws, env, repo, ids, stderr: first.stderr })
      } finally {
        writeFileSync(gate, "")
        for (const worker of [first, ...late]) worker.child.kill("SIGTERM")
        await Promise.all([first, ...late].map((w) => w.exited))
      }
    },
    480_000
  )

  it(
    "completes when its worker was paused past its locks and lease, and the worker that took it over is SIGKILLed",
    async () => {
      const { root, ws } = newWorkspace()
      const repo = makeRepo(root, "repo")
      const agent = writeFleetAgent(join(root, "agent"))
      const gate = join(root, "gate")
      const env = {
        RALPH_SHARD_LOCK_EXPIRY: "3s",
        RALPH_TEST_LEASE_TTL_MS: "3000",
        AGENT_LOG: join(root, "agent.log"),
        AGENT_ROUNDS: "2",
        AGENT_SLEEP_MS: "300",
        AGENT_GATE: gate
      }
      const workers = [0, 1].map((i) =>
        startWorker(ws, ["--concurrency", "3", "--work-dir", join(root, `work-${i}`)], env)
      )
      try {
        await waitFor("the workers to join", () => workers.every((w) => w.stderr.includes("joined the fleet")))
        await sleep(3000)
        const ids: Array<string> = []
        for (let i = 0; i < 3; i++) ids.push(await submitRun(ws, agent, repo, `write two files (${i})`, env))
        const driver = (id: string) => workers.find((w) => w.stderr.includes(`run ${id}: round 1 started`))
        await waitFor("every run's round 1 to start", () => ids.every((id) => driver(id) !== undefined), 90_000)
        const run = ids[0]!
        const paused = driver(run)!
        const other = workers.find((w) => w !== paused)!
        // Paused past its shard locks and the run's lease: the other worker takes the run over and
        // starts its round 1, and is SIGKILLed there; the paused one wakes to find its writes refused.
        paused.child.kill("SIGSTOP")
        try {
          await waitFor(
            "the other worker to take the run over and start its round 1",
            () => saidAfter(other.stderr, `run ${run}: taken over`, `run ${run}: round 1 started`),
            120_000
          )
          await sleep(2000)
          other.child.kill("SIGKILL")
          await other.exited
        } finally {
          paused.child.kill("SIGCONT")
        }
        await waitFor(
          "the paused worker to take the run back",
          () => paused.stderr.includes(`run ${run}: taken over`),
          120_000
        )
        writeFileSync(gate, "")
        await eventually("the runs to end", async () => {
          const runs = await listRuns(ws, env)
          return ids.every((id) => runs.some((r) => r.runId === id && r.state !== "running" && r.state !== "queued"))
        }, 180_000).catch(async (error: unknown) => {
          const states = (await listRuns(ws, env)).map((r) => `${r.runId} ${r.state} ${r.worker ?? ""}`).join("\n")
          throw new Error(`${String(error)}\nruns:\n${states}\npaused worker:\n${paused.stderr}`)
        })
        await expectEachRoundOnce({ ws, env, repo, ids, stderr: paused.stderr })
      } finally {
        writeFileSync(gate, "")
        for (const worker of workers) {
          worker.child.kill("SIGCONT")
          worker.child.kill("SIGTERM")
        }
        await Promise.all(workers.map((w) => w.exited))
      }
    },
    480_000
  )
})
