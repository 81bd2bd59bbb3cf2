/**
 * A database ralph cannot reach for a moment (a restart, a failover) does not stop a run: a store
 * operation whose connection could not be made is tried again, every half second, for up to
 * `outageGrace`, and only then fails (the run stops there, resumable). Only a failure to connect
 * is tried again: such a statement never reached the server, while one cut off midway may have run.
 * The grace is well under a lease's ttl, so no other machine takes over a run while it waits.
 */
import { Duration, Effect, Schedule } from "effect"
import { SqlError } from "effect/sql/SqlError"
import { defaults } from "../domain/settings.ts"

/** Two thirds of the lease's ttl (20 s): renewed every 5 s until the outage, the lease outlasts the wait. */
const outageGrace = Duration.millis(Duration.toMillis(defaults.runLeaseTtl) * 2 / 3)

/** A connection that could not be made: refused, unreachable, or a server still starting up or shutting down. */
const isUnreachable = (error: unknown): boolean =>
  error instanceof SqlError && error.reason.operation === "connect" &&
  (error.reason._tag === "ConnectionError" || error.reason._tag === "UnknownError")

const everyHalfSecond = Schedule.spaced("500 millis").pipe(Schedule.upTo({ duration: outageGrace }))

/** Runs `self` again while it fails to connect, up to `outageGrace`. */
export const waitOutOutage = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.retry(self, { schedule: everyHalfSecond, while: isUnreachable })
