/**
 * Where a setting's value comes from, as effect's `Config`: one `ConfigProvider` holds the RALPH_*
 * variables and ralph.config.json, and one `Config` per setting reads its variable, else its file
 * key — the precedence below the flag, written once. A flag falls back to it while the command
 * line is parsed (`Flag.withFallbackConfig`), when the provider holds no file yet (the file lives
 * in `--workspace`, not known until the command line is); after parsing it is read again over the
 * provider with the workspace's file, for what neither the flag nor the variable set.
 */
import { Config, ConfigProvider, Effect, Option, Schema } from "effect"
import { InvalidConfig } from "../domain/errors.ts"
import type { Setting } from "../domain/settings.ts"
import { decodeValue } from "../domain/settingValues.ts"

export const configFileName = "ralph.config.json"

/** ralph.config.json's top-level keys and their values, as read from the workspace. */
export type ConfigFile = Readonly<Record<string, unknown>>

/** A setting's value and where it came from: its flag, its RALPH_* variable, or its key in ralph.config.json. */
export interface Sourced<A> {
  readonly value: A
  /** `--retries`, `RALPH_RETRIES` or `ralph.config.json: retries`, as the user wrote it. */
  readonly source: string
}

export const fileSource = (key: string) => `${configFileName}: ${key}`

/**
 * The variables and the file as one provider: a path under `ralph.config.json` is a key of the
 * file, whose value is given as its JSON text (a count stays a number, a command an array, for the
 * setting's Schema to decode as the user wrote it); any other path is a variable.
 */
export const settingsProvider = (env: NodeJS.ProcessEnv, file: ConfigFile): ConfigProvider.ConfigProvider => {
  const variables = ConfigProvider.fromEnv({
    env: Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))
  })
  return ConfigProvider.make((path) => {
    if (path[0] !== configFileName) return variables.load(path)
    const value = path.length === 2 ? fileValue(file, String(path[1])) : undefined
    return Effect.succeed(value === undefined ? undefined : ConfigProvider.makeValue(JSON.stringify(value)))
  })
}

/** A key of the file; a dotted one (`review.agent`) names a key of an object in it. */
const fileValue = (file: ConfigFile, key: string): unknown => {
  let value: unknown = file
  for (const part of key.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined
    value = (value as Readonly<Record<string, unknown>>)[part] // an object of the parsed JSON file
  }
  return value
}

/** One source of a setting, decoded by the setting's Schema; its refusal names the source. */
const fromSource = <A>(
  setting: Setting<A>,
  path: ReadonlyArray<string>,
  source: string,
  parse: (raw: string) => unknown
) => {
  const decode = decodeValue(setting.kind.schema)
  return Config.schema(Schema.String, path).pipe(Config.mapEffect((raw) => {
    const decoded = decode(parse(raw))
    return "problem" in decoded
      ? Effect.fail(
        new Config.ConfigError(new ConfigProvider.SourceError({ message: `${decoded.problem} (from ${source})` }))
      )
      : Effect.succeed<Sourced<A>>({ value: decoded.value, source })
  }))
}

/** A setting below its flag: its variable, else its key in the file (only a missing variable falls through). */
export const settingConfig = <A>(setting: Setting<A>): Config.Config<Sourced<A>> =>
  Config.option(fromSource(setting, [setting.env], setting.env, (raw) => raw)).pipe(
    Config.flatMap(Option.match({
      onSome: (value) => Config.succeed(value),
      // The provider wrote the file's value as JSON text.
      onNone: () => fromSource(setting, [configFileName, setting.key], fileSource(setting.key), JSON.parse)
    }))
  )

/** Why a source was refused, as InvalidConfig's problem (effect's ConfigError prefixes its source's tag). */
export const sourceProblem = (message: string): string => message.replace(/^SourceError: /, "")

/**
 * One setting by the one precedence: its flag (effect/cli has taken it, or its variable, while
 * parsing), else its `Config` over the variables and the workspace's file. `none` when no source sets it.
 */
export const resolved = <A>(
  setting: Setting<A>,
  given: Option.Option<Sourced<A>>,
  provider: ConfigProvider.ConfigProvider
): Effect.Effect<Option.Option<Sourced<A>>, InvalidConfig> =>
  Option.isSome(given) ? Effect.succeed(given) : Config.option(settingConfig(setting)).pipe(
    Effect.provideService(ConfigProvider.ConfigProvider, provider),
    Effect.mapError((error: Config.ConfigError) =>
      new InvalidConfig({ key: setting.key, problem: sourceProblem(error.message) })
    )
  )
