/**
 * The Ralph service: resolves a call against the deployment config, checks the provider, starts a
 * run on the engine and executes the run's workflow (src/loop/workflow.ts) to one envelope or
 * one typed error. Given a RunStore, it records every run there, holds the workspace lock while a
 * run is driven, and resumes a run by its id (stopping a child the interrupted run left running).
 * The rounds themselves, their attempts and the retry policy live beside it in src/loop/.
 */
import { Clock, Context, Duration, Effect, Exit, identity, Layer, Option, Ref } from "effect"
import { WorkflowEngine as DurableEngine } from "effect/workflow/WorkflowEngine"
import { hostname } from "node:os"
import { removeStaleScratch } from "../agents/process/processAgent.ts"
import { SubagentProvider } from "../agents/SubagentProvider.ts"
import { makeConfig, type RalphConfig, type RalphConfigInput, resolveArgs, type RunArgs } from "../domain/config.ts"
import {
  Cancelled,
  InvalidArguments,
  InvalidConfig,
  type RalphError,
  RoundFailed,
  StateUnavailable
} from "../domain/errors.ts"
import { checksClaims, type ClaimCheck, cutVerification, type Guards } from "../domain/guards.ts"
import type { Envelope, RunResult } from "../domain/outcome.ts"
import type { Report } from "../domain/report.ts"
import { type AgentConfig, defaults } from "../domain/settings.ts"
import { type RoundUsage, summarizeUsage, type Usage } from "../domain/usage.ts"
import { RunSupervisor } from "../engine/RunSupervisor.ts"
import { WorkflowStoreError } from "../engine/WorkflowStore.ts"
import { recordRun } from "../record/RunRecorder.ts"
import { RunStore } from "../record/RunStore.ts"
import { stopStaleChild } from "../record/staleChild.ts"
import { Checkpoints } from "../workspace/checkpoints.ts"
import { gitHead } from "../workspace/git.ts"
import { type ProtectedBaseline, WorkspaceGuard } from "../workspace/WorkspaceGuard.ts"
import { defaultLockDir, WorkspaceLock } from "../workspace/WorkspaceLock.ts"
import type { AttemptContext } from "./attempt.ts"
import { decodeOptions } from "./options.ts"
import { defaultRetryPolicy, type RetryPolicy } from "./retry.ts"
import { RunEvents } from "./RunEvents.ts"
import { type LoopState, RalphRun, ralphRunBody, roundInFlight } from "./workflow.ts"

export { defaultRetryPolicy, type RetryPolicy } from "./retry.ts"

/** Everything a Ralph deployment fixes when its layer is built. */
export interface RalphOptions extends RalphConfigInput {
  /** The directory every child works in (default: the process's working directory). */
  readonly workspace?: string
  readonly retry?: RetryPolicy
  /** Bound on a whole run's wall time; when it passes, the run ends budget-limited. */
  readonly maxTime?: Duration.Duration
  /** How long a stale child of an interrupted run gets between SIGTERM and SIGKILL (default 5 s). */
  readonly killGrace?: Duration.Duration
  /** What the record of a run keeps besides its events (when a RunStore is given). */
  readonly record?: {
    /** The agent's settings (env values are never kept, only their names). Default: none. */
    readonly agent?: AgentConfig
    /** The signal that cancelled a run, when a signal did: only the process that got it knows. */
    readonly signal?: () => "SIGINT" | "SIGTERM" | undefined
  }
  /** Stop once the agents' reported cost reaches this many US dollars (checked after every round). */
  readonly maxCostUsd?: number
  /** Stop once the agents' reported input plus output tokens reach this many. */
  readonly maxTokens?: number
  /** Let a cost cap run with an agent that does not report cost; only the known cost then counts. */
  readonly allowUnknownCost?: boolean
  /** Stop after this many rounds in a row that end without changing the workspace. */
  readonly maxStalledRounds?: number
  /** The command that checks a claimed completion (argv, run in the workspace without a shell). */
  readonly verify?: { readonly command: ReadonlyArray<string>; readonly timeout?: Duration.Duration }
  /** Globs (relative to the workspace) of files no round may leave changed if it is to complete; `!glob` excludes. */
  readonly protect?: ReadonlyArray<string>
  /**
   * The gate's baseline (WorkspaceGuard.baseline of this workspace, protect and verify), taken
   * earlier: every run is checked against it rather than against the workspace when it starts.
   */
  readonly gate?: ProtectedBaseline
}

