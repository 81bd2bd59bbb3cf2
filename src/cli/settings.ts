import { Duration, Effect, Option } from "effect"
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs"
import { homedir } from "node:os"
import { isAbsolute, join, resolve } from "node:path"
import { makeConfig, type RalphConfig, type RalphConfigInput } from "../domain/config.ts"
import { InvalidArguments, InvalidConfig } from "../domain/errors.ts"
import { parseDuration } from "./duration.ts"
import { splitWords } from "./words.ts"

export const configFileName = "ralph.config.json"

/** Per-agent settings from the config file and flags. */
export interface AgentSettings {
  /** exec only: the command line of the agent program. */
  readonly command?: string
  readonly binary?: string
  readonly model?: string
  readonly args?: ReadonlyArray<string>
  readonly env?: Readonly<Record<string, string>>
  readonly permissions?: "workspace" | "none" | "full"
}

/** Everything one CLI invocation resolved from flags, environment and the config file. */
export interface CliSettings {
  readonly config: RalphConfigInput
  /** The agent chosen for this run (validated with the rest of the config when the run starts). */
  readonly agentName: string
  readonly workspace: string
  readonly agents: Readonly<Record<string, AgentSettings>>
  readonly roundTimeout: Option.Option<Duration.Duration>
  readonly idleTimeout: Option.Option<Duration.Duration>
  readonly maxTime: Option.Option<Duration.Duration>
  readonly retries: number
  /** The first retry's backoff; later ones double, with jitter, up to a minute. */
  readonly retryDelay: Duration.Duration
  readonly killGrace: Duration.Duration
  readonly stateDir: string
}

/** Flag values as parsed, before validation. */
export interface SettingsFlags {
  readonly workspace: Option.Option<string>
  readonly agent: Option.Option<string>
  readonly agentCmd: Option.Option<string>
  readonly agentArgs: Option.Option<string>
  readonly model: Option.Option<string>
  readonly roundTimeout: Option.Option<string>
  readonly idleTimeout: Option.Option<string>
  readonly maxTime: Option.Option<string>
  readonly retries: Option.Option<string>
  readonly retryDelay: Option.Option<string>
  readonly killGrace: Option.Option<string>
  readonly stateDir: Option.Option<string>
}

const fileKeys = [
  "subagentProvider",
  "maxRounds",
  "maxHandoffChars",
  "maxResultChars",
  "agents",
  "roundTimeout",
  "idleTimeout",
  "maxTime",
  "retries",
  "retryDelay",
  "killGrace",
  "stateDir"
] as const

const agentKeys = ["command", "binary", "model", "args", "env", "permissions"] as const

type Source = { readonly key: string; readonly value: string | number }

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const configError = (key: string, problem: string) => new InvalidConfig({ key, problem })

/** Reads ralph.config.json from the workspace; a missing file is an empty config, a broken one an error. */
const readConfigFile = (workspace: string): Effect.Effect<Record<string, unknown>, InvalidConfig> =>
  Effect.suspend(() => {
    const file = join(workspace, configFileName)
    if (!existsSync(file)) return Effect.succeed({})
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(file, "utf8"))
    } catch (error) {
      return Effect.fail(configError(file, `not valid JSON (${(error as Error).message}); fix or remove the file`))
    }
    if (!isRecord(parsed)) return Effect.fail(configError(file, "must hold a JSON object"))
    for (const key of Object.keys(parsed)) {
      if (!(fileKeys as ReadonlyArray<string>).includes(key)) {
        return Effect.fail(configError(`${file}: ${key}`, `unknown key; known keys: ${fileKeys.join(", ")}`))
      }
    }
    return Effect.succeed(parsed)
  })

