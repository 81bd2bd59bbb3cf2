import { Context, Effect, Fiber, Layer, Ref, type Scope } from "effect"
import { ChildFailed, type ChildOutput, type ChildRequest, type Provider } from "../agents/SubagentProvider.ts"
import { EngineRejected } from "../domain/errors.ts"
import { makeRunId } from "../domain/runId.ts"
import { defaults } from "../domain/settings.ts"
import * as DurableEngine from "./DurableEngine.ts"

export interface StartRequest {
  /** Every child of the run goes to this provider, resolved (and checked) by the caller once per run, but those given one of `fallbacks`. */
  readonly provider: Provider
  /** The other providers a child of the run may be given (`RunHandle.child`'s `agent`, a provider's name), resolved by the caller too. */
  readonly fallbacks?: ReadonlyArray<Provider>
  /** The run's cap on children that count against it (first attempts; retries do not). */
  readonly maxTotalAgents: number
  /** Continue an existing run: its id and the children it already started. */
  readonly resume?: { readonly runId: string; readonly agentsStarted: number; readonly counted: number }
  /** The provider a reviewer's children start on (issue 20), when the run has a reviewer; resolved by the caller too. */
  readonly reviewer?: Provider
}

/** One live run: its id, its accounting, and the way to start its children. */
export interface RunHandle {
  readonly runId: string
  /** Every child really started for this run, retries included. */
  readonly agentsStarted: Effect.Effect<number>
  /**
   * Starts one child on the run's provider (or on `agent`, one of its fallbacks) and waits for its
   * value; the child is gone when this ends.
   */
  readonly child: (
    request: Omit<ChildRequest, "runId"> & { readonly agent?: string | undefined }
  ) => Effect.Effect<ChildOutput, ChildFailed | EngineRejected>
  /**
   * Starts one reviewer child on the run's reviewer provider (absent without one), stopped with the
   * run like any child; it counts in `agentsStarted`, not against the cap on rounds.
   */
  readonly reviewer?: (request: Omit<ChildRequest, "runId">) => Effect.Effect<ChildOutput, ChildFailed>
}

export interface EngineOptions {
  /** The most children a single run may ask for. */
  readonly maxChildrenPerRun: number
}

export const defaultEngineOptions: EngineOptions = { maxChildrenPerRun: defaults.maxChildrenPerRun }

/**
 * Runs and their children: mints run ids, counts the children a run starts against its ceiling, and
 * stops them when the run ends. Knows nothing of reports or rounds policy; effect's `WorkflowEngine`
 * (ralph's durable one, `DurableEngine`) executes the run's workflow beside it.
 */
export class RunSupervisor extends Context.Service<RunSupervisor, {
  /** Starts a run in the current scope; closing the scope stops its children and waits until they are gone. */
  readonly start: (
    request: StartRequest
  ) => Effect.Effect<RunHandle, EngineRejected, Scope.Scope>
}>()("ralph/WorkflowEngine") {
  /**
   * Keeps runs in memory for the life of the process; their workflows run on ralph's durable
   * engine over an in-memory store, which this layer also provides (effect's `WorkflowEngine`).
   */
  static readonly layerMemory = (options: EngineOptions = defaultEngineOptions) =>
    Layer.merge(RunSupervisor.layerRuns(options), DurableEngine.layerMemory)

  /**
   * Runs whose workflows are recorded in SQL (tables `ralph_wf_*`) through the `SqlClient` given
   * (ralph's node:sqlite client, or @effect/sql-pg's): a run interrupted or crashed is continued by
   * executing it again under its id, its finished rounds replayed and not run again.
   */
  static readonly layerSql = (options: EngineOptions = defaultEngineOptions) =>
    Layer.merge(RunSupervisor.layerRuns(options), DurableEngine.layerSql())

  /** Run ids, child accounting and the lifecycle of runs, for a durable engine given beside it. */
  static readonly layerRuns = (options: EngineOptions = defaultEngineOptions) =>
    Layer.sync(RunSupervisor, () => {
      const start = Effect.fn("RunSupervisor.start")(function*(
        request: StartRequest
      ): Effect.fn.Return<RunHandle, EngineRejected, Scope.Scope> {
        if (request.maxTotalAgents > options.maxChildrenPerRun) {
          return yield* new EngineRejected({
            requested: request.maxTotalAgents,
            ceiling: options.maxChildrenPerRun
          })
        }
        const runId = request.resume?.runId ?? (yield* makeRunId)
        const started = yield* Ref.make(request.resume?.agentsStarted ?? 0)
        const counted = yield* Ref.make(request.resume?.counted ?? 0)
        // Children run in their callers' fibers (no fork per round); closing the run's scope
        // interrupts whichever callers are inside a child, which stops those children and waits.
        const running = new Set<Fiber.Fiber<unknown, unknown>>()
        yield* Effect.addFinalizer(() => Fiber.interruptAll([...running]))
        /** A child on `on`, in its caller's fiber, stopped with the run. */
        const startOn = Effect.fnUntraced(function*(on: Provider, childRequest: Omit<ChildRequest, "runId">) {
          yield* Ref.update(started, (n) => n + 1)
          // The child has its own scope: a caller that stops waiting (a timeout, an interrupt, the
          // run's end) closes it, which stops the child and waits until it is gone.
          const caller = yield* Effect.fiber
          running.add(caller)
          return yield* Effect.scoped(on.start({ ...childRequest, runId })).pipe(
            Effect.ensuring(Effect.sync(() => running.delete(caller)))
          )
        })
        const byName = new Map<string, Provider>(
          [request.provider, ...(request.fallbacks ?? [])].map((provider) => [provider.name, provider])
        )
        // Untraced: it runs once per round (see bench/RESULTS.md).
        const child = Effect.fnUntraced(function*(
          { agent, ...childRequest }: Omit<ChildRequest, "runId"> & { readonly agent?: string | undefined }
        ): Effect.fn.Return<ChildOutput, ChildFailed | EngineRejected> {
          const chosen = agent === undefined ? request.provider : byName.get(agent)
          if (chosen === undefined) {
            // A replay whose payload names an agent this invocation did not start the run with.
            return yield* new ChildFailed({
              reason: "crashed",
              detail: `the agent ${agent} is not one of this run's agents (${[...byName.keys()].join(", ")})`
            })
          }
          if (childRequest.attempt === 1) {
            const n = yield* Ref.updateAndGet(counted, (n) => n + 1)
            if (n > request.maxTotalAgents) {
              return yield* new EngineRejected({ requested: n, ceiling: request.maxTotalAgents })
            }
          }
          return yield* startOn(chosen, childRequest)
        })
        const reviewerProvider = request.reviewer
        const reviewer = reviewerProvider === undefined
          ? {}
          : { reviewer: (childRequest: Omit<ChildRequest, "runId">) => startOn(reviewerProvider, childRequest) }
        return { runId, agentsStarted: Ref.get(started), child, ...reviewer }
      })
      return RunSupervisor.of({ start })
    })
}
