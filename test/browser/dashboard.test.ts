/**
 * The dashboard in a real browser (Debian's Chromium, headless, driven by playwright-core), served
 * by the real `ralph dashboard` over real runs: the list and its filters and pages, a run's page,
 * a run going on in another process shown live without a reload, worker text kept as text, and the
 * token.
 */
import { assert, describe, it } from "@effect/vitest"
import { join } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, inject } from "vitest"
import { execArgs, removeWorkspaces, startCli } from "../support/cli.ts"
import { type Dashboard, startDashboard } from "../support/dashboard.ts"
import {
  type DashboardRuns,
  hostileObjective,
  hostileSummary,
  makeDashboardRuns,
  writeAgent
} from "../support/dashboardRuns.ts"

let t: DashboardRuns
let dashboard: Dashboard
let browser: Browser

beforeAll(async () => {
  t = await makeDashboardRuns(120)
  dashboard = await startDashboard(t.ws)
  browser = await chromium.launch({ executablePath: inject("chromium"), args: ["--no-sandbox"] })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await dashboard?.stop()
  removeWorkspaces()
})

/** A page that records what its scripts did wrong, and every request it made. */
const open = async (url: string): Promise<{ page: Page; errors: Array<string> }> => {
  const page = await browser.newPage()
  const errors: Array<string> = []
  page.on("pageerror", (error) => errors.push(error.message))
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
  })
  await page.goto(url)
  return { page, errors }
}

const rowStates = (page: Page) => page.locator("#runs tbody tr .state").allTextContents()

