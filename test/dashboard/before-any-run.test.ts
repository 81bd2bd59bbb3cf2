/**
 * `ralph dashboard` started before any run made the store (the real binary, a fresh state dir):
 * it serves an empty list and says where no runs are recorded, creating nothing — and once a run
 * makes the database, it shows that run without a restart.
 */
import { assert, describe, it } from "@effect/vitest"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { afterAll } from "vitest"
import { execArgs, newWorkspace, removeWorkspaces, runCliBounded } from "../support/cli.ts"
import { startDashboard } from "../support/dashboard.ts"
import { writeAgent } from "../support/dashboardRuns.ts"
import { eventually } from "../support/fleet.ts"

afterAll(removeWorkspaces)

/** The first `count` events of a stream, as [event, data] pairs; the stream is then closed. */
const firstEvents = async (url: string, count: number) => {
  const controller = new AbortController()
  const response = await fetch(url, { signal: controller.signal })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ""
  const events = () => [...text.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map((m) => [m[1]!, JSON.parse(m[2]!)])
  while (events().length < count) {
    const { value, done } = await reader.read()
    if (done) break
    text += value
  }
  controller.abort()
  return events()
}

describe("a dashboard started before any run", () => {
  it(
    "serves an empty list naming the state dir, makes no state dir or database, then shows the first run",
    async () => {
      const { root, ws } = newWorkspace()
      const state = join(root, "ralph-state")
      const dashboard = await startDashboard(ws)
      try {
        assert.include(dashboard.stderr(), `the runs recorded in ${state}`)
        const list = await (await fetch(`${dashboard.url}/api/runs`)).json() as Record<string, unknown>
        assert.deepInclude(list, { total: 0, matching: 0, runs: [], recordedIn: state })
        assert.isNull(await (await fetch(`${dashboard.url}/api/fleet`)).json())
        assert.strictEqual((await fetch(`${dashboard.url}/api/runs/20990101-000000-abcdef`)).status, 404)
        const events = await firstEvents(`${dashboard.url}/api/events`, 2)
        assert.deepStrictEqual(events.map(([event]) => event), ["list", "fleet"])
        assert.strictEqual(events[0]![1].total, 0)
        assert.isNull(events[1]![1])
        assert.isFalse(existsSync(state), "the dashboard created no state dir (nor a database in it)")

        const agent = join(root, "agent.sh")
        writeAgent(agent, { rounds: 1 })
        const run = await runCliBounded([...execArgs(agent, "--quiet", "The first run")], { cwd: ws }, 60_000)
        assert.strictEqual(run.code, 0, run.stderr)
        assert.isTrue(existsSync(join(state, "ralph.db")))
        await eventually(
          "the dashboard to list the run",
          async () => {
            const now = await (await fetch(`${dashboard.url}/api/runs`)).json() as { total: number }
            return now.total === 1
          },
          30_000,
          200
        )
        const now = await (await fetch(`${dashboard.url}/api/runs`)).json() as {
          recordedIn: string
          runs: ReadonlyArray<{ state: string; objective: string }>
        }
        assert.strictEqual(now.recordedIn, join(state, "ralph.db"))
        assert.deepInclude(now.runs[0], { state: "complete", objective: "The first run" })
      } finally {
        await dashboard.stop()
      }
    },
    120_000
  )
})
