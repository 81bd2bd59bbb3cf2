/**
 * What a database said, readably. `@effect/sql`'s errors carry the client's words
 * (`PgConnection: Query failed`) as their message and the server's or the driver's
 * (`duplicate key value violates unique constraint …`) in their cause: a message for people needs both.
 */
import { isSqlError, type SqlError } from "effect/sql/SqlError"

/** The innermost message of an error's cause chain (the driver's or the server's own words). */
export const rootMessage = (error: unknown): string | undefined => {
  let message: string | undefined
  let current: unknown = error
  for (let depth = 0; depth < 10 && current instanceof Error; depth++) {
    if (current.message !== "") message = current.message
    current = current.cause
  }
  return message
}

/** The error's message, and the words of the database under it when they say more. */
export const sqlMessage = (error: SqlError): string => {
  const root = rootMessage(error.reason.cause)
  return root === undefined || error.message.includes(root) ? error.message : `${error.message}: ${root}`
}

/** Any error's message for people: a database's with the server's words (`sqlMessage`), else its own. */
export const failureMessage = (error: { readonly message: string }): string =>
  isSqlError(error) ? sqlMessage(error) : error.message
