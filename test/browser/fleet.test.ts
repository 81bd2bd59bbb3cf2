/**
 * The fleet on the dashboard, in a real browser: real `ralph worker` processes on one SQLite store,
 * real `ralph submit`, real git, the real `ralph dashboard`. The page, opened before the fleet
 * exists, shows no fleet; then — without a reload — the first worker (host, pid), the run it
 * drives (linked to its page), a run queued for later (its objective as text), a second worker
 * joining, and that worker gone once it is stopped with SIGTERM; a third gone once SIGKILLed and
 * silent past the shard lock expiry.
 */
import { assert, describe, it } from "@effect/vitest"
import { hostname } from "node:os"
import { join } from "node:path"
import { type Browser, chromium } from "playwright-core"
import { afterAll, beforeAll, inject } from "vitest"
import { newWorkspace, removeWorkspaces } from "../support/cli.ts"
import { type Dashboard, startDashboard } from "../support/dashboard.ts"
import { makeRepo, startWorker, submitRun, waitFor, type Worker, writeFleetAgent } from "../support/fleet.ts"

let browser: Browser
const workers: Array<Worker> = []
let dashboard: Dashboard | undefined

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: inject("chromium"), args: ["--no-sandbox"] })
}, 180_000)

afterAll(async () => {
  for (const worker of workers) worker.child.kill("SIGTERM")
  await Promise.all(workers.map((w) => w.exited))
  await dashboard?.stop()
  await browser?.close()
  removeWorkspaces()
})

const hostileObjective = "Later <img src=x onerror=\"window.__pwned = 3\"> & <b>then</b>"

describe("the fleet on the dashboard", () => {
  it(
    "lists the live workers with host, pid and the runs they drive, queued runs, and follows workers joining and leaving",
    async () => {
      const { root, ws } = newWorkspace()
      const repo = makeRepo(root, "repo")
      const agent = writeFleetAgent(join(root, "agent"))
      const env = { RALPH_SHARD_LOCK_EXPIRY: "3s", AGENT_ROUNDS: "200", AGENT_SLEEP_MS: "1000" }
      const join_ = (name: string) => {
        const worker = startWorker(ws, ["--concurrency", "2", "--work-dir", join(root, name)], env)
        workers.push(worker)
        return waitFor(`${name} to join`, () => worker.stderr.includes("joined the fleet"))
          .then(() => worker, (error: unknown) => Promise.reject(new Error(`${String(error)}\n${worker.stderr}`)))
      }
      // The fleet's shard lock expiry, as its workers have it: the dashboard tells a dead worker by it.
      dashboard = await startDashboard(ws, [], { RALPH_SHARD_LOCK_EXPIRY: env.RALPH_SHARD_LOCK_EXPIRY })
      const page = await browser.newPage()
      const errors: Array<string> = []
      page.on("pageerror", (error) => errors.push(error.message))
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text())
      })
      await page.goto(`${dashboard.url}/`)
      await page.locator("#empty", { hasText: "No runs are recorded" }).waitFor()
      assert.strictEqual(await page.locator("#fleet").count(), 0, "no fleet yet: no section")
      await page.evaluate("window.__sameDocument = true")

      // The first worker makes the store and joins: the section comes, by itself.
      const first = await join_("work-a")
      const row = (worker: Worker) =>
        page.locator(`#workers tr`, { has: page.locator(`td.pid`, { hasText: new RegExp(`^${worker.child.pid}$`) }) })
      await row(first).waitFor({ timeout: 30_000 })
      assert.strictEqual(await row(first).locator("td.host").textContent(), hostname())
      assert.match(await row(first).locator("td.address").textContent() ?? "", /^[^:]+:\d+$/)
      assert.strictEqual(await page.textContent("#fleet-title"), "Fleet: 1 live worker")

      // A run it drives, linked to the run's page; a run queued for later, its objective as text.
      const runId = await submitRun(ws, agent, repo, "Keep writing files", env)
      const queued = await submitRun(ws, agent, repo, hostileObjective, env, ["--not-before", "2099-01-01T00:00:00Z"])
      const link = row(first).locator(`td.runs a`, { hasText: runId })
      await link.waitFor({ timeout: 60_000 })
      assert.strictEqual(await link.getAttribute("href"), `/runs/${runId}`)
      await page.locator(`#runs tr[data-run="${runId}"] .state-running`).waitFor({ timeout: 30_000 })
      const queuedRow = page.locator(`#queued tr[data-run="${queued}"]`)
      await queuedRow.waitFor()
      assert.strictEqual(await queuedRow.locator(".state").textContent(), "queued")
      assert.strictEqual(await queuedRow.locator("td.objective").textContent(), hostileObjective)
      assert.include(await queuedRow.textContent() ?? "", "2099-01-01 00:00:00")
      assert.strictEqual(await page.locator("#main img, #main b").count(), 0)

      // A second worker joins, then is stopped: the section follows, the page never reloaded.
      const second = await join_("work-b")
      await row(second).waitFor({ timeout: 30_000 })
      assert.strictEqual(await page.textContent("#fleet-title"), "Fleet: 2 live workers")
      assert.strictEqual(await row(second).locator("td.host").textContent(), hostname())
      second.child.kill("SIGTERM")
      await second.exited
      await row(second).waitFor({ state: "detached", timeout: 30_000 })
      await row(first).waitFor()
      assert.strictEqual(await page.textContent("#fleet-title"), "Fleet: 1 live worker")
      // One that dies (SIGKILL: nothing said on its way out) is gone once the cluster declares it
      // dead: silent past the shard lock expiry (3 s here).
      const third = await join_("work-c")
      await row(third).waitFor({ timeout: 30_000 })
      third.child.kill("SIGKILL")
      await third.exited
      await row(third).waitFor({ state: "detached", timeout: 30_000 })
      assert.strictEqual(await page.textContent("#fleet-title"), "Fleet: 1 live worker")
      // The run goes on (on the first worker, whichever held it): shown as the one it drives.
      await row(first).locator(`td.runs a`, { hasText: runId }).waitFor({ timeout: 60_000 })

      assert.isTrue(await page.evaluate("window.__sameDocument"))
      assert.isUndefined(await page.evaluate("window.__pwned"))
      assert.deepStrictEqual(errors, [])
      await page.close()
    },
    240_000
  )
})
