/**
 * Loads `node:sqlite` without its ExperimentalWarning.
 *
 * Node 22 prints "ExperimentalWarning: SQLite is an experimental feature and might change at any
 * time" the first time `node:sqlite` is loaded. A static `import … from "node:sqlite"` loads it while
 * the module graph is linked, before the body of any module runs, so no filter installed by an
 * earlier import can catch it: the module has to be loaded on demand, after the filter is in place.
 * That is what {@link loadNodeSqlite} does (with `process.getBuiltinModule`, which bundlers leave
 * alone). Elsewhere in the project, import from `node:sqlite` with `import type` only.
 *
 * The filter drops that one warning (type `ExperimentalWarning`, message starting with
 * "SQLite is an experimental feature") and passes every other warning through unchanged.
 */
import type * as NodeSqlite from "node:sqlite"

const installed = Symbol.for("ralph/sql/sqliteWarningFilter")

const sqliteWarning = /^SQLite is an experimental feature/

const isSqliteWarning = (warning: unknown, typeOrOptions: unknown): boolean => {
  const message = typeof warning === "string"
    ? warning
    : warning instanceof Error
    ? warning.message
    : undefined
  if (message === undefined || !sqliteWarning.test(message)) return false
  const type = typeof typeOrOptions === "string"
    ? typeOrOptions
    : typeof typeOrOptions === "object" && typeOrOptions !== null && "type" in typeOrOptions
    ? (typeOrOptions as { readonly type?: unknown }).type
    : warning instanceof Error
    ? warning.name
    : undefined
  return type === "ExperimentalWarning"
}

/**
 * Wraps `process.emitWarning` so that Node's SQLite ExperimentalWarning is dropped; every other
 * warning goes through. Idempotent.
 */
const silenceSqliteExperimentalWarning = (): void => {
  const proc = process as unknown as Record<symbol, unknown>
  if (proc[installed] === true) return
  const original = process.emitWarning.bind(process) as (...args: Array<unknown>) => void
  const filtered = (warning: unknown, ...rest: Array<unknown>): void => {
    if (isSqliteWarning(warning, rest[0])) return
    original(warning, ...rest)
  }
  process.emitWarning = filtered
  proc[installed] = true
}

let cached: typeof NodeSqlite | undefined

/** `node:sqlite`, loaded on first use with its ExperimentalWarning silenced. */
export const loadNodeSqlite = (): typeof NodeSqlite => {
  if (cached !== undefined) return cached
  silenceSqliteExperimentalWarning()
  cached = process.getBuiltinModule("node:sqlite")
  return cached
}
