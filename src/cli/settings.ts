import { type ConfigProvider, type Duration, Effect, Option } from "effect"
import { realpathSync, statSync } from "node:fs"
import { homedir } from "node:os"
import { isAbsolute, join, resolve, sep } from "node:path"
import type { RalphConfig } from "../domain/config.ts"
import { InvalidArguments, InvalidConfig } from "../domain/errors.ts"
import {
  type AgentConfig,
  type AgentName,
  defaults,
  type EngineName,
  type OnBlocked,
  type Setting,
  settings
} from "../domain/settings.ts"
import { isWithin } from "../workspace/files.ts"
import { checkReviewEntry, chosenAgent, fallbacksOf, kindOfAgent, reviewOf } from "./agentSettings.ts"
import { agentConfigs, readConfigFile } from "./configFile.ts"
import { configFileName, fileSource, resolved, settingsProvider, type Sourced } from "./settingSources.ts"
import type { StoreLocation } from "./store.ts"

/** Everything one CLI invocation resolved from flags, environment and the config file. */
export interface CliSettings extends StoreLocation {
  readonly config: RalphConfig
  readonly workspace: string
  /** The chosen agent's settings, flags applied. */
  readonly agent: AgentConfig
  readonly roundTimeout: Option.Option<Duration.Duration>
  readonly idleTimeout: Option.Option<Duration.Duration>
  readonly maxTime: Option.Option<Duration.Duration>
  readonly retries: number
  /** The first retry's backoff; later ones double, with jitter, up to a minute. */
  readonly retryDelay: Duration.Duration
  /** How far off a rate limit's reset the run waits it out (--wait-limits); none: it does not. */
  readonly waitLimits: Option.Option<Duration.Duration>
  readonly killGrace: Duration.Duration
  readonly maxCostUsd: number | undefined
  readonly maxTokens: number | undefined
  readonly allowUnknownCost: boolean
  readonly maxStalledRounds: number | undefined
  /** The verify command, as words. */
  readonly verify: ReadonlyArray<string> | undefined
  readonly verifyTimeout: Duration.Duration
  readonly protect: ReadonlyArray<string>
  /** What a blocked round does (a new run's, kept with it like a guard), and how long an ask waits at most. */
  readonly onBlocked: OnBlocked
  readonly askTimeout: Duration.Duration | undefined
  /** Webhooks told of the run's end (a resume's own, like its retries). */
  readonly notify: ReadonlyArray<string>
  /** The reviewer of claimed completions (issue 20), when one is asked for. */
  readonly review: ReviewSettings | undefined
  /** The agents a round falls back to, in order, each with its settings (`use`: the built-in agent it is). */
  readonly fallbacks: ReadonlyArray<NamedAgent>
}

/** A reviewer as the CLI starts it: its agent, that agent's settings (its file entry, the review's model applied), its bound. */
export interface ReviewSettings {
  readonly agent: AgentName
  readonly settings: AgentConfig
  readonly maxReviews?: number | undefined
}

/** An agent by the name the config or the command line gives it, and its settings. */
export interface NamedAgent {
  readonly name: string
  readonly agent: AgentConfig & { readonly use: AgentName }
}

/** A setting flag as the command line gives it: its own value, else its variable's (effect/cli reads both). */
export type Given<A> = Option.Option<Sourced<A>>

/** Flags of the commands that start runs (`run`, `mcp`): a run's guards are fixed when it starts, and a resume keeps them. */
export interface GuardFlags {
  readonly maxCostUsd: Given<number>
  readonly maxTokens: Given<number>
  readonly allowUnknownCost: Given<boolean>
  readonly maxStalledRounds: Given<number>
  readonly verify: Given<ReadonlyArray<string>>
  readonly verifyTimeout: Given<Duration.Duration>
  readonly protect: Given<ReadonlyArray<string>>
  readonly review: Given<AgentName>
  readonly reviewModel: Given<string>
  readonly maxReviews: Given<number>
  readonly onBlocked: Given<OnBlocked>
  readonly askTimeout: Given<Duration.Duration>
}

