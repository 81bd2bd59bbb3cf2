/**
 * Where ralph's durable workflow engine ({@link ./DurableEngine.ts}) keeps what it must not lose:
 * each execution (its workflow, its payload, its result once complete) and the steps it has taken
 * (activity exits, completed durable deferreds, durable clocks with their wake time).
 *
 * Two stores: {@link layerMemory} here (Maps in the process: tests, and library users who want no
 * state) and `SqlWorkflowStore.layer` (tables `ralph_wf_*` over an effect/sql `SqlClient`: SQLite or
 * PostgreSQL).
 *
 * The store holds values at the level the engine hands them over:
 * - payloads and workflow results are *typed* values (a store that serialises them encodes them
 *   with the workflow's schemas, which it is given);
 * - activity and deferred exits are *encoded* exits (their success and failure values are already
 *   the JSON form of their schemas, as effect's `WorkflowEngine.makeUnsafe` wants them back); a
 *   store that serialises them only has to write the `Exit` around them.
 *
 * Every write is one statement (one transaction) and is done before the workflow goes on. A store
 * shared by several machines fences its writes (src/sql/fence.ts): it reads the lease of the run
 * from the calling fiber (`CurrentFence`), so the engine must call it from the fibers of the
 * execution it runs or of its caller (forked fibers inherit the context) — the one seam between
 * the engine and the run's lease.
 */
import { Context, Effect, Exit, Layer, Option, Schema } from "effect"
import type { Workflow } from "effect/workflow"

/** A store operation failed (a database error, or a stored value its schema no longer decodes). */
export class WorkflowStoreError extends Schema.TaggedError<WorkflowStoreError>()("WorkflowStoreError", {
  operation: Schema.String,
  executionId: Schema.String,
  cause: Schema.Defect()
}) {
  override get message(): string {
    const detail = this.cause instanceof Error
      ? this.cause.message
      : typeof this.cause === "string"
      ? this.cause
      : undefined
    return `workflow store: ${this.operation} of execution ${this.executionId} failed` +
      (detail !== undefined && detail !== "" ? `: ${detail}` : "")
  }
}

/** The steps an execution has recorded. Keys of `activities` are {@link activityKey}s. */
export interface Steps {
  /** Encoded exits of finished activities, by {@link activityKey}. */
  readonly activities: Map<string, Exit.Exit<unknown, unknown>>
  /** Encoded exits of completed durable deferreds (clock wake-ups included), by deferred name. */
  readonly deferreds: Map<string, Exit.Exit<unknown, unknown>>
  /** Wake times (epoch milliseconds) of scheduled durable clocks, by clock name. */
  readonly clocks: Map<string, number>
}

/** Steps of an execution that has recorded none. */
export const emptySteps = (): Steps => ({ activities: new Map(), deferreds: new Map(), clocks: new Map() })

/** The key of one activity attempt in {@link Steps.activities}. */
// Joined, not concatenated: a flat string (a template literal makes a rope, and a store of many
// rounds would keep the rope's node beside its flattened text for every key).
export const activityKey = (name: string, attempt: number): string => [attempt, name].join("\u0000")

/** An execution as stored. */
export interface StoredExecution {
  readonly executionId: string
  readonly workflowName: string
  /** The payload the execution was created with (decoded). */
  readonly payload: object
  /** The workflow's exit (decoded), once the execution is complete. */
  readonly result: Option.Option<Exit.Exit<unknown, unknown>>
  /** Its recorded steps; left empty when the execution is complete (nothing will replay them). */
  readonly steps: Steps
  /** Epoch milliseconds. */
  readonly createdAt: number
  readonly updatedAt: number
}

