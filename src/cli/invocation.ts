import { type Context, Duration, Effect, Layer, Option } from "effect"
import type * as EffectEngine from "effect/workflow/WorkflowEngine"
import { reviewOption } from "../domain/agentRecord.ts"
import type { RalphError } from "../domain/errors.ts"
import type { Envelope } from "../domain/outcome.ts"
import { RunSupervisor } from "../engine/RunSupervisor.ts"
import type { AskPerson } from "../loop/inbox.ts"
import { defaultRetryPolicy, Ralph } from "../loop/Ralph.ts"
import { RunEvents } from "../loop/RunEvents.ts"
import type { RunStore } from "../record/RunStore.ts"
import { runMetrics } from "../telemetry/runMetrics.ts"
import { runSpans } from "../telemetry/runSpans.ts"
import { metricsWanted, tracesWanted } from "../telemetry/wanted.ts"
import { repositoryRoot } from "../workspace/git.ts"
import { type ProtectedBaseline, WorkspaceGuard } from "../workspace/WorkspaceGuard.ts"
import { progressFor, type RecordedSoFar } from "./present/liveView.ts"
import { resumeCommand } from "./present/output.ts"
import { providersLayer } from "./providers.ts"
import { CliSession, type Session, settleFailure, settleSuccess } from "./session.ts"
import type { CliSettings } from "./settings.ts"
import { type OpenedStore, openStore, type StoreLocation } from "./store.ts"

type Publish = RunEvents["Service"]["publish"]

/**
 * The Ralph layer for one invocation: the store (so Ralph records the run, holds the workspace lock
 * and resumes by run id), the engine, the CLI's providers and the invocation's observers.
 */
const ralphLayer = (
  settings: CliSettings,
  session: Session,
  publish: Publish,
  stored: Context.Context<RunStore | EffectEngine.WorkflowEngine>,
  startedAt: number,
  gate: ProtectedBaseline | undefined,
  askPerson: AskPerson | undefined
) =>
  Ralph.layer({
    ...settings.config,
    workspace: settings.workspace,
    retry: {
      ...defaultRetryPolicy,
      retries: settings.retries,
      baseDelay: settings.retryDelay,
      ...(Option.isSome(settings.waitLimits) ? { waitLimits: settings.waitLimits.value } : {})
    },
    killGrace: settings.killGrace,
    record: {
      agent: settings.agent,
      ...(settings.fallbacks.length === 0
        ? {}
        : { agents: Object.fromEntries(settings.fallbacks.map(({ agent, name }) => [name, agent])) }),
      signal: () => session.signal
    },
    ...(settings.fallbacks.length === 0 ? {} : { fallbackAgents: settings.fallbacks.map((f) => f.name) }),
    ...(settings.maxCostUsd === undefined ? {} : { maxCostUsd: settings.maxCostUsd }),
    ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }),
    allowUnknownCost: settings.allowUnknownCost,
    ...(settings.maxStalledRounds === undefined ? {} : { maxStalledRounds: settings.maxStalledRounds }),
    ...(settings.verify === undefined ? {} : { verify: { command: settings.verify, timeout: settings.verifyTimeout } }),
    protect: settings.protect,
    onBlocked: settings.onBlocked,
    ...(settings.askTimeout === undefined ? {} : { askTimeout: settings.askTimeout }),
    notify: settings.notify,
    ...(settings.review === undefined ? {} : { review: reviewOption(settings.review) }),
    ...(gate === undefined ? {} : { gate }),
    ...(askPerson === undefined ? {} : { askPerson }),
    ...(Option.isSome(settings.maxTime)
      ? {
        maxTime: Duration.millis(
          Math.max(1, Duration.toMillis(settings.maxTime.value) - (performance.now() - startedAt))
        ),
        maxTimeGiven: settings.maxTime.value
      }
      : {})
  }).pipe(
    Layer.provide(RunSupervisor.layerRuns()),
    Layer.provide(Layer.succeedContext(stored)),
    Layer.provide(providersLayer(settings)),
    Layer.provide(WorkspaceGuard.layer({ killGrace: settings.killGrace })),
    Layer.provide(Layer.succeed(RunEvents, RunEvents.of({ publish })))
  )

/** Who hears a run's events besides its record, and when the invocation started. */
export interface Observers {
  /** Each hears every event once the record has it, in order. */
  readonly sinks: ReadonlyArray<Publish>
  /**
   * When the invocation started (a `performance.now()` time), from which --max-time counts: 0, the
   * process's start, for a command (Node's own start-up counts too); the call's start for a server.
   */
  readonly startedAt: number
}

/**
 * What `ralph run` and `ralph resume` show: progress on stderr (a live status line on a terminal,
 * lines elsewhere, nothing with --quiet), and the session's view of the run.
 */
export const cliObservers = (
  session: Session,
  settings: CliSettings,
  quiet: boolean,
  recorded?: RecordedSoFar
): Observers => ({
  sinks: [
    sessionSink(session, settings),
    // Before the progress, whose status line the warning would otherwise land on.
    checkpointWarning,
    progressFor(session, quiet, recorded),
    protectWarnings
  ],
  startedAt: 0
})

