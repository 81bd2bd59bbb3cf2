/**
 * The engine's contract (test/engine/cases.ts) on the SQL store over ralph's node:sqlite client,
 * one fresh database file per test (each `connect` opens it again, as a new process would); and
 * the tables the store creates.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { Activity, Workflow } from "effect/workflow"
import { join } from "node:path"
import * as DurableEngine from "../../src/engine/DurableEngine.ts"
import * as SqlWorkflowStore from "../../src/engine/SqlWorkflowStore.ts"
import * as NodeSqliteClient from "../../src/sql/NodeSqliteClient.ts"
import { cleanup, makeTempDir } from "../support/agents.ts"
import { engineCases } from "./cases.ts"

const dir = makeTempDir("ralph-engine-sqlite-")
afterAll(() => cleanup(dir))
let files = 0

engineCases({
  name: "SQLite",
  makePlace: () => {
    const filename = join(dir, `place-${++files}.db`)
    return {
      connect: () => SqlWorkflowStore.layer().pipe(Layer.provide(NodeSqliteClient.layer({ filename })))
    }
  }
})

describe("the SQL store's tables", () => {
  const Greet = Workflow.make("Greet", {
    payload: { name: Schema.String },
    success: Schema.String,
    idempotencyKey: ({ name }) => name
  })
  const greetLive = Greet.toLayer(Effect.fn(function*({ name }) {
    return yield* Activity.make({ name: "hello", success: Schema.String, execute: Effect.succeed(`hello ${name}`) })
  }))

  it.effect("ralph_wf_executions, _activities, _deferreds and _clocks, created on first use; rows as documented", () =>
    Effect.gen(function*() {
      const filename = join(dir, "tables.db")
      const client = NodeSqliteClient.layer({ filename })
      const result = yield* Greet.execute({ name: "ada" }).pipe(
        Effect.provide(greetLive.pipe(Layer.provideMerge(DurableEngine.layerSql()), Layer.provide(client)))
      )
      assert.strictEqual(result, "hello ada")
      const executionId = yield* Greet.executionId({ name: "ada" })
      const rows = yield* Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const tables = yield* sql<{ readonly name: string }>`
          SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'ralph_wf_%' ORDER BY name`
        const executions = yield* sql<Record<string, unknown>>`SELECT * FROM ralph_wf_executions`
        const activities = yield* sql<Record<string, unknown>>`SELECT * FROM ralph_wf_activities`
        return { tables: tables.map((t) => t.name), executions, activities }
      }).pipe(Effect.provide(NodeSqliteClient.layer({ filename, readonly: true })))
      assert.deepStrictEqual(rows.tables, [
        "ralph_wf_activities",
        "ralph_wf_clocks",
        "ralph_wf_deferreds",
        "ralph_wf_executions"
      ])
      assert.strictEqual(rows.executions.length, 1)
      const execution = rows.executions[0]!
      assert.strictEqual(execution.execution_id, executionId)
      assert.strictEqual(execution.workflow_name, "Greet")
      assert.deepStrictEqual(JSON.parse(execution.payload as string), { name: "ada" })
      assert.deepStrictEqual(JSON.parse(execution.result as string), { _tag: "Success", value: "hello ada" })
      assert.isNumber(execution.completed_at)
      assert.deepStrictEqual(
        rows.activities.map((a) => [a.execution_id, a.activity_name, a.attempt, JSON.parse(a.exit as string)]),
        [[executionId, "hello", 1, { _tag: "Success", value: "hello ada" }]]
      )
    }))

  it.effect("a table prefix of one's own", () =>
    Effect.gen(function*() {
      const filename = join(dir, "prefix.db")
      yield* Greet.execute({ name: "bob" }).pipe(
        Effect.provide(
          greetLive.pipe(
            Layer.provideMerge(DurableEngine.layerSql({ tablePrefix: "mine" })),
            Layer.provide(NodeSqliteClient.layer({ filename }))
          )
        )
      )
      const tables = yield* Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        return yield* sql<{ readonly name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`
      }).pipe(Effect.provide(NodeSqliteClient.layer({ filename, readonly: true })))
      assert.deepStrictEqual(tables.map((t) => t.name), [
        "mine_activities",
        "mine_clocks",
        "mine_deferreds",
        "mine_executions"
      ])
    }))
})