export interface WorkflowStoreService {
  /** The execution, with its steps unless it is complete; `None` when it was never created. */
  readonly load: (
    workflow: Workflow.Any,
    executionId: string
  ) => Effect.Effect<Option.Option<StoredExecution>, WorkflowStoreError>
  /** Records a new execution; does nothing when one with this id exists. */
  readonly create: (
    workflow: Workflow.Any,
    executionId: string,
    payload: object
  ) => Effect.Effect<void, WorkflowStoreError>
  /** Records the workflow's result (first result wins). */
  readonly complete: (
    workflow: Workflow.Any,
    executionId: string,
    exit: Exit.Exit<unknown, unknown>
  ) => Effect.Effect<void, WorkflowStoreError>
  /** A finished activity attempt's exit, when recorded. */
  readonly getActivity: (
    executionId: string,
    name: string,
    attempt: number
  ) => Effect.Effect<Option.Option<Exit.Exit<unknown, unknown>>, WorkflowStoreError>
  /** Records a finished activity attempt (first exit wins). */
  readonly putActivity: (
    executionId: string,
    name: string,
    attempt: number,
    exit: Exit.Exit<unknown, unknown>
  ) => Effect.Effect<void, WorkflowStoreError>
  /** Records a deferred's completion; the first completion wins and is returned. */
  readonly putDeferred: (options: {
    readonly workflowName: string
    readonly executionId: string
    readonly name: string
    readonly exit: Exit.Exit<unknown, unknown>
  }) => Effect.Effect<Exit.Exit<unknown, unknown>, WorkflowStoreError>
  /** A deferred's completion, when recorded. */
  readonly getDeferred: (
    executionId: string,
    name: string
  ) => Effect.Effect<Option.Option<Exit.Exit<unknown, unknown>>, WorkflowStoreError>
  /** Records a clock's wake time; the first one recorded wins and is returned. */
  readonly putClock: (
    executionId: string,
    name: string,
    wakeAt: number
  ) => Effect.Effect<number, WorkflowStoreError>
}

/** The store the engine writes to. */
export class WorkflowStore extends Context.Service<WorkflowStore, WorkflowStoreService>()(
  "ralph/engine/WorkflowStore"
) {}

/**
 * A finished activity as the memory store keeps it: a success as the JSON text of its (encoded, so
 * JSON) value — a run of many rounds keeps one flat string a round instead of a graph of objects
 * every collection walks — and anything else (a failure, a success without a JSON text) as it is.
 */
type KeptExit = string | Exit.Exit<unknown, unknown>

const keep = (exit: Exit.Exit<unknown, unknown>): KeptExit =>
  exit._tag === "Success" ? JSON.stringify(exit.value) ?? exit : exit

const unkeep = (kept: KeptExit): Exit.Exit<unknown, unknown> =>
  typeof kept === "string" ? Exit.succeed(JSON.parse(kept)) : kept

interface MemorySteps {
  readonly activities: Map<string, KeptExit>
  readonly deferreds: Map<string, Exit.Exit<unknown, unknown>>
  readonly clocks: Map<string, number>
}

interface MemoryExecution {
  readonly workflowName: string
  readonly payload: object
  result: Exit.Exit<unknown, unknown> | undefined
  readonly steps: MemorySteps
  readonly createdAt: number
  updatedAt: number
}

/**
 * A store in Maps, for one process: payloads, results, deferred exits and failed activity exits are
 * kept as the values they are; successful activity exits as the JSON text of their encoded value
 * (what the SQL store writes too), read back when `load` or `getActivity` asks for them. `load`
 * returns Maps of its own (the store's do not change under a run that holds them).
 */
