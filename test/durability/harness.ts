import { type ChildProcess, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, realpathSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { writeAgent } from "../support/agents.ts"
import { ensureCli } from "../support/cli.ts"

export { isAlive } from "../support/agents.ts"

/** The binary under test: a private copy of the build, so a concurrent rebuild cannot pull it away. */
export const cli = ensureCli()

export interface Finished {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** A scratch folder with a workspace, a state dir and a lock dir of its own. */
export const scratch = () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ralph-durable-")))
  const dirs = { root, workspace: join(root, "ws"), state: join(root, "state"), locks: join(root, "locks") }
  mkdirSync(dirs.workspace)
  return dirs
}

/** Writes an executable sh script and returns its path. */
export const agentScript = writeAgent

export const report = {
  continue: (summary: string) =>
    JSON.stringify({ status: "continue", summary, evidence: [], nextSteps: ["go on"], blocker: "" }),
  complete: (summary: string) =>
    JSON.stringify({ status: "complete", summary, evidence: ["checked"], nextSteps: [], blocker: "" })
}

/** `ralph run` with an exec agent on the scratch folder's workspace and state dir, `--json`. */
export const execRun = (dirs: ReturnType<typeof scratch>, agent: string, ...more: Array<string>) => [
  "run",
  "objective",
  "--agent",
  "exec",
  "--agent-cmd",
  agent,
  "--workspace",
  dirs.workspace,
  "--state-dir",
  dirs.state,
  "--json",
  ...more
]

export const start = (args: ReadonlyArray<string>, env: Record<string, string> = {}): ChildProcess =>
  spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })

export const finish = (child: ChildProcess): Promise<Finished> =>
  new Promise((resolvePromise) => {
    let stdout = ""
    let stderr = ""
    child.stdout?.on("data", (chunk) => (stdout += chunk))
    child.stderr?.on("data", (chunk) => (stderr += chunk))
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }))
  })

export const ralph = (args: ReadonlyArray<string>, env: Record<string, string> = {}) => finish(start(args, env))

/** Resolves once `predicate` holds, polling; fails the test after `ms`. */
export const waitFor = async (predicate: () => boolean, ms = 10_000, what = "condition"): Promise<void> => {
  const deadline = Date.now() + ms
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

export const readText = (file: string): string => {
  try {
    return readFileSync(file, "utf8")
  } catch {
    return ""
  }
}

/** A run's whole record as its entries, read with `ralph export` (whichever engine keeps it). */
export const recordOf = async (
  state: string,
  runId: string,
  env: Record<string, string> = {},
  engine: ReadonlyArray<string> = []
): Promise<Array<Record<string, unknown>>> => {
  const exported = await ralph(["export", runId, "--state-dir", state, ...engine], env)
  if (exported.code !== 0) throw new Error(`ralph export ${runId} exited ${exported.code}: ${exported.stderr}`)
  return exported.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** The runs `ralph runs` lists in a state dir, newest first. */
export const listedRuns = async (
  state: string,
  env: Record<string, string> = {},
  engine: ReadonlyArray<string> = []
): Promise<Array<{ runId: string; state: string }>> => {
  const listed = await ralph(["runs", "--json", "--state-dir", state, ...engine], env)
  if (listed.code !== 0) throw new Error(`ralph runs exited ${listed.code}: ${listed.stderr}`)
  return JSON.parse(listed.stdout)
}

/** The JSONL journal's own lines (the journal engine). */
export const journalLines = (state: string, runId: string): Array<Record<string, unknown>> =>
  readText(join(state, "runs", runId, "journal.jsonl"))
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>)

/**
 * An agent for durability tests: logs each round to rounds.log, runs the shell `does` in round
 * `at`, continues before round `last` and completes in it.
 */
export const roundsAgent = (
  dirs: { readonly root: string },
  options: { readonly at: number; readonly does: string; readonly last: number }
): string =>
  agentScript(
    dirs.root,
    "agent.sh",
    `cat > /dev/null
echo "$RALPH_ROUND" >> "${dirs.root}/rounds.log"
if [ "$RALPH_ROUND" -eq ${options.at} ]; then ${options.does}; fi
if [ "$RALPH_ROUND" -lt ${options.last} ]; then echo '${report.continue("round")}'; else echo '${
      report.complete("done")
    }'; fi`
  )

/** The shell that hangs the first time it runs, its pid in `hung`. */
export const hangOnce = (dirs: { readonly root: string }): string =>
  `if [ ! -f "${dirs.root}/hung" ]; then echo $$ > "${dirs.root}/hung"; exec sleep 60; fi`

/** For crash tests: hangs in round 2 the first time (its pid in `hung`); round 3 completes. */
export const hangsInRound2 = (dirs: { readonly root: string }): string =>
  roundsAgent(dirs, { at: 2, does: hangOnce(dirs), last: 3 })
