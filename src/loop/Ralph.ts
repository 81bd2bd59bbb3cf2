/**
 * The Ralph service: resolves a call against the deployment config, checks the provider, starts a
 * run on the engine and executes the run's workflow (src/loop/workflow.ts) to one envelope or
 * one typed error. Given a RunStore, it records every run there, holds the workspace lock while a
 * run is driven, and resumes a run by its id (stopping a child the interrupted run left running).
 * The rounds themselves, their attempts and the retry policy live beside it in src/loop/.
 */
import { Context, Duration, Effect, Layer, Option } from "effect"
import { WorkflowEngine as DurableEngine } from "effect/workflow/WorkflowEngine"
import { hostname } from "node:os"
import { SubagentProvider } from "../agents/SubagentProvider.ts"
import { makeConfig, type RalphConfig, type RalphConfigInput, resolveArgs, type RunArgs } from "../domain/config.ts"
import { InvalidArguments, InvalidConfig, type RalphError } from "../domain/errors.ts"
import type { Guards } from "../domain/guards.ts"
import type { Envelope } from "../domain/outcome.ts"
import { type AgentConfig, defaults, parseGlobs } from "../domain/settings.ts"
import { RunSupervisor } from "../engine/RunSupervisor.ts"
import { RunStore } from "../record/RunStore.ts"
import { WorkspaceGuard } from "../workspace/WorkspaceGuard.ts"
import { defaultLockDir, WorkspaceLock } from "../workspace/WorkspaceLock.ts"
import { type Checkpoint, fromRecord, newRun } from "./checkpoint.ts"
import { drive } from "./driver.ts"
import { makeLiveRuns } from "./liveRuns.ts"
import { defaultRetryPolicy, type RetryPolicy } from "./retry.ts"
import { RunEvents } from "./RunEvents.ts"
import { RalphRun, ralphRunBody } from "./workflow.ts"

export type { Checkpoint } from "./checkpoint.ts"
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
  /** Globs (relative to the workspace) of files no round may leave changed if it is to complete. */
  readonly protect?: ReadonlyArray<string>
}

const positive = (key: string, value: number | undefined, whole: boolean): Effect.Effect<void, InvalidConfig> =>
  value === undefined || (value > 0 && Number.isFinite(value) && (!whole || Number.isSafeInteger(value)))
    ? Effect.void
    : Effect.fail(
      new InvalidConfig({ key, problem: `expected a positive ${whole ? "whole " : ""}number, got ${value}` })
    )

/** The guards a new run asks for, validated (the protected files' baseline is taken when the run starts). */
const guardOptions = Effect.fnUntraced(function*(
  options: RalphOptions
): Effect.fn.Return<{ readonly guards: Guards; readonly protect: ReadonlyArray<string> }, InvalidConfig> {
  yield* positive("maxCostUsd", options.maxCostUsd, false)
  yield* positive("maxTokens", options.maxTokens, true)
  yield* positive("maxStalledRounds", options.maxStalledRounds, true)
  const verify = options.verify
  if (verify !== undefined && (verify.command.length === 0 || verify.command[0]!.trim() === "")) {
    return yield* new InvalidConfig({ key: "verify", problem: "the command is empty" })
  }
  const timeout = verify?.timeout ?? defaults.verifyTimeout
  yield* positive("verifyTimeout", Duration.toMillis(timeout), false)
  const protect = parseGlobs(options.protect ?? [])
  if ("problem" in protect) return yield* new InvalidConfig({ key: "protect", problem: protect.problem })
  return {
    guards: {
      ...(options.maxCostUsd === undefined ? {} : { maxCostUsd: options.maxCostUsd }),
      ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
      ...(options.allowUnknownCost === true ? { allowUnknownCost: true } : {}),
      ...(options.maxStalledRounds === undefined ? {} : { maxStalledRounds: options.maxStalledRounds }),
      ...(verify === undefined
        ? {}
        : { verify: { command: [...verify.command], timeoutMs: Duration.toMillis(timeout) } })
    },
    protect: protect.value
  }
})

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
        const guard = Option.getOrElse(yield* Effect.serviceOption(WorkspaceGuard), () => WorkspaceGuard.make())
        const { guards: asked, protect } = yield* guardOptions(options)

        // The workflow is registered once; each execution finds its live run by its id.
        const live = makeLiveRuns()
        yield* durable.register(RalphRun, ralphRunBody(live.contextOf, live.onRound))
        const driveRun = drive({
          config,
          engine,
          durable,
          events,
          store,
          locks,
          guard,
          live,
          workspace,
          policy: options.retry ?? defaultRetryPolicy,
          killGrace: options.killGrace ?? defaults.killGrace,
          maxTime: options.maxTime,
          agent: options.record?.agent ?? {},
          signal: options.record?.signal ?? (() => undefined)
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
          if (asked.verify !== undefined) yield* guard.preflight(asked.verify.command, workspace)
          const guards: Guards = { ...asked }
          if (asked.verify !== undefined || protect.length > 0) {
            const baseline = yield* guard.baseline(workspace, protect, asked.verify?.command)
            if (baseline.patterns.length > 0) {
              Object.assign(guards, { protect: baseline.patterns, protectedFiles: baseline.files })
            }
          }
          return yield* driveRun(newRun(resolved.objective, resolved.maxRounds), undefined, guards)
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
          return fromRecord(view, hostname())
        })

        const resume = Effect.fn("Ralph.resume")(function*(
          from: Checkpoint | string
        ): Effect.fn.Return<Envelope, RalphError> {
          const found = typeof from === "string" ? yield* recorded(from) : { checkpoint: from, dangling: undefined }
          if ("envelope" in found) return found.envelope
          yield* providers.resolve(config.subagentProvider)
          return yield* driveRun(
            found.checkpoint,
            found.dangling ?? { round: null, pid: null },
            found.checkpoint.guards ?? {}
          )
        })

        return Ralph.of({ config, run, resume })
      })
    )
}
