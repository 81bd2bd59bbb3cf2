/**
 * Where one invocation records runs and executes their workflows, by the `engine` setting:
 * - `journal`: the JSONL journal under the state dir, and workflows in memory (resume folds the
 *   journal into a checkpoint);
 * - `sqlite`: one database file in the state dir holding ralph's records and the durable engine's;
 * - `postgres`: the same tables in a PostgreSQL database shared by several machines.
 */
import { Context, Effect, Layer, Predicate, Scope, Semaphore } from "effect"
import type { SqlError } from "effect/sql/SqlError"
import type * as EffectEngine from "effect/workflow/WorkflowEngine"
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { InvalidConfig, StateUnavailable } from "../domain/errors.ts"
import type { EngineName } from "../domain/settings.ts"
import { thrownMessage } from "../domain/thrown.ts"
import { RunStore } from "../record/RunStore.ts"
import { sqlMessage } from "../sql/sqlMessage.ts"
import { durableEngine, sqlRunStore } from "./lazy.ts"

export interface StoreLocation {
  readonly engine: EngineName
  readonly stateDir: string
  readonly databaseUrl: string | undefined
  /**
   * Which of them this invocation's flags or its workspace's ralph.config.json chose (not a RALPH_*
   * variable or a default): a resume started elsewhere reads neither, so it must be told them.
   */
  readonly chosenHere?: { readonly stateDir: boolean; readonly engine: boolean; readonly databaseUrl: boolean }
}

/** The runs a JSONL journal store holds in the state dir (their folders' names), cheaply. */
const journalRunIds = (stateDir: string): ReadonlyArray<string> => {
  try {
    return readdirSync(join(stateDir, "runs"))
  } catch {
    return []
  }
}

/** The SQLite file of the sqlite engine. */
export const sqliteFile = (stateDir: string): string => join(stateDir, "ralph.db")

/** Whether SQLite said the file is no database or a corrupt one (SQLITE_NOTADB, SQLITE_CORRUPT). */
const isDamaged = (error: SqlError): boolean => {
  const cause = error.reason.cause
  // node:sqlite's errors carry SQLite's result code in `errcode`.
  const code = Predicate.isObject(cause) && typeof cause.errcode === "number" ? cause.errcode & 0xff : undefined
  return code === 26 || code === 11
}

/** A database that cannot be opened (its errors name it without a password) is unusable state. */
const openFailed = (location: StoreLocation) => (error: SqlError) =>
  new StateUnavailable({
    path: location.engine === "sqlite"
      ? sqliteFile(location.stateDir)
      // The client's own message names the server with its password masked.
      : "the postgres database (databaseUrl)",
    problem: `cannot open the database: ${sqlMessage(error)}; ${
      location.engine !== "sqlite"
        ? "check that the server runs and the URL is right"
        : isDamaged(error)
        ? "the file is damaged: move it aside (ralph starts a new one) or choose another --state-dir"
        : "check the file's permissions and free space, or choose another --state-dir"
    }`
  })

/** The SqlClient of a SQL engine, and how to name its database in messages (never with a password). */
export const sqlClient = (location: StoreLocation) => {
  if (location.engine === "sqlite") {
    const file = sqliteFile(location.stateDir)
    return Effect.try({
      // What ralph keeps there is private: objectives, reports, agents' output. A state dir made
      // before (or by hand) is tightened too.
      try: () => {
        mkdirSync(location.stateDir, { recursive: true, mode: 0o700 })
        if ((statSync(location.stateDir).mode & 0o077) !== 0) chmodSync(location.stateDir, 0o700)
      },
      catch: (error) =>
        new StateUnavailable({ path: location.stateDir, problem: `cannot create it: ${thrownMessage(error)}` })
    }).pipe(
      // Loaded when used: the journal engine (and `ralph --help`) should not pay for SQL drivers.
      Effect.andThen(Effect.promise(() => import("../sql/NodeSqliteClient.ts"))),
      Effect.map((NodeSqliteClient) => ({ where: file, layer: NodeSqliteClient.layer({ filename: file }) }))
    )
  }
  if (location.databaseUrl === undefined) {
    return Effect.fail(
      new InvalidConfig({
        key: "databaseUrl",
        problem: "the postgres engine needs one: --database-url or RALPH_DATABASE_URL"
      })
    )
  }
  const databaseUrl = location.databaseUrl
  return Effect.gen(function*() {
    const PgClient = yield* Effect.promise(() => import("../sql/PgClient.ts"))
    const url = yield* Effect.mapError(
      PgClient.parseUrl(databaseUrl),
      (error) => new InvalidConfig({ key: "databaseUrl", problem: error.message })
    )
    return { where: url.redacted, layer: PgClient.layer(url.url) }
  })
}

