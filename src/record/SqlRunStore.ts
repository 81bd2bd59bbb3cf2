/**
 * ralph's record of runs in SQL, beside the workflow engine's own tables in the same database:
 * the same journal entries as the JSONL store (decoded with the same schema on every read, folded
 * by the same `viewRun`), one row each, plus a summary row per run so that `ralph runs` reads one
 * table however many runs there are, and each round's bounded output. SQLite or PostgreSQL.
 */
import { Effect, identity, Layer } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { InvalidArguments, type LeaseLost, StateUnavailable } from "../domain/errors.ts"
import { decodeEntry, type JournalEntry } from "../domain/journal.ts"
import { viewRun } from "../domain/runFold.ts"
import { runStates, type RunSummary } from "../domain/runView.ts"
import { isOneOf } from "../domain/settingValues.ts"
import { checkFence, fenced } from "../sql/fence.ts"
import { lazyFlush } from "../sql/LazyFlush.ts"
import { waitOutOutage } from "../sql/outage.ts"
import { setUpTables } from "../sql/schema.ts"
import { sqlMessage } from "../sql/sqlMessage.ts"
import { makeRunLeases } from "./RunLeases.ts"
import { keptStdoutBytes, type RunJournal, type RunListing, RunStore, validRunId } from "./RunStore.ts"

const unavailable = (where: string) => (error: SqlError | LeaseLost) =>
  new StateUnavailable({
    path: where,
    // A refused write of a run whose lease passed on: its holder fails with LeaseLost (RunHold.drive).
    problem: error._tag === "LeaseLost"
      ? `the write was refused: ${error.message}`
      : `the database failed: ${sqlMessage(error)}`
  })

const isRunState = isOneOf(runStates)

/** A count column: a number, or (a driver's 64-bit integers) a bigint or its digits. */
const isCount = (value: unknown): value is number | bigint | string =>
  typeof value === "number" || typeof value === "bigint" || (typeof value === "string" && /^\d+$/.test(value))

/**
 * A row of `ralph_runs` as `list` reads it — an array, in the order it selects the columns (arrays,
 * not objects: node:sqlite builds 10 000 row objects in ~3× the time of 10 000 arrays) — decoded:
 * a row holding what ralph never writes there is a damaged run, listed as such.
 */
const listingOf = (row: ReadonlyArray<unknown>, live: ReadonlySet<string>): RunListing => {
  const [runId, objective, maxRounds, agent, workspace, startedAt, updatedAt, rounds, finalState] = row
  if (
    typeof runId !== "string" || typeof objective !== "string" || typeof agent !== "string" ||
    typeof workspace !== "string" || typeof startedAt !== "string" || typeof updatedAt !== "string" ||
    !isCount(maxRounds) || !isCount(rounds) ||
    (finalState !== null && (typeof finalState !== "string" || !isRunState(finalState)))
  ) {
    return { _tag: "Damaged", runId: String(runId), problem: "its summary row in ralph_runs is not one ralph wrote" }
  }
  const summary: RunSummary = {
    runId,
    // An unfinished run is running (or waiting for an answer) while someone holds its lease, else interrupted.
    state: finalState === null || finalState === "waiting"
      ? live.has(runId) ? finalState ?? "running" : "interrupted"
      : finalState,
    rounds: Number(rounds),
    maxRounds: Number(maxRounds),
    agent,
    objective,
    workspace,
    startedAt,
    updatedAt
  }
  return { _tag: "Readable", summary }
}

/**
 * Entries no engine write follows soon to flush them: the run's own, a person's answer or note
 * (written by another process), and the start of a wait for an answer (which may last hours).
 */
const flushedAtOnce = (entry: JournalEntry): boolean =>
  entry.type.startsWith("run-") || entry.type === "answer" || entry.type === "note" || entry.type === "waiting"

