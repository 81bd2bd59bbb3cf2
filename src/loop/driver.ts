/**
 * Drives one run, new or continued, from its checkpoint to one envelope or one typed error: its
 * events to its record (holding the workspace lock and the store's hold), a stale child of the
 * interrupted invocation stopped, the run started on the engine, its workflow executed (within the
 * time budget), and its end published.
 */
import { type Duration, Effect, Exit, identity, Option, Ref } from "effect"
import type { WorkflowEngine as DurableEngine } from "effect/workflow/WorkflowEngine"
import { removeStaleScratch } from "../agents/process/processAgent.ts"
import type { Provider } from "../agents/SubagentProvider.ts"
import type { RalphConfig } from "../domain/config.ts"
import { Cancelled, RoundFailed, StateUnavailable } from "../domain/errors.ts"
import type { RunEvent } from "../domain/events.ts"
import { checksClaims, type Guards } from "../domain/guards.ts"
import type { Envelope } from "../domain/outcome.ts"
import type { Report } from "../domain/report.ts"
import type { ReviewDiff } from "../domain/reviewPrompt.ts"
import type { AgentConfig } from "../domain/settings.ts"
import type { Spend } from "../domain/spend.ts"
import type { RunHandle, RunSupervisor } from "../engine/RunSupervisor.ts"
import { WorkflowStoreError } from "../engine/WorkflowStore.ts"
import { notifySink, recordedNotifySink } from "../notify/notifySink.ts"
import { recordRun } from "../record/RunRecorder.ts"
import type { RunStore } from "../record/RunStore.ts"
import { stopStaleChild } from "../record/staleChild.ts"
import { checkpointRef, type Checkpoints } from "../workspace/checkpoints.ts"
import { gitHead, type GitSetting } from "../workspace/git.ts"
import type { WorkspaceGuard } from "../workspace/WorkspaceGuard.ts"
import type { WorkspaceLock } from "../workspace/WorkspaceLock.ts"
import { type Checkpoint, type Dangling, loopStateOf, settledResult } from "./checkpoint.ts"
import { type AskPerson, storeInbox } from "./inbox.ts"
import type { LiveRun, LiveRuns } from "./liveRuns.ts"
import type { RetryPolicy } from "./retry.ts"
import { RunEvents } from "./RunEvents.ts"
import { cutSpend, withinTimeBudget } from "./timeBudget.ts"
import { type LoopState, RalphRun, type RalphRunPayload, roundInFlight } from "./workflow.ts"

/** The providers a run's children start on, resolved and checked by the caller once per call. */
export interface RunProviders {
  readonly worker: Provider
  /** The agents a rate-limited round falls back to, in order (`fallbackAgents`). */
  readonly fallbacks: ReadonlyArray<Provider>
  /** The reviewer's, when the run has one (issue 20). */
  readonly reviewer?: Provider
}

/** What the service fixes for every run it drives. */
export interface Driver {
  readonly config: RalphConfig
  readonly engine: RunSupervisor["Service"]
  readonly durable: DurableEngine["Service"]
  readonly events: RunEvents["Service"]
  readonly store: Option.Option<RunStore["Service"]>
  readonly locks: WorkspaceLock["Service"]
  readonly guard: WorkspaceGuard["Service"]
  readonly checkpoints: Checkpoints["Service"]
  readonly live: LiveRuns
  readonly workspace: string
  readonly policy: RetryPolicy
  readonly killGrace: Duration.Duration
  readonly maxTime: Duration.Duration | undefined
  /** The time budget as it was asked for (`maxTime` may be what was left of it at the start), for messages. */
  readonly maxTimeGiven: Duration.Duration | undefined
  /** Webhooks told when a run ends (src/notify/). */
  readonly notify: ReadonlyArray<string>
  /** Asks a person for a blocked round's answer directly (see RalphOptions.askPerson). */
  readonly askPerson?: AskPerson
  /** The agent's settings the record keeps (without env values). */
  readonly agent: AgentConfig
  /** The agents a round falls back to, in order (src/loop/workflow.ts), and their settings the record keeps. */
  readonly fallbackAgents: ReadonlyArray<string>
  readonly agents: Readonly<Record<string, AgentConfig>> | undefined
  /** The signal that cancelled a run, when a signal did. */
  readonly signal: () => "SIGINT" | "SIGTERM" | undefined
}

