/**
 * Which of the run store's commits wait for the disk: run entries do, round entries and kept
 * outputs leave their flush to the engine's record of the round (src/sql/LazyFlush.ts). Observed
 * on a SqlClient whose connection notes, for every transaction it begins and every statement run
 * on its own, whether `LazyFlush` was on.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as Semaphore from "effect/Semaphore"
import * as Client from "effect/sql/SqlClient"
import type { Connection } from "effect/sql/SqlConnection"
import * as Statement from "effect/sql/Statement"
import type { DatabaseSync } from "node:sqlite"
import type { NewEntry } from "../../src/record/RunStore.ts"
import { makeSqlRunStore } from "../../src/record/SqlRunStore.ts"
import { LazyFlush } from "../../src/sql/LazyFlush.ts"
import * as NodeSqliteClient from "../../src/sql/NodeSqliteClient.ts"
import { loadNodeSqlite } from "../../src/sql/nodeSqliteModule.ts"

/** A commit (a top-level BEGIN, or a statement outside any transaction) and whether it was lazy. */
interface Commit {
  readonly sql: string
  readonly lazy: boolean
}

const spyClient = (db: DatabaseSync, commits: Array<Commit>) =>
  Effect.gen(function*() {
    const run = (sql: string, params: ReadonlyArray<unknown>) =>
      Effect.withFiber<ReadonlyArray<any>>((fiber) => {
        if (!db.isTransaction) {
          commits.push({ sql: sql.trim().split(/\s+/).slice(0, 3).join(" "), lazy: fiber.getRef(LazyFlush) })
        }
        const statement = db.prepare(sql)
        const args = params as Array<any>
        return Effect.succeed(statement.columns().length > 0 ? statement.all(...args) : (statement.run(...args), []))
      })
    const connection: Connection = {
      execute: (sql, params) => run(sql, params),
      executeRaw: (sql, params) => run(sql, params),
      executeStream: () => Stream.die("not used"),
      executeValues: () => Effect.die("not used"),
      executeValuesUnprepared: () => Effect.die("not used"),
      executeUnprepared: (sql, params) => run(sql, params)
    }
    const acquirers = Client.makeSqliteAcquirers({
      connection: Effect.succeed(connection),
      semaphore: yield* Semaphore.make(1),
      isTransaction: () => db.isTransaction
    })
    return yield* Client.make({
      ...acquirers,
      compiler: Statement.makeCompilerSqlite(),
      driver: "spy",
      spanAttributes: [],
      beginTransaction: "BEGIN IMMEDIATE"
    })
  }).pipe(Effect.provide(Reactivity.layer))

describe("SqlRunStore commits", () => {
  it.effect("run entries flush at once; round entries and kept outputs are lazy", () =>
    Effect.gen(function*() {
      const db = new (loadNodeSqlite().DatabaseSync)(":memory:")
      const commits: Array<Commit> = []
      const sql = yield* spyClient(db, commits)
      const store = yield* makeSqlRunStore("spy").pipe(Effect.provide(Layer.succeed(Client.SqlClient, sql)))
      const journal = yield* store.open("r1")
      const written = (entry: NewEntry) =>
        Effect.gen(function*() {
          commits.length = 0
          yield* journal.append(entry)
          return commits.map((commit) => commit.lazy)
        })

      const started = yield* written({
        type: "run-started",
        runId: "r1",
        objective: "o",
        maxRounds: 2,
        config: { subagentProvider: "exec" },
        agent: {},
        workspace: "/w",
        gitHead: null,
        pid: process.pid,
        version: "0"
      } as unknown as NewEntry)
      assert.deepStrictEqual(started, [false], "run-started: one transaction, flushed")
      assert.deepStrictEqual(yield* written({ type: "round-started", round: 1, attempt: 1 }), [true])
      assert.deepStrictEqual(yield* written({ type: "child-spawned", round: 1, attempt: 1, pid: 1 }), [true])
      commits.length = 0
      yield* journal.keepOutput(1, 1, { stdout: "out", stderr: "err" })
      assert.deepStrictEqual(
        commits,
        [{ sql: "INSERT INTO ralph_outputs", lazy: true }],
        "kept output: one lazy statement"
      )
      const report = { status: "continue", summary: "s", evidence: [], nextSteps: [], blocker: "" }
      assert.deepStrictEqual(
        yield* written({ type: "round-finished", round: 1, attempt: 1, report, durationMs: 1, usage: {} } as NewEntry),
        [true]
      )
      assert.deepStrictEqual(
        yield* written({
          type: "run-finished",
          envelope: { runId: "r1", agentsStarted: 1, result: { status: "complete", roundsStarted: 1, report } }
        } as unknown as NewEntry),
        [false]
      )

      // Each entry took the next seq, each output too.
      const rows = db.prepare("SELECT seq, json_extract(entry, '$.type') AS type FROM ralph_entries ORDER BY seq").all()
      assert.deepStrictEqual(rows.map((row) => [row.seq, row.type]), [
        [1, "run-started"],
        [2, "round-started"],
        [3, "child-spawned"],
        [4, "round-finished"],
        [5, "run-finished"]
      ])
      assert.deepStrictEqual(yield* store.outputs("r1"), [{ round: 1, attempt: 1, stdout: "out", stderr: "err" }])
      db.close()
    }))
})

describe("SqlRunStore listing", () => {
  it.effect("a summary row holding what ralph never writes there is listed as a damaged run", () =>
    Effect.gen(function*() {
      const sql = yield* Client.SqlClient
      const store = yield* makeSqlRunStore("test")
      yield* store.prepare
      const row = (runId: string, finalState: string | null, rounds: number | string) =>
        sql`INSERT INTO ralph_runs (run_id, objective, max_rounds, agent, workspace, owner_pid, started_at, updated_at,
          rounds, final_state) VALUES (${runId}, ${"o"}, ${3}, ${"exec"}, ${"/w"}, ${0}, ${"2026-12-01T00:00:00Z"},
          ${"2026-12-01T00:00:01Z"}, ${rounds}, ${finalState})`
      yield* row("good", "complete", 2)
      yield* row("bad-state", "exploded", 1)
      yield* row("bad-rounds", null, "many")
      const listed = yield* store.list
      assert.deepStrictEqual(
        listed.map((run) =>
          run._tag === "Readable" ? [run.summary.runId, run.summary.state, run.summary.rounds] : [
            run.runId,
            run.problem
          ]
        ),
        [
          ["bad-rounds", "its summary row in ralph_runs is not one ralph wrote"],
          ["bad-state", "its summary row in ralph_runs is not one ralph wrote"],
          ["good", "complete", 2]
        ]
      )
    }).pipe(Effect.provide(NodeSqliteClient.layer({ filename: ":memory:" }))))
})
