/**
 * A commit that may leave its flush to stable storage to the next commit that flushes.
 *
 * A transaction (or a statement outside one) begun while {@link LazyFlush} is `true` commits at
 * once and is visible to every reader, and it survives a crash of the process (SIGKILL included):
 * what it wrote is in the operating system's hands. What it does not wait for is the fsync, so a
 * power loss or an OS crash can lose it — but only together with everything committed after it,
 * never alone: the next commit that flushes (any commit begun without the flag) makes it durable
 * too. On SQLite in WAL mode this is `synchronous = NORMAL` for that commit (the log is a prefix:
 * recovery stops at the first frame it cannot verify); in other journal modes, or when the
 * client is configured below `FULL` anyway, the flag changes nothing.
 *
 * Use it for records that are followed, before anything relies on them surviving a power loss, by
 * a commit that flushes: ralph's round entries, followed by the durable engine's record of the
 * round's activity.
 *
 * Its own module (no driver code), so that stores can use it without loading a SQL driver.
 */
import { Context, Effect } from "effect"

/** Whether commits begun by the current fiber may skip their own flush (default `false`). */
export const LazyFlush = Context.Reference<boolean>("ralph/sql/LazyFlush", { defaultValue: () => false })

/** Runs `effect` with {@link LazyFlush} on: its commits leave their flush to the next durable commit. */
export const lazyFlush = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(effect, LazyFlush, true)
