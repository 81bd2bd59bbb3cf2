/** A node:sqlite failure as effect's `SqlError`, its reason classified from SQLite's result code. */
import { classifySqliteError, SqlError } from "effect/sql/SqlError"

/** The SQLite result code node:sqlite puts in `errcode` (effect's classifier reads `errno`). */
const resultCode = (cause: unknown): number | undefined =>
  typeof cause === "object" && cause !== null && "errcode" in cause && typeof cause.errcode === "number"
    ? cause.errcode
    : undefined

/** Whether SQLite said another connection holds a lock (SQLITE_BUSY or SQLITE_LOCKED, any extended code). */
export const isBusy = (cause: unknown): boolean => {
  const code = resultCode(cause)
  return code !== undefined && ((code & 0xff) === 5 || (code & 0xff) === 6)
}

/** `cause` (the native error, kept as the reason's cause) as a `SqlError` of `operation`. */
export const sqliteError = (cause: unknown, message: string, operation: string): SqlError => {
  const errcode = resultCode(cause)
  if (errcode !== undefined && typeof cause === "object" && cause !== null && !("errno" in cause)) {
    Object.assign(cause, { errno: errcode })
  }
  const detail = cause instanceof Error && cause.message !== "" ? `: ${cause.message}` : ""
  return new SqlError({ reason: classifySqliteError(cause, { message: message + detail, operation }) })
}
