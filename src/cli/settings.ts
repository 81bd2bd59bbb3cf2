import { type Duration, Effect, Option } from "effect"
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs"
import { homedir } from "node:os"
import { isAbsolute, join, resolve, sep } from "node:path"
import { makeConfig, type RalphConfig } from "../domain/config.ts"
import { InvalidArguments, InvalidConfig } from "../domain/errors.ts"
import {
  type AgentConfig,
  type AgentName,
  defaults,
  type EngineName,
  fileKeys,
  parseAgentConfig,
  type Setting,
  type SettingName,
  settings,
  type SettingValue
} from "../domain/settings.ts"
import { splitWords } from "../domain/words.ts"
import { isWithin } from "../workspace/files.ts"
import type { StoreLocation } from "./store.ts"

export const configFileName = "ralph.config.json"

/** Everything one CLI invocation resolved from flags, environment and the config file. */
export interface CliSettings {
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
  readonly killGrace: Duration.Duration
  readonly stateDir: string
  readonly engine: EngineName
  /** The postgres engine's database URL (holding a password: never printed, never recorded). */
  readonly databaseUrl: string | undefined
  readonly maxCostUsd: number | undefined
  readonly maxTokens: number | undefined
  readonly allowUnknownCost: boolean
  readonly maxStalledRounds: number | undefined
  /** The verify command, as words. */
  readonly verify: ReadonlyArray<string> | undefined
  readonly verifyTimeout: Duration.Duration
  readonly protect: ReadonlyArray<string>
}

/** Flags of the commands that start runs (`run`, `mcp`): a run's guards are fixed when it starts, and a resume keeps them. */
export interface GuardFlags {
  readonly maxCostUsd: Option.Option<number>
  readonly maxTokens: Option.Option<number>
  readonly allowUnknownCost: Option.Option<boolean>
  readonly maxStalledRounds: Option.Option<number>
  readonly verify: Option.Option<ReadonlyArray<string>>
  readonly verifyTimeout: Option.Option<Duration.Duration>
  readonly protect: ReadonlyArray<string>
}

/** Flag values as effect/cli parsed them: already typed and checked. */
export interface SettingsFlags {
  readonly workspace: Option.Option<string>
  readonly agent: Option.Option<AgentName>
  readonly agentCmd: Option.Option<string>
  readonly agentArgs: Option.Option<string>
  readonly model: Option.Option<string>
  readonly roundTimeout: Option.Option<Duration.Duration>
  readonly idleTimeout: Option.Option<Duration.Duration>
  readonly maxTime: Option.Option<Duration.Duration>
  readonly retries: Option.Option<number>
  readonly retryDelay: Option.Option<Duration.Duration>
  readonly killGrace: Option.Option<Duration.Duration>
  readonly stateDir: Option.Option<string>
  readonly engine: Option.Option<EngineName>
  readonly databaseUrl: Option.Option<string>
}

/** Flags of the commands that find recorded runs without starting one. */
export type LocationFlags = Pick<SettingsFlags, "workspace" | "stateDir" | "engine" | "databaseUrl">

type ConfigFile = Readonly<Record<string, unknown>>

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

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

/** Reads ralph.config.json from the workspace; a missing file is an empty config, a broken one an error. */
const readConfigFile = (workspace: string): Effect.Effect<ConfigFile, InvalidConfig> =>
  Effect.suspend(() => {
    const file = join(workspace, configFileName)
    if (!existsSync(file)) return Effect.succeed({})
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(file, "utf8"))
    } catch (error) {
      return Effect.fail(
        new InvalidConfig({
          key: file,
          problem: `not valid JSON (${(error as Error).message}); fix or remove the file`
        })
      )
    }
    if (!isRecord(parsed)) return Effect.fail(new InvalidConfig({ key: file, problem: "must hold a JSON object" }))
    for (const key of Object.keys(parsed)) {
      if (!fileKeys.includes(key)) {
        return Effect.fail(
          new InvalidConfig({
            key: `${configFileName}: ${key}`,
            problem: `unknown key; the keys are ${fileKeys.join(", ")}`
          })
        )
      }
    }
    return Effect.succeed(parsed)
  })

