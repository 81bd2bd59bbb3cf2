import { Clock, Context, Duration, Effect, Layer, Ref, Schedule } from "effect"
import { makeConfig, type RalphConfig, type RalphConfigInput, resolveArgs, type RunArgs } from "./domain/config.ts"
import {
  Cancelled,
  type EngineRejected,
  isTransient,
  MalformedReport,
  OversizedReport,
  type RalphError,
  RoundFailed
} from "./domain/errors.ts"
import type { Envelope, RunResult } from "./domain/outcome.ts"
import { roundPrompt } from "./domain/prompt.ts"
import { checkReport, type Report } from "./domain/report.ts"
import { defaults } from "./domain/settings.ts"
import { iterate } from "./iterate.ts"
import { RunEvents } from "./services/RunEvents.ts"
import { type ChildFailed, type ChildOutput, SubagentProvider } from "./services/SubagentProvider.ts"
import { type RunHandle, WorkflowEngine } from "./services/WorkflowEngine.ts"

/** How transient child failures are retried within a round. */
export interface RetryPolicy {
  /** Retries per round after the first attempt. */
  readonly retries: number
  readonly baseDelay: Duration.Duration
  /** Cap on one backoff delay. */
  readonly maxDelay: Duration.Duration
  /**
   * Bound on the waits of one round's retries, added up: a retry that would pass it (a far-off
   * rate-limit reset, say) is not made, and the round fails with the last failure.
   */
  readonly maxTotalWait: Duration.Duration
}

export const defaultRetryPolicy: RetryPolicy = {
  retries: defaults.retries,
  baseDelay: defaults.retryDelay,
  maxDelay: Duration.seconds(60),
  maxTotalWait: Duration.minutes(15)
}

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

type AttemptError = ChildFailed | EngineRejected | RalphError

interface LoopState {
  readonly round: number
  readonly last: Report | undefined
  readonly result: RunResult | undefined
}

