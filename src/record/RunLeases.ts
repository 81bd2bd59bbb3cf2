/**
 * Who drives a run now, for stores several machines share: a lease row per run being driven,
 * renewed every few seconds by its holder and deleted when it stops. A pid means nothing on another
 * machine, so a run is driven while its lease is fresh — and, on this host, while its holder lives
 * (a holder killed here frees it at once; one killed elsewhere, once its lease goes stale).
 */
import { Duration, Effect, Schedule, type Scope } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { hostname } from "node:os"
import { runLeaseTtl, WorkspaceLocked } from "../domain/errors.ts"
import { isProcessAlive } from "../process/liveness.ts"

/** How often a holder renews its lease (one not renewed counts for `runLeaseTtl`). */
const leaseRenewal = Duration.seconds(5)

interface LeaseRow {
  readonly run_id: string
  readonly host: string
  readonly pid: number
  readonly heartbeat_at: number
}

export interface RunLeases {
  /** Holds the run's lease for the scope (renewed in the background); WorkspaceLocked while another holder drives it. */
  readonly hold: (runId: string, workspace: string) => Effect.Effect<void, WorkspaceLocked | SqlError, Scope.Scope>
  /** The runs driven now, by anyone. */
  readonly live: Effect.Effect<ReadonlySet<string>, SqlError>
  /** Whether one run is driven now, by anyone. */
  readonly isDriven: (runId: string) => Effect.Effect<boolean, SqlError>
}

export const makeRunLeases = Effect.fn("RunLeases.make")(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE IF NOT EXISTS ralph_leases (
    run_id TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    heartbeat_at BIGINT NOT NULL
  )`
  const host = hostname()
  const ttl = Duration.toMillis(runLeaseTtl)

  const isLive = (row: LeaseRow, now: number) =>
    now - Number(row.heartbeat_at) < ttl && (row.host !== host || isProcessAlive(Number(row.pid)))

  const ours = (row: LeaseRow) => row.host === host && Number(row.pid) === process.pid

  const leaseOf = (runId: string) =>
    Effect.map(sql<LeaseRow>`SELECT * FROM ralph_leases WHERE run_id = ${runId}`, (rows) => rows[0])

  const lockedBy = (row: LeaseRow, workspace: string) =>
    new WorkspaceLocked({
      workspace,
      runId: row.run_id,
      pid: Number(row.pid),
      ...(row.host === host ? {} : { host: row.host })
    })

  /** Takes the lease when nobody drives the run: the write only lands if the row is still as it was read. */
  const take = (runId: string, workspace: string) =>
    Effect.gen(function*() {
      const now = Date.now()
      const current = yield* leaseOf(runId)
      if (current !== undefined && !ours(current) && isLive(current, now)) return yield* lockedBy(current, workspace)
      const taken = current === undefined
        ? yield* sql`INSERT INTO ralph_leases ${
          sql.insert({ run_id: runId, host, pid: process.pid, heartbeat_at: now })
        } ON CONFLICT (run_id) DO NOTHING RETURNING run_id`
        : yield* sql`UPDATE ralph_leases SET host = ${host}, pid = ${process.pid}, heartbeat_at = ${now}
            WHERE run_id = ${runId} AND host = ${current.host} AND pid = ${current.pid}
            AND heartbeat_at = ${current.heartbeat_at} RETURNING run_id`
      // Someone took it between the read and the write: named as its holder.
      if (taken.length === 0) {
        const winner = yield* leaseOf(runId)
        return yield* (winner === undefined
          ? new WorkspaceLocked({ workspace, runId, pid: 0 })
          : lockedBy(winner, workspace))
      }
    })

  const renew = (runId: string) =>
    sql`UPDATE ralph_leases SET heartbeat_at = ${Date.now()}
      WHERE run_id = ${runId} AND host = ${host} AND pid = ${process.pid}`

  const release = (runId: string) =>
    Effect.ignore(sql`DELETE FROM ralph_leases WHERE run_id = ${runId} AND host = ${host} AND pid = ${process.pid}`)

  const hold = (runId: string, workspace: string) =>
    Effect.gen(function*() {
      yield* Effect.acquireRelease(take(runId, workspace), () => release(runId))
      // A failed renewal is tried again at the next tick; the lease only lapses after the ttl.
      yield* Effect.forkScoped(Effect.ignore(renew(runId)).pipe(Effect.repeat(Schedule.spaced(leaseRenewal))))
    })

  const live = Effect.map(sql<LeaseRow>`SELECT * FROM ralph_leases`, (rows) => {
    const now = Date.now()
    return new Set(rows.filter((row) => isLive(row, now)).map((row) => row.run_id))
  })

  const isDriven = (runId: string) => Effect.map(leaseOf(runId), (row) => row !== undefined && isLive(row, Date.now()))

  return { hold, live, isDriven } satisfies RunLeases
})
