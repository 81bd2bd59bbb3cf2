/**
 * The Ralph service: resolves a call against the deployment config, checks the provider, starts a
 * run on the engine and executes the run's workflow (src/loop/workflow.ts) to one envelope or
 * one typed error. Given a RunStore, it records every run there, holds the workspace lock while a
 * run is driven, and resumes a run by its id (stopping a child the interrupted run left running).
 * The rounds themselves, their attempts and the retry policy live beside it in src/loop/.
 */
import { Context, type Duration, Effect, Layer, Option } from "effect"
import { WorkflowEngine as DurableEngine } from "effect/workflow/WorkflowEngine"
import { hostname } from "node:os"
import { SubagentProvider } from "../agents/SubagentProvider.ts"
import { makeConfig, type RalphConfig, type RalphConfigInput, resolveArgs, type RunArgs } from "../domain/config.ts"
import { InvalidArguments, type RalphError } from "../domain/errors.ts"
import type { Guards } from "../domain/guards.ts"
import type { Envelope } from "../domain/outcome.ts"
import { type AgentConfig, defaults, type OnBlocked } from "../domain/settings.ts"
import { RunSupervisor } from "../engine/RunSupervisor.ts"
import { RunStore } from "../record/RunStore.ts"
import { Checkpoints } from "../workspace/checkpoints.ts"
import { type ProtectedBaseline, WorkspaceGuard } from "../workspace/WorkspaceGuard.ts"
import { defaultLockDir, WorkspaceLock } from "../workspace/WorkspaceLock.ts"
import { type Checkpoint, fromRecord, newRun } from "./checkpoint.ts"
import { drive } from "./driver.ts"
import type { AskPerson } from "./inbox.ts"
import { makeLiveRuns } from "./liveRuns.ts"
import { decodeOptions } from "./options.ts"
import { defaultRetryPolicy, type RetryPolicy } from "./retry.ts"
import { RunEvents } from "./RunEvents.ts"
import { resolveRunProviders } from "./runProviders.ts"
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
  /** The time budget as it was asked for, for messages, when `maxTime` is what was left of it at the start. */
  readonly maxTimeGiven?: Duration.Duration
  /** How long a stale child of an interrupted run gets between SIGTERM and SIGKILL (default 5 s). */
  readonly killGrace?: Duration.Duration
  /** What the record of a run keeps besides its events (when a RunStore is given). */
  readonly record?: {
    /** The agent's settings (env values are never kept, only their names). Default: none. */
    readonly agent?: AgentConfig
    /** The fallback agents' settings by name, kept the same way (a resume starts the same ones). */
    readonly agents?: Readonly<Record<string, AgentConfig>>
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
  /**
   * Webhooks (http or https URLs) told by a JSON POST when a run ends (src/notify/): each delivery
   * bounded, the run's end delayed by 10 s at most, never failing the run; kept in the run's record.
   */
  readonly notify?: ReadonlyArray<string>
  /**
   * A reviewer (issue 20): every claimed completion the gate passed (or every one, without a gate)
   * is judged by a fresh child of the provider `provider` (default: `agent`'s) before the run may end
   * complete. `agent` names it for people; `maxReviews` bounds the reviews of a run: past it the
   * run ends budget-limited (`reviews`), never accepting a claim unreviewed.
   */
  readonly review?: {
    readonly agent: string
    readonly provider?: string
    readonly model?: string
    readonly maxReviews?: number
    /** The reviewer's agent settings, recorded with the run (env names only) so a resume can start it again. */
    readonly settings?: AgentConfig
  }
  /**
   * What a round that reports blocked does: `stop` (default) ends the run; `ask` makes it wait for
   * a person's answer — written to the run's record (`ralph answer`, needs a RunStore) or given by
   * `askPerson` — for at most `askTimeout`, then end blocked.
   */
  readonly onBlocked?: OnBlocked
  readonly askTimeout?: Duration.Duration
  /** Asks a person for the answer directly (an MCP client's elicitation) rather than waiting on the record. */
  readonly askPerson?: AskPerson
  /**
   * Providers (registered in SubagentProvider) a round is retried with, in order, when its agent is
   * rate-limited or overloaded past the retries and the limit waits; each checked like the run's own.
   */
  readonly fallbackAgents?: ReadonlyArray<string>
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
        const guard = Option.getOrElse(yield* Effect.serviceOption(WorkspaceGuard), () => WorkspaceGuard.make())
        const checkpoints = Option.getOrElse(yield* Effect.serviceOption(Checkpoints), () => Checkpoints.make())
        const { guards: asked, protect, notify } = yield* decodeOptions(options)

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
          checkpoints,
          live,
          workspace,
          policy: options.retry ?? defaultRetryPolicy,
          killGrace: options.killGrace ?? defaults.killGrace,
          maxTime: options.maxTime,
          maxTimeGiven: options.maxTimeGiven ?? options.maxTime,
          notify,
          ...(options.askPerson === undefined ? {} : { askPerson: options.askPerson }),
          agent: options.record?.agent ?? {},
          fallbackAgents: options.fallbackAgents ?? [],
          agents: options.record?.agents,
          signal: options.record?.signal ?? (() => undefined)
        })

        /** The run's providers, resolved once per call (registrations can change between calls). */
        const providerFor = (guards: Guards) =>
          resolveRunProviders(providers, {
            agent: config.subagentProvider,
            fallbackAgents: options.fallbackAgents ?? [],
            guards
          })

        const run = Effect.fn("Ralph.run")(function*(args: RunArgs): Effect.fn.Return<Envelope, RalphError> {
          const resolved = yield* resolveArgs(args, config)
          const providers = yield* providerFor(asked)
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
          return yield* driveRun(
            providers,
            newRun(resolved.objective, resolved.maxRounds),
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
          return fromRecord(view, hostname())
        })

        const resume = Effect.fn("Ralph.resume")(function*(
          from: Checkpoint | string
        ): Effect.fn.Return<Envelope, RalphError> {
          const found = typeof from === "string" ? yield* recorded(from) : { checkpoint: from, dangling: undefined }
          if ("envelope" in found) return found.envelope
          // A resumed run keeps its guards: a cost-capped one needs an agent that reports its cost, as when it started.
          const guards = found.checkpoint.guards ?? {}
          const providers = yield* providerFor(guards)
          return yield* driveRun(providers, found.checkpoint, found.dangling ?? { round: null, pid: null }, guards)
        })

        return Ralph.of({ config, run, resume })
      })
    )
}
