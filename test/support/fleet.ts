/**
 * A fleet under test: bare git repositories to submit runs on, an exec agent (a node script) that
 * writes one file a round and logs when it starts and ends (by the worker that spawned it), and
 * `ralph worker` processes whose stderr is watched.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { cliEnv, ensureCli, newWorkspace, runCliBounded } from "./cli.ts"

const git = (cwd: string, ...args: Array<string>) =>
  execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" }
  })

/** A bare repository `NAME.git` under `root` whose default branch `main` holds one commit (a README). */
export const makeRepo = (root: string, name: string): string => {
  const bare = join(root, `${name}.git`)
  git(root, "init", "--quiet", "--bare", "--initial-branch=main", bare)
  const seed = join(root, `${name}-seed`)
  git(root, "init", "--quiet", "--initial-branch=main", seed)
  writeFileSync(join(seed, "README"), `${name}\n`)
  git(seed, "add", "README")
  git(seed, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "init")
  git(seed, "push", "--quiet", bare, "main")
  return bare
}

/** The commits of a branch, oldest first: subject and the files each one changed. */
export const branchCommits = (bare: string, branch: string) =>
  git(bare, "log", "--reverse", "--format=%x1e%s", "--name-only", branch).split("\x1e").slice(1).map((entry) => {
    const [subject = "", ...files] = entry.trim().split("\n")
    return { subject, files: files.filter((f) => f !== "") }
  })

/**
 * The agent: waits `AGENT_SLEEP_MS` (default 800) — round 1 also until the file `AGENT_GATE` exists,
 * when that is set, ignoring SIGTERM meanwhile (a child slow to stop) — writes `round-N.txt`,
 * reports complete at round `AGENT_ROUNDS` (default 3), continue before; appends `PPID start|end MS PID` lines to `AGENT_LOG`, and `PPID overlap MS PID`
 * when another child of the same run is still alive under the same worker.
 */
export const writeFleetAgent = (dir: string): string => {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, "fleet-agent.mjs")
  writeFileSync(
    file,
    `import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs"
const log = (what) => process.env.AGENT_LOG && appendFileSync(process.env.AGENT_LOG, \`\${process.ppid} \${what} \${Date.now()} \${process.pid}\\n\`)
log("start")
// Another child of this run still alive under the same worker: two at once, logged as an overlap.
const mine = process.env.AGENT_LOG && \`\${process.env.AGENT_LOG}.\${process.ppid}.\${process.env.RALPH_RUN_ID}\`
if (mine) {
  try {
    process.kill(Number(readFileSync(mine, "utf8")), 0)
    log("overlap")
  } catch {}
  writeFileSync(mine, String(process.pid))
}
const round = Number(process.env.RALPH_ROUND)
const rounds = Number(process.env.AGENT_ROUNDS ?? 3)
readFileSync(0)
await new Promise((r) => setTimeout(r, Number(process.env.AGENT_SLEEP_MS ?? 800)))
if (round === 1 && process.env.AGENT_GATE) process.on("SIGTERM", () => {})
while (round === 1 && process.env.AGENT_GATE && !existsSync(process.env.AGENT_GATE)) await new Promise((r) => setTimeout(r, 200))
writeFileSync(\`round-\${round}.txt\`, \`\${process.env.RALPH_RUN_ID} \${round}\\n\`)
const done = round >= rounds
writeFileSync(process.env.RALPH_REPORT_FILE, JSON.stringify({
  status: done ? "complete" : "continue", summary: \`wrote round-\${round}.txt\`,
  evidence: done ? ["files written"] : [], nextSteps: done ? [] : ["next round"], blocker: "" }))
log("end")
`
  )
  return file
}

/**
 * An agent rate-limited once: its first child exits 75 saying the limit resets in `seconds` (the
 * exec protocol's `retryAfterSeconds`); every later one is the fleet agent `agent`. Its path.
 */
export const writeLimitedOnce = (dir: string, agent: string, seconds: number): string => {
  const file = join(dir, "limited-once.mjs")
  const marker = join(dir, "limited-once")
  writeFileSync(
    file,
    `import { existsSync, readFileSync, writeFileSync } from "node:fs"
if (!existsSync(${JSON.stringify(marker)})) {
  readFileSync(0)
  writeFileSync(${JSON.stringify(marker)}, "")
  process.stdout.write(JSON.stringify({ retryAfterSeconds: ${seconds} }))
  process.exit(75)
}
await import(${JSON.stringify(agent)})
`
  )
  return file
}