describe("the dashboard in Chromium", () => {
  it("lists the runs a page at a time, and filters them by state and workspace", async () => {
    const { page, errors } = await open(`${dashboard.url}/`)
    await page.waitForSelector("#runs tbody tr")
    assert.strictEqual(await page.locator("#runs tbody tr").count(), 50)
    assert.strictEqual(await page.textContent("#page-info"), "page 1 of 3 · 122 of 122 runs")
    assert.strictEqual(await page.locator("#runs tbody tr").first().getAttribute("data-run"), t.blocked)
    // No fleet here: no fleet section, and nothing left out shows as text.
    assert.strictEqual(await page.locator("#fleet").count(), 0)
    assert.strictEqual(await page.locator("#main > *").first().getAttribute("class"), "filters")
    assert.notInclude(await page.textContent("#main") ?? "", "null")

    await page.click("#next")
    await page.locator("#page-info", { hasText: /^page 2 of 3/ }).waitFor()
    assert.include(page.url(), "page=2")

    await page.selectOption("#status-filter", "blocked")
    await page.locator("#page-info", { hasText: "61 of 122" }).waitFor()
    assert.isTrue((await rowStates(page)).every((state) => state === "blocked"))
    assert.include(page.url(), "status=blocked")

    await page.selectOption("#status-filter", "")
    await page.selectOption("#workspace-filter", t.other)
    await page.locator("#page-info", { hasText: "40 of 122" }).waitFor()
    const workspaces = await page.locator("#runs tbody tr td.workspace").allTextContents()
    assert.strictEqual(workspaces.length, 40)
    assert.isTrue(workspaces.every((ws) => ws === t.other))
    assert.deepStrictEqual(errors, [])
    await page.close()
  })

  it("shows a run's rounds, spend and duration charts, changed files and final report; worker text stays text", async () => {
    const { page, errors } = await open(`${dashboard.url}/`)
    await page.click(`#runs tr[data-run="${t.complete}"] a`)
    await page.waitForSelector("#timeline li")
    assert.strictEqual(new URL(page.url()).pathname, `/runs/${t.complete}`)
    assert.strictEqual(await page.locator("#timeline > li").count(), 3)
    assert.strictEqual(await page.locator("#timeline > li").nth(2).locator(".summary").textContent(), hostileSummary)
    assert.strictEqual(await page.textContent("#objective"), hostileObjective)
    assert.match(await page.locator("#timeline > li").first().locator(".files").textContent() ?? "", /notes\.txt/)
    assert.strictEqual(await page.locator("#spend-chart svg rect").count(), 3)
    assert.strictEqual(await page.locator("#duration-chart svg rect").count(), 3)
    assert.include(await page.textContent("#final-report") ?? "", "window.__pwned")
    assert.include(await page.textContent("#checked") ?? "", "ralph checked nothing")
    // Neither the summary's <script> nor the objective's <img onerror> became an element, or ran.
    assert.strictEqual(await page.locator("#main script, #main img, #main b").count(), 0)
    assert.isUndefined(await page.evaluate("window.__pwned"))
    assert.strictEqual(await page.getAttribute("#live", "data-state"), "ended: complete")
    assert.deepStrictEqual(errors, [])
    await page.close()
  })

  it("says so when the run of a page's address is not recorded", async () => {
    const { page } = await open(`${dashboard.url}/runs/20990101-000000-abcdef`)
    await page.waitForSelector("#not-found")
    assert.include(await page.textContent("#not-found") ?? "", "no run 20990101-000000-abcdef")
    await page.close()
  })

  it("follows a run another ralph is running, round by round, without reloading", async () => {
    const agent = join(t.root, "slow.sh")
    writeAgent(agent, { rounds: 4, sleep: 2 })
    const { page, errors } = await open(`${dashboard.url}/`)
    await page.waitForSelector("#runs tbody tr")
    const running = startCli([...execArgs(agent, "--quiet", "Follow me")], { cwd: t.ws })
    try {
      // The list shows the new run, running, by itself.
      const row = page.locator("#runs tbody tr").filter({ has: page.locator(".state-running") })
      await row.first().waitFor({ timeout: 30_000 })
      const runId = await row.first().getAttribute("data-run")
      await row.first().locator("a").click()
      await page.waitForSelector("#timeline li")
      await page.evaluate("window.__sameDocument = true")
      await page.locator("#run-state .state", { hasText: /^running$/ }).waitFor()
      const seenRunning = await page.locator("#timeline > li").count()
      // A run with no result yet shows no outcome (nor the text "null" in its place).
      assert.strictEqual(await page.locator("#outcome").count(), 0)
      assert.notInclude(await page.textContent("#main") ?? "", "null")
      // Each round shows as it starts and ends; the run's end, once it is recorded.
      await page.locator("#timeline > li").nth(3).waitFor({ timeout: 60_000 })
      await page.locator("#run-state .state", { hasText: /^complete$/ }).waitFor({ timeout: 60_000 })
      assert.isBelow(seenRunning, 4, "the page was opened while the run had rounds to go")
      assert.strictEqual(await page.getAttribute("#live", "data-state"), "ended: complete")
      assert.strictEqual(new URL(page.url()).pathname, `/runs/${runId}`)
      assert.isTrue(await page.evaluate("window.__sameDocument"))
      assert.strictEqual(
        await page.locator("#timeline > li").nth(1).locator(".summary").textContent(),
        "wrote round 2"
      )
      assert.strictEqual((await running.result).code, 0)
      assert.deepStrictEqual(errors, [])
    } finally {
      running.child.kill("SIGKILL")
      await page.close()
    }
  })

  it("behind a token: refused without it; opened with ?token=, it works and the address drops the token", async () => {
    const token = "browser-test-token-0123456789abcdef"
    const guarded = await startDashboard(t.ws, ["--host", "0.0.0.0"], { RALPH_DASHBOARD_TOKEN: token })
    const context = await browser.newContext()
    try {
      const url = guarded.url.replace("0.0.0.0", "127.0.0.1")
      const page = await context.newPage()
      const refused = await page.goto(`${url}/`)
      assert.strictEqual(refused?.status(), 401)
      await page.goto(`${url}/?token=${token}`)
      await page.waitForSelector("#runs tbody tr")
      assert.strictEqual(new URL(page.url()).search, "")
      assert.strictEqual(await page.locator("#runs tbody tr").count(), 50)
      // A script of the page cannot read the token: the cookie is HttpOnly.
      assert.strictEqual(await page.evaluate("document.cookie"), "")
      assert.notInclude(guarded.stderr(), token)
    } finally {
      await context.close()
      await guarded.stop()
    }
  })
})
