/**
 * The fleet's own rows beside effect/cluster's tables, in the store `ralph run` uses:
 * `ralph_fleet_runs` (each submitted run: its submission, whether a cancel was asked, which
 * worker took it last and its branch) and `ralph_fleet_workers` (each worker process: its runner
 * address, host, pid). Who runs what is the cluster's (shard locks); these rows only describe it.
 */
import { Context, Effect, Layer, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { StateUnavailable } from "../domain/errors.ts"
import { setUpTables } from "../sql/schema.ts"
import { type Queued, SubmissionJson } from "./submission.ts"

/** A submitted run as listed. */
export interface FleetRun {
  readonly queued: Queued
  readonly cancelled: boolean
  /** The runner address of the worker that took it last, and the branch it drives. */
  readonly worker: string | null
  readonly branch: string | null
}

/** A worker process that joined the fleet. */
export interface FleetWorker {
  readonly address: string
  readonly host: string
  readonly pid: number
  readonly concurrency: number
}

interface RunRow {
  readonly run_id: string
  readonly queued: string
  readonly cancelled: unknown
  readonly worker: string | null
  readonly branch: string | null
}

const decode = Schema.decodeUnknownEffect(SubmissionJson)

/** A queued run's row that does not decode (written by another version of ralph, or edited): named, not a crash. */
const damaged = (runId: string) => (error: Schema.SchemaError) =>
  new StateUnavailable({
    path: "ralph_fleet_runs",
    problem: `the queued run ${runId} is damaged or from another version of ralph (${error.message}); ` +
      "delete its row and submit it again"
  })
const encode = Schema.encodeEffect(SubmissionJson)

export class FleetQueue extends Context.Service<FleetQueue, {
  readonly submit: (queued: Queued) => Effect.Effect<void, SqlError | Schema.SchemaError>
  readonly get: (runId: string) => Effect.Effect<FleetRun | undefined, SqlError | StateUnavailable>
  readonly list: Effect.Effect<ReadonlyArray<FleetRun>, SqlError | StateUnavailable>
  readonly cancel: (runId: string) => Effect.Effect<void, SqlError>
  readonly taken: (runId: string, worker: string, branch: string) => Effect.Effect<void, SqlError>
  readonly joined: (worker: FleetWorker) => Effect.Effect<void, SqlError>
  readonly left: (address: string) => Effect.Effect<void, SqlError>
  readonly workers: Effect.Effect<ReadonlyArray<FleetWorker>, SqlError>
}>()("ralph/FleetQueue") {
  static readonly layer = Layer.effect(
    FleetQueue,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* setUpTables(
        sql,
        Effect.andThen(
          sql`CREATE TABLE IF NOT EXISTS ralph_fleet_runs (
            run_id TEXT PRIMARY KEY, queued TEXT NOT NULL, cancelled INTEGER NOT NULL DEFAULT 0,
            worker TEXT, branch TEXT)`,
          sql`CREATE TABLE IF NOT EXISTS ralph_fleet_workers (
            address TEXT PRIMARY KEY, host TEXT NOT NULL, pid INTEGER NOT NULL, concurrency INTEGER NOT NULL)`
        )
      )
      const runOf = (row: RunRow) =>
        Effect.map(decode(row.queued).pipe(Effect.mapError(damaged(row.run_id))), (queued): FleetRun => ({
          queued,
          cancelled: Number(row.cancelled) !== 0,
          worker: row.worker,
          branch: row.branch
        }))
      return FleetQueue.of({
        submit: (queued) =>
          Effect.flatMap(
            encode(queued),
            (json) =>
              Effect.asVoid(
                sql`INSERT INTO ralph_fleet_runs (run_id, queued) VALUES (${queued.submission.runId}, ${json})`
              )
          ),
        get: (runId) =>
          Effect.flatMap(
            sql<RunRow>`SELECT * FROM ralph_fleet_runs WHERE run_id = ${runId}`,
            (rows) => rows[0] === undefined ? Effect.succeed(undefined) : runOf(rows[0])
          ),
        list: Effect.flatMap(
          sql<RunRow>`SELECT * FROM ralph_fleet_runs ORDER BY run_id`,
          (rows) => Effect.forEach(rows, runOf)
        ),
        cancel: (runId) => Effect.asVoid(sql`UPDATE ralph_fleet_runs SET cancelled = 1 WHERE run_id = ${runId}`),
        taken: (runId, worker, branch) =>
          Effect.asVoid(
            sql`UPDATE ralph_fleet_runs SET worker = ${worker}, branch = ${branch} WHERE run_id = ${runId}`
          ),
        joined: (worker) =>
          Effect.asVoid(sql`INSERT INTO ralph_fleet_workers (address, host, pid, concurrency)
            VALUES (${worker.address}, ${worker.host}, ${worker.pid}, ${worker.concurrency})
            ON CONFLICT (address) DO UPDATE SET host = ${worker.host}, pid = ${worker.pid},
            concurrency = ${worker.concurrency}`),
        left: (address) => Effect.asVoid(sql`DELETE FROM ralph_fleet_workers WHERE address = ${address}`),
        workers: Effect.map(
          sql<FleetWorker>`SELECT address, host, pid, concurrency FROM ralph_fleet_workers ORDER BY address`,
          (rows) => rows.map((row) => ({ ...row, pid: Number(row.pid), concurrency: Number(row.concurrency) }))
        )
      })
    })
  )
}
