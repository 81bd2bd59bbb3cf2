/**
 * --notify on the postgres engine: the delivery is appended to the run's record under the run's
 * lease (after run-finished, still fenced), shown by another process; the database's password is
 * in no request.
 */
import { afterAll, assert, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { printJson, writeAgent } from "../support/agents.ts"
import { execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { startReceiver } from "../support/receiver.ts"
import { completeReport } from "../support/reports.ts"
import * as PgTest from "./harness.ts"

afterAll(removeWorkspaces)

PgTest.describe("notifications on the postgres engine", () => {
  it.live(
    "a finished run's notification is sent, recorded and shown; no password is sent",
    () =>
      Effect.gen(function*() {
        const database = yield* PgTest.freshDatabase({ prefix: "notify" })
        const url = Redacted.value(database.url)
        const password = decodeURIComponent(new URL(url).password)
        assert.isAbove(password.length, 0)
        const receiver = yield* Effect.acquireRelease(
          Effect.promise(() => startReceiver()),
          (r) => Effect.promise(() => r.close())
        )
        const { root, ws } = newWorkspace()
        const agent = writeAgent(root, "agent.sh", printJson(completeReport))
        const env = { RALPH_ENGINE: "postgres", RALPH_DATABASE_URL: url }
        const result = yield* Effect.promise(() =>
          runCli([...execArgs(agent, "--json", "--notify", receiver.url), "x"], { cwd: ws, env })
        )
        assert.strictEqual(result.code, 0, result.stderr)
        const runId = jsonDocument(result).runId as string
        assert.strictEqual(receiver.received.length, 1)
        assert.notInclude(receiver.received[0]!.body, password)
        const shown = yield* Effect.promise(() => runCli(["show", runId, "--json"], { cwd: ws, env }))
        assert.strictEqual(shown.code, 0, shown.stderr)
        const notifications = jsonDocument(shown).notifications as Array<Record<string, unknown>>
        assert.deepStrictEqual(notifications.map(({ at: _, ...rest }) => rest), [
          { url: receiver.url, event: "finished", outcome: "sent", status: 200, attempts: 1 }
        ])
      }).pipe(Effect.scoped),
    60_000
  )
})
