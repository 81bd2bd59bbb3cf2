/**
 * What a thrown value says, read without trusting its type: a `catch` or a rejected promise gives
 * `unknown`, and Node's system errors carry a string `code` (ENOENT, EEXIST, EPERM…).
 */

/** The thrown value's `code` (a system error's errno name), when it has a string one. */
export const thrownCode = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined

/** The thrown value's message: an Error's own, else the value as text. */
export const thrownMessage = (error: unknown): string => error instanceof Error ? error.message : String(error)
