import { appendFileSync, existsSync, readdirSync } from "node:fs"
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
  roundsAgent,
  scratch,
  start,
  waitFor
} from "./harness.ts"

/** An agent that hangs in round 2 the first time (recording its pid), and otherwise reports at once. */
const crashingAgent = (dirs: ReturnType<typeof scratch>) =>
  roundsAgent(dirs, {
    at: 2,
    does: `if [ ! -f "${dirs.root}/hung" ]; then
  echo $$ > "${dirs.root}/hung"
  sleep 60 &
  echo $! > "${dirs.root}/grandchild"
  wait
fi`,
    last: 3
  })

describe("crash and resume", () => {
  for (const engine of ["sqlite", "journal"] as const) {
    it(`SIGKILL in round 2, then resume: no finished round lost or repeated, the stale child stopped (${engine} engine)`, async () => {
      const dirs = scratch()
      const engineArgs = ["--engine", engine]
      const agent = crashingAgent(dirs)
      const env = { RALPH_LOCK_DIR: dirs.locks }
      const args = execRun(dirs, agent, ...engineArgs)
      const first = start(args, env)
      const done = finish(first)
      await waitFor(() => existsSync(join(dirs.root, "grandchild")), 10_000, "round 2 to hang")
      first.kill("SIGKILL")
      expect((await done).code).toBe(null)
      const staleChild = Number(readText(join(dirs.root, "hung")))
      const staleGrandchild = Number(readText(join(dirs.root, "grandchild")))
      expect(isAlive(staleChild)).toBe(true)

      const listed = await listedRuns(dirs.state, env, engineArgs)
      expect(listed).toMatchObject([{ state: "interrupted", rounds: 1 }])
      const runId = listed[0]!.runId

      const resumed = await ralph(
        ["resume", runId, "--state-dir", dirs.state, "--json", "--kill-grace", "1s", ...engineArgs],
        env
      )
      expect(resumed.code).toBe(0)
      const envelope = JSON.parse(resumed.stdout)
      expect(envelope).toMatchObject({ runId, agentsStarted: 4, result: { status: "complete", roundsStarted: 3 } })
      expect(isAlive(staleChild)).toBe(false)
      expect(isAlive(staleGrandchild)).toBe(false)
      // Round 1 ran once; round 2 twice (the cut one, then again); round 3 once.
      expect(readText(join(dirs.root, "rounds.log")).trim().split("\n")).toEqual(["1", "2", "2", "3"])

      const journal = await recordOf(dirs.state, runId, env, engineArgs)
      expect(journal.find((e) => e.type === "run-resumed")).toMatchObject({
        afterRound: 1,
        rerunsRound: 2,
        stoppedStalePid: staleChild
      })
      const finished = journal.filter((e) => e.type === "round-finished").map((e) => e.round)
      expect(finished).toEqual([1, 2, 3])
      // Each round is recorded as started before its child is spawned, and the child's pid once it runs.
      expect(journal.filter((e) => e.type === "round-started").map((e) => e.round)).toEqual([1, 2, 2, 3])
      expect(journal.filter((e) => e.type === "child-spawned").map((e) => [e.round, typeof e.pid])).toEqual([
        [1, "number"],
        [2, "number"],
        [2, "number"],
        [3, "number"]
      ])
      const order = journal.map((e) => e.type).filter((type) => type === "round-started" || type === "child-spawned")
      expect(order).toEqual([
        "round-started",
        "child-spawned",
        "round-started",
        "child-spawned",
        "round-started",
        "child-spawned",
        "round-started",
        "child-spawned"
      ])
      // Each finished round's output is kept, and exported after the entries.
      const outputs = journal.filter((e) => e.type === "round-output")
      expect(outputs.map((e) => [e.round, e.attempt])).toEqual([[1, 1], [2, 1], [3, 1]])
      expect(outputs[0]!.stdout).toContain("\"summary\":\"round\"")
      expect(journal.at(-1)!.type).toBe("round-output")

      const shown = JSON.parse(
        (await ralph(["show", runId, "--state-dir", dirs.state, "--json", ...engineArgs], env)).stdout
      )
      expect(shown.state).toBe("complete")
      expect(shown.rounds.map((r: { round: number; status: string }) => [r.round, r.status])).toEqual([
        [1, "finished"],
        [2, "interrupted"],
        [2, "finished"],
        [3, "finished"]
      ])
      expect(shown.rounds[0].report).toMatchObject({ status: "continue", summary: "round" })
    })
  }

  it("resuming a finished run prints its result and exit code and starts nothing", async () => {
    const dirs = scratch()
    const agent = agentScript(
      dirs.root,
      "agent.sh",
      `cat > /dev/null; echo x >> "${dirs.root}/calls"; echo '${
        JSON.stringify({ status: "blocked", summary: "stuck", evidence: [], nextSteps: [], blocker: "needs a key" })
      }'`
    )
    const env = { RALPH_LOCK_DIR: dirs.locks }
    const first = await ralph(execRun(dirs, agent), env)
    expect(first.code).toBe(2)
    const envelope = JSON.parse(first.stdout)
    const before = (await recordOf(dirs.state, envelope.runId, env)).length
    const again = await ralph(["resume", envelope.runId, "--state-dir", dirs.state, "--json"], env)
    expect(again.code).toBe(2)
    expect(JSON.parse(again.stdout)).toEqual(envelope)
    expect(readText(join(dirs.root, "calls")).trim().split("\n")).toHaveLength(1)
    expect(await recordOf(dirs.state, envelope.runId, env)).toHaveLength(before)
  })

  it("journal engine: a torn last journal line is skipped; a damaged middle line is an error", async () => {
    const dirs = scratch()
    const agent = crashingAgent(dirs)
    const env = { RALPH_LOCK_DIR: dirs.locks }
    const child = start(execRun(dirs, agent, "--engine", "journal"), env)
    const done = finish(child)
    await waitFor(() => existsSync(join(dirs.root, "grandchild")), 10_000, "round 2 to hang")
    child.kill("SIGKILL")
    await done
    const [runId] = readdirSync(join(dirs.state, "runs"))
    const file = join(dirs.state, "runs", runId!, "journal.jsonl")
    appendFileSync(file, `{"t":"2026-01-01T00:00:00Z","type":"round-fini`)
    const shown = await ralph(["show", runId!, "--state-dir", dirs.state, "--json", "--engine", "journal"], env)
    expect(shown.code).toBe(0)
    expect(JSON.parse(shown.stdout).state).toBe("interrupted")
    const resumed = await ralph(
      ["resume", runId!, "--state-dir", dirs.state, "--json", "--kill-grace", "1s", "--engine", "journal"],
      env
    )
    expect(resumed.code).toBe(0)
    expect(JSON.parse(resumed.stdout).result.status).toBe("complete")

    const dirs2 = scratch()
    const agent2 = agentScript(dirs2.root, "agent.sh", `cat > /dev/null; echo '${report.complete("ok")}'`)
    const ok = await ralph(execRun(dirs2, agent2, "--engine", "journal"), { RALPH_LOCK_DIR: dirs2.locks })
    const id = JSON.parse(ok.stdout).runId
    const journal = join(dirs2.state, "runs", id, "journal.jsonl")
    const lines = readText(journal).split("\n")
    lines.splice(1, 0, "{not json")
    const { writeFileSync } = await import("node:fs")
    writeFileSync(journal, lines.join("\n"))
    const broken = await ralph(["show", id, "--state-dir", dirs2.state, "--json", "--engine", "journal"], {
      RALPH_LOCK_DIR: dirs2.locks
    })
    expect(broken.code).toBe(1)
    expect(JSON.parse(broken.stdout).error).toMatchObject({ _tag: "StateUnavailable" })
    expect(JSON.parse(broken.stdout).error.message).toContain("line 2")
  })

  it("an unknown run id is a clear error before anything starts", async () => {
    const dirs = scratch()
    const result = await ralph(["resume", "20990101-000000-abcdef", "--state-dir", dirs.state, "--json"])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout).error).toMatchObject({ _tag: "InvalidArguments", argument: "runId" })
  })
})
