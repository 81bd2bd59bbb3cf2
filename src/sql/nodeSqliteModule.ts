/**
 * Loads `node:sqlite` without its ExperimentalWarning.
 *
 * Node 22 prints "ExperimentalWarning: SQLite is an experimental feature and might change at any
 * time" the first time `node:sqlite` is loaded. A static `import … from "node:sqlite"` loads it while
 * the module graph is linked, before the body of any module runs, so nothing can catch it: the
 * module is loaded on demand instead, by {@link loadNodeSqlite} (with `process.getBuiltinModule`,
 * which bundlers leave alone). Elsewhere in the project, import from `node:sqlite` with `import type`
 * only.
 *
 * Node emits the warning synchronously, from inside that load, through `process.emitWarning`, and
 * only on the first load (it remembers the features it warned about). So the filter is in place for
 * the load alone: `process.emitWarning` is wrapped, the module loaded, and the original put back
 * before anything else can run — no warning of the program's own, before or after, goes through the
 * wrapper. The filter drops that one warning (type `ExperimentalWarning`, message starting with
 * "SQLite is an experimental feature") and passes anything else emitted meanwhile through unchanged.
 * (`--disable-warning=ExperimentalWarning` would need a flag on every Node that loads the library,
 * and removing the `warning` listeners would drop the program's own.)
 */
import type * as NodeSqlite from "node:sqlite"

const sqliteWarning = /^SQLite is an experimental feature/

const typeOf = (warning: unknown, typeOrOptions: unknown): unknown => {
  if (typeof typeOrOptions === "string") return typeOrOptions
  if (typeof typeOrOptions === "object" && typeOrOptions !== null && "type" in typeOrOptions) return typeOrOptions.type
  return warning instanceof Error ? warning.name : undefined
}

const isSqliteWarning = (warning: unknown, typeOrOptions: unknown): boolean => {
  const message = typeof warning === "string" ? warning : warning instanceof Error ? warning.message : undefined
  return message !== undefined && sqliteWarning.test(message) &&
    typeOf(warning, typeOrOptions) === "ExperimentalWarning"
}

/** `node:sqlite` (Node keeps the one module object), its ExperimentalWarning dropped while it loads. */
export const loadNodeSqlite = (): typeof NodeSqlite => {
  // The function itself, to put back as it was (it is only ever called on `process`, below).
  // oxlint-disable-next-line typescript-eslint/unbound-method
  const original = process.emitWarning
  process.emitWarning = (warning: string | Error, ...rest: Array<unknown>): void => {
    if (isSqliteWarning(warning, rest[0])) return
    Reflect.apply(original, process, [warning, ...rest])
  }
  try {
    return process.getBuiltinModule("node:sqlite")
  } finally {
    process.emitWarning = original
  }
}