/** What a resume found of the interrupted run: the round that never finished, and its child's pid. */
interface Dangling {
  readonly round: number | null
  readonly pid: number | null
  /** The last round the record holds as finished (see AttemptContext.recordedFinish). */
  readonly finished?: AttemptContext["recordedFinish"]
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
  /** The spend of the finished rounds. */
  readonly usage?: ReadonlyArray<RoundUsage>
  /** Set when the last finished round claimed completion and the claim's check failed. */
  readonly rejected?: ClaimCheck
  /** Finished rounds in a row, up to the last, that changed nothing in the workspace. */
  readonly stalled?: number
  /** What failed attempts of the next round spent in earlier invocations: it counts toward the caps. */
  readonly pendingUsage?: ReadonlyArray<Usage>
  /** The guards the run was started with (recorded with it); absent for runs recorded before guards existed. */
  readonly guards?: Guards
}

/** One run being driven by this service: what its activities need, and where it stands. */
interface LiveRun extends AttemptContext {
  readonly progress: Ref.Ref<LoopState>
}

/**
 * A checkpoint whose last report already ends the run (a crash between the last round and the
 * run's end) settles without starting anything.
 */
const settledResult = ({ guards, lastReport, lastRound, maxRounds }: Checkpoint): RunResult | undefined => {
  // A guarded run's last round may leave a claim to check or a cap reached: its workflow settles it.
  if (lastReport === undefined || Object.keys(guards ?? {}).length > 0) return undefined
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
  /**
   * Continues an unfinished run: from its checkpoint, or — with a RunStore — by its id, from what
   * the store holds (a finished run gives its envelope again and starts nothing).
   */
  readonly resume: (from: Checkpoint | string) => Effect.Effect<Envelope, RalphError>
}>()("ralph/Ralph") {
  /** Validates the options (even when built by hand) and builds the service. */
  static readonly layer = (options: RalphOptions = {}) =>
    Layer.effect(
      Ralph,
      Effect.gen(function*() {
        const config = yield* makeConfig(options)
        const providers = yield* SubagentProvider
        const engine = yield* RunSupervisor
        const durable = yield* DurableEngine
        const events = yield* RunEvents
        const store = yield* Effect.serviceOption(RunStore)
        const locks = Option.getOrElse(
          yield* Effect.serviceOption(WorkspaceLock),
          () => WorkspaceLock.make(defaultLockDir())
        )
        const workspace = options.workspace ?? process.cwd()
        const policy = options.retry ?? defaultRetryPolicy
        const signal = options.record?.signal ?? (() => undefined)
        const guard = Option.getOrElse(yield* Effect.serviceOption(WorkspaceGuard), () => WorkspaceGuard.make())
        const checkpoints = Option.getOrElse(yield* Effect.serviceOption(Checkpoints), () => Checkpoints.make())
        const { guards: asked, protect } = yield* decodeOptions(options)

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

        /**
         * Where a run's events go: with a store, to its record first (the run stops if that cannot
         * be written), holding the workspace lock for the scope.
         */
        const eventsFor = Effect.fnUntraced(function*(runId: string | undefined) {
          if (Option.isNone(store)) return events
          yield* store.value.prepare
          const lock = yield* locks.acquire(workspace, runId)
          const record = recordRun({
            store: store.value,
            lock,
            agent: options.record?.agent ?? {},
            gitHead: gitHead(workspace),
            signal
          })
          return RunEvents.of({ publish: (event) => Effect.andThen(record(event), events.publish(event)) })
        })

        /** Drives a run from a checkpoint to an outcome, inside the run's scope. */
        const drive = (
          checkpoint: Checkpoint,
          dangling: Dangling | undefined,
          guards: Guards,
          protectUnmatched: ReadonlyArray<string> = []
        ) =>
          Effect.scoped(Effect.gen(function*() {
            const resumed = dangling !== undefined
            const runEvents = yield* eventsFor(resumed ? checkpoint.runId : undefined)
            // Held first, so that nobody else starts a child for the run while its stale one is stopped.
            const resumedHold = resumed && Option.isSome(store)
              ? yield* store.value.hold(checkpoint.runId, workspace)
              : undefined
            const stoppedStalePid = dangling === undefined
              ? null
              : yield* stopStaleChild(dangling.pid, checkpoint.runId, options.killGrace ?? defaults.killGrace)
            // The scratch folders a crashed invocation left for the run go once its children are stopped.
            if (resumed) removeStaleScratch(checkpoint.runId)
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
            const held = resumedHold ??
              (Option.isSome(store) ? yield* store.value.hold(run.runId, workspace) : undefined)
            const settled = settledResult(checkpoint)
            // Survives the workflow's fiber being cut by the time budget.
            const progress = yield* Ref.make<LoopState>({
              round: checkpoint.lastRound,
              last: checkpoint.lastReport,
              result: settled,
              usage: checkpoint.usage ?? [],
              stalled: checkpoint.stalled ?? 0,
              rejected: checkpoint.rejected
            })
            yield* Effect.acquireRelease(
              Effect.sync(() =>
                live.set(run.runId, {
                  run,
                  events: runEvents,
                  workspace,
                  maxHandoffChars: config.maxHandoffChars,
                  policy,
                  ...(dangling?.finished === undefined ? {} : { recordedFinish: dangling.finished }),
                  progress,
                  guard,
                  lastFingerprint: { value: undefined },
                  // Checkpoint seam: each round's end records the workspace (see attempt.ts).
                  checkpoint: (round) => checkpoints.record(workspace, run.runId, round),
                  protectedBaseline: !checksClaims(guards)
                    ? undefined
                    : {
                      files: guards.protectedFiles ?? {},
                      patterns: guards.protect ?? [],
                      ...(guards.verify === undefined ? {} : { verify: guards.verify.command })
                    }
                })
              ),
              () => Effect.sync(() => live.delete(run.runId))
            )
            const outcome = Effect.gen(function*() {
              yield* runEvents.publish({
                _tag: "RunStarted",
                runId: run.runId,
                objective: checkpoint.objective,
                maxRounds: checkpoint.maxRounds,
                provider: config.subagentProvider,
                config,
                workspace,
                guards,
                ...(protectUnmatched.length === 0 ? {} : { protectUnmatched }),
                ...(dangling === undefined ? {} : {
                  resumedAfterRound: checkpoint.lastRound,
                  ...(dangling.round === null ? {} : { rerunsRound: dangling.round }),
                  ...(stoppedStalePid === null ? {} : { stoppedStalePid })
                })
              })
              // Checkpoint seam: a new run's workspace as it starts, refs/ralph/RUN_ID/0.
              if (!resumed) {
                yield* checkpoints.record(workspace, run.runId, 0).pipe(
                  Effect.catchTag(
                    "GitFailed",
                    (error) =>
                      Effect.fail(new RoundFailed({ round: 0, reason: "git", detail: error.message, lastReport: null }))
                  )
                )
              }
              const execution = settled !== undefined ? Effect.succeed(settled) : durable.execute(RalphRun, {
                executionId: resumed ? yield* resumableExecution(run.runId) : run.runId,
                payload: {
                  runId: run.runId,
                  objective: checkpoint.objective,
                  maxRounds: checkpoint.maxRounds,
                  from: checkpoint.lastReport === undefined
                    ? null
                    : {
                      round: checkpoint.lastRound,
                      report: checkpoint.lastReport,
                      usage: checkpoint.usage ?? [],
                      stalled: checkpoint.stalled ?? 0,
                      ...(checkpoint.rejected === undefined ? {} : { rejected: checkpoint.rejected })
                    },
                  guards,
                  ...(checkpoint.pendingUsage === undefined || checkpoint.pendingUsage.length === 0
                    ? {}
                    : { pendingUsage: checkpoint.pendingUsage })
                }
              }).pipe(Effect.catchDefect(storeFailed))
              const final = options.maxTime === undefined
                ? yield* execution
                : yield* execution.pipe(Effect.timeoutOrElse({
                  duration: options.maxTime,
                  orElse: () => Effect.succeed(undefined)
                }))
              const result = final ?? (yield* timeBudgetResult(yield* Ref.get(progress), guards))
              const envelope: Envelope = { runId: run.runId, agentsStarted: yield* run.agentsStarted, result }
              yield* runEvents.publish({ _tag: "RunFinished", runId: run.runId, envelope })
              return envelope
            })
            return yield* outcome.pipe(
              Effect.tapError((error) =>
                Effect.ignore(runEvents.publish({ _tag: "RunFailed", runId: run.runId, error }))
              ),
              Effect.onInterrupt(() =>
                Effect.flatMap(Ref.get(progress), (state) =>
                  Effect.ignore(runEvents.publish({
                    _tag: "RunFailed",
                    runId: run.runId,
                    error: new Cancelled({ round: roundInFlight(state) })
                  })))
              ),
              // Every write of the run is fenced by its lease; a lost lease stops the run (its
              // record refuses the RunFailed above).
              held === undefined ? identity : held.drive
            )
          }))

        /**
         * The engine could not record a step (its database went away, its disk filled up): the run
         * stops there, resumable, and says so — what was recorded before is kept.
         */
        const storeFailed = (defect: unknown) =>
          defect instanceof WorkflowStoreError
            ? Effect.fail(
              new StateUnavailable({
                path: Option.match(store, { onNone: () => "the workflow engine's store", onSome: (s) => s.root }),
                problem: `${defect.message}; nothing recorded before is lost: resume the run once the database works`
              })
            )
            : Effect.die(defect)

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

        /**
         * When time ran out: the last finished report (an interrupted round never counts), else the
         * cut round failed. A claim cut during its check ends on it, its verification marked cut.
         */
        const timeBudgetResult = Effect.fn("Ralph.timeBudget")(function*(
          state: LoopState,
          guards: Guards
        ): Effect.fn.Return<RunResult, RoundFailed> {
          if (state.last === undefined) {
            return yield* new RoundFailed({
              round: state.round + 1,
              reason: "time-budget",
              detail: `the run's time budget (${Duration.format(options.maxTime ?? Duration.zero)}) ran out`,
              lastReport: null
            })
          }
          const checking = state.checkingSince
          return {
            status: "budget-limited",
            limit: "time",
            roundsStarted: roundInFlight(state),
            report: state.last,
            usage: summarizeUsage(state.usage),
            ...(checking === undefined || guards.verify === undefined ? {} : {
              verification: cutVerification(guards.verify.command, (yield* Clock.currentTimeMillis) - checking)
            })
          }
        })

        const run = Effect.fn("Ralph.run")(function*(args: RunArgs): Effect.fn.Return<Envelope, RalphError> {
          const resolved = yield* resolveArgs(args, config)
          // Registrations can change between calls: the provider is checked on every one.
          const provider = yield* providers.resolve(config.subagentProvider)
          if (asked.maxCostUsd !== undefined && asked.allowUnknownCost !== true && provider.reportsCost !== true) {
            return yield* new InvalidConfig({
              key: "maxCostUsd",
              problem: `the agent ${provider.name} does not report what it costs, so ralph cannot hold it to a cost ` +
                "cap; cap its tokens (maxTokens) instead, or allow an unknown cost (--allow-unknown-cost)"
            })
          }
          const guards: Guards = { ...asked }
          let unmatched: ReadonlyArray<string> = []
          if (asked.verify !== undefined || protect.length > 0) {
            // A deployment that took the gate's baseline when it started (ralph mcp) holds every run to it.
            const baseline = options.gate ?? (yield* guard.baseline(workspace, protect, asked.verify?.command))
            unmatched = baseline.unmatched ?? []
            if (baseline.patterns.length > 0) {
              Object.assign(guards, { protect: baseline.patterns, protectedFiles: baseline.files })
            }
          }
          return yield* drive(
            {
              runId: "",
              objective: resolved.objective,
              maxRounds: resolved.maxRounds,
              lastRound: 0,
              lastReport: undefined,
              agentsStarted: 0,
              counted: 0
            },
            undefined,
            guards,
            unmatched
          )
        })

        /** A recorded run, to continue: its envelope when it ended, else where it stands. */
        const recorded = Effect.fnUntraced(function*(runId: string) {
          if (Option.isNone(store)) {
            return yield* new InvalidArguments({
              argument: "runId",
              problem: "resuming a run by its id needs a RunStore; give the checkpoint instead"
            })
          }
          const view = yield* store.value.read(runId)
          if (view.envelope !== null) return { envelope: view.envelope }
          // One driving a run now is refused by the workspace lock and the store's hold, taken before anything starts.
          const finished = view.lastFinished
          const checkpoint: Checkpoint = {
            runId,
            objective: view.started.objective,
            maxRounds: view.started.maxRounds,
            lastRound: finished?.round ?? 0,
            lastReport: finished?.report,
            agentsStarted: view.agentsStarted,
            counted: finished?.round ?? 0,
            usage: view.usage,
            stalled: view.stalled,
            pendingUsage: view.pendingUsage,
            ...(finished?.rejected === undefined ? {} : { rejected: finished.rejected }),
            ...(view.started.guards === undefined ? {} : { guards: view.started.guards })
          }
          return {
            checkpoint,
            dangling: {
              round: view.danglingRound,
              // A pid names a process on the host that recorded it only.
              pid: view.ownerHost === null || view.ownerHost === hostname() ? view.danglingPid : null,
              ...(finished === null ? {} : {
                finished: {
                  round: finished.round,
                  report: finished.report,
                  usage: finished.usage,
                  durationMs: finished.durationMs,
                  ...(finished.changed === null ? {} : { changed: finished.changed })
                }
              })
            }
          }
        })

        const resume = Effect.fn("Ralph.resume")(function*(
          from: Checkpoint | string
        ): Effect.fn.Return<Envelope, RalphError> {
          const found = typeof from === "string" ? yield* recorded(from) : { checkpoint: from, dangling: undefined }
          if ("envelope" in found) return found.envelope
          yield* providers.resolve(config.subagentProvider)
          return yield* drive(
            found.checkpoint,
            found.dangling ?? { round: null, pid: null },
            found.checkpoint.guards ?? {}
          )
        })

        return Ralph.of({ config, run, resume })
      })
    )
}
