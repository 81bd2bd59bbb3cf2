/**
 * The body a worker registers for `RalphRun` on the cluster: whichever runner owns a run's shard
 * executes it, so the run's context is built here from its queued record, each time an execution
 * starts on this worker — its clone (`ralph/RUN_ID`, at its last pushed round), its agent (env
 * values from this worker), its record (the store `ralph run` uses) and its lease (every write
 * fenced) — and the loop of src/loop/workflow.ts runs on it unchanged. A finished round is
 * committed and pushed inside its attempt's activity, after its report is validated and before
 * the record has it: the branch is at least as far as the record, the record as far as the engine.
 */
import { Cause, Duration, Effect, Exit, Layer, Option, Predicate, Ref, Schedule, type Semaphore } from "effect"
import * as Context from "effect/Context"
import { DurableClock } from "effect/workflow"
import { hostname } from "node:os"
import { removeStaleScratch } from "../agents/process/processAgent.ts"
import { SubagentProvider } from "../agents/SubagentProvider.ts"
import { reviewOption } from "../domain/agentRecord.ts"
import { Cancelled, type FailureReason, type LeaseLost, RoundFailed } from "../domain/errors.ts"
import type { RunEvent } from "../domain/events.ts"
import type { Guards } from "../domain/guards.ts"
import type { RunView } from "../domain/runView.ts"
import type { Spend } from "../domain/spend.ts"
import { RunSupervisor } from "../engine/RunSupervisor.ts"
import type { AttemptContext } from "../loop/attempt.ts"
import { fromRecord, loopStateOf, newRun } from "../loop/checkpoint.ts"
import { storeInbox } from "../loop/inbox.ts"
import { decodeOptions } from "../loop/options.ts"
import { defaultRetryPolicy } from "../loop/retry.ts"
import { RunEvents } from "../loop/RunEvents.ts"
import { resolveRunProviders } from "../loop/runProviders.ts"
import { cutSpend, withinTimeBudget } from "../loop/timeBudget.ts"
import { ralphRunBody, type RalphRunPayload } from "../loop/workflow.ts"
import { recordedNotifySink } from "../notify/notifySink.ts"
import { recordRun } from "../record/RunRecorder.ts"
import type { RunHold, RunStore } from "../record/RunStore.ts"
import { stopStaleChild } from "../record/staleChild.ts"
import { branchDiff } from "../workspace/branchDiff.ts"
import { GitFailed, gitHead } from "../workspace/git.ts"
import { commitRound, IndexMemo, prepareClone, type RunBranchMoved, type RunClone } from "../workspace/runBranch.ts"
import { runPaths } from "../workspace/runGitDir.ts"
import { WorkspaceGuard } from "../workspace/WorkspaceGuard.ts"
import type { WorkspaceLock } from "../workspace/WorkspaceLock.ts"
import type { FleetQueue } from "./FleetQueue.ts"
import { heldSleep } from "./heldSleep.ts"
import type { RunExecution, RunExecutions } from "./RunExecutions.ts"
import { type RunShape, shapeWithSecrets } from "./submission.ts"

/** What a worker gives every run it drives. */
export interface FleetWorker {
  readonly store: RunStore["Service"]
  readonly queue: FleetQueue["Service"]
  readonly locks: WorkspaceLock["Service"]
  /** This worker's executions of runs: one a run at a time. */
  readonly executions: RunExecutions["Service"]
  readonly workDir: string
  /** This worker's runner address, as `ralph runs` names it. */
  readonly address: string
  /** The children this worker runs at once (`--concurrency`). */
  readonly permits: Semaphore.Semaphore
  /** The agents registry for a run's settings (the CLI's). */
  readonly providers: (shape: RunShape) => Layer.Layer<SubagentProvider>
  /** This worker's own configuration of an agent by name (ralph.config.json where it runs), for the env values. */
  readonly ownAgent: (name: string) => RunShape["agent"]
  readonly env: NodeJS.ProcessEnv
  /** Told of each event of every run (the worker's progress lines). */
  readonly observe: (event: RunEvent) => Effect.Effect<void>
}

