/**
 * The `WorkflowStore` over an effect/sql `SqlClient`: ralph's node:sqlite client (src/sql) or
 * `@effect/sql-pg`. Portable SQL (TEXT, BIGINT, `INSERT … ON CONFLICT`, `RETURNING`), one statement
 * per write, so every step is one transaction of its own (autocommit) — with, for a run driven
 * under a lease, the lease's epoch checked first in the same transaction (src/sql/fence.ts). Tables (prefix `ralph_wf`
 * by default), created when the store is built unless `createTables: false`:
 *
 * - `ralph_wf_executions (execution_id PK, workflow_name, payload, result, created_at, updated_at,
 *   completed_at)`: `payload` is the JSON of the payload encoded by the workflow's payload schema;
 *   `result` is NULL until the execution is complete, then the JSON of its `Exit` encoded by the
 *   workflow's success and error schemas.
 * - `ralph_wf_activities (execution_id, activity_name, attempt, exit, recorded_at)`, key
 *   (execution_id, activity_name, attempt): the JSON of a finished activity's exit.
 * - `ralph_wf_deferreds (execution_id, deferred_name, workflow_name, exit, recorded_at)`, key
 *   (execution_id, deferred_name): completed durable deferreds (clock wake-ups included).
 * - `ralph_wf_clocks (execution_id, clock_name, wake_at, scheduled_at)`, key (execution_id,
 *   clock_name): durable clocks and the time they wake at.
 *
 * Times are epoch milliseconds (BIGINT). Column names are never transformed (the client's
 * `transformResultNames`/`transformQueryNames` do not apply).
 */