/** The most children any one worker ran at once, from the agent's log. */
export const maxAtOnce = (logFile: string): number => {
  const lines = readFileSync(logFile, "utf8").trim().split("\n")
  const events = lines.filter((line) => /^\S+ (start|end) /.test(line)).map((line) => {
    const [ppid, what, at] = line.split(" ")
    return { ppid: ppid!, delta: what === "start" ? 1 : -1, at: Number(at) }
  }).sort((a, b) => a.at - b.at || a.delta - b.delta)
  const running = new Map<string, number>()
  let most = 0
  for (const e of events) {
    const n = (running.get(e.ppid) ?? 0) + e.delta
    running.set(e.ppid, n)
    most = Math.max(most, n)
  }
  return most
}

export interface Worker {
  readonly child: ChildProcess
  stderr: string
  readonly exited: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>
}

/** Starts `ralph worker ARGS` in `cwd` with the environment `env` (over cliEnv's). */
export const startWorker = (
  cwd: string,
  args: ReadonlyArray<string>,
  env: Readonly<Record<string, string>>
): Worker => {
  const child = spawn(process.execPath, [ensureCli(), "worker", ...args], {
    cwd,
    env: cliEnv(cwd, env),
    stdio: ["ignore", "ignore", "pipe"]
  })
  const worker: Worker = {
    child,
    stderr: "",
    exited: new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal })))
  }
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (worker.stderr += chunk))
  return worker
}

/** Waits until `test` holds, polling every 100 ms; fails after `ms`. */
export const waitFor = async (what: string, test: () => boolean, ms = 60_000): Promise<void> => {
  const deadline = Date.now() + ms
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** `ralph ARGS --json` in `cwd`, its one JSON document. */
export const ralphJson = async (cwd: string, args: ReadonlyArray<string>, env: Readonly<Record<string, string>>) => {
  const result = await runCliBounded([...args, "--json"], { cwd, env }, 60_000)
  // Decoded by each test's expectations.
  const json: any = JSON.parse(result.stdout)
  return { result, json }
}

/** The record's entries of a run (`ralph export`). */
export const exported = async (cwd: string, runId: string, env: Readonly<Record<string, string>>) => {
  const result = await runCliBounded(["export", runId], { cwd, env }, 60_000)
  return result.stdout.trim().split("\n").map((line) =>
    JSON.parse(line) as { readonly type: string; readonly round?: number }
  )
}

/** Waits until `test` resolves true, asking every `every` ms; fails after `ms`. */
export const eventually = async (what: string, test: () => Promise<boolean>, ms = 120_000, every = 1000) => {
  const deadline = Date.now() + ms
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, every))
  }
}

/** The fleet's runs as `ralph runs --all-workspaces --json` lists them. */
export const listRuns = async (cwd: string, env: Readonly<Record<string, string>>) =>
  (await ralphJson(cwd, ["runs", "--all-workspaces", "--all"], env)).json as ReadonlyArray<
    {
      readonly runId: string
      readonly state: string
      readonly rounds?: number
      readonly worker?: string
      readonly branch?: string
    }
  >

/** One run's row of `ralph runs`, or undefined while it is not listed. */
export const runRow = async (cwd: string, env: Readonly<Record<string, string>>, runId: string) =>
  (await listRuns(cwd, env)).find((r) => r.runId === runId)

/** One run's state as `ralph runs` lists it, or undefined while it is not listed. */
export const runState = async (cwd: string, env: Readonly<Record<string, string>>, runId: string) =>
  (await runRow(cwd, env, runId))?.state

/**
 * A fleet test's workspace (`ws`, the store's: SQLite in its state dir), one bare repository, the
 * fleet agent doing `rounds` rounds of `sleepMs` each, and the environment for workers (a 3 s lock expiry).
 */
export const fleetCase = (rounds: number, sleepMs: number) => {
  const { root, ws } = newWorkspace()
  const repo = makeRepo(root, "repo")
  const agent = writeFleetAgent(join(root, "agent"))
  const env = { RALPH_SHARD_LOCK_EXPIRY: "3s", AGENT_ROUNDS: String(rounds), AGENT_SLEEP_MS: String(sleepMs) }
  return { root, ws, repo, agent, env }
}