const agentSettings = (raw: unknown, file: string): Effect.Effect<Record<string, AgentSettings>, InvalidConfig> =>
  Effect.suspend(() => {
    if (raw === undefined) return Effect.succeed({})
    if (!isRecord(raw)) return Effect.fail(configError("agents", "must be an object keyed by agent name"))
    const result: Record<string, AgentSettings> = {}
    for (const [name, value] of Object.entries(raw)) {
      const key = `agents.${name}`
      if (!isRecord(value)) return Effect.fail(configError(key, "must be an object"))
      for (const k of Object.keys(value)) {
        if (!(agentKeys as ReadonlyArray<string>).includes(k)) {
          return Effect.fail(configError(`${key}.${k}`, `unknown key in ${file}; known keys: ${agentKeys.join(", ")}`))
        }
      }
      for (const k of ["command", "binary", "model"] as const) {
        if (value[k] !== undefined && (typeof value[k] !== "string" || value[k].trim() === "")) {
          return Effect.fail(configError(`${key}.${k}`, "must be a non-empty string"))
        }
      }
      if (value.args !== undefined && !(Array.isArray(value.args) && value.args.every((a) => typeof a === "string"))) {
        return Effect.fail(configError(`${key}.args`, "must be an array of strings"))
      }
      if (value.env !== undefined && !(isRecord(value.env) && Object.values(value.env).every((v) => typeof v === "string"))) {
        return Effect.fail(configError(`${key}.env`, "must be an object of string values"))
      }
      if (value.permissions !== undefined && !["workspace", "none", "full"].includes(value.permissions as string)) {
        return Effect.fail(configError(`${key}.permissions`, "must be one of workspace, none, full"))
      }
      result[name] = value as AgentSettings
    }
    return Effect.succeed(result)
  })

/** A number from the environment or a flag: integers stay numbers, anything else is passed on to fail validation. */
const numeric = (text: string): string | number => /^\s*[+-]?\d+\s*$/.test(text) ? Number(text) : text

const durationSetting = (
  sources: ReadonlyArray<Source | undefined>
): Effect.Effect<Option.Option<Duration.Duration>, InvalidConfig> => {
  const source = sources.find((s) => s !== undefined)
  if (source === undefined) return Effect.succeed(Option.none())
  const parsed = typeof source.value === "number" ? parseDuration(String(source.value)) : parseDuration(source.value)
  return parsed === undefined
    ? Effect.fail(configError(source.key, `expected a positive duration such as 90s, 10m or 2h, got ${JSON.stringify(source.value)}`))
    : Effect.succeed(Option.some(parsed))
}

const fromEnv = (env: NodeJS.ProcessEnv, name: string): Source | undefined =>
  env[name] === undefined || env[name] === "" ? undefined : { key: name, value: env[name] }

const fromFlag = (flag: Option.Option<string>, name: string): Source | undefined =>
  Option.isSome(flag) ? { key: `--${name}`, value: flag.value } : undefined

const fromFile = (file: Record<string, unknown>, key: string): Source | undefined => {
  const value = file[key]
  if (value === undefined) return undefined
  return { key: `${configFileName}: ${key}`, value: typeof value === "number" ? value : String(value) }
}

/** The workspace: an existing directory, by its real path. */
export const resolveWorkspace = (flag: Option.Option<string>): Effect.Effect<string, InvalidArguments> =>
  Effect.suspend(() => {
    const dir = resolve(Option.getOrElse(flag, () => process.cwd()))
    try {
      if (!statSync(dir).isDirectory()) throw new Error("not a directory")
      return Effect.succeed(realpathSync(dir))
    } catch {
      return Effect.fail(new InvalidArguments({ argument: "--workspace", problem: `${dir} is not an existing directory` }))
    }
  })

/** The state directory: flag, then RALPH_STATE_DIR, then the config file, then XDG_STATE_HOME/ralph or ~/.local/state/ralph. */
export const resolveStateDir = (
  flag: Option.Option<string>,
  env: NodeJS.ProcessEnv,
  file: Record<string, unknown> = {}
): string => {
  const chosen = Option.getOrUndefined(flag) ?? (env.RALPH_STATE_DIR || undefined) ??
    (typeof file.stateDir === "string" ? file.stateDir : undefined)
  if (chosen !== undefined) return resolve(chosen)
  const xdg = env.XDG_STATE_HOME
  return xdg !== undefined && isAbsolute(xdg) ? join(xdg, "ralph") : join(homedir(), ".local", "state", "ralph")
}

/**
 * Resolves one invocation's settings. Precedence: flags, then RALPH_* variables, then the workspace's
 * ralph.config.json, then defaults. The config file is read once: a run's config is fixed when it starts.
 */