/** Flags of the commands that find recorded runs without starting one. */
export interface LocationFlags {
  readonly workspace: Option.Option<string>
  readonly stateDir: Given<string>
  readonly engine: Given<EngineName>
  readonly databaseUrl: Given<string>
}

/** Flag values as effect/cli parsed them (each setting's variable behind its flag): already typed and checked. */
export interface SettingsFlags extends LocationFlags {
  readonly agent: Given<string>
  readonly agentCmd: Option.Option<string>
  readonly agentArgs: Option.Option<string>
  readonly model: Option.Option<string>
  readonly roundTimeout: Given<Duration.Duration>
  readonly idleTimeout: Given<Duration.Duration>
  readonly maxTime: Given<Duration.Duration>
  readonly retries: Given<number>
  readonly retryDelay: Given<Duration.Duration>
  readonly waitLimits: Given<Duration.Duration>
  readonly killGrace: Given<Duration.Duration>
  readonly notify: Given<ReadonlyArray<string>>
  readonly fallbackAgents: Given<ReadonlyArray<string>>
  /**
   * A resume's: the run's agents' settings as recorded, by name (env values blank), for a named
   * agent the config file no longer defines.
   */
  readonly recordedAgents?: Readonly<Record<string, AgentConfig>>
}

/** The workspace: an existing directory, by its real path. */
export const resolveWorkspace = (flag: Option.Option<string>): Effect.Effect<string, InvalidArguments> =>
  Effect.suspend(() => {
    const dir = resolve(Option.getOrElse(flag, () => process.cwd()))
    try {
      if (!statSync(dir).isDirectory()) throw new Error("not a directory")
      return Effect.succeed(realpathSync(dir))
    } catch {
      return Effect.fail(
        new InvalidArguments({ argument: "--workspace", problem: `${dir} is not an existing directory` })
      )
    }
  })

/** The state dir when nothing sets one: $XDG_STATE_HOME/ralph, else ~/.local/state/ralph. */
export const defaultStateDir = (env: NodeJS.ProcessEnv): string => {
  const xdg = env.XDG_STATE_HOME
  return xdg !== undefined && isAbsolute(xdg) ? join(xdg, "ralph") : join(homedir(), ".local", "state", "ralph")
}

export const valueOr = <A>(given: Given<A>, otherwise: A): A => Option.isSome(given) ? given.value.value : otherwise

/** The real path of the directory, or of its nearest existing parent joined with the rest. */
const realOrSelf = (dir: string): string => {
  try {
    return realpathSync(dir)
  } catch {
    const parent = resolve(dir, "..")
    return parent === dir ? dir : join(realOrSelf(parent), dir.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)))
  }
}

/**
 * The state directory: --state-dir, then RALPH_STATE_DIR (both relative to where ralph was started),
 * then `stateDir` in the config file (relative to the file's folder), then $XDG_STATE_HOME/ralph or
 * ~/.local/state/ralph. Never inside the workspace when a run starts there: an agent could rewrite
 * the record of its own run.
 */
const stateDirOf = (chosen: Given<string>, env: NodeJS.ProcessEnv, workspace: string, refuseInside: boolean) => {
  const source = Option.map(chosen, (c) => c.source)
  // A path in the file is relative to the file's folder; one on the command line or in a variable, to where ralph started.
  const dir = Option.match(chosen, {
    onNone: () => defaultStateDir(env),
    onSome: (c) => resolve(c.source === fileSource(settings.stateDir.key) ? workspace : process.cwd(), c.value)
  })
  return refuseInside && isWithin(realOrSelf(dir), workspace)
    ? Effect.fail(
      new InvalidConfig({
        key: "stateDir",
        problem: `${dir} is inside the workspace ${workspace}, where agents could edit ralph's records; ` +
          Option.match(source, {
            onNone: () =>
              "it is the default state dir ($XDG_STATE_HOME/ralph, else ~/.local/state/ralph): run ralph in the " +
              "project's own folder (or pass --workspace DIR), or choose a state dir outside the workspace with " +
              "--state-dir DIR, RALPH_STATE_DIR or stateDir in ralph.config.json",
            onSome: (s) => `choose a directory outside it (from ${s})`
          })
      })
    )
    : Effect.succeed(dir)
}