const retryDelay = (error: ChildFailed, backoff: Duration.Duration, policy: RetryPolicy, now: number) => {
  const capped = Duration.min(backoff, policy.maxDelay)
  if (error.resetAt === undefined) return capped
  const untilReset = Date.parse(error.resetAt) - now
  return Number.isFinite(untilReset) ? Duration.max(capped, Duration.millis(untilReset)) : capped
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
        const events = yield* RunEvents
        const workspace = options.workspace ?? process.cwd()
        const policy = options.retry ?? defaultRetryPolicy

        const childFailed = (round: number, last: Report | undefined) => (error: ChildFailed) =>
          new RoundFailed({
            round,
            reason: error.reason,
            detail: error.detail,
            lastReport: last ?? null,
            ...(error.exitCode === undefined ? {} : { exitCode: error.exitCode }),
            ...(error.signal === undefined ? {} : { signal: error.signal }),
            ...(error.stderrTail === undefined ? {} : { stderrTail: error.stderrTail }),
            ...(error.resetAt === undefined ? {} : { resetAt: error.resetAt })
          })

        /** One child: journaled start, and journaled failure. */
        const attempt = (
          run: RunHandle,
          round: number,
          maxRounds: number,
          prompt: string,
          attemptNumber: number
        ): Effect.Effect<{ output: ChildOutput; durationMs: number }, AttemptError> =>
          Effect.gen(function*() {
            yield* events.publish({ _tag: "RoundStarted", runId: run.runId, round, attempt: attemptNumber })
            const started = yield* Clock.currentTimeMillis
            const onSpawn = (pid: number) =>
              Effect.ignore(
                events.publish({ _tag: "ChildSpawned", runId: run.runId, round, attempt: attemptNumber, pid })
              )
            const output = yield* run.child({ round, maxRounds, attempt: attemptNumber, prompt, workspace, onSpawn })
              .pipe(
                Effect.tapError((error) =>
                  error._tag === "ChildFailed"
                    ? Effect.flatMap(Clock.currentTimeMillis, (now) =>
                      events.publish({
                        _tag: "RoundFailed",
                        runId: run.runId,
                        round,
                        attempt: attemptNumber,
                        reason: error.reason,
                        detail: error.detail,
                        ...(error.stderrTail === undefined ? {} : { stderrTail: error.stderrTail }),
                        durationMs: now - started,
                        ...(error.transcript === undefined ? {} : { transcript: error.transcript })
                      }))
                    : Effect.void
                )
              )
            return { output, durationMs: (yield* Clock.currentTimeMillis) - started }
          })

        /** One round: a child (retried while its failures are transient), then the report checked. */
        // Untraced: a span per round costs more than the round's own policy (see bench/RESULTS.md).
        const round = Effect.fnUntraced(function*(
          run: RunHandle,
          objective: string,
          maxRounds: number,
          state: LoopState
        ): Effect.fn.Return<LoopState, RalphError> {
          const n = state.round + 1
          const prompt = roundPrompt({ objective, round: n, maxRounds, previous: state.last })
          let attemptNumber = 0
          let waitedMillis = 0
          const nextAttempt = () => attempt(run, n, maxRounds, prompt, ++attemptNumber)
          // Outermost last: the tap (a journaled retry) only sees failures the inner steps agreed to retry.
          const retrySchedule = () =>
            Schedule.exponential(policy.baseDelay).pipe(
              Schedule.jittered,
              Schedule.setInputType<AttemptError>(),
              Schedule.while(({ input }) => input._tag === "ChildFailed" && isTransient(input.reason)),
              Schedule.modifyDelay(({ duration, input }) =>
                Effect.map(
                  Clock.currentTimeMillis,
                  (now) => input._tag === "ChildFailed" ? retryDelay(input, duration, policy, now) : duration
                )
              ),
              Schedule.while(({ duration }) =>
                waitedMillis + Duration.toMillis(duration) <= Duration.toMillis(policy.maxTotalWait)
              ),
              Schedule.upTo({ times: policy.retries }),
              Schedule.tap(({ duration, input }) => {
                waitedMillis += Duration.toMillis(duration)
                return events.publish({
                  _tag: "RetryScheduled",
                  runId: run.runId,
                  round: n,
                  attempt: attemptNumber + 1,
                  reason: input._tag === "ChildFailed" ? input.reason : "crashed",
                  delayMs: Duration.toMillis(duration)
                })
              })
            )
          // The schedule is only built once a first attempt has failed; that failure is then replayed
          // into it, so it sees the same sequence of errors as if it had driven every attempt.
          const retried = (first: AttemptError) => {
            let replay: AttemptError | undefined = first
            return Effect.suspend(() => {
              const error = replay
              replay = undefined
              return error === undefined ? nextAttempt() : Effect.fail(error)
            }).pipe(Effect.retry(retrySchedule()))
          }
          const { durationMs, output } = yield* nextAttempt().pipe(
            Effect.catch(retried),
            Effect.catchTag("ChildFailed", (error) => Effect.fail(childFailed(n, state.last)(error)))
          )
          const checked = checkReport(output.value, config.maxHandoffChars)
          if (checked._tag !== "Valid") {
            // Told (and journaled, with what the child printed) before the run fails with it.
            yield* events.publish({
              _tag: "RoundRejected",
              runId: run.runId,
              round: n,
              attempt: attemptNumber,
              kind: checked._tag === "Malformed" ? "malformed" : "oversized",
              problem: checked._tag === "Malformed"
                ? checked.problem
                : `the report is ${checked.chars} characters as compact JSON; the limit is ${checked.limit} (maxHandoffChars)`,
              durationMs,
              usage: output.usage,
              ...(output.transcript === undefined ? {} : { transcript: output.transcript })
            })
            return yield* checked._tag === "Malformed"
              ? new MalformedReport({ round: n, problem: checked.problem })
              : new OversizedReport({ round: n, chars: checked.chars, limit: checked.limit })
          }
          const report = checked.report
          yield* events.publish({
            _tag: "RoundFinished",
            runId: run.runId,
            round: n,
            attempt: attemptNumber,
            report,
            durationMs,
            usage: output.usage,
            ...(output.transcript === undefined ? {} : { transcript: output.transcript })
          })
          if (report.status !== "continue") {
            return { round: n, last: report, result: { status: report.status, roundsStarted: n, report } }
          }
          if (n >= maxRounds) {
            return {
              round: n,
              last: report,
              result: { status: "budget-limited", limit: "rounds", roundsStarted: n, report }
            }
          }
          return { round: n, last: report, result: undefined }
        })

        /** Drives rounds from a checkpoint to an outcome, inside the run's scope. */
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
            const initial: LoopState = {
              round: checkpoint.lastRound,
              last: checkpoint.lastReport,
              result: settledResult(checkpoint)
            }
            // Survives the loop's fiber being cut by the time budget.
            const progress = yield* Ref.make(initial)
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
              const loop = iterate<LoopState, RalphError, never>(initial, {
                while: (state) => state.result === undefined,
                body: (state) =>
                  round(run, checkpoint.objective, checkpoint.maxRounds, state).pipe(
                    Effect.tap((next) => Ref.set(progress, next))
                  )
              })
              const final = options.maxTime === undefined
                ? yield* loop
                : yield* loop.pipe(Effect.timeoutOrElse({
                  duration: options.maxTime,
                  orElse: () => Effect.succeed(undefined)
                }))
              const result = final?.result ?? (yield* timeBudgetResult(yield* Ref.get(progress)))
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
          return {
            status: "budget-limited",
            limit: "time",
            roundsStarted: state.round + 1,
            report: state.last
          }
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
