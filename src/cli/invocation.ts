import { Context, Duration, Effect, Layer, Option } from "effect"
import type * as EffectEngine from "effect/workflow/WorkflowEngine"
import type { RalphError } from "../domain/errors.ts"
import type { Envelope } from "../domain/outcome.ts"
import type { RoundUsage } from "../domain/usage.ts"
import { defaultRetryPolicy, Ralph } from "../program.ts"
import { RunEvents } from "../services/RunEvents.ts"
import { RunStore } from "../services/RunStore.ts"
import { WorkflowEngine } from "../services/WorkflowEngine.ts"
import { WorkspaceGuard } from "../services/WorkspaceGuard.ts"
import { defaultLockDir, WorkspaceLock } from "../services/WorkspaceLock.ts"
import { type JournalContext, journalSink } from "./journalSink.ts"
import { progressLine, resumeCommand, styleFor } from "./output.ts"
import { providersLayer } from "./providers.ts"
import { session, settleFailure, settleSuccess } from "./session.ts"
import type { CliSettings } from "./settings.ts"
import { openStore, type StoreLocation } from "./store.ts"

const locationOf = (settings: CliSettings): StoreLocation => ({
  engine: settings.engine,
  stateDir: settings.stateDir,
  databaseUrl: settings.databaseUrl
})

/** The Ralph layer for one invocation: the engine, the CLI's providers, events to stderr and the record of the run. */
const ralphLayer = (
  settings: CliSettings,
  publish: RunEvents["Service"]["publish"],
  stored: Context.Context<EffectEngine.WorkflowEngine>
) =>
  Ralph.layer({
    ...settings.config,
    workspace: settings.workspace,
    retry: { ...defaultRetryPolicy, retries: settings.retries, baseDelay: settings.retryDelay },
    ...(settings.maxCostUsd === undefined ? {} : { maxCostUsd: settings.maxCostUsd }),
    ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }),
    allowUnknownCost: settings.allowUnknownCost,
    ...(settings.maxStalledRounds === undefined ? {} : { maxStalledRounds: settings.maxStalledRounds }),
    ...(settings.verify === undefined ? {} : { verify: { command: settings.verify, timeout: settings.verifyTimeout } }),
    protect: settings.protect,
    // --max-time bounds this invocation from the process's start: Node's own start-up counts too.
    ...(Option.isSome(settings.maxTime)
      ? { maxTime: Duration.millis(Math.max(1, Duration.toMillis(settings.maxTime.value) - performance.now())) }
      : {})
  }).pipe(
    Layer.provide(WorkflowEngine.layerRuns()),
    Layer.provide(Layer.succeedContext(stored)),
    Layer.provide(providersLayer(settings)),
    Layer.provide(WorkspaceGuard.layer({ killGrace: settings.killGrace })),
    Layer.provide(Layer.succeed(RunEvents, RunEvents.of({ publish })))
  )

/** Runs `use` on a Ralph built for these settings, holding the workspace lock and journaling every event. */
export const withRalph = <A>(
  settings: CliSettings,
  journal: Omit<JournalContext, "store" | "lock">,
  runId: string,
  use: (ralph: Ralph["Service"]) => Effect.Effect<A, RalphError>
) =>
  Effect.scoped(Effect.gen(function*() {
    const location = locationOf(settings)
    const stored = yield* openStore(location)
    const store = Context.get(stored, RunStore)
    yield* store.prepare
    const lock = yield* WorkspaceLock.make(defaultLockDir()).acquire(settings.workspace, runId)
    const toJournal = journalSink({ ...journal, store, lock })
    const toProgress = progressSink(location)
    const publish: RunEvents["Service"]["publish"] = (event) => Effect.andThen(toJournal(event), toProgress(event))
    return yield* Effect.gen(function*() {
      const ralph = yield* Ralph
      session.maxResultChars = ralph.config.maxResultChars
      return yield* use(ralph)
    }).pipe(Effect.provide(ralphLayer(settings, publish, stored)))
  }))

/**
 * Progress lines on stderr, and the session's view of the run: live children, the round, and once
 * the run started (and so is journaled), its id and the command that continues it.
 */
const progressSink = (location: StoreLocation): RunEvents["Service"]["publish"] => {
  const style = styleFor(process.stderr, process.env)
  let agent = ""
  let maxRounds = 0
  let spent: Array<RoundUsage> = []
  return (event) =>
    Effect.sync(() => {
      switch (event._tag) {
        case "RunStarted":
          agent = event.provider
          maxRounds = event.maxRounds
          session.run = { runId: event.runId, resume: resumeCommand(event.runId, location, process.env) }
          break
        case "RoundStarted":
          session.currentRound = event.round
          break
        case "ChildSpawned":
          session.livePids.add(event.pid)
          break
        case "RoundFinished":
          spent = [...spent.filter((u) => u.round !== event.round), {
            round: event.round,
            ...event.usage,
            durationMs: event.durationMs
          }]
          session.livePids.clear()
          break
        case "RoundRejected":
        case "RoundFailed":
          session.livePids.clear()
          break
      }
      const line = progressLine(event, agent, maxRounds, style, spent)
      if (line !== undefined) process.stderr.write(`${line}\n`)
    })
}

/** Runs one Ralph effect to a printed result and exit code; typed failures never escape. */
export const settle = <R>(effect: Effect.Effect<Envelope, RalphError, R>) =>
  effect.pipe(
    Effect.tap((envelope) => Effect.sync(() => settleSuccess(envelope))),
    Effect.catch((error) => Effect.sync(() => settleFailure(error))),
    Effect.asVoid
  )