/**
 * The gate's baseline for these settings, taken now, for a server that holds every call to the gate
 * it started with; undefined when there is no gate.
 */
export const gateBaseline = (settings: CliSettings) =>
  settings.verify === undefined && settings.protect.length === 0
    ? Effect.succeed(undefined)
    : WorkspaceGuard.make({ killGrace: settings.killGrace }).baseline(
      settings.workspace,
      settings.protect,
      settings.verify
    )

/**
 * Runs `use` on a Ralph built for these settings, over the store they name; Ralph records the run.
 * With `gate`, a baseline taken earlier (`gateBaseline`), the run is checked against it.
 */
export const withRalph = <A>(
  settings: CliSettings,
  use: (ralph: Ralph["Service"]) => Effect.Effect<A, RalphError>,
  observers: Observers,
  gate?: ProtectedBaseline,
  /** Asks a person for a blocked round's answer directly (an MCP client's elicitation). */
  askPerson?: AskPerson
) =>
  Effect.scoped(
    Effect.flatMap(openStore(settings), (opened) => withRalphOn(opened, settings, use, observers, gate, askPerson))
  )

/** `withRalph` over a store the caller opened already (for these settings' location), for a command that read it first. */
export const withRalphOn = <A>(
  stored: OpenedStore,
  settings: CliSettings,
  use: (ralph: Ralph["Service"]) => Effect.Effect<A, RalphError>,
  observers: Observers,
  gate?: ProtectedBaseline,
  /** Asks a person for a blocked round's answer directly (an MCP client's elicitation). */
  askPerson?: AskPerson
) =>
  Effect.scoped(Effect.gen(function*() {
    const session = yield* CliSession
    session.drives()
    // Spans and metrics only when they are exported: nothing is built for them otherwise.
    const sinks = [
      ...observers.sinks,
      ...(tracesWanted(process.env) ? [runSpans()] : []),
      ...(metricsWanted(process.env) ? [runMetrics()] : [])
    ]
    const publish: Publish = (event) => Effect.forEach(sinks, (sink) => sink(event), { discard: true })
    return yield* Effect.gen(function*() {
      return yield* use(yield* Ralph)
    }).pipe(Effect.provide(ralphLayer(settings, session, publish, stored, observers.startedAt, gate, askPerson)))
  }))

/**
 * The session's view of the run, for signals and the one result: the round, and once the run
 * started (and so is recorded), its id and the command that continues it.
 */
const sessionSink = (session: Session, location: StoreLocation): Publish => {
  const track = trackChildren(session)
  return (event) =>
    Effect.andThen(
      Effect.sync(() => {
        if (event._tag === "RunStarted") {
          session.runStarted({ runId: event.runId, resume: resumeCommand(event.runId, location) })
          if (event.stoppedStalePid !== undefined) {
            process.stderr.write(`ralph: stopped pid ${event.stoppedStalePid}, a child of the interrupted run\n`)
          }
        } else if (event._tag === "RoundStarted") {
          session.roundStarted(event.round)
        }
      }),
      track(event)
    )
}

/**
 * Warns on stderr, as a run starts, of each protect pattern that decided no path: a mistyped one
 * protects nothing, though it may be meant for files a worker will create.
 */
export const protectWarnings: Publish = (event) =>
  Effect.sync(() => {
    if (event._tag !== "RunStarted") return
    for (const pattern of event.protectUnmatched ?? []) {
      process.stderr.write(
        pattern.startsWith("!")
          ? `ralph: warning: protect pattern ${pattern} excludes nothing: no path an earlier pattern protects matches it\n`
          : `ralph: warning: protect pattern ${pattern} protects no file now (none matches, or a later ! pattern excludes them); it protects files a worker creates there\n`
      )
    }
  })

/** Warns on stderr, once as a run starts, that a workspace outside git gets no checkpoints. */
export const checkpointWarning: Publish = (event) =>
  Effect.sync(() => {
    if (event._tag !== "RunStarted" || repositoryRoot(event.workspace) !== undefined) return
    process.stderr.write(
      `ralph: warning: the workspace is not in a git repository: no checkpoints are recorded (ralph diff and ralph restore need them)\n`
    )
  })

/** Keeps the session's set of live children, which a second signal kills at once. */
export const trackChildren = (session: Session): Publish => {
  let pid: number | undefined
  return (event) =>
    Effect.sync(() => {
      if (event._tag === "ChildSpawned") {
        pid = event.pid
        session.childSpawned(pid)
      } else if (
        pid !== undefined &&
        (event._tag === "RoundFinished" || event._tag === "RoundRejected" || event._tag === "RoundFailed")
      ) {
        session.childGone(pid)
        pid = undefined
      }
    })
}

/** Runs one Ralph effect to a printed result and exit code; typed failures never escape. */
export const settle = <R>(effect: Effect.Effect<Envelope, RalphError, R>) =>
  CliSession.use((session) =>
    effect.pipe(
      Effect.tap((envelope) => Effect.sync(() => settleSuccess(session, envelope))),
      Effect.catch((error) => Effect.sync(() => settleFailure(session, error))),
      Effect.asVoid
    )
  )