/** ralph's record of runs and the durable workflow engine, for the location (one database for both). */
export const storeLayer = (
  location: StoreLocation
): Layer.Layer<RunStore | EffectEngine.WorkflowEngine, InvalidConfig | StateUnavailable | SqlError> =>
  Layer.unwrap(Effect.gen(function*() {
    const DurableEngine = yield* durableEngine
    if (location.engine === "journal") {
      return Layer.merge(Layer.succeed(RunStore, RunStore.make(location.stateDir)), DurableEngine.layerMemory)
    }
    const { layer, where } = yield* sqlClient(location)
    const { makeSqlRunStore } = yield* sqlRunStore
    // Runs the JSONL journal recorded in the same state dir are brought in once, so none is lost.
    const records = Layer.effect(
      RunStore,
      Effect.tap(
        makeSqlRunStore(where),
        (store) => store.importFrom(RunStore.make(location.stateDir), journalRunIds(location.stateDir))
      )
    )
    return Layer.merge(records, DurableEngine.layerSql()).pipe(Layer.provide(layer))
  }))

/** A location's store and engine, open for the scope. */
export type OpenedStore = Context.Context<RunStore | EffectEngine.WorkflowEngine>

/**
 * How the CLI opens a location's store: the store layer built, a database that cannot be opened
 * said as unusable state. A test gives its own (one that counts the opens).
 */
export const StoreOpener = Context.Reference<
  (location: StoreLocation) => Effect.Effect<OpenedStore, InvalidConfig | StateUnavailable, Scope.Scope>
>("ralph/cli/StoreOpener", {
  defaultValue: () => (location) =>
    Layer.build(storeLayer(location)).pipe(
      Effect.catchTag("SqlError", (error) => Effect.fail(openFailed(location)(error)))
    )
})

/** The location's store and engine, open for the scope. */
export const openStore = (
  location: StoreLocation
): Effect.Effect<OpenedStore, InvalidConfig | StateUnavailable, Scope.Scope> =>
  Effect.flatMap(Effect.service(StoreOpener), (open) => open(location))

/** Runs `use` with the location's record of runs, open for the while. */
export const withStore = <A, E>(
  location: StoreLocation,
  use: (store: RunStore["Service"]) => Effect.Effect<A, E>
) => Effect.scoped(Effect.flatMap(openStore(location), (context) => use(Context.get(context, RunStore))))

/** A location's record of runs for reading, and — when it is one — the store it was opened as. */
export interface Records {
  readonly store: RunStore["Service"]
  /** Absent when nothing was opened (a state dir without ralph.db, read as a journal store). */
  readonly opened?: OpenedStore
}

/**
 * The location's record of runs for reading, open for the scope, creating nothing: a state dir
 * with no ralph.db is read as the journal store there (runs the journal engine recorded, or none),
 * so a mistyped --state-dir lists no runs and names where it looked, instead of making a database.
 */
export const openRecords = (location: StoreLocation): Effect.Effect<
  Records,
  InvalidConfig | StateUnavailable,
  Scope.Scope
> =>
  location.engine === "sqlite" && !existsSync(sqliteFile(location.stateDir))
    ? Effect.succeed({ store: RunStore.make(location.stateDir) })
    : Effect.map(openStore(location), (opened) => ({ store: Context.get(opened, RunStore), opened }))

/** Runs `use` with the location's record of runs for reading, creating nothing (see `openRecords`). */
export const withRecords = <A, E>(
  location: StoreLocation,
  use: (store: RunStore["Service"]) => Effect.Effect<A, E>
) => Effect.scoped(Effect.flatMap(openRecords(location), (records) => use(records.store)))

/**
 * The location's record of runs for a server that reads it again and again: opened on first use
 * and kept open for the scope (a failed open is tried again the next time).
 */
export const storeOnce = (location: StoreLocation) =>
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    const open = yield* StoreOpener
    const one = yield* Semaphore.make(1)
    let opened: RunStore["Service"] | undefined
    return one.withPermits(1)(Effect.suspend(() =>
      opened !== undefined ? Effect.succeed(opened) : open(location).pipe(
        Scope.provide(scope),
        Effect.map((context) => (opened = Context.get(context, RunStore)))
      )
    ))
  })

/**
 * A server's record of runs that creates nothing (`ralph dashboard`'s): a state dir with no ralph.db
 * is read as the journal store there (see `openRecords`: no runs, or the journal's) until a run makes
 * the database, which is then opened on the next read and kept for the scope (`storeOnce`); any
 * other store is opened now, so a store that cannot be opened is said at start. `where`: the
 * store's root, as `ralph runs` names it.
 */
export const recordsOnce = (location: StoreLocation) =>
  Effect.gen(function*() {
    if (location.engine !== "sqlite" || existsSync(sqliteFile(location.stateDir))) {
      const store = Context.get(yield* openStore(location), RunStore)
      return { where: store.root, records: Effect.succeed(store) }
    }
    const file = sqliteFile(location.stateDir)
    const journal = RunStore.make(location.stateDir)
    const later = yield* storeOnce(location)
    return {
      where: journal.root,
      records: Effect.suspend(() => existsSync(file) ? later : Effect.succeed(journal))
    }
  })
