/**
 * The Ralph service: resolves a call against the deployment config, checks the provider, starts a
 * run on the engine and executes the run's workflow (src/program/workflow.ts) to one envelope or
 * one typed error. The rounds themselves, their attempts and the retry policy live in
 * src/program/.
 */
import { Context, Duration, Effect, Exit, Layer, Option, Ref } from "effect"
import { WorkflowEngine as DurableEngine } from "effect/workflow/WorkflowEngine"
import { makeConfig, type RalphConfig, type RalphConfigInput, resolveArgs, type RunArgs } from "./domain/config.ts"
import { Cancelled, type RalphError, RoundFailed } from "./domain/errors.ts"
import type { Envelope, RunResult } from "./domain/outcome.ts"
import type { Report } from "./domain/report.ts"
import type { AttemptContext } from "./program/attempt.ts"
import { defaultRetryPolicy, type RetryPolicy } from "./program/retry.ts"
import { type LoopState, RalphRun, ralphRunBody } from "./program/workflow.ts"
import { RunEvents } from "./services/RunEvents.ts"
import { SubagentProvider } from "./services/SubagentProvider.ts"
import { WorkflowEngine } from "./services/WorkflowEngine.ts"

export { defaultRetryPolicy, type RetryPolicy } from "./program/retry.ts"

/** Everything a Ralph deployment fixes when its layer is built. */
export interface RalphOptions extends RalphConfigInput {
  /** The directory every child works in (default: the process's working directory). */
  readonly workspace?: string
  readonly retry?: RetryPolicy
  /** Bound on a whole run's wall time; when it passes, the run ends budget-limited. */
  readonly maxTime?: Duration.Duration
}

/** Where an unfinished run stands, to continue it. */
export interface Checkpoint {
  readonly runId: string
  readonly objective: string
  readonly maxRounds: number
  /** The last round that finished with a valid report (0 when none did). */
  readonly lastRound: number
  readonly lastReport: Report | undefined
  /** Children started by earlier invocations, retries included. */
  readonly agentsStarted: number
  /** Children counted against the run's cap by earlier invocations. */
  readonly counted: number
}

/** One run being driven by this service: what its activities need, and where it stands. */
interface LiveRun extends AttemptContext {
  readonly progress: Ref.Ref<LoopState>
}

/**
 * A checkpoint whose last report already ends the run (a crash between the last round and the
 * run's end) settles without starting anything.
 */
const settledResult = ({ lastReport, lastRound, maxRounds }: Checkpoint): RunResult | undefined => {
  if (lastReport === undefined) return undefined
  if (lastReport.status !== "continue") {
    return { status: lastReport.status, roundsStarted: lastRound, report: lastReport }
  }
  if (lastRound >= maxRounds) {
    return { status: "budget-limited", limit: "rounds", roundsStarted: lastRound, report: lastReport }
  }
  return undefined
}

