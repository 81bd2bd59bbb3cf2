/**
 * A fleet on one machine (SQLite in the state dir): two workers, six runs on two repositories, one
 * worker SIGKILLed in the middle of a round. Real processes, real git.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { join } from "node:path"
import { newWorkspace, removeWorkspaces } from "../support/cli.ts"
import {
  branchCommits,
  eventually,
  exported,
  listRuns,
  makeRepo,
  maxAtOnce,
  startWorker,
  submitRun,
  waitFor,
  writeFleetAgent
} from "../support/fleet.ts"

afterAll(removeWorkspaces)

describe("a fleet on SQLite", () => {
  it(
    "completes six runs on two workers when one is SIGKILLed mid-round: one commit a round, each round finished once",
    async () => {
      const { root, ws } = newWorkspace()
      const repos = [makeRepo(root, "alpha"), makeRepo(root, "beta")]
      const agent = writeFleetAgent(join(root, "agent"))
      const log = join(root, "agent.log")
      const env = { RALPH_SHARD_LOCK_EXPIRY: "3s", AGENT_LOG: log, AGENT_ROUNDS: "3", AGENT_SLEEP_MS: "800" }
      const ids: Array<string> = []
      for (let i = 0; i < 6; i++) ids.push(await submitRun(ws, agent, repos[i % 2]!, `write three files (${i})`, env))
      expect((await listRuns(ws, env)).map((r) => r.state)).toEqual(Array(6).fill("queued"))

      const a = startWorker(ws, ["--concurrency", "2", "--work-dir", join(root, "work-a")], env)
      const b = startWorker(ws, ["--concurrency", "2", "--work-dir", join(root, "work-b")], env)
      try {
        await waitFor("worker A to start a round", () => /round \d+ started/.test(a.stderr))
        a.child.kill("SIGKILL")
        await a.exited
        await eventually("all six runs to complete", async () => {
          const runs = await listRuns(ws, env)
          return runs.length === 6 && runs.every((r) => r.state === "complete")
        })
        const taken: Array<string> = []
        for (const [i, runId] of ids.entries()) {
          const commits = branchCommits(repos[i % 2]!, `ralph/${runId}`).slice(1)
          expect(commits).toEqual([1, 2, 3].map((n) => ({
            subject: `ralph ${runId} round ${n}: wrote round-${n}.txt`,
            files: [`round-${n}.txt`]
          })))
          const entries = await exported(ws, runId, env)
          expect(entries.filter((e) => e.type === "round-finished").map((e) => e.round)).toEqual([1, 2, 3])
          if (entries.some((e) => e.type === "run-resumed")) taken.push(runId)
        }
        // The killed worker's run went on elsewhere.
        expect(taken.length).toBeGreaterThan(0)
        expect(maxAtOnce(log)).toBeLessThanOrEqual(2)
      } finally {
        b.child.kill("SIGTERM")
        await b.exited
      }
    },
    240_000
  )
})