/** A run's failure at setting up, as the loop's own error (the workflow fails with it, once). */
const setupFailed = (reason: FailureReason, detail: string) =>
  new RoundFailed({ round: 1, reason, detail, lastReport: null })

/** The run's record, when it has one. */
const recordOf = (store: RunStore["Service"], runId: string) =>
  store.read(runId).pipe(
    Effect.map((view): RunView | undefined => view),
    Effect.catchTag("InvalidArguments", () => Effect.succeed(undefined))
  )

/** Whether the run's record is missing (it never started) or holds its end. */
const recordedEnd = (store: RunStore["Service"], runId: string) =>
  Effect.map(recordOf(store, runId), (view) => view === undefined || view.envelope !== null || view.error !== null)

/** The run's guards: recorded when it started (a takeover keeps them), else from its submission and clone. */
const guardsOf = Effect.fnUntraced(function*(
  shape: RunShape,
  dir: string,
  recorded: Guards | undefined,
  guard: WorkspaceGuard["Service"]
) {
  if (recorded !== undefined) return recorded
  const { guards, protect } = yield* decodeOptions({
    ...(shape.maxCostUsd === undefined ? {} : { maxCostUsd: shape.maxCostUsd }),
    ...(shape.maxTokens === undefined ? {} : { maxTokens: shape.maxTokens }),
    allowUnknownCost: shape.allowUnknownCost,
    ...(shape.maxStalledRounds === undefined ? {} : { maxStalledRounds: shape.maxStalledRounds }),
    ...(shape.verify === undefined ? {} : { verify: { command: shape.verify, timeout: shape.verifyTimeout } }),
    protect: shape.protect,
    ...(shape.review === undefined ? {} : { review: reviewOption(shape.review) }),
    onBlocked: shape.onBlocked,
    ...(shape.askTimeout === undefined ? {} : { askTimeout: shape.askTimeout })
  })
  if (guards.verify === undefined && protect.length === 0) return guards
  const baseline = yield* guard.baseline(dir, protect, guards.verify?.command)
  return baseline.patterns.length === 0
    ? guards
    : { ...guards, protect: baseline.patterns, protectedFiles: baseline.files }
})

/** What an execution gives its activities' steps: its lease, and its life on this worker. */
interface ExecutionOf {
  readonly held: RunHold
  readonly execution: RunExecution
}

/** A write of this execution refused: its lease passed on, or another worker pushed the run's branch. */
const isRefused = <E>(error: E): error is Extract<E, LeaseLost | RunBranchMoved> =>
  Predicate.isTagged(error, "LeaseLost") || Predicate.isTagged(error, "RunBranchMoved")

/**
 * A step of one of the run's activities (its child, a record write, the round's commit): cut off
 * when the lease is lost (the child stopped), and ending its activity without a result when refused
 * or once the execution stops — effect/cluster would keep a failure as the activity's result, which
 * the run's next execution would replay instead of running the round again.
 */
const activityStep = ({ execution, held }: ExecutionOf) => <A, E>(step: Effect.Effect<A, E>) =>
  execution.guard(held.drive(step), isRefused)

