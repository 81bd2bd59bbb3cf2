/**
 * One attempt of one round: a child started through the run's handle, its value checked against
 * the report rules, every step published as an event. It runs inside the attempt's activity, so
 * what it reads of clocks, randomness and processes never reaches the workflow body except as its
 * recorded result.
 */
import { Clock, type Duration, Effect, Random, Schema } from "effect"
import type { WorkflowEngine, WorkflowInstance } from "effect/workflow/WorkflowEngine"
import { ChildFailed, failureFacts } from "../agents/SubagentProvider.ts"
import { EngineRejected, MalformedReport, OversizedReport, StateUnavailable } from "../domain/errors.ts"
import { withNotes } from "../domain/prompt.ts"
import { checkReport, Report } from "../domain/report.ts"
import type { ReviewDiff } from "../domain/reviewPrompt.ts"
import { Usage, usageProblem } from "../domain/usage.ts"
import type { RunHandle } from "../engine/RunSupervisor.ts"
import type { GitFailed, GitSetting } from "../workspace/git.ts"
import type { ProtectedBaseline, WorkspaceGuard } from "../workspace/WorkspaceGuard.ts"
import type { RunInbox } from "./inbox.ts"
import { limitWait, retryDelayMillis, type RetryPolicy } from "./retry.ts"
import type { RunEvents } from "./RunEvents.ts"

/** What an attempt that yielded a valid report leaves behind. */
export const AttemptSucceeded = Schema.Struct({
  report: Report,
  usage: Usage,
  durationMs: Schema.Number,
  /** Whether the child changed the workspace: its fingerprints before and after differ. */
  changed: Schema.optionalKey(Schema.Boolean),
  /** What attempts of the round stopped in earlier invocations spent (see AttemptContext.takeStopped). */
  stopped: Schema.optionalKey(Schema.Array(Usage))
})
export type AttemptSucceeded = typeof AttemptSucceeded.Type

/** A child that yielded no value, and whether (after how long) the round tries again. */
export class AttemptFailed extends Schema.TaggedError<AttemptFailed>()("AttemptFailed", {
  failure: ChildFailed,
  /** The wait before the next attempt, or null when the round ends here. */
  retryInMs: Schema.NullOr(Schema.Number),
  /**
   * Set instead of a retry when the round waits out a rate limit (see `limitWait`, src/loop/retry.ts):
   * when the next attempt starts (epoch ms) and how long the wait was when decided.
   */
  limitWait: Schema.optionalKey(Schema.Struct({ until: Schema.Number, ms: Schema.Number })),
  /** What attempts of the round stopped in earlier invocations spent (see AttemptContext.takeStopped). */
  stopped: Schema.optionalKey(Schema.Array(Usage))
}) {}

/** How an attempt ends without a report; StateUnavailable when an event could not be recorded. */
export const AttemptError = Schema.Union([
  AttemptFailed,
  MalformedReport,
  OversizedReport,
  EngineRejected,
  StateUnavailable
])
export type AttemptError = typeof AttemptError.Type

