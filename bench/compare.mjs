#!/usr/bin/env node
// Compares ralph builds round for round: `node bench/compare.mjs [--runs N] [--rounds R] A.js B.js …`
// (each a built CLI such as dist/ralph.js from two checkouts; `spawn-loop` stands for the bare
// Node spawn loop). Alternates 1-round and R-round runs of each with the instant exec agent and
// prints, per extra round, the median wall time, CPU time, voluntary context switches and minor
// page faults of the ralph process itself (read with process.resourceUsage() in a preloaded hook),
// plus its peak RSS. CPU and context switches barely move with machine load, unlike wall time:
// use them to tell whether a change made a round cheaper. A build may name its engine:
// `dist/ralph.js@journal` runs with `--engine journal` (default: the CLI's). Not part of `npm run bench`.
import { spawn } from "node:child_process"
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const argv = process.argv.slice(2)
const option = (name, fallback) => {
  const i = argv.indexOf(name)
  if (i < 0) return fallback
  const [value] = argv.splice(i, 2).slice(1)
  return value
}
const runs = Number(option("--runs", "5"))
const rounds = Number(option("--rounds", "100"))
const node = resolve(option("--node", process.execPath))
const builds = argv
if (builds.length === 0) {
  process.stderr.write(
    "usage: node bench/compare.mjs [--runs N] [--rounds R] [--node PATH] A/dist/ralph.js [B/dist/ralph.js …] [spawn-loop]\n"
  )
  process.exit(1)
}

const tmp = mkdtempSync(join(os.tmpdir(), "ralph-compare-"))
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }))
const workspace = join(tmp, "workspace")
mkdirSync(workspace)
const agent = join(tmp, "instant.sh")
copyFileSync(join(root, "bench", "agents", "instant.sh"), agent)
chmodSync(agent, 0o755)
const promptFile = join(tmp, "prompt.txt")
writeFileSync(promptFile, "p".repeat(3000))
const hook = join(tmp, "usage.cjs")
writeFileSync(
  hook,
  "process.on('exit', () => { const r = process.resourceUsage(); require('fs').writeFileSync(process.env.COMPARE_USAGE_FILE, JSON.stringify(r)) })\n"
)
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("RALPH_")))

let n = 0
const once = (build, count) =>
  new Promise((resolvePromise, reject) => {
    const usageFile = join(tmp, `usage-${++n}.json`)
    const state = join(tmp, `state-${n}`)
    mkdirSync(state)
    const args = build === "spawn-loop"
      ? [join(root, "bench", "spawn-loop.mjs"), agent, promptFile, String(count)]
      : [
        resolve(build.replace(/@\w+$/, "")),
        "run",
        ...(/@(\w+)$/.test(build) ? ["--engine", build.match(/@(\w+)$/)[1]] : []),
        "compare",
        "--agent",
        "exec",
        "--agent-cmd",
        agent,
        "--workspace",
        workspace,
        "--json",
        "--max-rounds",
        String(count),
        "--state-dir",
        state
      ]
    const t0 = process.hrtime.bigint()
    const child = spawn(node, args, {
      stdio: "ignore",
      env: { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --require ${hook}`.trim(), COMPARE_USAGE_FILE: usageFile }
    })
    child.on("error", reject)
    child.on("close", (code) => {
      const wall = Number(process.hrtime.bigint() - t0) / 1e6
      const expected = build === "spawn-loop" ? 0 : 3
      if (code !== expected) return reject(new Error(`${build}: exit ${code}, expected ${expected}`))
      const u = JSON.parse(readFileSync(usageFile, "utf8"))
      resolvePromise({
        wall,
        cpu: (u.userCPUTime + u.systemCPUTime) / 1000,
        user: u.userCPUTime / 1000,
        sys: u.systemCPUTime / 1000,
        vcsw: u.voluntaryContextSwitches,
        minflt: u.minorPageFault,
        rssMB: (u.maxRSS * 1024) / 1e6
      })
    })
  })

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}
const samples = builds.map(() => ({ one: [], many: [] }))
for (let i = 0; i < runs; i++) {
  for (const [k, build] of builds.entries()) {
    samples[k].one.push(await once(build, 1))
    samples[k].many.push(await once(build, rounds))
  }
}
const f = (x, d = 2) => x.toFixed(d).padStart(7)
process.stdout.write(
  `node ${node}; ${runs} runs; per extra round = (median of ${rounds}-round runs − median of 1-round runs) / ${
    rounds - 1
  }; load ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}\n`
)
process.stdout.write(
  "build                                     | start wall ms | per round: wall ms  cpu ms  user ms  sys ms  ctx-sw  minflt | peak RSS MB\n"
)
for (const [k, build] of builds.entries()) {
  const { many, one } = samples[k]
  const per = (key) => (median(many.map((s) => s[key])) - median(one.map((s) => s[key]))) / (rounds - 1)
  process.stdout.write(
    `${build.slice(-41).padEnd(41)} | ${f(median(one.map((s) => s.wall)), 0).padStart(13)} | ` +
      `${f(per("wall")).padStart(17)} ${f(per("cpu"))} ${f(per("user")).padStart(8)} ${f(per("sys"))} ${
        f(per("vcsw"), 1)
      } ${f(per("minflt"), 0)} | ` +
      `${f(median(many.map((s) => s.rssMB)), 1)}\n`
  )
}