/** The execution of one run on this worker, from its queued record. */
export const fleetRunBody = (worker: FleetWorker) => (payload: RalphRunPayload) =>
  Effect.scoped(Effect.gen(function*() {
    const { runId } = payload
    // First, so that it is let go last: once an earlier execution of the run here has stopped.
    const execution = yield* worker.executions.enter(runId)
    const queued = yield* Effect.orDie(worker.queue.get(runId))
    if (queued === undefined) return yield* Effect.die(new Error(`ralph: run ${runId} is not in the fleet's queue`))
    // Cancelled before it started, or after its end was recorded (its canceller's worker went first):
    // nothing more runs. Cancelled while it had a record and no end (no worker held it: handed back,
    // its worker dead), it goes on to driveRun, which records it `Cancelled` under the run's lease.
    if (queued.cancelled && (yield* Effect.orDie(recordedEnd(worker.store, runId)))) return yield* Effect.interrupt
    const { submission } = queued.queued
    if (submission.notBefore !== null) {
      yield* DurableClock.sleep({
        name: "not before",
        duration: Duration.millis(Math.max(0, submission.notBefore - Date.now())),
        inMemoryThreshold: Duration.zero
      })
    }
    const shape = queued.queued.shape
    // The lease first: a worker that drove the run before may still hold it (paused, or killed
    // elsewhere), and its clone is not touched until it is given up.
    const held = yield* worker.store.hold(runId, runPaths(worker.workDir, runId).tree).pipe(
      Effect.retry({ while: (error) => error._tag === "WorkspaceLocked", schedule: Schedule.spaced("1 second") }),
      Effect.orDie
    )
    // Kept for the execution: a round's `git add` reads only the files that changed since the last.
    const memo = new IndexMemo()
    const clone = yield* held.drive(prepareClone({
      repo: submission.repo,
      base: submission.base ?? undefined,
      runId,
      workDir: worker.workDir
    }, memo)).pipe(
      Effect.catchTag(
        ["GitFailed", "RepoUnusable", "BaseUnknown", "WorkDirUnusable", "RunBranchForeign"],
        (error) => Effect.fail(setupFailed("git", error.message))
      ),
      Effect.catchTag("LeaseLost", () => Effect.never)
    )
    yield* Effect.orDie(worker.queue.taken(runId, worker.address, clone.branch))
    return yield* held.drive(
      Effect.scoped(driveRun(worker, payload, shape, clone, memo, { held, execution }, queued.cancelled))
    ).pipe(
      // This worker's writes for the run are refused: another one drives it. Record nothing more and
      // wait for the cluster to take the execution away (its shard moved with the lease).
      Effect.catchTag("LeaseLost", () => Effect.never)
    )
  }))

/** The run on its clone, under its lease: context, the loop, its end recorded once. */
const driveRun = Effect.fnUntraced(function*(
  worker: FleetWorker,
  payload: RalphRunPayload,
  shape: RunShape,
  clone: RunClone,
  memo: IndexMemo,
  execution: ExecutionOf,
  /** Cancelled while no worker held it: recorded so, once its record is open, and nothing more runs. */
  cancelled: boolean
) {
  const { runId } = payload
  const view = yield* Effect.orDie(recordOf(worker.store, runId))
  // The record has the run's end (a worker died before the engine had it): that is its result.
  const ended = view?.envelope ?? null
  if (ended !== null) return ended.result
  const resumed = view === undefined ? undefined : fromRecord(view, hostname())
  const guard = WorkspaceGuard.make({ killGrace: shape.killGrace })
  const stoppedStalePid = resumed === undefined
    ? null
    : yield* stopStaleChild(resumed.dangling.pid, runId, shape.killGrace)
  if (resumed !== undefined) removeStaleScratch(runId)
  const guards = yield* guardsOf(shape, clone.dir, resumed?.checkpoint.guards, guard).pipe(
    Effect.catchTag("InvalidConfig", (error) => Effect.fail(setupFailed("crashed", error.message)))
  )
  const lock = yield* Effect.orDie(worker.locks.acquire(clone.dir, runId))
  const record = recordRun({
    store: worker.store,
    lock,
    agent: shape.agent,
    ...(shape.fallbacks.length === 0
      ? {}
      : { agents: Object.fromEntries(shape.fallbacks.map(({ agent, name }) => [name, agent])) }),
    gitHead: gitHead(clone.dir),
    signal: () => undefined
  })
  // What the round going on spent, should --max-time cut it (src/loop/timeBudget.ts).
  const spend = yield* cutSpend({
    round: (resumed?.checkpoint.lastRound ?? 0) + 1,
    attempts: [...(resumed?.checkpoint.pendingUsage ?? []), ...(resumed?.dangling.stopped ?? [])]
  })
  // The run's webhooks (--notify), told after its record and the worker's own lines, as in `ralph run`.
  const told = recordedNotifySink(shape.notify, clone.dir, worker.store)
  const events = RunEvents.of({
    publish: (event) =>
      Effect.andThen(
        spend.hear(event),
        Effect.andThen(record(event), Effect.andThen(worker.observe(event), told(event)))
      )
  })
  // Added before the run's children exist, so it runs once they are gone (finalizers run in reverse):
  // a cancel asked for ends the run here, recorded so; a handover (the worker leaving) records nothing.
  yield* Effect.addFinalizer((exit) =>
    Exit.isFailure(exit) && Cause.hasInterrupts(exit.cause)
      ? Effect.flatMap(Effect.orDie(worker.queue.get(runId)), (now) =>
        now?.cancelled === true
          ? Effect.ignore(events.publish({ _tag: "RunFailed", runId, error: new Cancelled({}) }))
          : Effect.void)
      : Effect.void
  )
  yield* events.publish({
    _tag: "RunStarted",
    runId,
    objective: payload.objective,
    maxRounds: payload.maxRounds,
    provider: shape.config.subagentProvider,
    config: shape.config,
    workspace: clone.dir,
    guards,
    ...(shape.fallbacks.length === 0 ? {} : { fallbackAgents: shape.fallbacks.map((f) => f.name) }),
    ...(resumed === undefined ? {} : {
      resumedAfterRound: resumed.checkpoint.lastRound,
      ...(resumed.dangling.round === null ? {} : { rerunsRound: resumed.dangling.round }),
      ...(stoppedStalePid === null ? {} : { stoppedStalePid })
    })
  })
  // Ended here, as a cancel of a running run ends it: by its finalizer above.
  if (cancelled) return yield* Effect.interrupt
  // --max-time counts from the run's first start, whichever worker started it (the record's first entry).
  const startedAt = view === undefined ? Date.now() : Date.parse(view.started.t)
  return yield* runOn(worker, payload, shape, {
    clone,
    memo,
    resumed,
    guard,
    guards,
    events,
    startedAt,
    cut: spend.cut,
    ...execution
  }).pipe(
    Effect.tapError((error) => events.publish({ _tag: "RunFailed", runId, error }))
  )
})

