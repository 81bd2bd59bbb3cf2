import { Context, Duration, Effect, Layer, Option } from "effect"
import type * as EffectEngine from "effect/workflow/WorkflowEngine"
import type { RalphError } from "../domain/errors.ts"
import type { Envelope } from "../domain/outcome.ts"
import type { Usage } from "../domain/usage.ts"
import { defaultRetryPolicy, Ralph } from "../program.ts"
import { RunEvents } from "../services/RunEvents.ts"
import { runMetrics } from "../services/runMetrics.ts"
import { runSpans } from "../services/runSpans.ts"
import { RunStore } from "../services/RunStore.ts"
import { WorkflowEngine } from "../services/WorkflowEngine.ts"
import { defaultLockDir, WorkspaceLock } from "../services/WorkspaceLock.ts"
import { type JournalContext, journalSink } from "./journalSink.ts"
import { progressFor } from "./liveView.ts"
import { resumeCommand } from "./output.ts"
import { providersLayer } from "./providers.ts"
import { session, settleFailure, settleSuccess } from "./session.ts"
import type { CliSettings } from "./settings.ts"
import { openStore, type StoreLocation } from "./store.ts"
import { metricsWanted, tracesWanted } from "./tracing.ts"

const locationOf = (settings: CliSettings): StoreLocation => ({
  engine: settings.engine,
  stateDir: settings.stateDir,
  databaseUrl: settings.databaseUrl
})

/** The Ralph layer for one invocation: the engine, the CLI's providers, events to stderr and the record of the run. */
const ralphLayer = (
  settings: CliSettings,
  publish: Publish,
  stored: Context.Context<EffectEngine.WorkflowEngine>,
  startedAt: number
) =>
  Ralph.layer({
    ...settings.config,
    workspace: settings.workspace,
    retry: { ...defaultRetryPolicy, retries: settings.retries, baseDelay: settings.retryDelay },
    ...(Option.isSome(settings.maxTime)
      ? {
        maxTime: Duration.millis(
          Math.max(1, Duration.toMillis(settings.maxTime.value) - (performance.now() - startedAt))
        )
      }
      : {})
  }).pipe(
    Layer.provide(WorkflowEngine.layerRuns()),
    Layer.provide(Layer.succeedContext(stored)),
    Layer.provide(providersLayer(settings)),
    Layer.provide(Layer.succeed(RunEvents, RunEvents.of({ publish })))
  )

type Publish = RunEvents["Service"]["publish"]

/** Who hears a run's events besides its journal, and when the invocation started. */
export interface Observers {
  /** Each hears every event once the journal has it, in order. */
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
export const cliObservers = (settings: CliSettings, quiet: boolean, before?: Usage): Observers => ({
  sinks: [sessionSink(locationOf(settings)), progressFor(quiet, before)],
  startedAt: 0
})

/** Runs `use` on a Ralph built for these settings, holding the workspace lock and journaling every event. */
export const withRalph = <A>(
  settings: CliSettings,
  journal: Omit<JournalContext, "store" | "lock">,
  runId: string,
  use: (ralph: Ralph["Service"]) => Effect.Effect<A, RalphError>,
  observers: Observers
) =>
  Effect.scoped(Effect.gen(function*() {
    const location = locationOf(settings)
    const stored = yield* openStore(location)
    const store = Context.get(stored, RunStore)
    yield* store.prepare
    const lock = yield* WorkspaceLock.make(defaultLockDir()).acquire(settings.workspace, runId)
    const toJournal = journalSink({ ...journal, store, lock })
    // Spans and metrics only when they are exported: nothing is built for them otherwise.
    const sinks = [
      ...observers.sinks,
      ...(tracesWanted(process.env) ? [runSpans()] : []),
      ...(metricsWanted(process.env) ? [runMetrics()] : [])
    ]
    const publish: Publish = (event) =>
      Effect.andThen(toJournal(event), Effect.forEach(sinks, (sink) => sink(event), { discard: true }))
    return yield* Effect.gen(function*() {
      return yield* use(yield* Ralph)
    }).pipe(Effect.provide(ralphLayer(settings, publish, stored, observers.startedAt)))
  }))

/**
 * The session's view of the run, for signals and the one result: the round, and once the run
 * started (and so is journaled), its id and the command that continues it.
 */
const sessionSink = (location: StoreLocation): Publish => {
  const track = trackChildren()
  return (event) =>
    Effect.andThen(
      Effect.sync(() => {
        if (event._tag === "RunStarted") {
          session.run = { runId: event.runId, resume: resumeCommand(event.runId, location, process.env) }
        } else if (event._tag === "RoundStarted") {
          session.currentRound = event.round
        }
      }),
      track(event)
    )
}

/** Keeps the session's set of live children, which a second signal kills at once. */
export const trackChildren = (): Publish => {
  let pid: number | undefined
  return (event) =>
    Effect.sync(() => {
      if (event._tag === "ChildSpawned") {
        pid = event.pid
        session.livePids.add(pid)
      } else if (
        pid !== undefined &&
        (event._tag === "RoundFinished" || event._tag === "RoundRejected" || event._tag === "RoundFailed")
      ) {
        session.livePids.delete(pid)
        pid = undefined
      }
    })
}

/** Runs one Ralph effect to a printed result and exit code; typed failures never escape. */
export const settle = <R>(effect: Effect.Effect<Envelope, RalphError, R>) =>
  effect.pipe(
    Effect.tap((envelope) => Effect.sync(() => settleSuccess(envelope))),
    Effect.catch((error) => Effect.sync(() => settleFailure(error))),
    Effect.asVoid
  )