/**
 * Where runs are recorded, by the one resolution every command uses (`run` refuses a state dir
 * inside the workspace), with which parts this invocation chose: the resume command it prints names those.
 */
export const locationOf = Effect.fnUntraced(function*(
  flags: LocationFlags,
  env: NodeJS.ProcessEnv,
  provider: ConfigProvider.ConfigProvider,
  workspace: string,
  refuseInside: boolean
): Effect.fn.Return<StoreLocation, InvalidConfig> {
  const stateDir = yield* resolved(settings.stateDir, flags.stateDir, provider)
  const engine = yield* resolved(settings.engine, flags.engine, provider)
  const databaseUrl = yield* resolved(settings.databaseUrl, flags.databaseUrl, provider)
  const here = (given: Given<unknown>) =>
    Option.exists(given, (g) => g.source.startsWith("--") || g.source.startsWith(configFileName))
  return {
    stateDir: yield* stateDirOf(stateDir, env, workspace, refuseInside),
    engine: valueOr(engine, defaults.engine),
    databaseUrl: Option.getOrUndefined(Option.map(databaseUrl, (d) => d.value)),
    chosenHere: { stateDir: here(stateDir), engine: here(engine), databaseUrl: here(databaseUrl) }
  }
})

/** Where runs are recorded, and the workspace a command was started for (whose runs `last` means). */
export interface RunsLocation extends StoreLocation {
  /** The --workspace given or the current directory, resolved once (its real path). */
  readonly workspace: string
}

/** Where runs are recorded, for commands that find them (`runs`, `show`, `resume`), by the same rules as `run`. */
export const loadLocation = Effect.fn("loadLocation")(function*(
  flags: LocationFlags,
  env: NodeJS.ProcessEnv
): Effect.fn.Return<RunsLocation, InvalidConfig | InvalidArguments> {
  const workspace = yield* resolveWorkspace(flags.workspace)
  const location = yield* locationOf(
    flags,
    env,
    settingsProvider(env, yield* readConfigFile(workspace)),
    workspace,
    false
  )
  return { ...location, workspace }
})

type GuardSettings = Pick<
  CliSettings,
  | "maxCostUsd"
  | "maxTokens"
  | "allowUnknownCost"
  | "maxStalledRounds"
  | "verify"
  | "verifyTimeout"
  | "protect"
  | "review"
  | "onBlocked"
  | "askTimeout"
>

const noGuards: GuardSettings = {
  maxCostUsd: undefined,
  maxTokens: undefined,
  allowUnknownCost: false,
  maxStalledRounds: undefined,
  verify: undefined,
  verifyTimeout: defaults.verifyTimeout,
  protect: [],
  review: undefined,
  onBlocked: defaults.onBlocked,
  askTimeout: undefined
}

/** A new run's guards: each flag over its variable over its file key. */
const guardsOf = Effect.fnUntraced(function*(
  flags: GuardFlags,
  provider: ConfigProvider.ConfigProvider,
  agents: Partial<Record<AgentName, AgentConfig>>
): Effect.fn.Return<GuardSettings, InvalidConfig | InvalidArguments> {
  const value = <A>(setting: Setting<A>, given: Given<A>) =>
    Effect.map(resolved(setting, given, provider), (r) => Option.getOrUndefined(Option.map(r, (s) => s.value)))
  return {
    maxCostUsd: yield* value(settings.maxCostUsd, flags.maxCostUsd),
    maxTokens: yield* value(settings.maxTokens, flags.maxTokens),
    allowUnknownCost: (yield* value(settings.allowUnknownCost, flags.allowUnknownCost)) ?? false,
    maxStalledRounds: yield* value(settings.maxStalledRounds, flags.maxStalledRounds),
    verify: yield* value(settings.verify, flags.verify),
    verifyTimeout: (yield* value(settings.verifyTimeout, flags.verifyTimeout)) ?? defaults.verifyTimeout,
    // Repeated flags replace the variable's and the file's list, like any other setting's flag.
    protect: (yield* value(settings.protect, flags.protect)) ?? [],
    review: yield* reviewOf(flags, provider, agents),
    onBlocked: (yield* value(settings.onBlocked, flags.onBlocked)) ?? defaults.onBlocked,
    askTimeout: yield* value(settings.askTimeout, flags.askTimeout)
  }
})

