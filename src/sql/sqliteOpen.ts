/**
 * Opening a node:sqlite database for the client (src/sql/NodeSqliteClient.ts): its files created or
 * tightened to their mode first, then the pragmas of a durable store (busy timeout, foreign keys,
 * WAL, synchronous). Any failure is a `SqlError`; a failure the classifier does not know is a
 * connection failure.
 */
import { Duration, Effect, Schedule } from "effect"
import { ConnectionError, SqlError } from "effect/sql/SqlError"
import * as fs from "node:fs"
import type { DatabaseSync } from "node:sqlite"
import { thrownCode } from "../domain/thrown.ts"
import type { NodeSqliteClientConfig } from "./nodeSqliteConfig.ts"
import { loadNodeSqlite } from "./nodeSqliteModule.ts"
import { isBusy, sqliteError } from "./sqliteError.ts"

/** SQLite's largest busy timeout (a signed 32-bit count of milliseconds). */
const MAX_BUSY_TIMEOUT = 2_147_483_647

const isMemory = (filename: string): boolean =>
  filename === ":memory:" || filename === "" || filename.startsWith("file:")

/**
 * The database file and its existing side files, created or tightened to `mode` before SQLite opens
 * them (SQLite creates `-wal`, `-shm` and `-journal` files with the mode of the database file).
 * A read-only open creates and changes nothing.
 */
const secureFiles = (filename: string, mode: number, readonly: boolean): void => {
  if (isMemory(filename) || readonly) return
  // O_CREAT with the mode: a new file is never readable by others, not even for an instant.
  const fd = fs.openSync(filename, fs.constants.O_RDWR | fs.constants.O_CREAT, mode)
  try {
    fs.fchmodSync(fd, mode)
  } finally {
    fs.closeSync(fd)
  }
  for (const suffix of ["-wal", "-shm", "-journal"]) {
    try {
      fs.chmodSync(filename + suffix, mode)
    } catch (error) {
      if (thrownCode(error) !== "ENOENT") throw error
    }
  }
}

/** An open database, and how its commits sync. */
export interface OpenDatabase {
  readonly db: DatabaseSync
  /** Whether the journal is a write-ahead log (a file opened writable, WAL asked for and granted). */
  readonly wal: boolean
  /** The `PRAGMA synchronous` level set, upper case. */
  readonly synchronous: string
}

/** The pragmas of a durable store; `wal` whether the journal mode SQLite granted is WAL. */
const tune = (db: DatabaseSync, options: NodeSqliteClientConfig, synchronous: string): boolean => {
  const busyTimeout = Math.min(
    MAX_BUSY_TIMEOUT,
    Math.max(0, Math.round(Duration.toMillis(options.busyTimeout ?? Duration.seconds(5))))
  )
  db.exec(`PRAGMA busy_timeout = ${busyTimeout}`)
  db.exec(`PRAGMA foreign_keys = ${options.foreignKeys === false ? "OFF" : "ON"}`)
  if (options.readonly === true) return false
  let wal = false
  if (!isMemory(options.filename)) {
    const [mode] = db.prepare(`PRAGMA journal_mode = ${(options.journalMode ?? "wal").toUpperCase()}`).all()
    wal = mode?.["journal_mode"] === "wal"
  }
  db.exec(`PRAGMA synchronous = ${synchronous}`)
  return wal
}

/** How often an open refused by another connection's lock is tried again, within the busy timeout. */
const busyRetry = Duration.millis(25)

/**
 * Opens the database the options name (the caller closes it). Two processes opening a new file at
 * once can find it locked while the other sets it up (WAL): SQLite does not wait on its busy
 * handler there, so the open is tried again, every 25 ms, for as long as the busy timeout.
 */
export const openDatabase = (options: NodeSqliteClientConfig): Effect.Effect<OpenDatabase, SqlError> => {
  const busyMs = Duration.toMillis(options.busyTimeout ?? Duration.seconds(5))
  return openOnce(options).pipe(
    Effect.retry({
      while: (error) => isBusy(error.reason.cause),
      schedule: Schedule.spaced(busyRetry),
      times: Math.ceil(busyMs / Duration.toMillis(busyRetry))
    })
  )
}

const openOnce = (options: NodeSqliteClientConfig): Effect.Effect<OpenDatabase, SqlError> => {
  const readonly = options.readonly === true
  const synchronous = (options.synchronous ?? "full").toUpperCase()
  return Effect.try({
    try: (): OpenDatabase => {
      secureFiles(options.filename, options.fileMode ?? 0o600, readonly)
      const { DatabaseSync } = loadNodeSqlite()
      const db = new DatabaseSync(options.filename, {
        readOnly: readonly,
        enableForeignKeyConstraints: options.foreignKeys ?? true
      })
      try {
        return { db, wal: tune(db, options, synchronous), synchronous }
      } catch (error) {
        db.close()
        throw error
      }
    },
    catch: (cause) => {
      const error = sqliteError(cause, `Failed to open SQLite database ${options.filename}`, "open")
      // Whatever stopped the open (a missing directory, a file it may not touch, a bad header…)
      // is a connection failure to the caller.
      return error.reason._tag === "UnknownError"
        ? new SqlError({
          reason: new ConnectionError({ cause, message: error.reason.message, operation: "open" })
        })
        : error
    }
  })
}
