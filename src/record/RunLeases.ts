/**
 * Who drives a run now, for stores several machines share: a lease row per run, renewed every few
 * seconds by its holder and released when it stops. A pid means nothing on another machine, so a
 * run is driven while its lease is fresh — and, on this host, while its holder lives (a holder
 * killed here frees it at once; one killed elsewhere, once its lease goes stale).
 *
 * Freshness is judged by the database's clock alone (heartbeats are written with it and aged with
 * it), never one machine's wall clock by another's. Each takeover raises the row's `epoch`, the
 * fencing token every write of the run's record and engine state checks (src/sql/fence.ts): a
 * holder that was paused past its lease finds its writes refused and its renewal gone, stops its
 * child and fails with LeaseLost naming the new holder. Rows stay once released (`pid` 0), so an
 * epoch never repeats.
 */
import { Deferred, Duration, Effect, type Scope } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { hostname } from "node:os"
import { LeaseLost, WorkspaceLocked } from "../domain/errors.ts"
import { defaults } from "../domain/settings.ts"
import { isProcessAlive } from "../process/liveness.ts"
import { type Fence, leaseLost, withFence } from "../sql/fence.ts"
import { setUpTables } from "../sql/schema.ts"
import type { RunHold } from "./RunStore.ts"

/**
 * The lease's ttl: `defaults.runLeaseTtl`, or — for tests that pause a ralph past its lease, and only for
 * them — `RALPH_TEST_LEASE_TTL_MS` milliseconds (an internal knob: not a setting, not in --help).
 */
const leaseTtl = (): Duration.Duration => {
  const asked = Number(process.env.RALPH_TEST_LEASE_TTL_MS)
  return Number.isSafeInteger(asked) && asked >= 100 ? Duration.millis(asked) : defaults.runLeaseTtl
}

interface LeaseRow {
  readonly run_id: string
  readonly host: string
  readonly pid: unknown
  readonly heartbeat_at: unknown
  readonly epoch: unknown
  /** Milliseconds since the last heartbeat, by the database's clock. */
  readonly age: unknown
}

export interface RunLeases {
  /** Holds the run's lease for the scope (renewed in the background); WorkspaceLocked while another holder drives it. */
  readonly hold: (runId: string, workspace: string) => Effect.Effect<RunHold, WorkspaceLocked | SqlError, Scope.Scope>
  /** The runs driven now, by anyone. */
  readonly live: Effect.Effect<ReadonlySet<string>, SqlError>
  /** Whether one run is driven now, by anyone. */
  readonly isDriven: (runId: string) => Effect.Effect<boolean, SqlError>
}

/** Adds the `epoch` column to a table made before fencing (its rows start at epoch 0). */
const addEpoch = (sql: SqlClient.SqlClient) =>
  Effect.gen(function*() {
    const found = yield* sql.onDialectOrElse({
      pg: () =>
        sql`SELECT 1 FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'ralph_leases' AND column_name = 'epoch'`,
      orElse: () => sql`SELECT 1 FROM pragma_table_info('ralph_leases') WHERE name = 'epoch'`
    })
    if (found.length === 0) yield* sql`ALTER TABLE ralph_leases ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0`
  })

