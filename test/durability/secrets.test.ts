/** ralph records the names of an agent's variables, never their values; a resume takes them from the config. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { agentScript, finish, ralph, readText, report, scratch, start, waitFor } from "./harness.ts"

const secret = "sk-test-9f3b2c7d1e-never-recorded"

for (const engine of ["journal", "sqlite"] as const) {
  describe(`an API key in agents.exec.env (${engine} engine)`, () => {
    it("never reaches the record of the run; a resume gives it to the agent again, from the config", async () => {
      const dirs = scratch()
      const env = { RALPH_LOCK_DIR: dirs.locks, RALPH_ENGINE: engine }
      const agent = agentScript(
        dirs.root,
        "agent.sh",
        `cat > /dev/null
printf '%s\\n' "$API_KEY" >> "${dirs.root}/keys.log"
if [ "$RALPH_ROUND" -eq 2 ] && [ ! -f "${dirs.root}/hung" ]; then touch "${dirs.root}/hung"; exec sleep 60; fi
if [ "$RALPH_ROUND" -lt 2 ]; then echo '${report.continue("round")}'; else echo '${report.complete("done")}'; fi`
      )
      const config = join(dirs.workspace, "ralph.config.json")
      writeFileSync(config, JSON.stringify({ agents: { exec: { command: agent, env: { API_KEY: secret } } } }))
      const first = start([
        "run",
        "x",
        "--agent",
        "exec",
        "--workspace",
        dirs.workspace,
        "--state-dir",
        dirs.state,
        "--json"
      ], env)
      const done = finish(first)
      await waitFor(() => existsSync(join(dirs.root, "hung")), 10_000, "round 2 to hang")
      first.kill("SIGKILL")
      await done

      const stored = (dir: string): string =>
        readdirSync(dir, { withFileTypes: true, recursive: true })
          .filter((entry) => entry.isFile())
          .map((entry) => readFileSync(join(entry.parentPath, entry.name), "latin1"))
          .join("\n")
      expect(stored(dirs.state)).not.toContain(secret)
      expect(stored(dirs.state)).toContain("API_KEY")

      const listed = await ralph(["runs", "--json", "--state-dir", dirs.state], env)
      const runId = JSON.parse(listed.stdout)[0].runId as string
      const resumed = await ralph(["resume", runId, "--json", "--state-dir", dirs.state], env)
      expect(resumed.code, resumed.stderr).toBe(0)
      expect(readText(join(dirs.root, "keys.log")).trim().split("\n")).toEqual([secret, secret, secret])
      expect(stored(dirs.state)).not.toContain(secret)
    }, 30_000)

    it("a resume whose config no longer sets the variable says which, and starts nothing", async () => {
      const dirs = scratch()
      const env = { RALPH_LOCK_DIR: dirs.locks, RALPH_ENGINE: engine }
      const agent = agentScript(
        dirs.root,
        "agent.sh",
        `cat > /dev/null
echo "$RALPH_ROUND" >> "${dirs.root}/rounds.log"
touch "${dirs.root}/hung"; exec sleep 60`
      )
      writeFileSync(
        join(dirs.workspace, "ralph.config.json"),
        JSON.stringify({ agents: { exec: { command: agent, env: { API_KEY: secret } } } })
      )
      const first = start([
        "run",
        "x",
        "--agent",
        "exec",
        "--workspace",
        dirs.workspace,
        "--state-dir",
        dirs.state,
        "--json"
      ], env)
      const done = finish(first)
      await waitFor(() => existsSync(join(dirs.root, "hung")), 10_000, "round 1 to hang")
      first.kill("SIGKILL")
      await done
      writeFileSync(join(dirs.workspace, "ralph.config.json"), JSON.stringify({ agents: { exec: { command: agent } } }))
      const listed = await ralph(["runs", "--json", "--state-dir", dirs.state], env)
      const runId = JSON.parse(listed.stdout)[0].runId as string
      const resumed = await ralph(["resume", runId, "--json", "--state-dir", dirs.state], env)
      expect(resumed.code).toBe(1)
      const error = JSON.parse(resumed.stdout).error
      expect(error._tag).toBe("InvalidConfig")
      expect(error.key).toBe("agents.exec.env")
      expect(error.problem).toContain("API_KEY")
      expect(readText(join(dirs.root, "rounds.log")).trim().split("\n")).toEqual(["1"])
    }, 30_000)
  })
}