/** The Ralph loop: one objective, fresh children, one validated handoff, one typed outcome. */
export class Ralph extends Context.Service<Ralph, {
  readonly config: RalphConfig
  /** Runs a new loop to its end. */
  readonly run: (args: RunArgs) => Effect.Effect<Envelope, RalphError>
  /** Continues an unfinished run from its checkpoint. */
  readonly resume: (checkpoint: Checkpoint) => Effect.Effect<Envelope, RalphError>
}>()("ralph/Ralph") {
  /** Validates the options (even when built by hand) and builds the service. */
  static readonly layer = (options: RalphOptions = {}) =>
    Layer.effect(
      Ralph,
      Effect.gen(function*() {
        const config = yield* makeConfig(options)
        const providers = yield* SubagentProvider
        const engine = yield* WorkflowEngine
        const durable = yield* DurableEngine
        const events = yield* RunEvents
        const workspace = options.workspace ?? process.cwd()
        const policy = options.retry ?? defaultRetryPolicy

        // The workflow is registered once; each execution finds its live run here by its id.
        const live = new Map<string, LiveRun>()
        const liveRun = (runId: string): LiveRun => {
          const found = live.get(runId)
          if (found === undefined) throw new Error(`ralph: run ${runId} is not being driven by this service`)
          return found
        }
        yield* durable.register(
          RalphRun,
          ralphRunBody(liveRun, (runId, state) => Ref.set(liveRun(runId).progress, state))
        )

        /** Drives a run from a checkpoint to an outcome, inside the run's scope. */
        const drive = (checkpoint: Checkpoint, resumed: boolean) =>
          Effect.scoped(Effect.gen(function*() {
            const run = yield* engine.start({
              provider: config.subagentProvider,
              maxTotalAgents: checkpoint.maxRounds,
              ...(resumed
                ? {
                  resume: {
                    runId: checkpoint.runId,
                    agentsStarted: checkpoint.agentsStarted,
                    counted: checkpoint.counted
                  }
                }
                : {})
            })
            const settled = settledResult(checkpoint)
            // Survives the workflow's fiber being cut by the time budget.
            const progress = yield* Ref.make<LoopState>({
              round: checkpoint.lastRound,
              last: checkpoint.lastReport,
              result: settled
            })
            yield* Effect.acquireRelease(
              Effect.sync(() =>
                live.set(run.runId, {
                  run,
                  events,
                  workspace,
                  maxHandoffChars: config.maxHandoffChars,
                  policy,
                  progress
                })
              ),
              () => Effect.sync(() => live.delete(run.runId))
            )
            const outcome = Effect.gen(function*() {
              yield* events.publish({
                _tag: "RunStarted",
                runId: run.runId,
                objective: checkpoint.objective,
                maxRounds: checkpoint.maxRounds,
                provider: config.subagentProvider,
                config,
                workspace,
                ...(resumed ? { resumedAfterRound: checkpoint.lastRound } : {})
              })
              const execution = settled !== undefined ? Effect.succeed(settled) : durable.execute(RalphRun, {
                executionId: resumed ? yield* resumableExecution(run.runId) : run.runId,
                payload: {
                  runId: run.runId,
                  objective: checkpoint.objective,
                  maxRounds: checkpoint.maxRounds,
                  from: checkpoint.lastReport === undefined
                    ? null
                    : { round: checkpoint.lastRound, report: checkpoint.lastReport }
                }
              })
              const final = options.maxTime === undefined
                ? yield* execution
                : yield* execution.pipe(Effect.timeoutOrElse({
                  duration: options.maxTime,
                  orElse: () => Effect.succeed(undefined)
                }))
              const result = final ?? (yield* timeBudgetResult(yield* Ref.get(progress)))
              const envelope: Envelope = { runId: run.runId, agentsStarted: yield* run.agentsStarted, result }
              yield* events.publish({ _tag: "RunFinished", runId: run.runId, envelope })
              return envelope
            })
            return yield* outcome.pipe(
              Effect.tapError((error) => Effect.ignore(events.publish({ _tag: "RunFailed", runId: run.runId, error }))),
              Effect.onInterrupt(() =>
                Effect.flatMap(Ref.get(progress), (state) =>
                  Effect.ignore(events.publish({
                    _tag: "RunFailed",
                    runId: run.runId,
                    error: new Cancelled({ round: state.round + 1 })
                  })))
              )
            )
          }))

        /**
         * The execution a resume drives: the run's own while it is unfinished (a crash or a
         * cancellation leaves it so, and it replays), else — a failure (a round failed, a report
         * was rejected) is a workflow's final result, while for ralph a failed run can be
         * continued — the next one, `RUN_ID#2`, `#3`…, starting from the checkpoint.
         */
        const resumableExecution = Effect.fnUntraced(function*(runId: string) {
          for (let n = 1;; n++) {
            const executionId = n === 1 ? runId : `${runId}#${n}`
            const stored = yield* durable.poll(RalphRun, executionId)
            const failed = Option.isSome(stored) && stored.value._tag === "Complete" &&
              Exit.isFailure(stored.value.exit)
            if (!failed) return executionId
          }
        })

        /** When time ran out: the last finished report (an interrupted round never counts), else the cut round failed. */
        const timeBudgetResult = Effect.fn("Ralph.timeBudget")(function*(
          state: LoopState
        ): Effect.fn.Return<RunResult, RoundFailed> {
          if (state.last === undefined) {
            return yield* new RoundFailed({
              round: state.round + 1,
              reason: "time-budget",
              detail: `the run's time budget (${Duration.format(options.maxTime ?? Duration.zero)}) ran out`,
              lastReport: null
            })
          }
          return { status: "budget-limited", limit: "time", roundsStarted: state.round + 1, report: state.last }
        })

        const run = Effect.fn("Ralph.run")(function*(args: RunArgs): Effect.fn.Return<Envelope, RalphError> {
          const resolved = yield* resolveArgs(args, config)
          // Registrations can change between calls: the provider is checked on every one.
          yield* providers.resolve(config.subagentProvider)
          return yield* drive({
            runId: "",
            objective: resolved.objective,
            maxRounds: resolved.maxRounds,
            lastRound: 0,
            lastReport: undefined,
            agentsStarted: 0,
            counted: 0
          }, false)
        })

        const resume = Effect.fn("Ralph.resume")(function*(
          checkpoint: Checkpoint
        ): Effect.fn.Return<Envelope, RalphError> {
          yield* providers.resolve(config.subagentProvider)
          return yield* drive(checkpoint, true)
        })

        return Ralph.of({ config, run, resume })
      })
    )
}