export const makeRunLeases = Effect.fn("RunLeases.make")(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* setUpTables(
    sql,
    Effect.andThen(
      sql`CREATE TABLE IF NOT EXISTS ralph_leases (
        run_id TEXT PRIMARY KEY,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        heartbeat_at BIGINT NOT NULL,
        epoch BIGINT NOT NULL DEFAULT 0
      )`,
      addEpoch(sql)
    )
  )
  const host = hostname()
  const ttl = Duration.toMillis(leaseTtl())
  /** How often a holder renews its lease: six times a ttl (every 5 s of 30). */
  const renewal = Duration.millis(ttl / 6)
  /** The database's clock, in epoch milliseconds. */
  const now = sql.onDialectOrElse({
    pg: () => sql.literal("CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"),
    orElse: () => sql.literal("CAST(unixepoch('subsec') * 1000 AS INTEGER)")
  })

  const isLive = (row: LeaseRow) =>
    Number(row.pid) !== 0 && Number(row.age) < ttl && (row.host !== host || isProcessAlive(Number(row.pid)))

  const ours = (row: LeaseRow) => row.host === host && Number(row.pid) === process.pid

  const leaseOf = (runId: string) =>
    Effect.map(
      sql<LeaseRow>`SELECT run_id, host, pid, heartbeat_at, epoch, ${now} - heartbeat_at AS age
        FROM ralph_leases WHERE run_id = ${runId}`,
      (rows) => rows[0]
    )

  const lockedBy = (row: LeaseRow, workspace: string) =>
    new WorkspaceLocked({
      workspace,
      runId: row.run_id,
      pid: Number(row.pid),
      ...(row.host === host ? {} : { host: row.host })
    })

  /**
   * The takeover's write. A holder paused inside one of its writes holds the row `FOR SHARE` (or,
   * on SQLite, the database's write lock) until it runs again: the takeover waits a few seconds for
   * it on Postgres (SQLite's busy timeout on SQLite), then the run counts as driven by it.
   */
  const takeover = (runId: string, current: LeaseRow | undefined) =>
    sql.withTransaction(Effect.gen(function*() {
      yield* sql.onDialectOrElse({ pg: () => sql`SET LOCAL lock_timeout = '3s'`, orElse: () => Effect.void })
      return current === undefined
        ? yield* sql<{ readonly epoch: unknown }>`INSERT INTO ralph_leases (run_id, host, pid, heartbeat_at, epoch)
            VALUES (${runId}, ${host}, ${process.pid}, ${now}, 1) ON CONFLICT (run_id) DO NOTHING RETURNING epoch`
        : yield* sql<{ readonly epoch: unknown }>`UPDATE ralph_leases
            SET host = ${host}, pid = ${process.pid}, heartbeat_at = ${now}, epoch = epoch + 1
            WHERE run_id = ${runId} AND epoch = ${current.epoch} AND heartbeat_at = ${current.heartbeat_at}
            RETURNING epoch`
    }))

  /**
   * Takes the lease when nobody drives the run, raising its epoch: the write only lands if the row
   * is still as it was read (a holder that renewed meanwhile keeps it). Returns the new epoch.
   */
  const take = (runId: string, workspace: string) =>
    Effect.gen(function*() {
      const current = yield* leaseOf(runId)
      if (current !== undefined && !ours(current) && isLive(current)) return yield* lockedBy(current, workspace)
      const taken = yield* takeover(runId, current).pipe(
        Effect.catch((error) =>
          Effect.fail(
            current !== undefined && error.reason._tag === "LockTimeoutError" ? lockedBy(current, workspace) : error
          )
        )
      )
      // Someone took it between the read and the write: named as its holder.
      if (taken.length === 0) {
        const winner = yield* leaseOf(runId)
        return yield* (winner === undefined
          ? new WorkspaceLocked({ workspace, runId, pid: 0 })
          : lockedBy(winner, workspace))
      }
      return Number(taken[0]!.epoch)
    })

  /** Whether the lease is still the holder's: zero rows means another ralph took it over. */
  const renew = (fence: Fence) =>
    Effect.map(
      sql`UPDATE ralph_leases SET heartbeat_at = ${now}
        WHERE run_id = ${fence.runId} AND epoch = ${fence.epoch} AND pid <> 0 RETURNING run_id`,
      (rows) => rows.length > 0
    )

  /**
   * Renews the lease until it is lost: taken over (the renewal changed no row), or not renewed for a
   * whole ttl (the database did not answer; by then another ralph may have taken it). The ttl is
   * counted on this machine's monotonic clock from before the last renewal that landed, so it ends
   * no later than the database's reckoning of the same lease.
   */
  const keepRenewed = (fence: Fence) => {
    let renewedAt = performance.now()
    const tick = Effect.gen(function*() {
      const sentAt = performance.now()
      // A statement that hangs (a connection that never comes) counts as not renewed once the ttl is out.
      const renewed = yield* Effect.result(Effect.timeout(renew(fence), Duration.millis(ttl)))
      if (renewed._tag === "Success" && renewed.success) {
        renewedAt = sentAt
        return true
      }
      if (renewed._tag === "Success") {
        const holder = yield* Effect.orElseSucceed(leaseOf(fence.runId), () => undefined)
        yield* fence.lost(leaseLost(fence.runId, holder))
        return false
      }
      if (performance.now() - renewedAt < ttl) return true
      yield* fence.lost(new LeaseLost({ runId: fence.runId, reason: "unrenewed" }))
      return false
    })
    const loop: Effect.Effect<void> = Effect.flatMap(
      Effect.andThen(Effect.sleep(renewal), tick),
      (goOn) => goOn ? loop : Effect.void
    )
    return loop
  }

  const release = (runId: string, epoch: number) =>
    Effect.ignore(sql`UPDATE ralph_leases SET pid = 0 WHERE run_id = ${runId} AND epoch = ${epoch}`)

  const hold = (runId: string, workspace: string) =>
    Effect.gen(function*() {
      const signal = yield* Deferred.make<never, LeaseLost>()
      let lostWith: LeaseLost | undefined
      const epoch = yield* Effect.acquireRelease(take(runId, workspace), (epoch) => release(runId, epoch))
      const fence: Fence = {
        runId,
        epoch,
        lost: (error) =>
          Effect.suspend(() => {
            lostWith ??= error
            return Effect.asVoid(Deferred.fail(signal, lostWith))
          })
      }
      yield* Effect.forkScoped(keepRenewed(fence))
      const held: RunHold = {
        fence,
        // Lost: the drive is interrupted (its child stopped), and whatever it failed with meanwhile
        // (a refused write) is the lost lease.
        drive: (effect) =>
          Effect.raceFirst(withFence(fence)(effect), Deferred.await(signal)).pipe(
            Effect.catch((error) => Effect.fail(lostWith ?? error))
          )
      }
      return held
    })

  const live = Effect.map(
    sql<LeaseRow>`SELECT run_id, host, pid, heartbeat_at, epoch, ${now} - heartbeat_at AS age
      FROM ralph_leases WHERE pid <> 0`,
    (rows) => new Set(rows.filter(isLive).map((row) => row.run_id))
  )

  const isDriven = (runId: string) => Effect.map(leaseOf(runId), (row) => row !== undefined && isLive(row))

  return { hold, live, isDriven } satisfies RunLeases
})