/** The run store over the current `SqlClient`; `where` names the database in errors (never a password). */
export const makeSqlRunStore = Effect.fn("SqlRunStore.make")(function*(where: string) {
  const sql = yield* SqlClient.SqlClient
  const fail = unavailable(where)

  const prepare = setUpTables(
    sql,
    Effect.gen(function*() {
      // owner_pid (the ralph that last drove the run) stays written for databases made before leases;
      // who drives a run now is ralph_leases.
      yield* sql`CREATE TABLE IF NOT EXISTS ralph_runs (
      run_id TEXT PRIMARY KEY,
      objective TEXT NOT NULL,
      max_rounds INTEGER NOT NULL,
      agent TEXT NOT NULL,
      workspace TEXT NOT NULL,
      started_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      rounds INTEGER NOT NULL,
      final_state TEXT,
      owner_pid INTEGER NOT NULL
    )`
      yield* sql`CREATE TABLE IF NOT EXISTS ralph_entries (
      run_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      entry TEXT NOT NULL,
      PRIMARY KEY (run_id, seq)
    )`
      yield* sql`CREATE TABLE IF NOT EXISTS ralph_outputs (
      run_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      round INTEGER NOT NULL,
      attempt INTEGER NOT NULL,
      stdout TEXT NOT NULL,
      stderr TEXT NOT NULL,
      PRIMARY KEY (run_id, seq)
    )`
    })
  ).pipe(Effect.mapError(fail), Effect.withSpan("SqlRunStore.prepare"))
  yield* prepare
  const leases = yield* Effect.mapError(makeRunLeases(), fail)

  /**
   * Appends one entry and keeps the run's summary row in step with it, in one transaction.
   *
   * Round entries are committed without a flush of their own (`lazyFlush`): each is written
   * inside a round's activity, and the durable engine's record of that activity (or the run's
   * end) follows it on the same database and flushes it with itself. A crash of ralph (SIGKILL)
   * loses none of them; a power loss can lose them only with the activity's record after them, and
   * then the round runs again, as it would after a power loss a moment earlier. Run entries flush
   * at once. A run driven under a lease is fenced by it (src/sql/fence.ts), checked first in the
   * same transaction.
   */
  const appendEntry = (runId: string, entry: JournalEntry) =>
    sql.withTransaction(Effect.gen(function*() {
      yield* checkFence(sql)
      // A person's answer or note comes from another process while the driver appends: on
      // PostgreSQL two appends of one run would take the same seq (SQLite's write lock orders them).
      yield* sql.onDialectOrElse({
        pg: () => sql`SELECT pg_advisory_xact_lock(hashtext(${runId}))`,
        orElse: () => Effect.void
      })
      yield* sql`INSERT INTO ralph_entries (run_id, seq, entry)
        SELECT ${runId}, COALESCE(MAX(seq), 0) + 1, ${JSON.stringify(entry)} FROM ralph_entries
        WHERE run_id = ${runId}`
      switch (entry.type) {
        case "run-started":
          yield* sql`INSERT INTO ralph_runs ${
            sql.insert({
              run_id: runId,
              objective: entry.objective,
              max_rounds: entry.maxRounds,
              agent: entry.config.subagentProvider,
              workspace: entry.workspace,
              started_at: entry.t,
              updated_at: entry.t,
              rounds: 0,
              final_state: null,
              owner_pid: entry.pid
            })
          }`
          return
        case "run-resumed":
          yield* sql`UPDATE ralph_runs SET owner_pid = ${entry.pid}, final_state = NULL, updated_at = ${entry.t}
            WHERE run_id = ${runId}`
          return
        case "round-finished":
          yield* sql`UPDATE ralph_runs SET rounds = rounds + 1, updated_at = ${entry.t} WHERE run_id = ${runId}`
          return
        // `ralph runs` shows a run waiting for an answer (a final_state it loses as the run goes on).
        case "waiting":
          yield* sql`UPDATE ralph_runs SET final_state = 'waiting', updated_at = ${entry.t} WHERE run_id = ${runId}`
          return
        case "answer":
        case "round-started":
          yield* sql`UPDATE ralph_runs SET final_state = NULL, updated_at = ${entry.t}
            WHERE run_id = ${runId} AND (final_state IS NULL OR final_state = 'waiting')`
          return
        case "run-finished":
          yield* sql`UPDATE ralph_runs SET final_state = ${entry.envelope.result.status}, updated_at = ${entry.t}
            WHERE run_id = ${runId}`
          return
        case "run-failed":
          yield* sql`UPDATE ralph_runs SET final_state = ${
            entry.error._tag === "Cancelled" ? "cancelled" : "failed"
          }, updated_at = ${entry.t} WHERE run_id = ${runId}`
          return
        default:
          yield* sql`UPDATE ralph_runs SET updated_at = ${entry.t} WHERE run_id = ${runId}`
      }
    })).pipe(flushedAtOnce(entry) ? identity : lazyFlush)

  const open = Effect.fn("SqlRunStore.open")(function*(runId: string) {
    const journal: RunJournal = {
      dir: where,
      append: (entry) =>
        appendEntry(runId, { t: new Date().toISOString(), ...entry }).pipe(waitOutOutage, Effect.mapError(fail)),
      // Written inside the round's activity: flushed with the round, as round entries are (see appendEntry).
      keepOutput: (round, attempt, output) =>
        Effect.suspend(() => {
          const stdout = Buffer.from(output.stdout, "utf8").subarray(0, keptStdoutBytes).toString("utf8")
          return sql`INSERT INTO ralph_outputs (run_id, seq, round, attempt, stdout, stderr)
            SELECT ${runId}, COALESCE(MAX(seq), 0) + 1, CAST(${round} AS INTEGER), CAST(${attempt} AS INTEGER),
              ${stdout}, ${output.stderr}
            FROM ralph_outputs WHERE run_id = ${runId}`
        }).pipe(fenced(sql), Effect.asVoid, lazyFlush, waitOutOutage, Effect.mapError(fail))
    }
    return journal
  })

  const entriesOf = (runId: string, after = 0) =>
    Effect.gen(function*() {
      const rows = yield* sql<{ readonly seq: number; readonly entry: string }>`
        SELECT seq, entry FROM ralph_entries WHERE run_id = ${runId} AND seq > ${after} ORDER BY seq`.pipe(
        Effect.mapError(fail)
      )
      const entries: Array<JournalEntry> = []
      for (const row of rows) {
        const decoded = decodeEntry(row.entry)
        if (decoded._tag === "Failure") {
          return yield* new StateUnavailable({
            path: where,
            problem: `entry ${row.seq} of run ${runId} is damaged (${
              decoded.failure.message.split("\n")[0]
            }); ralph will not guess what happened`
          })
        }
        entries.push(decoded.success)
      }
      return { entries, cursor: rows.length === 0 ? after : Number(rows[rows.length - 1]!.seq) }
    })

  const entriesAfter = (runId: string, cursor: number) => entriesOf(runId, cursor)

  const entries = Effect.fn("SqlRunStore.entries")(function*(runId: string) {
    if (!validRunId.test(runId)) {
      return yield* new InvalidArguments({ argument: "runId", problem: `"${runId}" is not a run id` })
    }
    const found = (yield* entriesOf(runId)).entries
    if (found.length === 0) {
      return yield* new InvalidArguments({
        argument: "runId",
        problem: `no run ${runId} in ${where}; \`ralph runs\` lists the runs there`
      })
    }
    if (found[0]!.type !== "run-started") {
      return yield* new StateUnavailable({ path: where, problem: `run ${runId} does not start with run-started` })
    }
    return found
  })

  const outputs = (runId: string) =>
    sql<{ readonly round: number; readonly attempt: number; readonly stdout: string; readonly stderr: string }>`
      SELECT round, attempt, stdout, stderr FROM ralph_outputs WHERE run_id = ${runId} ORDER BY seq`.pipe(
      Effect.map((rows) =>
        rows.map((row) => ({
          round: Number(row.round),
          attempt: Number(row.attempt),
          stdout: row.stdout,
          stderr: row.stderr
        }))
      ),
      Effect.mapError(fail),
      Effect.withSpan("SqlRunStore.outputs")
    )

  const read = (runId: string) =>
    Effect.gen(function*() {
      const found = yield* entries(runId)
      const driven = yield* Effect.mapError(leases.isDriven(runId), fail)
      return viewRun(found, () => driven)
    })

  const hold = (runId: string, workspace: string) =>
    leases.hold(runId, workspace).pipe(Effect.catchTag("SqlError", (error) => Effect.fail(fail(error))))

  const list = Effect.all([
    sql`SELECT run_id, objective, max_rounds, agent, workspace, started_at, updated_at, rounds,
      final_state FROM ralph_runs ORDER BY started_at, run_id`.values,
    leases.live
  ]).pipe(
    Effect.map(([rows, live]): ReadonlyArray<RunListing> => rows.map((row) => listingOf(row, live))),
    Effect.mapError(fail),
    Effect.withSpan("SqlRunStore.list")
  )

  /**
   * Copies into the database the runs a JSONL journal store holds and the database does not (once
   * each, entries as they are), so switching engines loses no history. Damaged journals are left
   * where they are, for the journal engine's `ralph runs` to report.
   */
  const importFrom = Effect.fn("SqlRunStore.importFrom")(function*(
    journals: RunStore["Service"],
    runIds: ReadonlyArray<string>
  ) {
    // Every command opens the store this way: with no journal to bring in, the runs are not read.
    if (runIds.length === 0) return 0
    const known = new Set(
      (yield* sql<{ readonly run_id: string }>`SELECT run_id FROM ralph_runs`.pipe(Effect.mapError(fail))).map((row) =>
        row.run_id
      )
    )
    let imported = 0
    for (const runId of runIds) {
      if (known.has(runId)) continue
      const found = yield* Effect.result(journals.entries(runId))
      if (found._tag === "Failure") continue
      const kept = yield* journals.outputs(runId)
      const journal = yield* open(runId)
      yield* Effect.gen(function*() {
        yield* Effect.forEach(found.success, (entry) => appendEntry(runId, entry).pipe(Effect.mapError(fail)), {
          discard: true
        })
        yield* Effect.forEach(kept, (output) => journal.keepOutput(output.round, output.attempt, output), {
          discard: true
        })
      }).pipe(sql.withTransaction, Effect.mapError((error) => error._tag === "SqlError" ? fail(error) : error))
      imported++
    }
    return imported
  })

  return Object.assign(
    RunStore.of({
      root: where,
      prepare: Effect.void,
      open,
      read,
      entries,
      entriesAfter,
      hold,
      outputs,
      list
    }),
    {
      importFrom
    }
  )
})

/**
 * The run store over the current `SqlClient`, as a layer; `where` names the database in errors. Its
 * round entries rely on the SQL workflow engine on the same client to flush them (`lazyFlush`).
 */
export const layerSqlRunStore = (where: string) => Layer.effect(RunStore, makeSqlRunStore(where))
