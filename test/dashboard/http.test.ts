/**
 * `ralph dashboard` over HTTP, without a browser: the real binary serving a state dir of real runs
 * (and copies of them): pages of the list, filters, a run's document, its events, the headers,
 * and who may ask.
 */
import { assert, describe, it } from "@effect/vitest"
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { removeWorkspaces, repoRoot, runCliBounded } from "../support/cli.ts"
import { type Dashboard, startDashboard } from "../support/dashboard.ts"
import { type DashboardRuns, hostileSummary, makeDashboardRuns } from "../support/dashboardRuns.ts"

let t: DashboardRuns
let dashboard: Dashboard

beforeAll(async () => {
  t = await makeDashboardRuns(120)
  dashboard = await startDashboard(t.ws)
}, 120_000)

afterAll(async () => {
  await dashboard?.stop()
  removeWorkspaces()
})

const getJson = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${dashboard.url}${path}`, init)
  return { status: response.status, body: await response.json() as Record<string, any>, headers: response.headers }
}

describe("ralph dashboard over HTTP", () => {
  it("lists the runs newest first, a page at a time, with what each spent and took", async () => {
    const first = await getJson("/api/runs")
    assert.strictEqual(first.status, 200)
    assert.strictEqual(first.body.total, 122)
    assert.strictEqual(first.body.pages, 3)
    assert.strictEqual(first.body.runs.length, 50)
    // The two real runs were made today, after the copies (dated 2025).
    assert.deepStrictEqual(first.body.runs.slice(0, 2).map((r: any) => r.runId), [t.blocked, t.complete])
    const complete = first.body.runs[1]
    assert.strictEqual(complete.state, "complete")
    assert.strictEqual(complete.rounds, 3)
    assert.deepInclude(complete.spend, { inputTokens: 3600, outputTokens: 900 })
    assert.isAtLeast(complete.durationMs, 1)
    const last = await getJson("/api/runs?page=3")
    assert.strictEqual(last.body.runs.length, 22)
    assert.strictEqual(last.body.runs.at(-1).runId, t.seeded[0])
    // A page past the last is the last; a size past the bound is the bound.
    assert.strictEqual((await getJson("/api/runs?page=99")).body.page, 3)
    const all = await getJson("/api/runs?size=100000")
    assert.strictEqual(all.body.size, 200)
    assert.strictEqual(all.body.runs.length, 122)
  })

  it("filters by state and by workspace", async () => {
    const blocked = await getJson("/api/runs?status=blocked&size=200")
    assert.strictEqual(blocked.body.matching, 61)
    assert.isTrue(blocked.body.runs.every((r: any) => r.state === "blocked"))
    const other = await getJson(`/api/runs?workspace=${encodeURIComponent(t.other)}&size=200`)
    assert.strictEqual(other.body.matching, 40)
    assert.isTrue(other.body.runs.every((r: any) => r.workspace === t.other))
    assert.sameMembers(other.body.workspaces, [t.ws, t.other])
    assert.strictEqual((await getJson("/api/runs?status=running")).body.matching, 0)
  })

  it("gives a run's rounds, their changed files and its result; an unknown run is 404", async () => {
    const run = await getJson(`/api/runs/${t.complete}`)
    assert.strictEqual(run.status, 200)
    assert.deepStrictEqual(run.body.rounds.map((r: any) => r.status), ["finished", "finished", "finished"])
    assert.strictEqual(run.body.rounds[2].report.summary, hostileSummary)
    assert.match(run.body.changedFiles["1"].join("\n"), /notes\.txt \| 1 \+/)
    assert.strictEqual(run.body.result.result.status, "complete")
    assert.strictEqual(run.body.usage.rounds.length, 3)
    const missing = await getJson("/api/runs/20990101-000000-abcdef")
    assert.strictEqual(missing.status, 404)
    assert.strictEqual(missing.body.error._tag, "InvalidArguments")
  })

  it("streams a run that has ended as its document, then end, and closes", async () => {
    const response = await fetch(`${dashboard.url}/api/runs/${t.complete}/events`)
    assert.strictEqual(response.headers.get("content-type"), "text/event-stream")
    const text = await response.text()
    const events = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1])
    assert.deepStrictEqual(events, ["run", "end"])
    assert.include(text, "data: {\"state\":\"complete\"}")
    assert.strictEqual((await fetch(`${dashboard.url}/api/runs/nope/events`)).status, 404)
  })

  it("sends a strict Content-Security-Policy and no-referrer with every answer", async () => {
    for (const path of ["/", "/app.js", "/list.js", "/app.css", "/api/runs", `/runs/${t.complete}`, "/no-such-page"]) {
      const response = await fetch(`${dashboard.url}${path}`)
      const csp = response.headers.get("content-security-policy") ?? ""
      assert.include(csp, "default-src 'none'", path)
      assert.include(csp, "script-src 'self'", path)
      assert.notInclude(csp, "unsafe-inline", path)
      assert.strictEqual(response.headers.get("referrer-policy"), "no-referrer", path)
      assert.strictEqual(response.headers.get("x-content-type-options"), "nosniff", path)
    }
    assert.strictEqual((await fetch(`${dashboard.url}/no-such-page`)).status, 404)
  })

  it("the page's script writes no markup: every element is built from text", () => {
    const dir = join(repoRoot, "src/dashboard/static")
    const modules = readdirSync(dir).filter((name) => name.endsWith(".js"))
    assert.includeMembers(modules, ["app.js", "dom.js", "list.js", "run.js"])
    for (const name of modules) {
      const script = readFileSync(join(dir, name), "utf8")
      for (const sink of ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"]) {
        assert.notInclude(script, sink, name)
      }
    }
  })

  it("on loopback without a token, answers only requests that name this machine (no DNS rebinding)", async () => {
    const port = new URL(dashboard.url).port
    const asked = (host: string) =>
      new Promise<number>((resolve, reject) => {
        // fetch does not let a caller set Host: node:http does.
        request({ host: "127.0.0.1", port, path: "/api/runs", headers: { host } }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        }).on("error", reject).end()
      })
    assert.strictEqual(await asked(`localhost:${port}`), 200)
    assert.strictEqual(await asked(`attacker.example:${port}`), 403)
  })
})

describe("ralph dashboard's settings", () => {
  it("refuses a port out of range, and says so when the port is taken", async () => {
    const range = await runCliBounded(["dashboard", "--port", "70000"], { cwd: t.ws })
    assert.strictEqual(range.code, 1)
    assert.include(range.stderr, "expected a port from 0 (any free one) to 65535")
    const variable = await runCliBounded(["dashboard"], { cwd: t.ws, env: { RALPH_DASHBOARD_PORT: "http" } })
    assert.strictEqual(variable.code, 1)
    assert.include(variable.stderr, "RALPH_DASHBOARD_PORT")
    const taken = await runCliBounded(["dashboard", "--port", new URL(dashboard.url).port], { cwd: t.ws })
    assert.strictEqual(taken.code, 1)
    assert.include(taken.stderr, "cannot listen there")
  })

  it("takes no token, and no host off loopback, from the workspace's file (its agents edit and read it)", async () => {
    const config = join(t.ws, "ralph.config.json")
    try {
      writeFileSync(config, JSON.stringify({ dashboardHost: "0.0.0.0", dashboardToken: "chosen-by-a-worker-0123" }))
      const token = await runCliBounded(["dashboard", "--port", "0"], { cwd: t.ws })
      assert.strictEqual(token.code, 1)
      assert.include(token.stderr, "a token in ralph.config.json is no secret")
      writeFileSync(config, JSON.stringify({ dashboardHost: "0.0.0.0" }))
      const host = await runCliBounded(["dashboard", "--port", "0"], {
        cwd: t.ws,
        env: { RALPH_DASHBOARD_TOKEN: "a-token-of-sufficient-length-0123" }
      })
      assert.strictEqual(host.code, 1)
      assert.include(host.stderr, "0.0.0.0 from ralph.config.json is not loopback")
    } finally {
      rmSync(config, { force: true })
    }
  })
})

describe("ralph dashboard's token", () => {
  const token = "a-token-of-sufficient-length-0123"

  it("off loopback, refuses to start without a token, or with one too short to be a guard", async () => {
    const bare = await runCliBounded(["dashboard", "--host", "0.0.0.0", "--port", "0"], { cwd: t.ws })
    assert.strictEqual(bare.code, 1)
    assert.include(bare.stderr, "0.0.0.0 is not this machine's loopback")
    assert.include(bare.stderr, "RALPH_DASHBOARD_TOKEN")
    const short = await runCliBounded(["dashboard", "--host", "0.0.0.0", "--port", "0"], {
      cwd: t.ws,
      env: { RALPH_DASHBOARD_TOKEN: "short" }
    })
    assert.strictEqual(short.code, 1)
    assert.include(short.stderr, "shorter than 16 characters")
    assert.notInclude(short.stderr, "short)")
  })

  it("with a token, every request without it is 401; ?token= is swapped for a cookie; the token is never printed", async () => {
    const guarded = await startDashboard(t.ws, ["--host", "0.0.0.0"], { RALPH_DASHBOARD_TOKEN: token })
    try {
      const url = guarded.url.replace("0.0.0.0", "127.0.0.1")
      for (const path of ["/", "/app.js", "/api/runs", `/api/runs/${t.complete}`, `/api/runs/${t.complete}/events`]) {
        assert.strictEqual((await fetch(`${url}${path}`)).status, 401, path)
      }
      assert.strictEqual(
        (await fetch(`${url}/api/runs`, { headers: { authorization: "Bearer wrong-token-wrong-token" } })).status,
        401
      )
      assert.strictEqual(
        (await fetch(`${url}/api/runs`, { headers: { authorization: `Bearer ${token}` } })).status,
        200
      )
      const opened = await fetch(`${url}/?token=${token}&status=blocked`, { redirect: "manual" })
      assert.strictEqual(opened.status, 303)
      assert.strictEqual(opened.headers.get("location"), "/?status=blocked")
      const cookie = opened.headers.get("set-cookie") ?? ""
      assert.include(cookie, "HttpOnly")
      assert.include(cookie, "SameSite=Strict")
      const withCookie = await fetch(`${url}/api/runs`, { headers: { cookie: cookie.split(";")[0]! } })
      assert.strictEqual(withCookie.status, 200)
      assert.strictEqual((await fetch(`${url}/?token=wrong-token-wrong-token`, { redirect: "manual" })).status, 401)
      // The redirect stays on this server, whatever the path (fetch would normalise it: node:http sends it as it is).
      const location = await new Promise<string | undefined>((resolve, reject) => {
        request({ host: "127.0.0.1", port: new URL(url).port, path: `/.//evil.example/?token=${token}` }, (res) => {
          res.resume()
          resolve(res.headers.location)
        }).on("error", reject).end()
      })
      assert.strictEqual(location, "/")
      assert.include(guarded.stderr(), "?token=TOKEN")
      assert.notInclude(guarded.stderr(), token)
    } finally {
      await guarded.stop()
    }
  })
})