export const loadSettings = Effect.fn("loadSettings")(function*(
  flags: SettingsFlags,
  env: NodeJS.ProcessEnv
): Effect.fn.Return<CliSettings, InvalidConfig | InvalidArguments> {
  const workspace = yield* resolveWorkspace(flags.workspace)
  const file = yield* readConfigFile(workspace)
  const agents = { ...(yield* agentSettings(file.agents, configFileName)) }

  const first = (...sources: ReadonlyArray<Source | undefined>) => sources.find((s) => s !== undefined)
  const sources: Record<keyof RalphConfig, Source | undefined> = {
    subagentProvider: first(fromFlag(flags.agent, "agent"), fromEnv(env, "RALPH_AGENT"), fromFile(file, "subagentProvider")),
    maxRounds: first(fromEnv(env, "RALPH_MAX_ROUNDS"), fromFile(file, "maxRounds")),
    maxHandoffChars: first(fromEnv(env, "RALPH_MAX_HANDOFF_CHARS"), fromFile(file, "maxHandoffChars")),
    maxResultChars: first(fromEnv(env, "RALPH_MAX_RESULT_CHARS"), fromFile(file, "maxResultChars"))
  }
  const config: RalphConfigInput = {
    subagentProvider: sources.subagentProvider?.value,
    maxRounds: numericSource(sources.maxRounds?.value),
    maxHandoffChars: numericSource(sources.maxHandoffChars?.value),
    maxResultChars: numericSource(sources.maxResultChars?.value)
  }
  // Validated here too, so the error can say where the bad value came from.
  yield* makeConfig(config).pipe(
    Effect.mapError((error) => {
      const source = sources[error.key as keyof RalphConfig]
      return source === undefined ? error : configError(error.key, `${error.problem} (from ${source.key})`)
    })
  )

  const agentCmd = Option.getOrUndefined(flags.agentCmd) ?? (env.RALPH_AGENT_CMD || undefined)
  if (agentCmd !== undefined) agents.exec = { ...agents.exec, command: agentCmd }
  const selected = typeof config.subagentProvider === "string" ? config.subagentProvider.trim() : "claude"
  const target = selected === "" ? "claude" : selected
  if (Option.isSome(flags.agentArgs)) {
    const split = splitWords(flags.agentArgs.value)
    if ("problem" in split) {
      return yield* new InvalidArguments({ argument: "--agent-args", problem: split.problem })
    }
    agents[target] = { ...agents[target], args: [...(agents[target]?.args ?? []), ...split.words] }
  }
  if (Option.isSome(flags.model)) agents[target] = { ...agents[target], model: flags.model.value }

  const retriesSource = [fromFlag(flags.retries, "retries"), fromEnv(env, "RALPH_RETRIES"), fromFile(file, "retries")]
    .find((s) => s !== undefined)
  let retries = 3
  if (retriesSource !== undefined) {
    const value = numericSource(retriesSource.value)
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
      return yield* configError(retriesSource.key, `expected a whole number of retries (0 or more), got ${JSON.stringify(retriesSource.value)}`)
    }
    retries = value
  }

  const killGrace = yield* durationSetting([
    fromFlag(flags.killGrace, "kill-grace"),
    fromEnv(env, "RALPH_KILL_GRACE"),
    fromFile(file, "killGrace")
  ])

  const retryDelay = yield* durationSetting([
    fromFlag(flags.retryDelay, "retry-delay"),
    fromEnv(env, "RALPH_RETRY_DELAY"),
    fromFile(file, "retryDelay")
  ])

  return {
    config,
    agentName: target,
    workspace,
    agents,
    roundTimeout: yield* durationSetting([
      fromFlag(flags.roundTimeout, "round-timeout"),
      fromEnv(env, "RALPH_ROUND_TIMEOUT"),
      fromFile(file, "roundTimeout")
    ]),
    idleTimeout: yield* durationSetting([
      fromFlag(flags.idleTimeout, "idle-timeout"),
      fromEnv(env, "RALPH_IDLE_TIMEOUT"),
      fromFile(file, "idleTimeout")
    ]),
    maxTime: yield* durationSetting([
      fromFlag(flags.maxTime, "max-time"),
      fromEnv(env, "RALPH_MAX_TIME"),
      fromFile(file, "maxTime")
    ]),
    retries,
    retryDelay: Option.getOrElse(retryDelay, () => Duration.seconds(2)),
    killGrace: Option.getOrElse(killGrace, () => Duration.seconds(5)),
    stateDir: resolveStateDir(flags.stateDir, env, file)
  }
})

const numericSource = (value: string | number | undefined): string | number | undefined =>
  typeof value === "string" ? numeric(value) : value
