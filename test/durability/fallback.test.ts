/**
 * Fallback agents (--fallback-agent, fallbackAgents) and named agents (agents.NAME.use) with real
 * processes: a rate-limited agent gives the round to the next one, `show` and the result's usage
 * name the agent of each attempt, the caps hold across agents, and a resume keeps the run's agents.
 */
import { rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { agentScript, ralph, readText, recordOf, report, scratch } from "./harness.ts"

type Dirs = ReturnType<typeof scratch>

/** An agent whose limit resets in an hour: past the retries, so without --wait-limits the round moves on. */
const limited = (dirs: Dirs, name: string) =>
  agentScript(
    dirs.root,
    `${name}.sh`,
    `cat > /dev/null
echo ${name} >> "${dirs.root}/ran.log"
echo '{"retryAfterSeconds": 3600}'
exit 75`
  )

/** An agent that completes (reporting its cost), or — while `dirs.root/broken` exists — crashes. */
const completing = (dirs: Dirs, name: string) =>
  agentScript(
    dirs.root,
    `${name}.sh`,
    `cat > /dev/null
echo ${name} >> "${dirs.root}/ran.log"
if [ -f "${dirs.root}/broken" ]; then exit 1; fi
echo '{"inputTokens": 10, "outputTokens": 5, "costUsd": 0.01}' > "$RALPH_USAGE_FILE"
echo '${report.complete(`done by ${name}`)}'`
  )

const config = (dirs: Dirs, value: unknown) =>
  writeFileSync(join(dirs.workspace, "ralph.config.json"), JSON.stringify(value))

const run = (dirs: Dirs, ...more: Array<string>) =>
  ralph(
    ["run", "objective", "--workspace", dirs.workspace, "--state-dir", dirs.state, "--json", ...more],
    { RALPH_LOCK_DIR: dirs.locks }
  )

const ran = (dirs: Dirs) => readText(join(dirs.root, "ran.log")).trim().split("\n").filter((l) => l !== "")

describe("fallback agents", () => {
  it("a rate-limited agent gives the round to the fallback; show and the usage name each attempt's agent", async () => {
    const dirs = scratch()
    config(dirs, {
      agents: {
        exec: { command: limited(dirs, "primary") },
        backup: { use: "exec", command: completing(dirs, "backup") }
      }
    })
    const result = await run(dirs, "--agent", "exec", "--fallback-agent", "backup")
    expect(result.code, result.stderr).toBe(0)
    const envelope = JSON.parse(result.stdout)
    expect(envelope.result).toMatchObject({ status: "complete", report: { summary: "done by backup" } })
    expect(envelope.result.usage.rounds).toHaveLength(1)
    expect(envelope.result.usage.rounds[0]).toMatchObject({ round: 1, agents: ["exec", "backup"] })
    // The caps and the spend are across agents: the limited attempt said nothing, so the round's cost is unknown.
    expect(envelope.result.usage.rounds[0]).not.toHaveProperty("costUsd")
    expect(ran(dirs)).toEqual(["primary", "backup"])
    const shown = await ralph(["show", envelope.runId, "--state-dir", dirs.state])
    expect(shown.stdout).toMatch(/round 1: failed · exec · .*rate-limit/)
    expect(shown.stdout).toMatch(/round 1 \(attempt 2\): finished · backup · .*done by backup/)
    const json = JSON.parse((await ralph(["show", envelope.runId, "--state-dir", dirs.state, "--json"])).stdout)
    expect(json.rounds.map((r: { agent: string }) => r.agent)).toEqual(["exec", "backup"])
  }, 60_000)

  it(
    "named agents in the config, the run's own one of them, fallbackAgents from the file: three exec programs in order",
    async () => {
      const dirs = scratch()
      config(dirs, {
        fallbackAgents: ["second", "third"],
        agents: {
          first: { use: "exec", command: limited(dirs, "first") },
          second: { use: "exec", command: limited(dirs, "second") },
          third: { use: "exec", command: completing(dirs, "third") }
        }
      })
      const result = await run(dirs, "--agent", "first")
      expect(result.code, result.stderr).toBe(0)
      const envelope = JSON.parse(result.stdout)
      expect(envelope.agentsStarted).toBe(3)
      expect(envelope.result.usage.rounds[0].agents).toEqual(["first", "second", "third"])
      expect(ran(dirs)).toEqual(["first", "second", "third"])
      const shown = await ralph(["show", envelope.runId, "--state-dir", dirs.state])
      expect(shown.stdout).toContain("agent: first")
    },
    60_000
  )

  it("an agent that failed otherwise than by a limit gets no fallback: the round fails", async () => {
    const dirs = scratch()
    writeFileSync(join(dirs.root, "broken"), "")
    config(dirs, {
      agents: {
        exec: { command: completing(dirs, "primary") },
        backup: { use: "exec", command: completing(dirs, "b") }
      }
    })
    const result = await run(dirs, "--agent", "exec", "--fallback-agent", "backup")
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout).error).toMatchObject({ _tag: "RoundFailed", reason: "crashed" })
    expect(ran(dirs)).toEqual(["primary"])
  }, 60_000)

  it("a resume keeps the run's fallback order and named agents (env names only in the record)", async () => {
    const dirs = scratch()
    writeFileSync(join(dirs.root, "broken"), "")
    const agents = {
      exec: { command: limited(dirs, "primary") },
      backup: { use: "exec", command: completing(dirs, "backup"), env: { BACKUP_TOKEN: "s3cret-value" } }
    }
    config(dirs, { agents })
    const first = await run(dirs, "--agent", "exec", "--fallback-agent", "backup")
    expect(first.code).toBe(4)
    const runId = JSON.parse(first.stdout).error.runId
    const started = (await recordOf(dirs.state, runId)).find((e) => e.type === "run-started")
    expect(started).toMatchObject({
      fallbackAgents: ["backup"],
      agents: { backup: { use: "exec", env: { BACKUP_TOKEN: "" } } }
    })
    for (const file of ["ralph.db", "ralph.db-wal"]) {
      expect(readText(join(dirs.state, file))).not.toContain("s3cret-value")
    }
    // The file no longer names the fallback; the resume takes the run's own (its variable's value from the config).
    config(dirs, { fallbackAgents: [], agents })
    rmSync(join(dirs.root, "broken"))
    const resumed = await ralph(["resume", runId, "--state-dir", dirs.state, "--json"], { RALPH_LOCK_DIR: dirs.locks })
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(JSON.parse(resumed.stdout).result).toMatchObject({
      status: "complete",
      report: { summary: "done by backup" }
    })
    expect(ran(dirs)).toEqual(["primary", "backup", "primary", "backup"])
  }, 60_000)

  it("a resume starts the run's named agents as recorded when the config no longer defines them", async () => {
    const dirs = scratch()
    writeFileSync(join(dirs.root, "broken"), "")
    config(dirs, {
      agents: {
        own: { use: "exec", command: limited(dirs, "own") },
        backup: { use: "exec", command: completing(dirs, "backup") }
      }
    })
    const first = await run(dirs, "--agent", "own", "--fallback-agent", "backup")
    expect(first.code).toBe(4)
    const runId = JSON.parse(first.stdout).error.runId
    config(dirs, {})
    rmSync(join(dirs.root, "broken"))
    const resumed = await ralph(["resume", runId, "--state-dir", dirs.state, "--json"], { RALPH_LOCK_DIR: dirs.locks })
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(JSON.parse(resumed.stdout).result.usage.rounds[0].agents).toEqual(["own", "backup"])
    expect(ran(dirs)).toEqual(["own", "backup", "own", "backup"])
  }, 60_000)

  it("a cost-capped run refuses a fallback that does not report cost, unless an unknown cost is allowed", async () => {
    const dirs = scratch()
    config(dirs, {
      agents: { exec: { command: completing(dirs, "primary") }, cheap: { use: "codex", binary: "/bin/true" } }
    })
    const refused = await run(dirs, "--agent", "exec", "--fallback-agent", "cheap", "--max-cost-usd", "1")
    expect(refused.code).toBe(1)
    const error = JSON.parse(refused.stdout).error
    expect(error).toMatchObject({ _tag: "InvalidConfig", key: "maxCostUsd" })
    expect(error.message).toContain("fallback agent cheap does not report what it costs")
    expect(ran(dirs)).toEqual([])
    const allowed = await run(
      dirs,
      "--agent",
      "exec",
      "--fallback-agent",
      "cheap",
      "--max-cost-usd",
      "1",
      "--allow-unknown-cost"
    )
    expect(allowed.code, allowed.stderr).toBe(0)
    expect(ran(dirs)).toEqual(["primary"])
  }, 60_000)

  it("bad values are refused by name: an unknown fallback, a named agent with an unknown use or none", async () => {
    const dirs = scratch()
    config(dirs, { agents: { exec: { command: completing(dirs, "primary") }, backup: { use: "exec", command: "x" } } })
    const unknown = await run(dirs, "--agent", "exec", "--fallback-agent", "bakup")
    expect(unknown.code).toBe(1)
    expect(JSON.parse(unknown.stdout).error).toMatchObject({ _tag: "InvalidArguments", argument: "--fallback-agent" })
    expect(JSON.parse(unknown.stdout).error.message).toContain("did you mean backup?")
    const itself = await run(dirs, "--agent", "exec", "--fallback-agent", "exec")
    expect(JSON.parse(itself.stdout).error.message).toContain("the round's own agent")

    config(dirs, { agents: { haiku: { use: "cluade", model: "haiku" } } })
    const badUse = await run(dirs, "--agent", "exec")
    expect(badUse.code).toBe(1)
    expect(JSON.parse(badUse.stdout).error).toMatchObject({ _tag: "InvalidConfig", key: "agents.haiku.use" })
    expect(JSON.parse(badUse.stdout).error.message).toContain("did you mean claude?")

    config(dirs, { agents: { haiku: { model: "haiku" } } })
    const noUse = await run(dirs, "--agent", "exec")
    expect(noUse.code).toBe(1)
    expect(JSON.parse(noUse.stdout).error).toMatchObject({ _tag: "InvalidConfig", key: "agents.haiku" })
    expect(JSON.parse(noUse.stdout).error.message).toContain(`"use"`)
    expect(ran(dirs)).toEqual([])
  }, 60_000)
})