/** The run, once recorded as started: its agent (env values from this worker), children and loop. */
const runOn = Effect.fnUntraced(function*(
  worker: FleetWorker,
  payload: RalphRunPayload,
  recorded: RunShape,
  run: {
    readonly clone: RunClone
    readonly memo: IndexMemo
    readonly resumed: ReturnType<typeof fromRecord> | undefined
    readonly guard: WorkspaceGuard["Service"]
    readonly guards: Guards
    readonly events: RunEvents["Service"]
    /** When the run first started (epoch ms), from which --max-time counts. */
    readonly startedAt: number
    readonly cut: Ref.Ref<Spend>
  } & ExecutionOf
) {
  const { runId } = payload
  const { clone, events, guard, guards, memo, resumed } = run
  const step = activityStep(run)
  const secrets = shapeWithSecrets(recorded, worker.ownAgent, worker.env)
  if ("missing" in secrets) {
    const many = secrets.missing.length > 1
    return yield* setupFailed(
      "auth",
      `this worker has no value for the ${secrets.role} ${secrets.name}'s variable${many ? "s" : ""} ` +
        `${secrets.missing.join(", ")}: set ${
          many ? "them" : "it"
        } in the worker's environment or its ralph.config.json`
    )
  }
  const { shape } = secrets
  const registry = Context.get(yield* Layer.build(worker.providers(shape)), SubagentProvider)
  // The run's agent, fallbacks and reviewer, resolved and checked as `ralph run` does.
  const fallbackAgents = shape.fallbacks.map((f) => f.name)
  const providers = yield* resolveRunProviders(registry, {
    agent: shape.config.subagentProvider,
    fallbackAgents,
    guards
  }).pipe(Effect.catch((error) => Effect.fail(setupFailed("crashed", error.message))))
  const supervisor = Context.get(yield* Layer.build(RunSupervisor.layerRuns()), RunSupervisor)
  // Runs first when the run's scope closes, before its children are stopped: what its activities do
  // after that ends them without a result (RunExecutions).
  yield* Effect.addFinalizer(() => run.execution.stop)
  const handle = yield* supervisor.start({
    provider: providers.worker,
    fallbacks: providers.fallbacks,
    ...(providers.reviewer === undefined ? {} : { reviewer: providers.reviewer }),
    maxTotalAgents: payload.maxRounds,
    resume: {
      runId,
      agentsStarted: resumed?.checkpoint.agentsStarted ?? 0,
      counted: resumed?.checkpoint.counted ?? 0
    }
  }).pipe(Effect.catch((error) => Effect.fail(setupFailed("crashed", error.message))))
  // The commits this worker made for the run's rounds, by round (for the reviewer's diff).
  const commits = new Map<number, string>()
  const context: AttemptContext = {
    // At most `--concurrency` children of this worker at once, whichever runs they belong to.
    activity: run.execution.activity,
    // Its waits held by this execution, under the lease: listed running, cut by a cancel or --max-time.
    sleep: heldSleep(run.execution.activity),
    run: { ...handle, child: (request) => step(worker.permits.withPermits(1)(handle.child(request))) },
    events: RunEvents.of({ publish: (event) => step(events.publish(event)) }),
    workspace: clone.dir,
    maxHandoffChars: shape.config.maxHandoffChars,
    policy: {
      ...defaultRetryPolicy,
      retries: shape.retries,
      baseDelay: shape.retryDelay,
      ...(Option.isSome(shape.waitLimits) ? { waitLimits: shape.waitLimits.value } : {})
    },
    ...(resumed?.dangling.finished === undefined ? {} : { recordedFinish: resumed.dangling.finished }),
    takeStopped: () => Effect.succeed([]),
    guard,
    // Answers (`ralph answer`) and notes are entries of the run's record: any process sharing the
    // store writes them, and whichever worker holds the run reads them.
    inbox: storeInbox(worker.store, runId, events),
    // The round's commit on the run's branch, pushed: its checkpoint (see the module's comment).
    checkpoint: (round, report, _filters) =>
      step(commitRound(clone, { runId, round, summary: report.summary, report }, memo)).pipe(
        Effect.tap((commit) => Effect.sync(() => commits.set(round, commit))),
        Effect.catchTag(
          // A branch tip that is no round of this run (the agent pushed to it): nobody else drives
          // the run, so the round fails rather than waiting.
          ["WorkDirUnusable", "RepoUnusable", "RunBranchForeign", "InvalidArguments"],
          (error) => Effect.fail(new GitFailed({ command: `commit round ${round}`, detail: error.message }))
        )
      ),
    // The reviewer's diff: the branch's start to the claiming round's commit.
    runDiff: (round) => branchDiff(clone, round, commits.get(round)),
    protectedBaseline: guards.protect === undefined && guards.verify === undefined ? undefined : {
      files: guards.protectedFiles ?? {},
      patterns: guards.protect ?? [],
      ...(guards.verify === undefined ? {} : { verify: guards.verify.command })
    }
  }
  // The last state the loop reported (replayed rounds too), for a result the time budget cuts.
  const progress = yield* Ref.make(loopStateOf(resumed?.checkpoint ?? newRun(payload.objective, payload.maxRounds)))
  const maxTime = Option.getOrUndefined(shape.maxTime)
  const result = yield* withinTimeBudget(
    ralphRunBody(() => Effect.succeed(context), (_, state) => Ref.set(progress, state))({
      ...payload,
      guards,
      ...(fallbackAgents.length === 0 ? {} : { agents: [shape.config.subagentProvider, ...fallbackAgents] })
    }),
    {
      maxTime: maxTime === undefined
        ? undefined
        : Duration.millis(Math.max(0, Duration.toMillis(maxTime) - (Date.now() - run.startedAt))),
      maxTimeGiven: maxTime,
      progress,
      cut: run.cut,
      guards
    }
  )
  const envelope = { runId, agentsStarted: yield* handle.agentsStarted, result }
  yield* events.publish({ _tag: "RunFinished", runId, envelope })
  return result
})
