/**
 * Fencing: a write of a run's state lands only while its writer still holds the run's lease.
 *
 * Each lease row of `ralph_leases` (src/record/RunLeases.ts) carries an `epoch`, a fencing token
 * raised by one at every takeover. The ralph driving a run provides its {@link Fence} to the run's
 * fibers ({@link CurrentFence}); a store writing the run's record or its engine state checks, in the
 * write's own transaction, that the row's epoch is still the fence's ({@link checkFence}). On
 * PostgreSQL the check reads the row `FOR SHARE`, so a takeover (an UPDATE of that row) waits for
 * the write to commit and a write begun after it sees the new epoch; on SQLite a write transaction
 * holds the database's write lock from its start (`BEGIN IMMEDIATE`). So a write is ordered either
 * before a takeover or refused after it, whatever pause its writer went through.
 *
 * Its own module (no driver code), so that stores can use it without loading a SQL driver.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { LeaseLost } from "../domain/errors.ts"

/** The lease a run's writes are fenced by. */
export interface Fence {
  readonly runId: string
  /** The epoch the lease had when its holder took it. */
  readonly epoch: number
  /** Tells the holder it lost the lease (before the refused write fails), so it stops driving the run. */
  readonly lost: (error: LeaseLost) => Effect.Effect<void>
}

/** The fence of the run the current fiber drives; none (writes unchecked) outside a driven run. */
export const CurrentFence = Context.Reference<Fence | undefined>("ralph/sql/CurrentFence", {
  defaultValue: () => undefined
})

/** Runs `effect` with its writes fenced by `fence` (none: unchanged). */
export const withFence = (fence: Fence | undefined) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  fence === undefined ? effect : Effect.provideService(effect, CurrentFence, fence)

interface HolderRow {
  readonly epoch: unknown
  readonly host: string
  readonly pid: unknown
}

/** The lease's holder as a LeaseLost names it: none when the row is gone or released (pid 0). */
export const leaseLost = (runId: string, row: HolderRow | undefined): LeaseLost =>
  new LeaseLost({
    runId,
    reason: "taken",
    ...(row === undefined || Number(row.pid) === 0 ? {} : { holderPid: Number(row.pid), holderHost: row.host })
  })

/**
 * Checks the current fiber's fence, inside the caller's transaction on `sql`: fails with LeaseLost
 * (having told the holder) when the run's lease has another epoch or was released. No fence:
 * nothing checked.
 */
export const checkFence = (sql: SqlClient.SqlClient): Effect.Effect<void, LeaseLost | SqlError> =>
  Effect.gen(function*() {
    const fence = yield* CurrentFence
    if (fence === undefined) return
    const rows = yield* sql.onDialectOrElse({
      pg: () => sql<HolderRow>`SELECT epoch, host, pid FROM ralph_leases WHERE run_id = ${fence.runId} FOR SHARE`,
      orElse: () => sql<HolderRow>`SELECT epoch, host, pid FROM ralph_leases WHERE run_id = ${fence.runId}`
    })
    const row = rows[0]
    if (row !== undefined && Number(row.epoch) === fence.epoch && Number(row.pid) !== 0) return
    const error = leaseLost(fence.runId, row)
    yield* fence.lost(error)
    return yield* error
  })

/**
 * `write` in one transaction on `sql` with the fence's check before it, when the current fiber has
 * a fence; else `write` as it is (a single statement stays a transaction of its own).
 */
export const fenced =
  (sql: SqlClient.SqlClient) =>
  <A, E, R>(write: Effect.Effect<A, E, R>): Effect.Effect<A, E | LeaseLost | SqlError, R> =>
    Effect.flatMap(
      Effect.service(CurrentFence),
      (fence) => fence === undefined ? write : sql.withTransaction(Effect.andThen(checkFence(sql), write))
    )
