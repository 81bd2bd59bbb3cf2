/**
 * A verification is a durable step of a run: ralph SIGKILLed while the verify command runs, then
 * resumed, runs the check again (never skips it) and does not run the round again; the gate the
 * crash left running is stopped first. On the journal engine and on the sqlite engine.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import {
  agentScript,
  finish,
  isAlive,
  ralph,
  readText,
  report,
  scratch,
  start,
  waitFor
} from "../durability/harness.ts"

const lines = (file: string) => readText(file).trim().split("\n").filter((line) => line !== "")

describe("crash during the verify command, then resume", () => {
  for (const engine of ["journal", "sqlite"] as const) {
    it(`reruns the check, not the round (${engine} engine)`, async () => {
      const dirs = scratch()
      const env = { RALPH_LOCK_DIR: dirs.locks }
      const agent = agentScript(
        dirs.root,
        "agent.sh",
        `cat > /dev/null\necho "$RALPH_ROUND" >> "${dirs.root}/rounds.log"\ntouch done.txt\necho '${
          report.complete("made done.txt")
        }'`
      )
      // The first check hangs (its pid kept); the next one checks for real.
      const gate = agentScript(
        dirs.root,
        "gate.sh",
        `echo run >> "${dirs.root}/gate.log"\nif [ ! -f "${dirs.root}/gate.pid" ]; then echo $$ > "${dirs.root}/gate.pid"; exec sleep 60; fi\ntest -f done.txt`
      )
      const location = ["--engine", engine, "--state-dir", dirs.state]
      const first = start([
        "run",
        "make done.txt",
        "--agent-cmd",
        agent,
        "--verify",
        gate,
        "--workspace",
        dirs.workspace,
        "--json",
        ...location
      ], env)
      const done = finish(first)
      await waitFor(() => readText(join(dirs.root, "gate.pid")).trim() !== "", 10_000, "the gate to start")
      first.kill("SIGKILL")
      await done
      const stale = Number(readText(join(dirs.root, "gate.pid")))
      expect(isAlive(stale)).toBe(true)

      const listed = JSON.parse((await ralph(["runs", "--json", ...location], env)).stdout) as Array<{ runId: string }>
      const runId = listed[0]!.runId
      const interrupted = JSON.parse((await ralph(["show", runId, "--json", ...location], env)).stdout)
      expect(interrupted.rounds[0].claim.status).toBe("interrupted")

      const resumed = await ralph(["resume", runId, "--json", ...location], env)
      expect(resumed.code, resumed.stderr).toBe(0)
      const envelope = JSON.parse(resumed.stdout)
      expect(envelope.result.status).toBe("complete")
      expect(envelope.result.verification.exitCode).toBe(0)
      expect(lines(join(dirs.root, "rounds.log"))).toEqual(["1"])
      expect(lines(join(dirs.root, "gate.log"))).toEqual(["run", "run"])
      expect(isAlive(stale)).toBe(false)
      expect(existsSync(join(dirs.workspace, "done.txt"))).toBe(true)

      const shown = JSON.parse((await ralph(["show", runId, "--json", ...location], env)).stdout)
      expect(shown.rounds.map((r: { claim: { status: string } }) => r.claim.status)).toEqual(["held"])
    }, 60_000)
  }
})
