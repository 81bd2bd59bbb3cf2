#!/usr/bin/env node
// B10 dashboard: `ralph dashboard` over 10 000 recorded runs (sqlite). One real three-round run
// gives a run's rows; the others are copies of it (its summary row and every entry, under new ids,
// a second apart). Then, alternated over RUNS fresh browser pages (Debian's Chromium through
// playwright-core): the list's first paint and first contentful paint (the page's own Performance
// timeline), the time until the first page of 50 runs is in the table (its data comes over the
// event stream), and a run's page until its timeline shows; the server's CPU share while one list
// page stays open and nothing changes; the server's RSS (VmRSS, VmHWM) after
// start, after the pages, after 20 more list pages and after 200 more; `/api/runs` over HTTP alone.
//
//   npm run build && npm exec -- node bench/b10-dashboard.mjs [--runs N] [--recorded N]
//   (on the project's Node 22: node:sqlite seeds the store)
import { execFileSync, spawn } from "node:child_process"
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import { dirname, join, resolve } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const argv = process.argv.slice(2)
const value = (name, fallback) => {
  const i = argv.indexOf(name)
  return i >= 0 ? Number(argv[i + 1]) : fallback
}
const pages = value("--runs", 11)
const recorded = value("--recorded", 10_000)
const ralph = join(root, "dist", "ralph.js")
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits

const scratch = mkdtempSync(join(os.tmpdir(), "ralph-b10-"))
const ws = join(scratch, "ws")
const state = join(scratch, "state")
mkdirSync(ws)
const env = { ...process.env, RALPH_STATE_DIR: state, NO_COLOR: "1" }
const agent = join(scratch, "agent.sh")
writeFileSync(
  agent,
  `#!/bin/sh
echo '{"inputTokens":1200,"outputTokens":300,"costUsd":0.012}' > "$RALPH_USAGE_FILE"
if [ "$RALPH_ROUND" -ge 3 ]; then
  echo '{"status":"complete","summary":"done","evidence":["it works"],"nextSteps":[],"blocker":""}'
else
  echo '{"status":"continue","summary":"round '$RALPH_ROUND'","evidence":[],"nextSteps":["more"],"blocker":""}'
fi
`
)
chmodSync(agent, 0o755)
const log = (line) => process.stderr.write(`${line}\n`)

try {
  execFileSync(process.execPath, [ralph, "run", "--agent-cmd", agent, "--quiet", "--json", "A benchmark run"], {
    cwd: ws,
    env,
    stdio: ["ignore", "ignore", "inherit"]
  })
  const db = new DatabaseSync(join(state, "ralph.db"))
  const [{ run_id: template }] = db.prepare("SELECT run_id FROM ralph_runs").all()
  db.exec("BEGIN")
  db.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
     INSERT INTO ralph_runs SELECT printf('20261101-000000-%06x', i), objective || ' #' || i, max_rounds, agent,
       workspace, strftime('%Y-%m-%dT%H:%M:%fZ', '2026-11-01', '+' || i || ' seconds'), updated_at, rounds,
       final_state, owner_pid FROM ralph_runs, k`
  ).run(recorded - 1)
  db.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
     INSERT INTO ralph_entries SELECT printf('20261101-000000-%06x', i), seq,
       replace(entry, ?, printf('20261101-000000-%06x', i)) FROM ralph_entries, k WHERE run_id = ?`
  ).run(recorded - 1, template, template)
  db.exec("COMMIT")
  db.close()
  log(`B10: ${recorded} runs recorded in ${state}`)

  const server = spawn(process.execPath, [ralph, "dashboard", "--port", "0"], {
    cwd: ws,
    env,
    stdio: ["ignore", "ignore", "pipe"]
  })
  let stderr = ""
  const url = await new Promise((resolvePromise, reject) => {
    server.stderr.setEncoding("utf8").on("data", (chunk) => {
      stderr += chunk
      const found = /at (http:\/\/[^\s/]+)\//.exec(stderr)
      if (found) resolvePromise(found[1])
    })
    server.on("exit", () => reject(new Error(`ralph dashboard exited:\n${stderr}`)))
  })
  const memory = () => {
    const status = readFileSync(`/proc/${server.pid}/status`, "utf8")
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)[1])
    return { rssMB: round(kb("VmRSS") / 1024), peakMB: round(kb("VmHWM") / 1024) }
  }
  const atStart = memory()
  /** The server's CPU time so far (user + system), from /proc (clock ticks of 1/100 s). */
  const cpuSeconds = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ")
    return (Number(fields[11]) + Number(fields[12])) / 100
  }

  const api = []
  for (let i = 0; i < pages; i++) {
    const t0 = performance.now()
    const body = await (await fetch(`${url}/api/runs`)).json()
    api.push(performance.now() - t0)
    if (body.total !== recorded || body.runs.length !== 50) throw new Error(`B10: /api/runs gave ${body.total} runs`)
  }

  const browser = await chromium.launch({
    executablePath: execFileSync(process.execPath, [join(root, "scripts", "chromium.mjs"), "path"], {
      encoding: "utf8"
    })
      .trim(),
    args: ["--no-sandbox"]
  })
  const samples = { firstPaint: [], firstContentfulPaint: [], listShown: [], runShown: [] }
  try {
    for (let i = 0; i < pages; i++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const t0 = performance.now()
      await page.goto(`${url}/`)
      await page.locator("#runs tbody tr").nth(49).waitFor()
      samples.listShown.push(performance.now() - t0)
      const paints = await page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]))"
      )
      samples.firstPaint.push(paints["first-paint"])
      samples.firstContentfulPaint.push(paints["first-contentful-paint"])
      const t1 = performance.now()
      await page.goto(`${url}/runs/${template}`)
      await page.locator("#timeline > li").nth(2).waitFor()
      samples.runShown.push(performance.now() - t1)
      await context.close()
    }
    // What an open list page costs the server while nothing changes: its stream reads the listing each second.
    const idle = await browser.newPage()
    await idle.goto(`${url}/`)
    await idle.locator("#runs tbody tr").nth(49).waitFor()
    const before = cpuSeconds()
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 10_000))
    samples.idleListCpuShare = (cpuSeconds() - before) / 10
    await idle.close()
  } finally {
    await browser.close()
  }
  const afterPages = memory()
  for (let i = 0; i < 20; i++) await (await fetch(`${url}/api/runs?page=${i + 1}`)).json()
  const afterMore = memory()
  // Whether it levels off: 200 more list pages.
  for (let i = 0; i < 200; i++) await (await fetch(`${url}/api/runs?page=${(i % 200) + 1}`)).json()
  const afterMany = memory()
  server.kill("SIGTERM")

  const result = {
    recordedRuns: recorded,
    pages,
    node: process.version,
    loadAverage: os.loadavg().map((x) => round(x, 2)),
    medianMs: {
      apiRuns: round(median(api)),
      firstPaint: round(median(samples.firstPaint)),
      firstContentfulPaint: round(median(samples.firstContentfulPaint)),
      listShown: round(median(samples.listShown)),
      runShown: round(median(samples.runShown))
    },
    idleListPageCpuShare: round(samples.idleListCpuShare, 3),
    serverMemory: { atStart, afterPages, afterMore, afterMany },
    samples
  }
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
