/**
 * For the dashboard's tests and bench: many recorded runs made from real ones (their exported
 * records, copied under new ids as JSONL journals, which the SQLite store imports when it opens the
 * state dir), and a `ralph dashboard` process on a free port.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { runCliBounded, type RunningCli, startCli } from "./cli.ts"

/** A recorded run's entries, as `ralph export` writes them (its kept outputs left out). */
export const exportedEntries = async (runId: string, cwd: string, env: Readonly<Record<string, string>> = {}) => {
  const exported = await runCliBounded(["export", runId], { cwd, env })
  if (exported.code !== 0) throw new Error(`ralph export failed: ${exported.stderr}`)
  return exported.stdout.trim().split("\n").filter((line) => !line.includes("\"type\":\"round-output\""))
}

export interface Template {
  readonly runId: string
  readonly workspace: string
  readonly lines: ReadonlyArray<string>
}

/**
 * Writes `count` copies of the templates (template `i % n`) into the state dir's journal store as
 * runs `20250101-HHMMSS-<i>`, started a second apart in that order, in the workspace `workspaceOf(i)`.
 */
export const seedRuns = (
  stateDir: string,
  templates: ReadonlyArray<Template>,
  count: number,
  workspaceOf: (index: number) => string
): ReadonlyArray<string> => {
  const ids: Array<string> = []
  const base = Date.parse("2025-01-01T00:00:00.000Z")
  for (let i = 0; i < count; i++) {
    const template = templates[i % templates.length]!
    const start = base + i * 1000
    const stamp = new Date(start).toISOString()
    const runId = `${stamp.slice(0, 10).replaceAll("-", "")}-${stamp.slice(11, 19).replaceAll(":", "")}-${
      i.toString(16).padStart(6, "0")
    }`
    const first = Date.parse(JSON.parse(template.lines[0]!).t)
    const lines = template.lines.map((line) => {
      const entry = JSON.parse(
        line.replaceAll(template.runId, runId).replaceAll(
          JSON.stringify(template.workspace),
          JSON.stringify(workspaceOf(i))
        )
      )
      entry.t = new Date(start + Math.min(900, Date.parse(entry.t) - first)).toISOString()
      return JSON.stringify(entry)
    })
    const dir = join(stateDir, "runs", runId)
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    writeFileSync(join(dir, "journal.jsonl"), `${lines.join("\n")}\n`, { mode: 0o600 })
    ids.push(runId)
  }
  return ids
}

export interface Dashboard {
  readonly cli: RunningCli
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  readonly url: string
  stderr: () => string
  stop: () => Promise<void>
}

/** Starts `ralph dashboard --port 0 …` in `cwd` and waits (up to `ms`) until it says where it listens. */
export const startDashboard = async (
  cwd: string,
  args: ReadonlyArray<string> = [],
  env: Readonly<Record<string, string>> = {},
  ms = 60_000
): Promise<Dashboard> => {
  const cli = startCli(["dashboard", "--port", "0", ...args], { cwd, env })
  let stderr = ""
  cli.child.stderr!.on("data", (chunk: string) => (stderr += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ralph dashboard did not listen within ${ms} ms:\n${stderr}`)), ms)
    const check = () => {
      const found = /at (http:\/\/[^\s/]+)\//.exec(stderr)
      if (found !== null) {
        clearTimeout(timer)
        resolve(found[1]!)
      }
    }
    cli.child.stderr!.on("data", check)
    cli.child.on("close", () => {
      clearTimeout(timer)
      reject(new Error(`ralph dashboard exited before it listened:\n${stderr}`))
    })
  })
  return {
    cli,
    url,
    stderr: () => stderr,
    stop: async () => {
      cli.child.kill("SIGTERM")
      await cli.result
    }
  }
}