/**
 * Where a run's events go: with a store, to its record first (the run stops if that cannot be
 * written), holding the workspace lock for the scope; then to the observers, then to the webhooks,
 * each delivery kept in the record. `runId` is undefined while a new run has none yet.
 */
const eventsFor = Effect.fnUntraced(function*(driver: Driver, runId: string | undefined) {
  const { events, store } = driver
  const told = Option.isNone(store)
    ? notifySink({ urls: driver.notify, workspace: driver.workspace })
    : recordedNotifySink(driver.notify, driver.workspace, store.value)
  // Without webhooks the observers are the run's events as they are: nothing added to every event.
  const observed = driver.notify.length === 0
    ? events
    : RunEvents.of({ publish: (event) => Effect.andThen(events.publish(event), told(event)) })
  if (Option.isNone(store)) return observed
  yield* store.value.prepare
  const lock = yield* driver.locks.acquire(driver.workspace, runId)
  const record = recordRun({
    store: store.value,
    lock,
    agent: driver.agent,
    ...(driver.agents === undefined ? {} : { agents: driver.agents }),
    gitHead: gitHead(driver.workspace),
    signal: driver.signal
  })
  return RunEvents.of({ publish: (event) => Effect.andThen(record(event), observed.publish(event)) })
})

/**
 * The engine could not record a step (its database went away, its disk filled up): the run stops
 * there, resumable, and says so — what was recorded before is kept.
 */
const storeFailed = (driver: Driver) => (defect: unknown) =>
  defect instanceof WorkflowStoreError
    ? Effect.fail(
      new StateUnavailable({
        path: Option.match(driver.store, { onNone: () => "the workflow engine's store", onSome: (s) => s.root }),
        problem: `${defect.message}; nothing recorded before is lost: resume the run once the database works`
      })
    )
    : Effect.die(defect)

/**
 * The execution a resume drives: the run's own while it is unfinished (a crash or a cancellation
 * leaves it so, and it replays), else — a failure (a round failed, a report was rejected) is a
 * workflow's final result, while for ralph a failed run can be continued — the next one,
 * `RUN_ID#2`, `#3`…, starting from the checkpoint.
 */
const resumableExecution = Effect.fnUntraced(function*(driver: Driver, runId: string) {
  for (let n = 1;; n++) {
    const executionId = n === 1 ? runId : `${runId}#${n}`
    const stored = yield* driver.durable.poll(RalphRun, executionId)
    const failed = Option.isSome(stored) && stored.value._tag === "Complete" && Exit.isFailure(stored.value.exit)
    if (!failed) return executionId
  }
})

/** The workflow's payload for a run from its checkpoint. */
const payloadOf = (
  runId: string,
  checkpoint: Checkpoint,
  guards: Guards,
  primary: string,
  fallbackAgents: ReadonlyArray<string>
): RalphRunPayload => ({
  runId,
  ...(fallbackAgents.length === 0 ? {} : { agents: [primary, ...fallbackAgents] }),
  objective: checkpoint.objective,
  maxRounds: checkpoint.maxRounds,
  from: checkpoint.lastReport === undefined
    ? null
    : {
      round: checkpoint.lastRound,
      report: checkpoint.lastReport,
      usage: checkpoint.usage ?? [],
      stalled: checkpoint.stalled ?? 0,
      ...(checkpoint.rejected === undefined ? {} : { rejected: checkpoint.rejected }),
      ...(checkpoint.reviews === undefined ? {} : { reviews: checkpoint.reviews }),
      ...(checkpoint.reviewRejected === undefined ? {} : { reviewRejected: checkpoint.reviewRejected })
    },
  guards,
  ...(checkpoint.pendingUsage === undefined || checkpoint.pendingUsage.length === 0
    ? {}
    : { pendingUsage: checkpoint.pendingUsage })
})

/**
 * The run's changes from checkpoint 0 to round `round`'s, for its reviewer: the diffstat and the
 * patch (undefined past git's own bound: the prompt then names the command), or why there is none.
 */
