/**
 * `ralph dashboard` over the postgres engine: a run recorded there by `ralph run` is listed and
 * shown, and the database's password appears in no answer and no output.
 */
import { assert, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import { join } from "node:path"
import * as PgClient from "../../src/sql/PgClient.ts"
import { execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCliBounded } from "../support/cli.ts"
import { startDashboard } from "../support/dashboard.ts"
import { writeAgent } from "../support/dashboardRuns.ts"
import * as PgTest from "./harness.ts"

PgTest.describe("ralph dashboard on the postgres engine", () => {
  it.live(
    "lists and shows a run recorded in the database; no fleet: none shown, no fleet table made",
    () =>
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
          const showText = yield* Effect.promise(() =>
            fetch(`${dashboard.url}/api/runs/${runId}`).then((r) => r.text())
          )
          assert.deepStrictEqual(JSON.parse(showText).rounds.map((r: { status: string }) => r.status), [
            "finished",
            "finished"
          ])
          for (const text of [listText, showText, dashboard.stderr()]) assert.notInclude(text, password)
          // No fleet ever used this database: none shown, and reading for one (every second, the list's stream too) made no table.
          const events = new AbortController()
          const stream = yield* Effect.promise(() => fetch(`${dashboard.url}/api/events`, { signal: events.signal }))
          const fleet = yield* Effect.promise(() => fetch(`${dashboard.url}/api/fleet`).then((r) => r.json()))
          assert.isNull(fleet)
          yield* Effect.sleep("2500 millis")
          events.abort()
          assert.strictEqual(stream.status, 200)
          const sql = yield* PgClient.make(url, { maxConnections: 1 }).pipe(Effect.provide(Reactivity.layer))
          const tables = yield* sql<{ readonly tablename: string }>`
          SELECT tablename FROM pg_tables WHERE tablename LIKE 'ralph_fleet%' OR tablename LIKE 'ralph_cluster%'`
          assert.deepStrictEqual(tables, [])
        } finally {
          yield* Effect.promise(() => dashboard.stop())
          removeWorkspaces()
        }
      }).pipe(Effect.scoped),
    120_000
  )
})
