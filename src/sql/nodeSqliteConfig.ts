/** What a node:sqlite client is opened with (src/sql/NodeSqliteClient.ts): the file, its tuning, its names. */
import type { Duration } from "effect"

/** `PRAGMA journal_mode` values. */
export type JournalMode = "wal" | "delete" | "truncate" | "persist" | "memory" | "off"

/** `PRAGMA synchronous` values. */
export type Synchronous = "off" | "normal" | "full" | "extra"

export interface NodeSqliteClientConfig {
  /** Path of the database file, or `":memory:"`. `file:` URIs are passed to SQLite untouched (no file mode handling). */
  readonly filename: string
  /**
   * Open read-only: no file is created or changed (modes included), no pragma that writes is
   * issued, transactions start with a plain `BEGIN`. Default `false`. Read-only clients are what
   * commands that only read (listing, showing) should use: in WAL mode they never block the writer.
   */
  readonly readonly?: boolean | undefined
  /**
   * Default `"wal"`: readers never block the writer, and a commit appends to the log instead of
   * rewriting pages through a rollback journal. Ignored for `:memory:` databases and read-only opens.
   */
  readonly journalMode?: JournalMode | undefined
  /**
   * Default `"full"`. In WAL mode, `"normal"` is safe against corruption and against a crash of the
   * process (SIGKILL included: the log is in the OS page cache), but a power loss or an OS crash can
   * lose the last transactions committed before it. `"full"` syncs the log on every commit, so a
   * committed transaction (a finished round, for ralph) survives a power loss too, for one fsync per
   * commit. ralph's rounds cost minutes and money: durability wins. `"normal"` is the choice when a
   * lost tail is acceptable. Under `"full"` (or `"extra"`) in WAL mode, a transaction begun under
   * `LazyFlush` commits at `"normal"`: for records a later flushing commit makes durable.
   */
  readonly synchronous?: Synchronous | undefined
  /**
   * How long a statement waits for a lock held by another connection (another process) before
   * failing with SQLITE_BUSY (`LockTimeoutError`). Default 5 seconds. The wait blocks the event loop.
   */
  readonly busyTimeout?: Duration.Input | undefined
  /** `PRAGMA foreign_keys`. Default `true`. */
  readonly foreignKeys?: boolean | undefined
  /**
   * Mode of the database file (created with it, or tightened to it) and of its existing
   * `-wal`/`-shm`/`-journal` files. Default `0o600`.
   */
  readonly fileMode?: number | undefined
  /** How many prepared statements are kept, least recently used dropped first. Default 200. */
  readonly prepareCacheSize?: number | undefined
  /** Extra span attributes of every statement and transaction. */
  readonly spanAttributes?: Record<string, unknown> | undefined
  /** Row column names to JavaScript names (e.g. snake_case to camelCase). */
  readonly transformResultNames?: ((str: string) => string) | undefined
  /** JavaScript names to column names in queries. */
  readonly transformQueryNames?: ((str: string) => string) | undefined
}
