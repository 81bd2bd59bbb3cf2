/**
 * A state dir for the dashboard's tests: two real runs in a git workspace — one that ends complete
 * after three rounds (its last summary holds `<script>`, its objective an `<img onerror>`), one
 * blocked in its first — and `copies` more made from them, in that workspace and in `other`.
 */
import { execFileSync } from "node:child_process"
import { chmodSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { execArgs, jsonDocument, newWorkspace, runCliBounded } from "./cli.ts"
import { exportedEntries, seedRuns } from "./dashboard.ts"

export const hostileSummary = "done <script>window.__pwned = 1</script> & <b>bold</b>"
export const hostileObjective = "Write notes <img src=x onerror=\"window.__pwned = 2\">"

/** An exec agent (sh) that writes a line a round and reports usage; `complete` in round `rounds`, or blocked at once. */
export const writeAgent = (path: string, how: { readonly rounds: number; readonly sleep?: number } | "blocked") => {
  const report = (json: string) => `printf '%s\\n' '${json}'`
  const body = how === "blocked"
    ? report(
      JSON.stringify({ status: "blocked", summary: "cannot start", evidence: [], nextSteps: [], blocker: "no key" })
    )
    : [
      `sleep ${how.sleep ?? 0}`,
      `if [ "$RALPH_ROUND" -ge ${how.rounds} ]; then`,
      `  ${
        report(
          JSON.stringify({
            status: "complete",
            summary: hostileSummary,
            evidence: ["notes.txt"],
            nextSteps: [],
            blocker: ""
          })
        )
      }`,
      "else",
      `  printf '{"status":"continue","summary":"wrote round %s","evidence":[],"nextSteps":["more"],"blocker":""}\\n' "$RALPH_ROUND"`,
      "fi"
    ].join("\n")
  writeFileSync(
    path,
    [
      "#!/bin/sh",
      "echo \"round $RALPH_ROUND\" >> notes.txt",
      "echo '{\"inputTokens\":1200,\"outputTokens\":300,\"costUsd\":0.012}' > \"$RALPH_USAGE_FILE\"",
      body,
      ""
    ].join("\n")
  )
  chmodSync(path, 0o755)
}

export interface DashboardRuns {
  readonly root: string
  readonly ws: string
  readonly other: string
  readonly state: string
  readonly complete: string
  readonly blocked: string
  readonly seeded: ReadonlyArray<string>
}

export const makeDashboardRuns = async (copies: number): Promise<DashboardRuns> => {
  const { root, ws } = newWorkspace()
  execFileSync("git", ["init", "-q"], { cwd: ws })
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "init"], {
    cwd: ws
  })
  writeAgent(join(root, "complete.sh"), { rounds: 3 })
  writeAgent(join(root, "blocked.sh"), "blocked")
  const run = async (agent: string, objective: string) => {
    const result = await runCliBounded([...execArgs(join(root, agent), "--json", objective)], { cwd: ws }, 60_000)
    return String(jsonDocument(result).runId)
  }
  const complete = await run("complete.sh", hostileObjective)
  const blocked = await run("blocked.sh", "Start the service")
  const templates = await Promise.all(
    [complete, blocked].map(async (runId) => ({ runId, workspace: ws, lines: await exportedEntries(runId, ws) }))
  )
  const other = join(root, "other")
  const state = join(root, "ralph-state")
  const seeded = seedRuns(state, templates, copies, (i) => i % 3 === 0 ? other : ws)
  return { root, ws, other, state, complete, blocked, seeded }
}
