/**
 * A property over real processes: runs on the sqlite engine SIGKILLed at random moments, then
 * resumed (and killed again) until they end. Whatever the moments, no finished round is lost or
 * repeated, every round 1..N finishes exactly once, and agentsStarted never misses a child that
 * started: it is recorded before the spawn, so a kill can only make it count one child that a
 * stale-child stop ended before the child's own first line ran (or, in a window of microseconds,
 * one that was never spawned) — at most one per kill.
 */
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { agentScript, finish, ralph, readText, report, scratch, start } from "./harness.ts"

/** A deterministic generator, so a failing case can be replayed from its seed. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}

const rounds = 5

describe("random SIGKILLs on the sqlite engine", () => {
  for (const seed of [1, 7, 42, 1234, 99991]) {
    it(`seed ${seed}: no finished round lost or repeated, agentsStarted exact`, async () => {
      const next = random(seed)
      const dirs = scratch()
      const env = { RALPH_LOCK_DIR: dirs.locks, RALPH_ENGINE: "sqlite", RALPH_STATE_DIR: dirs.state }
      // Each child logs its start, works for a moment, and reports; the last round completes.
      const agent = agentScript(
        dirs.root,
        "agent.sh",
        `echo "$RALPH_ROUND" >> "${dirs.root}/starts.log"
cat > /dev/null
sleep 0.0$(( $$ % 9 + 1 ))
if [ "$RALPH_ROUND" -lt ${rounds} ]; then echo '${report.continue("round")}'; else echo '${
          report.complete("done")
        }'; fi`
      )
      const args = [
        "run",
        "random kills",
        "--agent-cmd",
        agent,
        "--workspace",
        dirs.workspace,
        "--json",
        "--kill-grace",
        "200ms"
      ]
      let runId: string | undefined
      let envelope: { agentsStarted: number; result: { status: string; roundsStarted: number } } | undefined
      let kills = 0
      for (let invocation = 0; invocation < 12 && envelope === undefined; invocation++) {
        const child = start(runId === undefined ? args : ["resume", runId, "--json", "--kill-grace", "200ms"], env)
        const done = finish(child)
        // Kill at a random moment in the first two invocations' lifetimes, then let the run end.
        const timer = invocation < 3 ? setTimeout(() => child.kill("SIGKILL"), 150 + next() * 700) : undefined
        const result = await done
        if (timer !== undefined) clearTimeout(timer)
        if (child.signalCode === "SIGKILL") kills++
        if (runId === undefined) {
          const listed = await ralph(["runs", "--json"], env)
          const runs = JSON.parse(listed.stdout) as Array<{ runId: string }>
          runId = runs[0]?.runId
        }
        if (result.code === 0) envelope = JSON.parse(result.stdout)
      }
      expect(envelope, "the run ended").toBeDefined()
      expect(envelope!.result.status).toBe("complete")
      expect(envelope!.result.roundsStarted).toBe(rounds)

      const shown = await ralph(["show", runId!, "--json"], env)
      const view = JSON.parse(shown.stdout) as {
        rounds: Array<{ round: number; status: string }>
        agentsStarted: number
      }
      const finished = view.rounds.filter((r) => r.status === "finished").map((r) => r.round)
      expect(finished).toEqual([1, 2, 3, 4, 5])
      // Every child that started was counted (never fewer), and the record agrees with the envelope.
      const starts = readText(join(dirs.root, "starts.log")).trim().split("\n")
      expect(envelope!.agentsStarted).toBeGreaterThanOrEqual(starts.length)
      expect(envelope!.agentsStarted).toBeLessThanOrEqual(starts.length + kills)
      expect(view.agentsStarted).toBe(envelope!.agentsStarted)
      // A round started again only when it had not finished: each round's starts are contiguous.
      const firstFinishAt = new Map<number, number>()
      starts.forEach((round, index) => {
        const n = Number(round)
        for (let earlier = 1; earlier < n; earlier++) {
          if (!firstFinishAt.has(earlier)) firstFinishAt.set(earlier, index)
        }
      })
      for (const [round, afterIndex] of firstFinishAt) {
        expect(starts.slice(afterIndex).map(Number)).not.toContain(round)
      }
    }, 90_000)
  }
})