import { Cause, Effect, Exit, Layer, Option, Predicate, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import type { Workflow } from "effect/workflow"
import { fenced } from "../sql/fence.ts"
import { waitOutOutage } from "../sql/outage.ts"
import { setUpTables } from "../sql/schema.ts"
import {
  activityKey,
  emptySteps,
  type Steps,
  type StoredExecution,
  WorkflowStore,
  WorkflowStoreError,
  type WorkflowStoreService
} from "./WorkflowStore.ts"

export interface SqlWorkflowStoreOptions {
  /** Prefix of the table names. Default `"ralph_wf"`. */
  readonly tablePrefix?: string | undefined
  /** Create the tables (if missing) when the store is built. Default `true`. */
  readonly createTables?: boolean | undefined
}

/** The table names for a prefix. */
export const tableNames = (prefix = "ralph_wf") => ({
  executions: `${prefix}_executions`,
  activities: `${prefix}_activities`,
  deferreds: `${prefix}_deferreds`,
  clocks: `${prefix}_clocks`
})

// ---------------------------------------------------------------- JSON of exits

/** Activity exits hold encoded values; their defects are still values (errors) to encode. */
const activityExitJson = Schema.toCodecJson(Schema.Exit(Schema.Any, Schema.Any, Schema.Defect()))
/** Deferred exits are encoded through the deferred's schema before they reach the store: all JSON. */
const deferredExitJson = Schema.toCodecJson(Schema.Exit(Schema.Any, Schema.Any, Schema.Any))

const encodeActivityExit = Schema.encodeSync(activityExitJson)
const decodeActivityExit = Schema.decodeUnknownSync(activityExitJson)
const encodeDeferredExit = Schema.encodeSync(deferredExitJson)
const decodeDeferredExit = Schema.decodeUnknownSync(deferredExitJson)

/** A success (the usual case) is written without going through the schema. */
const exitToJson = (
  exit: Exit.Exit<unknown, unknown>,
  encode: (exit: Exit.Exit<unknown, unknown>) => unknown
): string => JSON.stringify(exit._tag === "Success" ? { _tag: "Success", value: exit.value } : encode(exit))

const exitFromJson = (
  json: string,
  decode: (u: unknown) => Exit.Exit<unknown, unknown>
): Exit.Exit<unknown, unknown> => {
  const parsed: unknown = JSON.parse(json)
  // A success is written as it is (exitToJson); its value is undefined when the key is absent.
  return Predicate.isObject(parsed) && "_tag" in parsed && parsed._tag === "Success"
    ? Exit.succeed("value" in parsed ? parsed.value : undefined)
    : decode(parsed)
}

// ---------------------------------------------------------------- per-workflow codecs

interface WorkflowCodecs {
  readonly encodePayload: (payload: object) => Effect.Effect<unknown, Schema.SchemaError>
  readonly decodePayload: (json: unknown) => Effect.Effect<object, Schema.SchemaError>
  readonly encodeResult: (exit: Exit.Exit<unknown, unknown>) => Effect.Effect<unknown, Schema.SchemaError>
  readonly decodeResult: (json: unknown) => Effect.Effect<Exit.Exit<unknown, unknown>, Schema.SchemaError>
}

/**
 * The workflow's JSON codecs, built once per workflow for the store that asks (a cache of its own,
 * not the module's). Schemas that need services to encode or decode get them from the calling
 * fiber (the engine calls the store from the executing fiber).
 */
const codecsCache = () => {
  const built = new WeakMap<Workflow.Any, WorkflowCodecs>()
  return (workflow: Workflow.Any): WorkflowCodecs => {
    let codecs = built.get(workflow)
    if (codecs === undefined) {
      const payload = Schema.toCodecJson(workflow.payloadSchema)
      const result = Schema.toCodecJson(
        Schema.Exit(workflow.successSchema, workflow.errorSchema, Schema.Defect())
      )
      // `Workflow.Any` types its schemas loosely (any services, any values): the casts give the
      // codecs the types of what the engine hands them; a schema's services come from the calling fiber.
      codecs = {
        encodePayload: Schema.encodeUnknownEffect(payload) as WorkflowCodecs["encodePayload"],
        decodePayload: Schema.decodeUnknownEffect(payload) as WorkflowCodecs["decodePayload"],
        encodeResult: Schema.encodeUnknownEffect(result) as WorkflowCodecs["encodeResult"],
        decodeResult: Schema.decodeUnknownEffect(result) as WorkflowCodecs["decodeResult"]
      }
      built.set(workflow, codecs)
    }
    return codecs
  }
}

/** The exit in the first row of a `SELECT exit`, if any. */
const firstExit = (decode: (u: unknown) => Exit.Exit<unknown, unknown>) =>
(
  rows: ReadonlyArray<{ readonly exit: string }>
): Effect.Effect<Option.Option<Exit.Exit<unknown, unknown>>, unknown> =>
  Effect.try({
    try: () => rows[0] === undefined ? Option.none() : Option.some(exitFromJson(rows[0].exit, decode)),
    catch: (cause) => cause
  })
const firstActivityExit = firstExit(decodeActivityExit)
const firstDeferredExit = firstExit(decodeDeferredExit)

const parseJson = (text: string): Effect.Effect<unknown, unknown> =>
  Effect.try({ try: (): unknown => JSON.parse(text), catch: (cause) => cause })

/** BIGINT columns come back as numbers, bigints or strings depending on the driver. */
const toMillis = (value: unknown): number => typeof value === "number" ? value : Number(value)

// ---------------------------------------------------------------- the store

interface ExecutionRow {
  readonly execution_id: string
  readonly workflow_name: string
  readonly payload: string
  readonly result: string | null
  readonly created_at: unknown
  readonly updated_at: unknown
}

interface StepRow {
  readonly kind: string
  readonly name: string
  readonly attempt: unknown
  readonly value: string
}

/**
 * Builds the store over the `SqlClient` (creating its tables unless told not to).
 */
export const make = (
  options?: SqlWorkflowStoreOptions
): Effect.Effect<WorkflowStoreService, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const codecsOf = codecsCache()
    const sql = (yield* SqlClient.SqlClient).withoutTransforms()
    const names = tableNames(options?.tablePrefix ?? "ralph_wf")
    const executions = sql(names.executions)
    const activities = sql(names.activities)
    const deferreds = sql(names.deferreds)
    const clocks = sql(names.clocks)

    if (options?.createTables !== false) {
      const ddl = Effect.gen(function*() {
        yield* sql`CREATE TABLE IF NOT EXISTS ${executions} (
          execution_id TEXT NOT NULL PRIMARY KEY,
          workflow_name TEXT NOT NULL,
          payload TEXT NOT NULL,
          result TEXT,
          created_at BIGINT NOT NULL,
          updated_at BIGINT NOT NULL,
          completed_at BIGINT
        )`
        yield* sql`CREATE INDEX IF NOT EXISTS ${sql(`${names.executions}_workflow_idx`)}
          ON ${executions} (workflow_name, created_at)`
        yield* sql`CREATE TABLE IF NOT EXISTS ${activities} (
          execution_id TEXT NOT NULL,
          activity_name TEXT NOT NULL,
          attempt INTEGER NOT NULL,
          exit TEXT NOT NULL,
          recorded_at BIGINT NOT NULL,
          PRIMARY KEY (execution_id, activity_name, attempt)
        )`
        yield* sql`CREATE TABLE IF NOT EXISTS ${deferreds} (
          execution_id TEXT NOT NULL,
          deferred_name TEXT NOT NULL,
          workflow_name TEXT NOT NULL,
          exit TEXT NOT NULL,
          recorded_at BIGINT NOT NULL,
          PRIMARY KEY (execution_id, deferred_name)
        )`
        yield* sql`CREATE TABLE IF NOT EXISTS ${clocks} (
          execution_id TEXT NOT NULL,
          clock_name TEXT NOT NULL,
          wake_at BIGINT NOT NULL,
          scheduled_at BIGINT NOT NULL,
          PRIMARY KEY (execution_id, clock_name)
        )`
      })
      yield* setUpTables(sql, ddl)
    }

    const fail = (operation: string, executionId: string) => (cause: unknown) =>
      new WorkflowStoreError({ operation, executionId, cause })

    /**
     * A write of the run the calling fiber drives under a lease is checked against the lease's
     * epoch in its own transaction (src/sql/fence.ts): a holder that lost the run writes nothing.
     */
    const fence = fenced(sql)

    /** A store operation: it waits out a database it cannot reach, then fails as the store's error. */
    const recorded = (operation: string, executionId: string) => <A, E, R>(self: Effect.Effect<A, E, R>) =>
      self.pipe(waitOutOutage, Effect.mapError(fail(operation, executionId)))

    const loadSteps = (executionId: string) =>
      Effect.map(
        sql<StepRow>`
          SELECT 'a' AS kind, activity_name AS name, attempt, exit AS value FROM ${activities}
            WHERE execution_id = ${executionId}
          UNION ALL
          SELECT 'd' AS kind, deferred_name AS name, 0 AS attempt, exit AS value FROM ${deferreds}
            WHERE execution_id = ${executionId}
          UNION ALL
          SELECT 'c' AS kind, clock_name AS name, wake_at AS attempt, '' AS value FROM ${clocks}
            WHERE execution_id = ${executionId}`,
        (rows): Steps => {
          const steps = emptySteps()
          for (const row of rows) {
            if (row.kind === "a") {
              steps.activities.set(
                activityKey(row.name, toMillis(row.attempt)),
                exitFromJson(row.value, decodeActivityExit)
              )
            } else if (row.kind === "d") {
              steps.deferreds.set(row.name, exitFromJson(row.value, decodeDeferredExit))
            } else {
              steps.clocks.set(row.name, toMillis(row.attempt))
            }
          }
          return steps
        }
      )

    const store: WorkflowStoreService = {
      load: (workflow, executionId) =>
        Effect.gen(function*() {
          const rows = yield* sql<ExecutionRow>`
            SELECT execution_id, workflow_name, payload, result, created_at, updated_at
            FROM ${executions} WHERE execution_id = ${executionId}`
          const row = rows[0]
          if (row === undefined) return Option.none<StoredExecution>()
          const codecs = codecsOf(workflow)
          const payload = yield* codecs.decodePayload(yield* parseJson(row.payload))
          const result = row.result === null
            ? Option.none<Exit.Exit<unknown, unknown>>()
            : Option.some(yield* codecs.decodeResult(yield* parseJson(row.result)))
          const steps = Option.isSome(result) ? emptySteps() : yield* loadSteps(executionId)
          return Option.some<StoredExecution>({
            executionId,
            workflowName: row.workflow_name,
            payload,
            result,
            steps,
            createdAt: toMillis(row.created_at),
            updatedAt: toMillis(row.updated_at)
          })
        }).pipe(recorded("load", executionId)),

      create: (workflow, executionId, payload) =>
        Effect.gen(function*() {
          const json = JSON.stringify(yield* codecsOf(workflow).encodePayload(payload))
          const now = Date.now()
          yield* sql`
            INSERT INTO ${executions} (execution_id, workflow_name, payload, created_at, updated_at)
            VALUES (${executionId}, ${workflow._tag}, ${json}, ${now}, ${now})
            ON CONFLICT (execution_id) DO NOTHING`
        }).pipe(fence, recorded("create", executionId)),

      complete: (workflow, executionId, exit) =>
        Effect.gen(function*() {
          const json = JSON.stringify(yield* codecsOf(workflow).encodeResult(exit))
          const now = Date.now()
          yield* sql`
            UPDATE ${executions} SET result = ${json}, updated_at = ${now}, completed_at = ${now}
            WHERE execution_id = ${executionId} AND result IS NULL`
        }).pipe(fence, recorded("complete", executionId)),

      getActivity: (executionId, name, attempt) =>
        sql<{ readonly exit: string }>`
          SELECT exit FROM ${activities}
          WHERE execution_id = ${executionId} AND activity_name = ${name} AND attempt = ${attempt}`.pipe(
          Effect.flatMap(firstActivityExit),
          recorded("getActivity", executionId)
        ),

      putActivity: (executionId, name, attempt, exit) =>
        Effect.suspend(() => {
          const json = exitToJson(exit, encodeActivityExit)
          return sql`
            INSERT INTO ${activities} (execution_id, activity_name, attempt, exit, recorded_at)
            VALUES (${executionId}, ${name}, ${attempt}, ${json}, ${Date.now()})
            ON CONFLICT (execution_id, activity_name, attempt) DO NOTHING`
        }).pipe(fence, Effect.asVoid, recorded("putActivity", executionId)),

      putDeferred: ({ executionId, exit, name, workflowName }) =>
        Effect.suspend(() => {
          const json = exitToJson(exit, encodeDeferredExit)
          return sql<{ readonly exit: string }>`
            INSERT INTO ${deferreds} (execution_id, deferred_name, workflow_name, exit, recorded_at)
            VALUES (${executionId}, ${name}, ${workflowName}, ${json}, ${Date.now()})
            ON CONFLICT (execution_id, deferred_name) DO UPDATE SET exit = ${deferreds}.exit
            RETURNING exit`
        }).pipe(
          fence,
          Effect.flatMap((rows) =>
            rows[0] === undefined
              ? Effect.fail(new Cause.NoSuchElementError("no row returned"))
              : Effect.try({
                try: () => exitFromJson(rows[0]!.exit, decodeDeferredExit),
                catch: (cause) => cause
              })
          ),
          recorded("putDeferred", executionId)
        ),

      getDeferred: (executionId, name) =>
        sql<{ readonly exit: string }>`
          SELECT exit FROM ${deferreds} WHERE execution_id = ${executionId} AND deferred_name = ${name}`.pipe(
          Effect.flatMap(firstDeferredExit),
          recorded("getDeferred", executionId)
        ),

      putClock: (executionId, name, wakeAt) =>
        sql<{ readonly wake_at: unknown }>`
          INSERT INTO ${clocks} (execution_id, clock_name, wake_at, scheduled_at)
          VALUES (${executionId}, ${name}, ${Math.ceil(wakeAt)}, ${Date.now()})
          ON CONFLICT (execution_id, clock_name) DO UPDATE SET wake_at = ${clocks}.wake_at
          RETURNING wake_at`.pipe(
          fence,
          Effect.map((rows) => rows[0] === undefined ? wakeAt : toMillis(rows[0].wake_at)),
          recorded("putClock", executionId)
        )
    }
    return store
  })

/** The `WorkflowStore` over the `SqlClient`. */
export const layer = (
  options?: SqlWorkflowStoreOptions
): Layer.Layer<WorkflowStore, SqlError, SqlClient.SqlClient> => Layer.effect(WorkflowStore)(make(options))
