/**
 * `ralph dashboard` over the postgres engine: a run recorded there by `ralph run` is listed and
 * shown, and the database's password appears in no answer and no output.
 */
import { assert, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { join } from "node:path"
import { execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCliBounded } from "../support/cli.ts"
import { startDashboard } from "../support/dashboard.ts"
import { writeAgent } from "../support/dashboardRuns.ts"
import * as PgTest from "./harness.ts"

PgTest.describe("ralph dashboard on the postgres engine", () => {
  it.live("lists and shows a run recorded in the database", () =>
    Effect.gen(function*() {
      const database = yield* PgTest.freshDatabase({ prefix: "dash" })
      const url = Redacted.value(database.url)
      const password = decodeURIComponent(new URL(url).password)
      const { root, ws } = newWorkspace()
      const env = { RALPH_ENGINE: "postgres", RALPH_DATABASE_URL: url }
      writeAgent(join(root, "agent.sh"), { rounds: 2 })
      const run = yield* Effect.promise(() =>
        runCliBounded(
          [...execArgs(join(root, "agent.sh"), "--json", "Two rounds on postgres")],
          { cwd: ws, env },
          60_000
        )
      )
      const runId = String(jsonDocument(run).runId)
      const dashboard = yield* Effect.promise(() => startDashboard(ws, [], env))
      try {
        const listText = yield* Effect.promise(() => fetch(`${dashboard.url}/api/runs`).then((r) => r.text()))
        const list = JSON.parse(listText)
        assert.strictEqual(list.total, 1)
        assert.strictEqual(list.runs[0].runId, runId)
        assert.strictEqual(list.runs[0].state, "complete")
        const showText = yield* Effect.promise(() => fetch(`${dashboard.url}/api/runs/${runId}`).then((r) => r.text()))
        assert.deepStrictEqual(JSON.parse(showText).rounds.map((r: { status: string }) => r.status), [
          "finished",
          "finished"
        ])
        for (const text of [listText, showText, dashboard.stderr()]) assert.notInclude(text, password)
      } finally {
        yield* Effect.promise(() => dashboard.stop())
        removeWorkspaces()
      }
    }), 120_000)
})