/** The state dir when nothing sets one: $XDG_STATE_HOME/ralph, else ~/.local/state/ralph. */
export const defaultStateDir = (env: NodeJS.ProcessEnv): string => {
  const xdg = env.XDG_STATE_HOME
  return xdg !== undefined && isAbsolute(xdg) ? join(xdg, "ralph") : join(homedir(), ".local", "state", "ralph")
}

/** Where a raw value came from, named as the user wrote it. */
interface Raw {
  readonly source: string
  readonly value: unknown
}

const fromEnv = (env: NodeJS.ProcessEnv, name: string): Raw | undefined =>
  env[name] === undefined || env[name] === "" ? undefined : { source: name, value: env[name] }

const fromFile = (file: ConfigFile, key: string): Raw | undefined =>
  file[key] === undefined ? undefined : { source: `${configFileName}: ${key}`, value: file[key] }

/** The variable or file entry that sets a setting (variables first), if either does. */
const rawOf = (name: SettingName, env: NodeJS.ProcessEnv, file: ConfigFile): Raw | undefined =>
  fromEnv(env, settings[name].env) ?? fromFile(file, settings[name].key)

/** One setting's value, by the one precedence: flag, then variable, then file. `none` when no source sets it. */
const lookup = <K extends SettingName>(
  name: K,
  flag: Option.Option<SettingValue<K>>,
  env: NodeJS.ProcessEnv,
  file: ConfigFile
): Effect.Effect<Option.Option<SettingValue<K>>, InvalidConfig> => {
  if (Option.isSome(flag)) return Effect.succeed(flag)
  const raw = rawOf(name, env, file)
  if (raw === undefined) return Effect.succeed(Option.none())
  const setting = settings[name] as Setting<SettingValue<K>>
  const parsed = setting.parse(raw.value)
  return "problem" in parsed
    ? Effect.fail(new InvalidConfig({ key: setting.key, problem: `${parsed.problem} (from ${raw.source})` }))
    : Effect.succeed(Option.some(parsed.value))
}

const agentConfigs = (file: ConfigFile): Effect.Effect<Partial<Record<AgentName, AgentConfig>>, InvalidConfig> =>
  Effect.suspend(() => {
    const raw = file.agents
    if (raw === undefined) return Effect.succeed({})
    if (!isRecord(raw)) {
      return Effect.fail(new InvalidConfig({ key: "agents", problem: "must be an object keyed by agent name" }))
    }
    const result: Partial<Record<AgentName, AgentConfig>> = {}
    for (const [name, value] of Object.entries(raw)) {
      const parsed = parseAgentConfig(name, value, `agents.${name}`)
      if ("problem" in parsed) {
        return Effect.fail(new InvalidConfig({ key: parsed.key, problem: `${parsed.problem} (in ${configFileName})` }))
      }
      result[name as AgentName] = parsed.value
    }
    return Effect.succeed(result)
  })

/**
 * The state directory: --state-dir, then RALPH_STATE_DIR (both relative to where ralph was started),
 * then `stateDir` in the config file (relative to the file's folder), then $XDG_STATE_HOME/ralph or
 * ~/.local/state/ralph. Never inside the workspace: an agent could rewrite the record of its own run.
 */