/** `ralph submit` of an objective on `repo` with the fleet agent; the run's id. */
export const submitRun = async (
  cwd: string,
  agent: string,
  repo: string,
  objective: string,
  env: Readonly<Record<string, string>>,
  more: ReadonlyArray<string> = []
): Promise<string> => {
  const { json, result } = await ralphJson(cwd, [
    "submit",
    objective,
    "--repo",
    repo,
    "--agent-cmd",
    `node ${agent}`,
    "--retries",
    "0",
    // A short grace unless the test gives its own.
    ...(more.includes("--kill-grace") ? [] : ["--kill-grace", "300ms"]),
    ...more
  ], env)
  if (result.code !== 0 || typeof json.runId !== "string") {
    throw new Error(`submit failed (${result.code}): ${result.stdout} ${result.stderr}`)
  }
  return json.runId
}

/**
 * The failover case both stores run: six runs on two repositories, `workers` workers with
 * `--concurrency 2`, the first worker in a round SIGKILLed there. Resolves when every run completed,
 * with what the tests check: each run's branch commits, its record's finished rounds, whether it
 * was taken over, and the most children a worker ran at once.
 */
export const failoverScenario = async (
  root: string,
  ws: string,
  workers: number,
  store: Readonly<Record<string, string>>
) => {
  const repos = [makeRepo(root, "alpha"), makeRepo(root, "beta")]
  const agent = writeFleetAgent(join(root, "agent"))
  const log = join(root, "agent.log")
  const env = { ...store, RALPH_SHARD_LOCK_EXPIRY: "3s", AGENT_LOG: log, AGENT_ROUNDS: "3", AGENT_SLEEP_MS: "800" }
  const started = Array.from(
    { length: workers },
    (_, i) => startWorker(ws, ["--concurrency", "2", "--work-dir", join(root, `work-${i}`)], env)
  )
  const ids: Array<string> = []
  let queued: ReadonlyArray<string> = []
  try {
    // Joined and their shards settled before the runs come: a worker joining later takes shards
    // (and the runs in flight on them) from the others (README, Fleet).
    await waitFor("the workers to join", () => started.every((w) => w.stderr.includes("joined the fleet")))
      .catch((error: unknown) => {
        const tails = started.map((w, i) => `worker ${i}:\n${w.stderr.split("\n").slice(-25).join("\n")}`)
        throw new Error(`${String(error)}\n${tails.join("\n")}`)
      })
    await new Promise((r) => setTimeout(r, 3000))
    for (let i = 0; i < 6; i++) ids.push(await submitRun(ws, agent, repos[i % 2]!, `write three files (${i})`, env))
    queued = (await listRuns(ws, env)).map((r) => r.state)
    // Runs go to workers by shard, so a given worker may get none: the one killed is the first in a round.
    const inRound = () => started.find((w) => /round \d+ started/.test(w.stderr))
    await waitFor("a worker to start a round", () => inRound() !== undefined)
    const victim = inRound()!
    victim.child.kill("SIGKILL")
    await victim.exited
    await eventually("all six runs to complete", async () => {
      const runs = await listRuns(ws, env)
      return runs.length === 6 && runs.every((r) => r.state === "complete")
    }, 180_000).catch(async (error: unknown) => {
      // What the runs and the workers said, for whoever reads a failure.
      const states = (await listRuns(ws, env)).map((r) => `${r.runId} ${r.state} ${r.worker ?? ""}`).join("\n")
      const tails = started.map((w, i) => `worker ${i}:\n${w.stderr.split("\n").slice(-25).join("\n")}`)
      throw new Error(`${String(error)}\nruns:\n${states}\n${tails.join("\n")}`)
    })
    const runs = []
    for (const [i, runId] of ids.entries()) {
      const entries = await exported(ws, runId, env)
      runs.push({
        runId,
        commits: branchCommits(repos[i % 2]!, `ralph/${runId}`).slice(1),
        finished: entries.filter((e) => e.type === "round-finished").map((e) => e.round),
        takenOver: entries.some((e) => e.type === "run-resumed")
      })
    }
    return { queued, runs, maxAtOnce: maxAtOnce(log) }
  } finally {
    // The one SIGKILLed is gone already.
    for (const worker of started) worker.child.kill("SIGTERM")
    await Promise.all(started.map((w) => w.exited))
  }
}

/**
 * What a fleet agent's run of `rounds` rounds must show (`failoverScenario`'s: three): one commit and
 * one finished record of each round, in order.
 */
export const expectedRun = (runId: string, rounds = 3) => {
  const each = Array.from({ length: rounds }, (_, i) => i + 1)
  return {
    commits: each.map((n) => ({
      subject: `ralph ${runId} round ${n}: wrote round-${n}.txt`,
      files: [`round-${n}.txt`]
    })),
    finished: each
  }
}