export const makeMemory = (): WorkflowStoreService => {
  const executions = new Map<string, MemoryExecution>()
  // Deferreds can be completed before their execution exists (a token sent early).
  const orphanDeferreds = new Map<string, Map<string, Exit.Exit<unknown, unknown>>>()
  const clocks = new Map<string, Map<string, number>>()

  const stepsOf = (executionId: string): MemorySteps | undefined => executions.get(executionId)?.steps

  return {
    load: (_workflow, executionId) =>
      Effect.sync(() => {
        const execution = executions.get(executionId)
        if (execution === undefined) return Option.none()
        const activities = new Map<string, Exit.Exit<unknown, unknown>>()
        for (const [key, kept] of execution.steps.activities) activities.set(key, unkeep(kept))
        return Option.some({
          executionId,
          workflowName: execution.workflowName,
          payload: execution.payload,
          result: Option.fromUndefinedOr(execution.result),
          steps: {
            activities,
            deferreds: new Map(execution.steps.deferreds),
            clocks: new Map(execution.steps.clocks)
          },
          createdAt: execution.createdAt,
          updatedAt: execution.updatedAt
        })
      }),
    create: (workflow, executionId, payload) =>
      Effect.sync(() => {
        if (executions.has(executionId)) return
        const now = Date.now()
        const steps: MemorySteps = { activities: new Map(), deferreds: new Map(), clocks: new Map() }
        const early = orphanDeferreds.get(executionId)
        if (early !== undefined) {
          for (const [name, exit] of early) steps.deferreds.set(name, exit)
          orphanDeferreds.delete(executionId)
        }
        const earlyClocks = clocks.get(executionId)
        if (earlyClocks !== undefined) {
          for (const [name, wakeAt] of earlyClocks) steps.clocks.set(name, wakeAt)
          clocks.delete(executionId)
        }
        executions.set(executionId, {
          workflowName: workflow._tag,
          payload,
          result: undefined,
          steps,
          createdAt: now,
          updatedAt: now
        })
      }),
    complete: (_workflow, executionId, exit) =>
      Effect.sync(() => {
        const execution = executions.get(executionId)
        if (execution === undefined || execution.result !== undefined) return
        execution.result = exit
        execution.updatedAt = Date.now()
        // Nothing replays a complete execution's steps.
        execution.steps.activities.clear()
        execution.steps.deferreds.clear()
        execution.steps.clocks.clear()
      }),
    getActivity: (executionId, name, attempt) =>
      Effect.sync(() => {
        const kept = stepsOf(executionId)?.activities.get(activityKey(name, attempt))
        return kept === undefined ? Option.none() : Option.some(unkeep(kept))
      }),
    putActivity: (executionId, name, attempt, exit) =>
      Effect.sync(() => {
        const steps = stepsOf(executionId)
        if (steps === undefined) return
        const key = activityKey(name, attempt)
        if (!steps.activities.has(key)) steps.activities.set(key, keep(exit))
      }),
    putDeferred: ({ executionId, exit, name }) =>
      Effect.sync(() => {
        let deferreds = stepsOf(executionId)?.deferreds
        if (deferreds === undefined) {
          deferreds = orphanDeferreds.get(executionId)
          if (deferreds === undefined) {
            deferreds = new Map()
            orphanDeferreds.set(executionId, deferreds)
          }
        }
        const stored = deferreds.get(name)
        if (stored !== undefined) return stored
        deferreds.set(name, exit)
        return exit
      }),
    getDeferred: (executionId, name) =>
      Effect.sync(() =>
        Option.fromUndefinedOr(
          stepsOf(executionId)?.deferreds.get(name) ?? orphanDeferreds.get(executionId)?.get(name)
        )
      ),
    putClock: (executionId, name, wakeAt) =>
      Effect.sync(() => {
        let map = stepsOf(executionId)?.clocks
        if (map === undefined) {
          map = clocks.get(executionId)
          if (map === undefined) {
            map = new Map()
            clocks.set(executionId, map)
          }
        }
        const stored = map.get(name)
        if (stored !== undefined) return stored
        map.set(name, wakeAt)
        return wakeAt
      })
  }
}

/** {@link makeMemory} as the `WorkflowStore`: state lives as long as the layer. */
export const layerMemory: Layer.Layer<WorkflowStore> = Layer.sync(WorkflowStore)(makeMemory)
