// B12 fleet (issue 18): `ralph submit` + `ralph worker` processes on one store, real git.
//
//   throughput — 6 runs × 5 rounds of a 1 s exec agent: 3 workers × --concurrency 2, against the
//                same six runs one after another in one process (one worker, --concurrency 1);
//                wall time from the submits (six at once, the workers joined) to the last run complete.
//   failover   — a worker SIGKILLed in a round: time from the kill to the run's next round
//                starting on the other worker, at the default shard lock expiry and at 5 s.
//
// Usage: node bench/b12-fleet.mjs '{"ralph":"dist/ralph.js","node":"…","postgresUrl":"…"|null}'
// Prints one JSON document on stdout; progress on stderr.
import { execFileSync, spawn, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import { join, resolve } from "node:path"

const options = JSON.parse(process.argv[2] ?? "{}")
const node = options.node ?? process.execPath
const ralph = resolve(options.ralph)
const log = (line) => process.stderr.write(`${line}\n`)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" }

const makeRepo = (root, name) => {
  const bare = join(root, `${name}.git`)
  execFileSync("git", ["init", "-q", "--bare", "--initial-branch=main", bare], { env: gitEnv })
  const seed = join(root, `${name}-seed`)
  execFileSync("git", ["init", "-q", "--initial-branch=main", seed], { env: gitEnv })
  writeFileSync(join(seed, "README"), "x\n")
  execFileSync("git", ["add", "README"], { cwd: seed, env: gitEnv })
  execFileSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "init"], {
    cwd: seed,
    env: gitEnv
  })
  execFileSync("git", ["push", "-q", bare, "main"], { cwd: seed, env: gitEnv })
  return bare
}

const agentScript = (dir) => {
  const file = join(dir, "agent.mjs")
  writeFileSync(
    file,
    `import { readFileSync, writeFileSync } from "node:fs"
readFileSync(0)
const round = Number(process.env.RALPH_ROUND)
await new Promise((r) => setTimeout(r, Number(process.env.AGENT_SLEEP_MS)))
writeFileSync(\`round-\${round}.txt\`, String(round))
const done = round >= Number(process.env.AGENT_ROUNDS)
writeFileSync(process.env.RALPH_REPORT_FILE, JSON.stringify({ status: done ? "complete" : "continue",
  summary: "round " + round, evidence: done ? ["done"] : [], nextSteps: done ? [] : ["more"], blocker: "" }))
`
  )
  return file
}

const psql = ["15", "16", "17", "14"].map((v) => `/usr/lib/postgresql/${v}/bin/psql`).find((p) => existsSync(p)) ??
  "psql"

