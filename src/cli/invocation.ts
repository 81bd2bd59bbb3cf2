import { type Context, Duration, Effect, Layer, Option } from "effect"
import type * as EffectEngine from "effect/workflow/WorkflowEngine"
import type { RalphError } from "../domain/errors.ts"
import type { Envelope } from "../domain/outcome.ts"
import type { RoundUsage } from "../domain/usage.ts"
import { defaultRetryPolicy, Ralph } from "../program.ts"
import { RunEvents } from "../services/RunEvents.ts"
import type { RunStore } from "../services/RunStore.ts"
import { WorkflowEngine } from "../services/WorkflowEngine.ts"
import { WorkspaceGuard } from "../services/WorkspaceGuard.ts"
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

/**
 * The Ralph layer for one invocation: the store (so Ralph records the run, holds the workspace lock
 * and resumes by run id), the engine, the CLI's providers and progress lines on stderr.
 */
const ralphLayer = (
  settings: CliSettings,
  publish: RunEvents["Service"]["publish"],
  stored: Context.Context<RunStore | EffectEngine.WorkflowEngine>
) =>
  Ralph.layer({
    ...settings.config,
    workspace: settings.workspace,
    retry: { ...defaultRetryPolicy, retries: settings.retries, baseDelay: settings.retryDelay },
    killGrace: settings.killGrace,
    record: { agent: settings.agent, signal: () => session.signal },
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

/** Runs `use` on a Ralph built for these settings, over the store they name. */
export const withRalph = <A>(settings: CliSettings, use: (ralph: Ralph["Service"]) => Effect.Effect<A, RalphError>) =>
  Effect.scoped(Effect.gen(function*() {
    const location = locationOf(settings)
    const stored = yield* openStore(location)
    return yield* Effect.gen(function*() {
      const ralph = yield* Ralph
      session.maxResultChars = ralph.config.maxResultChars
      return yield* use(ralph)
    }).pipe(Effect.provide(ralphLayer(settings, progressSink(location), stored)))
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
          if (event.stoppedStalePid !== undefined) {
            process.stderr.write(`ralph: stopped pid ${event.stoppedStalePid}, a child of the interrupted run\n`)
          }
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