const reviewDiff = (checkpoints: Checkpoints["Service"], workspace: string, runId: string, round: number) => {
  const from = checkpointRef(runId, 0)
  const to = checkpointRef(runId, round)
  const command = `git diff ${from} ${to}`
  return Effect.gen(function*() {
    const stat = yield* checkpoints.diff(workspace, from, to, true)
    const patch = yield* checkpoints.diff(workspace, from, to, false).pipe(
      Effect.catchTag("GitFailed", () => Effect.succeed(undefined))
    )
    return { _tag: "Diff", stat, patch, command } satisfies ReviewDiff
  }).pipe(
    Effect.catchTag("GitFailed", (error) => Effect.succeed<ReviewDiff>({ _tag: "Unavailable", problem: error.message }))
  )
}

/** What the run's activities need while this invocation drives it. */
const liveRunOf = Effect.fnUntraced(function*(
  driver: Driver,
  run: RunHandle,
  events: RunEvents["Service"],
  checkpoint: Checkpoint,
  dangling: Dangling | undefined,
  guards: Guards
) {
  const stopped = yield* Ref.make(dangling?.stopped ?? [])
  // Survives the workflow's fiber being cut by the time budget.
  const progress = yield* Ref.make<LoopState>(loopStateOf(checkpoint))
  const live: LiveRun = {
    run,
    events,
    workspace: driver.workspace,
    maxHandoffChars: driver.config.maxHandoffChars,
    policy: driver.policy,
    ...(dangling?.finished === undefined ? {} : { recordedFinish: dangling.finished }),
    takeStopped: (round) => round === checkpoint.lastRound + 1 ? Ref.getAndSet(stopped, []) : Effect.succeed([]),
    progress,
    guard: driver.guard,
    ...(Option.isNone(driver.store)
      ? {}
      : { inbox: storeInbox(driver.store.value, run.runId, events, driver.askPerson) }),
    // Checkpoint seam: each round's end records the workspace (see attempt.ts). Outside git no
    // round asks again (the run was told so at its start); in git, `record` looks for the repository
    // itself, a walk up that costs little beside its git processes.
    ...(driver.checkpoints.applies(driver.workspace)
      ? {
        checkpoint: (round: number, _report: Report, filters: ReadonlyArray<GitSetting>) =>
          driver.checkpoints.record(driver.workspace, run.runId, round, filters),
        // The reviewer's diff (issue 20): checkpoint 0 to the claiming round's.
        runDiff: (round: number) => reviewDiff(driver.checkpoints, driver.workspace, run.runId, round)
      }
      : {}),
    protectedBaseline: !checksClaims(guards)
      ? undefined
      : {
        files: guards.protectedFiles ?? {},
        patterns: guards.protect ?? [],
        ...(guards.verify === undefined ? {} : { verify: guards.verify.command })
      }
  }
  return live
})

/** The run's workflow to its result: settled at once, or executed (within the time budget). */
const outcomeOf = Effect.fnUntraced(function*(
  driver: Driver,
  live: LiveRun,
  events: RunEvents["Service"],
  cut: Ref.Ref<Spend>,
  start: { readonly checkpoint: Checkpoint; readonly guards: Guards; readonly resumed: boolean }
) {
  const runId = live.run.runId
  const settled = settledResult(start.checkpoint)
  const executed = settled !== undefined ? Effect.succeed(settled) : driver.durable.execute(RalphRun, {
    executionId: start.resumed ? yield* resumableExecution(driver, runId) : runId,
    payload: payloadOf(runId, start.checkpoint, start.guards, driver.config.subagentProvider, driver.fallbackAgents)
  }).pipe(Effect.catchDefect(storeFailed(driver)))
  const result = yield* withinTimeBudget(executed, {
    maxTime: driver.maxTime,
    maxTimeGiven: driver.maxTimeGiven,
    progress: live.progress,
    cut,
    guards: start.guards
  })
  const envelope: Envelope = { runId, agentsStarted: yield* live.run.agentsStarted, result }
  yield* events.publish({ _tag: "RunFinished", runId, envelope })
  return envelope
})