/** A database of its own for a case (the server's role may create databases): its URL. */
const freshDatabase = (url) => {
  const name = `b12_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  execFileSync(psql, [url, "-q", "-c", `CREATE DATABASE ${name}`], { stdio: "ignore" })
  const fresh = new URL(url)
  fresh.pathname = `/${name}`
  return fresh.toString()
}

/** A fresh store, repositories and agent; `env` for every ralph process of the case. */
const setUp = (store, extra) => {
  const root = mkdtempSync(join(os.tmpdir(), "ralph-b12-"))
  const ws = join(root, "ws")
  mkdirSync(ws)
  const env = {
    ...process.env,
    NO_COLOR: "1",
    RALPH_STATE_DIR: join(root, "state"),
    RALPH_LOCK_DIR: join(root, "locks"),
    ...(store.url === undefined
      ? { RALPH_ENGINE: "sqlite" }
      : { RALPH_ENGINE: "postgres", RALPH_DATABASE_URL: freshDatabase(store.url) }),
    ...extra
  }
  return { root, ws, env, repos: [makeRepo(root, "a"), makeRepo(root, "b")], agent: agentScript(root) }
}

const cli = (c, args) => spawnSync(node, [ralph, ...args], { cwd: c.ws, env: c.env, encoding: "utf8" })

/** The six submits at once (each a CLI process): their cold starts overlap, as several users' would. */
const submitAll = (c) =>
  Promise.all(Array.from({ length: 6 }, (_, i) =>
    new Promise((resolve, reject) => {
      const child = spawn(node, [
        ralph,
        "submit",
        `run ${i}`,
        "--repo",
        c.repos[i % 2],
        "--agent-cmd",
        `${node} ${c.agent}`
      ], {
        cwd: c.ws,
        env: c.env,
        stdio: "ignore"
      })
      child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`submit exited ${code}`))))
    })))

const submit = (c, i) => {
  const r = cli(c, ["submit", `run ${i}`, "--repo", c.repos[i % 2], "--agent-cmd", `${node} ${c.agent}`, "--json"])
  if (r.status !== 0) throw new Error(`submit failed: ${r.stderr}`)
  return JSON.parse(r.stdout).runId
}

const runs = (c) => JSON.parse(cli(c, ["runs", "--all-workspaces", "--all", "--json"]).stdout)

const worker = (c, name, concurrency) => {
  const child = spawn(node, [ralph, "worker", "--concurrency", String(concurrency), "--work-dir", join(c.root, name)], {
    cwd: c.ws,
    env: c.env,
    stdio: ["ignore", "ignore", "pipe"]
  })
  const w = { child, stderr: "", exited: new Promise((r) => child.on("close", r)) }
  child.stderr.setEncoding("utf8").on("data", (d) => (w.stderr += d))
  return w
}

const until = async (test, what, ms = 300_000) => {
  const deadline = Date.now() + ms
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

/**
 * Six runs of five 1 s rounds on `workers` workers × `concurrency`, joined (and their shards
 * settled) before the runs are submitted: ms from the first submit to the last run complete.
 */
const throughput = async (store, workers, concurrency) => {
  const c = setUp(store, { AGENT_SLEEP_MS: "1000", AGENT_ROUNDS: "5" })
  try {
    const ws = Array.from({ length: workers }, (_, i) => worker(c, `w${i}`, concurrency))
    await until(() => ws.every((w) => w.stderr.includes("joined the fleet")), "the workers", 60_000)
    await sleep(3000)
    const started = performance.now()
    await submitAll(c)
    let done = false
    while (!done) {
      await sleep(250)
      done = runs(c).filter((r) => r.state === "complete").length === 6
    }
    const ms = performance.now() - started
    for (const w of ws) w.child.kill("SIGTERM")
    await Promise.all(ws.map((w) => w.exited))
    return ms
  } finally {
    rmSync(c.root, { recursive: true, force: true })
  }
}

/** A run's worker SIGKILLed in its round 2: ms from the kill to round 2 starting on the other worker. */
const failover = async (store, lockExpiry) => {
  const c = setUp(store, {
    AGENT_SLEEP_MS: "2000",
    AGENT_ROUNDS: "4",
    ...(lockExpiry === undefined ? {} : { RALPH_SHARD_LOCK_EXPIRY: lockExpiry })
  })
  try {
    // Both joined and their shards settled first: the run stays where it starts until the kill.
    const ws = [worker(c, "first", 1), worker(c, "second", 1)]
    await until(() => ws.every((w) => w.stderr.includes("joined the fleet")), "the workers", 60_000)
    await sleep(3000)
    const runId = submit(c, 0)
    await until(() => ws.some((w) => w.stderr.includes(`run ${runId}: round 2 started`)), "round 2")
    const victim = ws.find((w) => w.stderr.includes(`run ${runId}: round 2 started`))
    const other = ws.find((w) => w !== victim)
    victim.child.kill("SIGKILL")
    const killed = performance.now()
    await victim.exited
    await until(() => other.stderr.includes(`run ${runId}: round 2 started`), "the takeover")
    const ms = performance.now() - killed
    other.child.kill("SIGTERM")
    await other.exited
    return ms
  } finally {
    rmSync(c.root, { recursive: true, force: true })
  }
}

const stores = [
  ...(options.only === "postgres" ? [] : [{ name: "sqlite" }]),
  ...(options.postgresUrl ? [{ name: "postgres", url: options.postgresUrl }] : [])
]
const results = {}
for (const store of stores) {
  log(`B12 ${store.name}: throughput, 3 workers × 2 …`)
  const fleetMs = await throughput(store, 3, 2)
  log(`B12 ${store.name}: throughput, the same runs one after another in one worker …`)
  const sequentialMs = await throughput(store, 1, 1)
  log(`B12 ${store.name}: failover at the default shard lock expiry, and at 5 s …`)
  const failoverDefaultMs = await failover(store, undefined)
  const failover5sMs = await failover(store, "5s")
  results[store.name] = { fleetMs, sequentialMs, ratio: sequentialMs / fleetMs, failoverDefaultMs, failover5sMs }
  log(`  ${JSON.stringify(results[store.name])}`)
}
process.stdout.write(`${JSON.stringify(results)}\n`)