const stateDirOf = (
  flags: LocationFlags,
  env: NodeJS.ProcessEnv,
  file: ConfigFile,
  workspace: string,
  /** Only a run has a workspace its agents could write in; commands that read find the dir the same way. */
  refuseInside: boolean
): Effect.Effect<string, InvalidConfig> =>
  Effect.gen(function*() {
    const chosen = yield* lookup("stateDir", flags.stateDir, env, file)
    const source = Option.isSome(flags.stateDir) ? "--state-dir" : rawOf("stateDir", env, file)?.source
    // A path in the file is relative to the file's folder; one on the command line or in a variable, to where ralph started.
    const base = source === `${configFileName}: stateDir` ? workspace : process.cwd()
    const dir = Option.isSome(chosen) ? resolve(base, chosen.value) : defaultStateDir(env)
    if (!refuseInside) return dir
    const real = realOrSelf(dir)
    if (isWithin(real, workspace)) {
      return yield* new InvalidConfig({
        key: "stateDir",
        problem: `${dir} is inside the workspace ${workspace}, where agents could edit ralph's records; ` +
          (source === undefined
            ? "it is the default state dir ($XDG_STATE_HOME/ralph, else ~/.local/state/ralph): run ralph in the " +
              "project's own folder (or pass --workspace DIR), or choose a state dir outside the workspace with " +
              "--state-dir DIR, RALPH_STATE_DIR or stateDir in ralph.config.json"
            : `choose a directory outside it (from ${source})`)
      })
    }
    return dir
  })

/** The real path of the directory, or of its nearest existing parent joined with the rest. */
const realOrSelf = (dir: string): string => {
  try {
    return realpathSync(dir)
  } catch {
    const parent = resolve(dir, "..")
    return parent === dir ? dir : join(realOrSelf(parent), dir.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)))
  }
}

/** Where runs are recorded, for commands that find them (`runs`, `show`, `resume`), by the same rules as `run`. */
export const loadLocation = Effect.fn("loadLocation")(function*(
  flags: LocationFlags,
  env: NodeJS.ProcessEnv
): Effect.fn.Return<StoreLocation, InvalidConfig | InvalidArguments> {
  const workspace = yield* resolveWorkspace(flags.workspace)
  const file = yield* readConfigFile(workspace)
  return {
    stateDir: yield* stateDirOf(flags, env, file, workspace, false),
    engine: Option.getOrElse(yield* lookup("engine", flags.engine, env, file), () => defaults.engine),
    databaseUrl: Option.getOrUndefined(yield* lookup("databaseUrl", flags.databaseUrl, env, file))
  }
})

/** The chosen agent's settings: the file's entry, then the command-line flags applied to it. */
const chosenAgent = (
  name: AgentName,
  configured: AgentConfig,
  flags: SettingsFlags,
  env: NodeJS.ProcessEnv
): Effect.Effect<AgentConfig, InvalidArguments> =>
  Effect.gen(function*() {
    let agent = configured
    const command = Option.getOrUndefined(flags.agentCmd) ?? (env.RALPH_AGENT_CMD || undefined)
    if (name === "exec" && command !== undefined) {
      // The command line replaces whichever program the file names.
      const { binary: _, ...rest } = agent
      agent = { ...rest, command }
    }
    if (Option.isSome(flags.agentArgs)) {
      const split = splitWords(flags.agentArgs.value)
      if ("problem" in split) return yield* new InvalidArguments({ argument: "--agent-args", problem: split.problem })
      agent = { ...agent, args: [...(agent.args ?? []), ...split.words] }
    }
    if (Option.isSome(flags.model)) {
      if (name === "exec") {
        return yield* new InvalidArguments({
          argument: "--model",
          problem: "the exec agent has no model of ralph's choosing; pass it in --agent-cmd or --agent-args"
        })
      }
      agent = { ...agent, model: flags.model.value }
    }
    return agent
  })

type GuardSettings = Pick<
  CliSettings,
  "maxCostUsd" | "maxTokens" | "allowUnknownCost" | "maxStalledRounds" | "verify" | "verifyTimeout" | "protect"
>

const noGuards: GuardSettings = {
  maxCostUsd: undefined,
  maxTokens: undefined,
  allowUnknownCost: false,
  maxStalledRounds: undefined,
  verify: undefined,
  verifyTimeout: defaults.verifyTimeout,
  protect: []
}