/**
 * Drives a run from a checkpoint (and what its interrupted invocation left, when resumed) to an
 * outcome, its children on the providers the caller resolved for it.
 */
export const drive = (driver: Driver) =>
(
  providers: RunProviders,
  checkpoint: Checkpoint,
  dangling: Dangling | undefined,
  guards: Guards,
  /** A new run's protect patterns that decided no path at its start (a warning, see RunStarted). */
  protectUnmatched: ReadonlyArray<string> = []
) =>
  Effect.scoped(Effect.gen(function*() {
    const resumed = dangling !== undefined
    const store = driver.store
    const recordEvents = yield* eventsFor(driver, resumed ? checkpoint.runId : undefined)
    const { cut, hear } = yield* cutSpend({
      round: checkpoint.lastRound + 1,
      attempts: [...(checkpoint.pendingUsage ?? []), ...(dangling?.stopped ?? [])]
    })
    const events = RunEvents.of({ publish: (event) => Effect.andThen(hear(event), recordEvents.publish(event)) })
    // Held first, so that nobody else starts a child for the run while its stale one is stopped.
    const resumedHold = resumed && Option.isSome(store)
      ? yield* store.value.hold(checkpoint.runId, driver.workspace)
      : undefined
    const stoppedStalePid = dangling === undefined
      ? null
      : yield* stopStaleChild(dangling.pid, checkpoint.runId, driver.killGrace)
    // The scratch folders a crashed invocation left for the run go once its children are stopped.
    if (resumed) removeStaleScratch(checkpoint.runId)
    const run = yield* driver.engine.start({
      provider: providers.worker,
      fallbacks: providers.fallbacks,
      ...(providers.reviewer === undefined ? {} : { reviewer: providers.reviewer }),
      maxTotalAgents: checkpoint.maxRounds,
      ...(resumed
        ? { resume: { runId: checkpoint.runId, agentsStarted: checkpoint.agentsStarted, counted: checkpoint.counted } }
        : {})
    })
    const held = resumedHold ??
      (Option.isSome(store) ? yield* store.value.hold(run.runId, driver.workspace) : undefined)
    const live = yield* liveRunOf(driver, run, events, checkpoint, dangling, guards)
    yield* driver.live.hold(run.runId, live)
    const started: RunEvent = {
      _tag: "RunStarted",
      runId: run.runId,
      objective: checkpoint.objective,
      maxRounds: checkpoint.maxRounds,
      provider: driver.config.subagentProvider,
      config: driver.config,
      workspace: driver.workspace,
      guards,
      ...(driver.fallbackAgents.length === 0 ? {} : { fallbackAgents: driver.fallbackAgents }),
      ...(protectUnmatched.length === 0 ? {} : { protectUnmatched }),
      ...(dangling === undefined ? {} : {
        resumedAfterRound: checkpoint.lastRound,
        ...(dangling.round === null ? {} : { rerunsRound: dangling.round }),
        ...(stoppedStalePid === null ? {} : { stoppedStalePid })
      })
    }
    // Checkpoint seam: a new run's workspace as it starts, refs/ralph/RUN_ID/0.
    const startCheckpoint = resumed ? Effect.void : driver.checkpoints.record(driver.workspace, run.runId, 0).pipe(
      Effect.asVoid,
      Effect.catchTag(
        "GitFailed",
        (error) => Effect.fail(new RoundFailed({ round: 0, reason: "git", detail: error.message, lastReport: null }))
      )
    )
    return yield* events.publish(started).pipe(
      Effect.andThen(startCheckpoint),
      Effect.andThen(outcomeOf(driver, live, events, cut, { checkpoint, guards, resumed }))
    ).pipe(
      Effect.tapError((error) => Effect.ignore(events.publish({ _tag: "RunFailed", runId: run.runId, error }))),
      Effect.onInterrupt(() =>
        Effect.flatMap(Ref.get(live.progress), (state) =>
          Effect.ignore(events.publish({
            _tag: "RunFailed",
            runId: run.runId,
            error: new Cancelled({ round: roundInFlight(state) })
          })))
      ),
      // Every write of the run is fenced by its lease; a lost lease stops the run (its record
      // refuses the RunFailed above).
      held === undefined ? identity : held.drive
    )
  }))