/**
 * Resolves one invocation's settings. One precedence for every setting: flags, then RALPH_*
 * variables, then the workspace's ralph.config.json, then the defaults of src/domain/settings.ts.
 * Each value is decoded by its setting's Schema here, once; the config file is read once: a run's
 * config is fixed when it starts.
 */
export const loadSettings = Effect.fn("loadSettings")(function*(
  flags: SettingsFlags,
  env: NodeJS.ProcessEnv,
  /** A new run's guard flags; without them (a resume) no guard is read: a run keeps its recorded ones. */
  guardFlags?: GuardFlags
): Effect.fn.Return<CliSettings, InvalidConfig | InvalidArguments> {
  const workspace = yield* resolveWorkspace(flags.workspace)
  const file = yield* readConfigFile(workspace)
  yield* checkReviewEntry(file)
  const provider = settingsProvider(env, file)
  const value = <A>(setting: Setting<A>, given: Given<A>) => resolved(setting, given, provider)
  const unflagged = <A>(setting: Setting<A>) => value(setting, Option.none())

  // --agent-cmd is the exec agent's command line: it chooses exec unless --agent says otherwise.
  const agentGiven = Option.isSome(flags.agentCmd) && !Option.exists(flags.agent, (a) => a.source.startsWith("--"))
    ? Option.some({ value: "exec" as const, source: "--agent-cmd" })
    : flags.agent
  const chosen = yield* value(settings.subagentProvider, agentGiven)
  const agentName = valueOr(chosen, defaults.subagentProvider)
  const agents = { ...flags.recordedAgents, ...(yield* agentConfigs(file)) }
  const kind = yield* kindOfAgent(agentName, agents, Option.map(chosen, (c) => c.source))
  if (Option.isSome(flags.agentCmd) && kind !== "exec") {
    return yield* new InvalidArguments({
      argument: "--agent-cmd",
      problem: `only the exec agent takes a command line, and --agent is ${agentName}`
    })
  }
  // Each value was decoded by its setting's Schema: the config is built, not validated again here.
  const config: RalphConfig = {
    subagentProvider: agentName,
    maxRounds: valueOr(yield* unflagged(settings.maxRounds), defaults.maxRounds),
    maxHandoffChars: valueOr(yield* unflagged(settings.maxHandoffChars), defaults.maxHandoffChars),
    maxResultChars: valueOr(yield* unflagged(settings.maxResultChars), defaults.maxResultChars)
  }
  const optional = <A>(given: Given<A>) => Option.map(given, (s) => s.value)
  const fallbacks = yield* fallbacksOf(yield* value(settings.fallbackAgents, flags.fallbackAgents), agentName, agents)
  return {
    config,
    workspace,
    agent: yield* chosenAgent(kind, agents[agentName] ?? {}, flags, provider),
    roundTimeout: optional(yield* value(settings.roundTimeout, flags.roundTimeout)),
    idleTimeout: optional(yield* value(settings.idleTimeout, flags.idleTimeout)),
    maxTime: optional(yield* value(settings.maxTime, flags.maxTime)),
    retries: valueOr(yield* value(settings.retries, flags.retries), defaults.retries),
    retryDelay: valueOr(yield* value(settings.retryDelay, flags.retryDelay), defaults.retryDelay),
    waitLimits: optional(yield* value(settings.waitLimits, flags.waitLimits)),
    killGrace: valueOr(yield* value(settings.killGrace, flags.killGrace), defaults.killGrace),
    notify: valueOr(yield* value(settings.notify, flags.notify), []),
    fallbacks,
    ...(yield* locationOf(flags, env, provider, workspace, true)),
    ...(guardFlags === undefined ? noGuards : yield* guardsOf(guardFlags, provider, agents))
  }
})