/** A new run's guards: each flag over its variable over its file key. */
const guardsOf = Effect.fnUntraced(function*(
  flags: GuardFlags,
  value: <K extends SettingName>(
    name: K,
    flag?: Option.Option<SettingValue<K>>
  ) => Effect.Effect<Option.Option<SettingValue<K>>, InvalidConfig>
): Effect.fn.Return<GuardSettings, InvalidConfig> {
  return {
    maxCostUsd: Option.getOrUndefined(yield* value("maxCostUsd", flags.maxCostUsd)),
    maxTokens: Option.getOrUndefined(yield* value("maxTokens", flags.maxTokens)),
    allowUnknownCost: Option.getOrElse(yield* value("allowUnknownCost", flags.allowUnknownCost), () => false),
    maxStalledRounds: Option.getOrUndefined(yield* value("maxStalledRounds", flags.maxStalledRounds)),
    verify: Option.getOrUndefined(yield* value("verify", flags.verify)),
    verifyTimeout: Option.getOrElse(yield* value("verifyTimeout", flags.verifyTimeout), () => defaults.verifyTimeout),
    // Repeated flags replace the variable's and the file's list, like any other setting's flag.
    protect: Option.getOrElse(
      yield* value("protect", flags.protect.length === 0 ? Option.none() : Option.some(flags.protect)),
      () => []
    )
  }
})

/**
 * Resolves one invocation's settings. One precedence for every setting: flags, then RALPH_*
 * variables, then the workspace's ralph.config.json, then the defaults of src/domain/settings.ts.
 * The config file is read once: a run's config is fixed when it starts.
 */
export const loadSettings = Effect.fn("loadSettings")(function*(
  flags: SettingsFlags,
  env: NodeJS.ProcessEnv,
  /** A new run's guard flags; without them (a resume) no guard is read: a run keeps its recorded ones. */
  guardFlags?: GuardFlags
): Effect.fn.Return<CliSettings, InvalidConfig | InvalidArguments> {
  const workspace = yield* resolveWorkspace(flags.workspace)
  const file = yield* readConfigFile(workspace)
  const value = <K extends SettingName>(name: K, flag: Option.Option<SettingValue<K>> = Option.none()) =>
    lookup(name, flag, env, file)

  // --agent-cmd is the exec agent's command line: it chooses exec unless --agent says otherwise.
  const agentFlag = Option.isSome(flags.agentCmd) && Option.isNone(flags.agent)
    ? Option.some("exec" as const)
    : flags.agent
  const agentName = Option.getOrElse(yield* value("subagentProvider", agentFlag), () => defaults.subagentProvider)
  if (Option.isSome(flags.agentCmd) && agentName !== "exec") {
    return yield* new InvalidArguments({
      argument: "--agent-cmd",
      problem: `only the exec agent takes a command line, and --agent is ${agentName}`
    })
  }
  const config = yield* makeConfig({
    subagentProvider: agentName,
    maxRounds: Option.getOrUndefined(yield* value("maxRounds")),
    maxHandoffChars: Option.getOrUndefined(yield* value("maxHandoffChars")),
    maxResultChars: Option.getOrUndefined(yield* value("maxResultChars"))
  })
  const agents = yield* agentConfigs(file)
  return {
    config,
    workspace,
    agent: yield* chosenAgent(agentName, agents[agentName] ?? {}, flags, env),
    roundTimeout: yield* value("roundTimeout", flags.roundTimeout),
    idleTimeout: yield* value("idleTimeout", flags.idleTimeout),
    maxTime: yield* value("maxTime", flags.maxTime),
    retries: Option.getOrElse(yield* value("retries", flags.retries), () => defaults.retries),
    retryDelay: Option.getOrElse(yield* value("retryDelay", flags.retryDelay), () => defaults.retryDelay),
    killGrace: Option.getOrElse(yield* value("killGrace", flags.killGrace), () => defaults.killGrace),
    stateDir: yield* stateDirOf(flags, env, file, workspace, true),
    engine: Option.getOrElse(yield* value("engine", flags.engine), () => defaults.engine),
    databaseUrl: Option.getOrUndefined(yield* value("databaseUrl", flags.databaseUrl)),
    ...(guardFlags === undefined ? noGuards : yield* guardsOf(guardFlags, value))
  }
})