/** Everything an attempt needs that is fixed for its run. */
export interface AttemptContext {
  readonly run: RunHandle
  readonly events: RunEvents["Service"]
  readonly workspace: string
  readonly maxHandoffChars: number
  readonly policy: RetryPolicy
  /**
   * The last round the run's record holds as finished, when resuming by the record. A crash between
   * the record's write and the engine's (both in the attempt's activity) leaves the engine without
   * that round: its activity then runs again, and must not start the round's child a second time.
   */
  readonly recordedFinish?: { readonly round: number } & AttemptSucceeded
  readonly guard: WorkspaceGuard["Service"]
  /**
   * What attempts of a round that earlier invocations started and stopped from outside (a
   * cancellation, the time budget) had reported spending: the engine holds no result for them, so
   * the first attempt of that round this invocation runs takes them (once: later calls give none)
   * and its result carries them, which makes them count once, in the workflow's record, for the
   * caps and the result.
   */
  readonly takeStopped: (round: number) => Effect.Effect<ReadonlyArray<Usage>>
  /** The protected files as the run started, when some are protected or a verify command is set. */
  readonly protectedBaseline: ProtectedBaseline | undefined
  /** Records the workspace as the round's checkpoint (src/workspace/checkpoints.ts): its commit, or undefined outside git. */
  readonly checkpoint?: (
    round: number,
    report: Report,
    filters: ReadonlyArray<GitSetting>
  ) => Effect.Effect<string | undefined, GitFailed>
  /** The run's diff from checkpoint 0 to `round`'s, for its reviewer (issue 20); absent outside git. */
  readonly runDiff?: (round: number) => Effect.Effect<ReviewDiff>
  /** What people tell the run from outside it (answers, notes), when the run has a record to read them from. */
  readonly inbox?: RunInbox
  /**
   * Runs the body of each of the run's activities (a fleet run: counted by its execution, and ended
   * without a result once that execution stops — src/fleet/RunExecutions.ts); absent: as it is.
   */
  readonly activity?: <A, E, R>(body: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /**
   * How the body sleeps out a wait (a retry's, a limit's, a review retry's), by the wait's name; absent:
   * on the engine's durable clock (`durableSleep`, src/loop/execution.ts). A fleet run's execution
   * sleeps it itself, holding the run (src/fleet/heldSleep.ts).
   */
  readonly sleep?: (
    name: string,
    duration: Duration.Duration
  ) => Effect.Effect<void, never, WorkflowEngine | WorkflowInstance>
}

export interface AttemptInput {
  readonly round: number
  readonly maxRounds: number
  readonly attempt: number
  readonly prompt: string
  /** The round's waits before this attempt, in milliseconds. */
  readonly waitedMillis: number
  /** The round's limit waits before this attempt (see `limitWait`), in milliseconds. */
  readonly limitWaitedMillis: number
  /** The attempt's number counted from the round's last limit wait (its retries start afresh after one). */
  readonly sinceWait: number
  /** In a run with fallback agents, the agent this attempt runs (the run's own, or a fallback). */
  readonly agent?: string
  /** What is left of the run's cost cap, passed to agents that take one. */
  readonly maxBudgetUsd: number | undefined
  /** The workspace's fingerprint as the last round's attempt left it, when nothing ran since (see Attempted.after). */
  readonly before: string | undefined
}

/** An attempt's result, and what the next attempt may start from. */
export interface Attempted {
  readonly result: AttemptSucceeded
  /**
   * After a `continue` report, the workspace's fingerprint as the child left it: nothing runs in
   * the workspace before the next round's first attempt (a claim's check and a retry's wait do),
   * so that is its "before", and the workspace is read once a round. Not part of the result: a
   * replayed run reads the workspace afresh.
   */
  readonly after: string | undefined
}

/** A reported usage as it counts: one that breaks the bounds (src/domain/usage.ts) is unknown. */
const countableUsage = (usage: Usage | undefined): Usage | undefined =>
  usage === undefined || usageProblem(usage) !== undefined ? undefined : usage

/**
 * A failure whose reported usage breaks the bounds (src/domain/usage.ts) says nothing of its spend:
 * what cannot be counted is unknown, and never reaches the record.
 */
const countable = (failure: ChildFailed): ChildFailed => {
  if (countableUsage(failure.usage) === failure.usage) return failure
  return new ChildFailed({
    ...failureFacts(failure),
    ...(failure.transcript === undefined ? {} : { transcript: failure.transcript })
  })
}

/**
 * A failed attempt: its failure published, and whether (after how long) the round tries again,
 * decided here so the workflow decides only from this activity's result. The child's failure, or
 * ralph's own look at the workspace that could not be made (then `started` is undefined: no child ran).
 */
const attemptFailed = Effect.fnUntraced(function*(
  context: AttemptContext,
  input: AttemptInput,
  failure: ChildFailed,
  started: number | undefined,
  stopped: { readonly stopped?: ReadonlyArray<Usage> }
): Effect.fn.Return<never, AttemptFailed | StateUnavailable> {
  const { events } = context
  const { attempt, round } = input
  const runId = context.run.runId
  const now = yield* Clock.currentTimeMillis
  yield* events.publish({
    _tag: "RoundFailed",
    runId,
    round,
    attempt,
    reason: failure.reason,
    detail: failure.detail,
    ...(failure.stderrTail === undefined ? {} : { stderrTail: failure.stderrTail }),
    ...(failure.transcript === undefined ? {} : { transcript: failure.transcript }),
    ...(failure.usage === undefined ? {} : { usage: failure.usage }),
    durationMs: started === undefined ? 0 : now - started
  })
  const failed = {
    reason: failure.reason,
    resetAt: failure.resetAt,
    attempt: input.sinceWait,
    waitedMillis: input.waitedMillis,
    limitWaitedMillis: input.limitWaitedMillis
  }
  const random = yield* Random.next
  const limited = limitWait(context.policy, failed, now, random)
  if (limited?._tag === "wait") {
    yield* events.publish({
      _tag: "LimitWait",
      runId,
      round,
      attempt: attempt + 1,
      reason: failure.reason,
      resetAt: limited.resetAt,
      until: new Date(limited.until).toISOString()
    })
    const wait = { until: limited.until, ms: limited.ms }
    return yield* new AttemptFailed({ failure, retryInMs: null, limitWait: wait, ...stopped })
  }
  // A reset past what --wait-limits waits for is not retried either.
  const retryInMs = limited === undefined ? retryDelayMillis(context.policy, failed, now, random) : undefined
  if (retryInMs !== undefined) {
    yield* events.publish({
      _tag: "RetryScheduled",
      runId,
      round,
      attempt: attempt + 1,
      reason: failure.reason,
      delayMs: retryInMs
    })
  }
  return yield* new AttemptFailed({ failure, retryInMs: retryInMs ?? null, ...stopped })
})

export const runAttempt = Effect.fnUntraced(function*(
  context: AttemptContext,
  input: AttemptInput
): Effect.fn.Return<Attempted, AttemptError> {
  const { events, run } = context
  const { attempt, round } = input
  const runId = run.runId
  const stoppedBefore = yield* context.takeStopped(round)
  const stopped = stoppedBefore.length === 0 ? {} : { stopped: stoppedBefore }
  const recorded = context.recordedFinish
  if (recorded !== undefined && recorded.round === round) {
    const result: AttemptSucceeded = {
      report: recorded.report,
      usage: recorded.usage,
      durationMs: recorded.durationMs,
      ...(recorded.changed === undefined ? {} : { changed: recorded.changed }),
      ...stopped
    }
    return { result, after: undefined }
  }
  // The notes people left since the last child started go to this one, after its handoff; the
  // round-started entry (committed before the spawn) records that it had them.
  const notes = context.inbox === undefined ? [] : yield* context.inbox.pendingNotes
  const prompt = withNotes(input.prompt, notes)
  yield* (events.publish({
    _tag: "RoundStarted",
    runId,
    round,
    attempt,
    ...(input.agent === undefined ? {} : { agent: input.agent }),
    ...(notes.length === 0 ? {} : { notes: notes.length })
  }))
  /** ralph's own git in the workspace (the fingerprint, the checkpoint), past its bounds, fails the attempt by name. */
  const gitFailed = (started: number | undefined) => (error: GitFailed) =>
    attemptFailed(context, input, new ChildFailed({ reason: "git", detail: error.message }), started, stopped)
  const fingerprint = (started: number | undefined, filters?: ReadonlyArray<GitSetting>) =>
    context.guard.fingerprint(context.workspace, filters).pipe(Effect.catchTag("GitFailed", gitFailed(started)))
  const before = input.before ?? (yield* fingerprint(undefined))
  const started = yield* Clock.currentTimeMillis
  const onSpawn = (pid: number) => Effect.ignore(events.publish({ _tag: "ChildSpawned", runId, round, attempt, pid }))
  const onStopped = (reported: Usage | undefined) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const counted = countableUsage(reported)
      const usage = counted === undefined ? {} : { usage: counted }
      return Effect.ignore(
        events.publish({ _tag: "RoundStopped", runId, round, attempt, durationMs: now - started, ...usage })
      )
    })
  const output = yield* run.child({
    round,
    maxRounds: input.maxRounds,
    attempt,
    prompt,
    workspace: context.workspace,
    onSpawn,
    onStopped,
    ...(input.agent === undefined ? {} : { agent: input.agent }),
    ...(input.maxBudgetUsd === undefined ? {} : { maxBudgetUsd: input.maxBudgetUsd })
  }).pipe(
    Effect.catchTag("ChildFailed", (failure) => attemptFailed(context, input, countable(failure), started, stopped))
  )
  const problem = usageProblem(output.usage)
  if (problem !== undefined) {
    const refused = new ChildFailed({
      reason: "malformed-usage",
      detail: `the agent reported a usage ralph cannot count: ${problem}`,
      ...(output.transcript === undefined ? {} : { transcript: output.transcript })
    })
    return yield* attemptFailed(context, input, refused, started, stopped)
  }
  const durationMs = (yield* Clock.currentTimeMillis) - started
  const checked = checkReport(output.value, context.maxHandoffChars)
  if (checked._tag !== "Valid") {
    const rejected = checked._tag === "Malformed"
      ? new MalformedReport({ round, problem: checked.problem })
      : new OversizedReport({ round, chars: checked.chars, limit: checked.limit })
    yield* (events.publish({
      _tag: "RoundRejected",
      runId,
      round,
      attempt,
      kind: checked._tag === "Malformed" ? "malformed" : "oversized",
      problem: checked._tag === "Malformed"
        ? checked.problem
        : `the report is ${checked.chars} characters as compact JSON; the limit is ${checked.limit} (maxHandoffChars)`,
      durationMs,
      usage: output.usage,
      ...(output.transcript === undefined ? {} : { transcript: output.transcript })
    }))
    return yield* rejected
  }
  // The repository's filter list read once for the fingerprint and the checkpoint: nothing runs between them.
  const filters = yield* context.guard.gitFilters(context.workspace).pipe(
    Effect.catchTag("GitFailed", gitFailed(started))
  )
  const after = yield* fingerprint(started, filters)
  const protectedChanged = context.protectedBaseline === undefined
    ? undefined
    : yield* context.guard.changed(context.workspace, context.protectedBaseline)
  // Checkpoint seam: the workspace as the round left it, on refs/ralph/RUN_ID/ROUND; git past its bounds fails the attempt as the fingerprint's does.
  const checkpoint = context.checkpoint === undefined
    ? undefined
    : yield* context.checkpoint(round, checked.report, filters).pipe(Effect.catchTag("GitFailed", gitFailed(started)))
  yield* (events.publish({
    _tag: "RoundFinished",
    runId,
    round,
    attempt,
    report: checked.report,
    durationMs,
    usage: output.usage,
    workspace: { changed: before !== after, fingerprint: after },
    ...(protectedChanged === undefined ? {} : { protectedChanged }),
    ...(checkpoint === undefined ? {} : { checkpoint }),
    ...(output.transcript === undefined ? {} : { transcript: output.transcript })
  }))
  return {
    result: { report: checked.report, usage: output.usage, durationMs, changed: before !== after, ...stopped },
    after: checked.report.status === "continue" ? after : undefined
  }
})
