/**
 * Every setting of a ralph deployment, in one place: its key in ralph.config.json, its RALPH_*
 * variable, its flag, its default (written once, here) and how a raw value is read. Sources are
 * taken in one order: flag, then variable, then file, then default. Values are strict: a count is a
 * plain decimal integer, a duration carries its unit.
 */
import { Duration, Schema } from "effect"
import { splitWords } from "./words.ts"

/** The agents the CLI offers. */
export const presetNames = ["claude", "codex", "gemini", "opencode"] as const
export type PresetName = (typeof presetNames)[number]
export const isPresetName = (name: string): name is PresetName => (presetNames as ReadonlyArray<string>).includes(name)
export const agentNames = [...presetNames, "exec"] as const
export type AgentName = (typeof agentNames)[number]

export const permissionChoices = ["workspace", "none", "full"] as const

/** Where runs are recorded: the JSONL journal, or the durable workflow engine on SQLite or PostgreSQL. */
export const engineNames = ["journal", "sqlite", "postgres"] as const
export type EngineName = (typeof engineNames)[number]
export type AgentPermissions = (typeof permissionChoices)[number]

/** Every default of a deployment and of the library beneath it, written once. */
export const defaults = {
  subagentProvider: "claude" as AgentName,
  maxRounds: 256,
  maxHandoffChars: 16384,
  maxResultChars: 16384,
  engine: "sqlite" as EngineName,
  retries: 3,
  retryDelay: Duration.seconds(2),
  /** Cap on one retry's backoff, and on all of one round's retry waits added up. */
  retryMaxDelay: Duration.seconds(60),
  retryMaxTotalWait: Duration.minutes(15),
  killGrace: Duration.seconds(5),
  verifyTimeout: Duration.minutes(10),
  /** The most children a single run may ask for (the engine's ceiling on maxRounds). */
  maxChildrenPerRun: 1000,
  /** Past this many bytes of a child's stdout its round fails; this much of the end of its stderr is kept. */
  maxStdoutBytes: 8 * 1024 * 1024,
  stderrTailBytes: 16 * 1024,
  /** How much of a round's stdout the record keeps. */
  keptStdoutBytes: 1024 * 1024,
  /** How long a shared store's claim on a run (its lease) counts once its holder stops renewing it, and how often it renews. */
  runLeaseTtl: Duration.seconds(30),
  leaseRenewal: Duration.seconds(5)
} as const

export type Parsed<A> = { readonly value: A } | { readonly problem: string }

const shown = (raw: unknown): string => typeof raw === "string" ? JSON.stringify(raw) : String(raw)

/** A whole number: a JSON integer, or a string of decimal digits and nothing else (no sign, exponent, hex or spaces). */
export const parseCount = (raw: unknown, minimum: 0 | 1): Parsed<number> => {
  const expected = minimum === 1 ? "a positive whole number" : "a whole number (0 or more)"
  const value = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  return Number.isSafeInteger(value) && value >= minimum
    ? { value }
    : { problem: `expected ${expected} written in decimal digits, got ${shown(raw)}` }
}

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** A positive duration with its unit: 1500ms, 90s, 10m, 2h. A bare number is refused: it could mean anything. */
export const parseDuration = (raw: unknown): Parsed<Duration.Duration> => {
  const match = typeof raw === "string" ? /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(raw) : null
  const millis = match === null ? Number.NaN : Number(match[1]) * units[match[2]!]!
  return millis > 0 && Number.isFinite(millis)
    ? { value: Duration.millis(millis) }
    : {
      problem: `expected a positive duration with a unit (ms, s, m or h) such as 90s, 10m or 2h, got ${shown(raw)}` +
        (typeof raw === "number" || (typeof raw === "string" && /^\d+(\.\d+)?$/.test(raw)) ? " (say which unit)" : "")
    }
}

/** A positive amount of US dollars: a JSON number, or a plain decimal such as 5 or 0.25. */
export const parseUsd = (raw: unknown): Parsed<number> => {
  const value = typeof raw === "number"
    ? raw
    : typeof raw === "string" && /^\d+(\.\d+)?$/.test(raw)
    ? Number(raw)
    : Number.NaN
  return Number.isFinite(value) && value > 0
    ? { value }
    : { problem: `expected a positive amount of US dollars such as 5 or 0.25, got ${shown(raw)}` }
}

/** true or false; a variable may also say 1 or 0. */
export const parseBoolean = (raw: unknown): Parsed<boolean> =>
  raw === true || raw === "true" || raw === "1"
    ? { value: true }
    : raw === false || raw === "false" || raw === "0"
    ? { value: false }
    : { problem: `expected true or false, got ${shown(raw)}` }

/** A command line: an array of words in the file, or one string split into words like a shell would (no shell runs). */
export const parseCommand = (raw: unknown): Parsed<ReadonlyArray<string>> => {
  if (Array.isArray(raw)) {
    return raw.length > 0 && raw.every((word) => typeof word === "string") && String(raw[0]).trim() !== ""
      ? { value: raw }
      : {
        problem: `expected a non-empty array of strings (the program, then its arguments), got ${JSON.stringify(raw)}`
      }
  }
  if (typeof raw !== "string") return { problem: `expected a command line, got ${shown(raw)}` }
  const split = splitWords(raw)
  if ("problem" in split) return { problem: `the command line could not be split into words: ${split.problem}` }
  return split.words.length === 0 ? { problem: "the command line is empty" } : { value: split.words }
}

/** Glob patterns: an array of strings in the file, or one string split into words (a flag repeats instead). */
/**
 * One protect pattern, relative to the workspace as the search walks it: a leading `./` and a
 * trailing `/` are dropped (`./tests/` is `tests`); an empty, absolute or `..` pattern is refused.
 */
export const parseGlob = (raw: unknown): Parsed<string> => {
  if (typeof raw !== "string") return { problem: `expected a glob pattern, got ${shown(raw)}` }
  let pattern = raw.trim()
  while (pattern.startsWith("./")) pattern = pattern.slice(2)
  pattern = pattern.replace(/\/+$/, "")
  return pattern === "" || pattern === "." || pattern.startsWith("/") || pattern.split("/").includes("..")
    ? { problem: `expected a non-empty pattern relative to the workspace and inside it, got ${JSON.stringify(raw)}` }
    : { value: pattern }
}

export const parseGlobs = (raw: unknown): Parsed<ReadonlyArray<string>> => {
  const words = Array.isArray(raw) ? { value: raw } : parseCommand(raw)
  if ("problem" in words) return { problem: `expected glob patterns, got ${shown(raw)}` }
  const patterns: Array<string> = []
  for (const word of words.value) {
    const parsed = parseGlob(word)
    if ("problem" in parsed) return parsed
    patterns.push(parsed.value)
  }
  return { value: patterns }
}

const parseText = (raw: unknown): Parsed<string> =>
  typeof raw === "string" && raw.trim() !== ""
    ? { value: raw.trim() }
    : { problem: `expected a non-empty string, got ${shown(raw)}` }

export const parseAgentName = (raw: unknown): Parsed<AgentName> => {
  const text = parseText(raw)
  if ("problem" in text) return text
  return (agentNames as ReadonlyArray<string>).includes(text.value)
    ? { value: text.value as AgentName }
    : { problem: `unknown agent ${shown(raw)}; the agents are ${agentNames.join(", ")}` }
}

/** One setting: where it is read from and how. */
export interface Setting<A, F extends string | undefined = string | undefined> {
  /** Its key in ralph.config.json. */
  readonly key: string
  readonly env: string
  /** Its flag without the leading dashes, or undefined for settings only a file or a variable sets. */
  readonly flag: F
  readonly parse: (raw: unknown) => Parsed<A>
  readonly description: string
}

const setting = <A, const F extends string | undefined = undefined>(spec: Setting<A, F>): Setting<A, F> => spec

/** The settings of ralph.config.json but `agents`, in the order the README lists them. */
export const settings = {
  subagentProvider: setting({
    key: "subagentProvider",
    env: "RALPH_AGENT",
    flag: "agent",
    parse: parseAgentName,
    description: `The agent: ${agentNames.join(", ")} (default ${defaults.subagentProvider})`
  }),
  maxRounds: setting({
    key: "maxRounds",
    env: "RALPH_MAX_ROUNDS",
    flag: undefined,
    parse: (raw) => parseCount(raw, 1),
    description: `Default and ceiling of rounds per run (default ${defaults.maxRounds})`
  }),
  maxHandoffChars: setting({
    key: "maxHandoffChars",
    env: "RALPH_MAX_HANDOFF_CHARS",
    flag: undefined,
    parse: (raw) => parseCount(raw, 1),
    description: `Bound on a report's compact JSON (default ${defaults.maxHandoffChars})`
  }),
  maxResultChars: setting({
    key: "maxResultChars",
    env: "RALPH_MAX_RESULT_CHARS",
    flag: undefined,
    parse: (raw) => parseCount(raw, 1),
    description: `Bound on rendered text (default ${defaults.maxResultChars})`
  }),
  roundTimeout: setting({
    key: "roundTimeout",
    env: "RALPH_ROUND_TIMEOUT",
    flag: "round-timeout",
    parse: parseDuration,
    description: "Stop a child that runs longer than this (e.g. 90s, 10m, 2h)"
  }),
  idleTimeout: setting({
    key: "idleTimeout",
    env: "RALPH_IDLE_TIMEOUT",
    flag: "idle-timeout",
    parse: parseDuration,
    description: "Stop a child that prints nothing for this long"
  }),
  maxTime: setting({
    key: "maxTime",
    env: "RALPH_MAX_TIME",
    flag: "max-time",
    parse: parseDuration,
    description: "Bound on the whole run's time; when it passes the run ends budget-limited"
  }),
  retries: setting({
    key: "retries",
    env: "RALPH_RETRIES",
    flag: "retries",
    parse: (raw) => parseCount(raw, 0),
    description: `Retries of a round after a transient failure (default ${defaults.retries})`
  }),
  retryDelay: setting({
    key: "retryDelay",
    env: "RALPH_RETRY_DELAY",
    flag: "retry-delay",
    parse: parseDuration,
    description: `Backoff before the first retry, doubling after (default ${Duration.format(defaults.retryDelay)})`
  }),
  killGrace: setting({
    key: "killGrace",
    env: "RALPH_KILL_GRACE",
    flag: "kill-grace",
    parse: parseDuration,
    description: `Time between SIGTERM and SIGKILL when stopping a child (default ${
      Duration.format(defaults.killGrace)
    })`
  }),
  maxCostUsd: setting({
    key: "maxCostUsd",
    env: "RALPH_MAX_COST_USD",
    flag: "max-cost-usd",
    parse: parseUsd,
    description: "Stop once the agents' reported cost reaches this many US dollars (checked after every round)"
  }),
  maxTokens: setting({
    key: "maxTokens",
    env: "RALPH_MAX_TOKENS",
    flag: "max-tokens",
    parse: (raw) => parseCount(raw, 1),
    description: "Stop once the agents' reported input plus output tokens reach this many (checked after every round)"
  }),
  allowUnknownCost: setting({
    key: "allowUnknownCost",
    env: "RALPH_ALLOW_UNKNOWN_COST",
    flag: "allow-unknown-cost",
    parse: parseBoolean,
    description: "Let --max-cost-usd run with an agent that does not report cost (the result then says it is unknown)"
  }),
  maxStalledRounds: setting({
    key: "maxStalledRounds",
    env: "RALPH_MAX_STALLED_ROUNDS",
    flag: "max-stalled-rounds",
    parse: (raw) => parseCount(raw, 1),
    description: "Stop after this many rounds in a row that end without changing the workspace"
  }),
  verify: setting({
    key: "verify",
    env: "RALPH_VERIFY",
    flag: "verify",
    parse: parseCommand,
    description: "A command that checks a claimed completion, split into words like --agent-cmd (no shell); " +
      "exit 0 confirms it"
  }),
  verifyTimeout: setting({
    key: "verifyTimeout",
    env: "RALPH_VERIFY_TIMEOUT",
    flag: "verify-timeout",
    parse: parseDuration,
    description: `Stop the verify command after this long; it then fails (default ${
      Duration.format(defaults.verifyTimeout)
    })`
  }),
  protect: setting({
    key: "protect",
    env: "RALPH_PROTECT",
    flag: "protect",
    parse: parseGlobs,
    description: "Files (globs, relative to the workspace) no round may change; repeatable"
  }),
  engine: setting({
    key: "engine",
    env: "RALPH_ENGINE",
    flag: "engine",
    parse: (raw) => {
      const text = parseText(raw)
      if ("problem" in text) return text
      return (engineNames as ReadonlyArray<string>).includes(text.value)
        ? { value: text.value as EngineName }
        : { problem: `unknown engine ${shown(raw)}; the engines are ${engineNames.join(", ")}` }
    },
    description: `Where runs are recorded: ${
      engineNames.join(", ")
    } (default ${defaults.engine}; postgres needs a database URL)`
  }),
  databaseUrl: setting({
    key: "databaseUrl",
    env: "RALPH_DATABASE_URL",
    flag: "database-url",
    parse: parseText,
    description: "The PostgreSQL URL of the postgres engine (its password is never printed or recorded)"
  }),
  stateDir: setting({
    key: "stateDir",
    env: "RALPH_STATE_DIR",
    flag: "state-dir",
    parse: parseText,
    description:
      "Where runs are recorded (default $XDG_STATE_HOME/ralph, else ~/.local/state/ralph); never inside the workspace"
  })
} as const

export type SettingName = keyof typeof settings
export type SettingValue<K extends SettingName> = (typeof settings)[K] extends Setting<infer A> ? A : never

/** Keys of one agent's entry under `agents` in ralph.config.json. */
export const execKeys = ["command", "binary", "args", "env"] as const
export const presetKeys = ["binary", "model", "args", "env", "permissions"] as const

/** What one agent is configured with (the one shape, for the config file, the CLI and the run's record). */
export const AgentConfig = Schema.Struct({
  /** exec only: the command line of the agent program, split into words like a shell would. */
  command: Schema.optionalKey(Schema.String),
  /** The program: a name looked up on PATH, or a path. */
  binary: Schema.optionalKey(Schema.String),
  /** Presets only: passed as the CLI's model flag. */
  model: Schema.optionalKey(Schema.String),
  /** Appended to the agent's arguments. */
  args: Schema.optionalKey(Schema.Array(Schema.String)),
  /** Added to the inherited environment. */
  env: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  /** Presets only: what ralph grants the agent. */
  permissions: Schema.optionalKey(Schema.Literals(permissionChoices))
})
export type AgentConfig = typeof AgentConfig.Type

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const refusals: Partial<Record<string, string>> = {
  "exec.model": "the exec agent has no model of ralph's choosing; pass it in its command or args",
  "exec.permissions": "ralph grants the exec agent nothing and takes nothing away: it runs as you, in the workspace"
}

/** Validates `agents.NAME` of the config file; `path` names it in errors. */
export const parseAgentConfig = (
  name: string,
  raw: unknown,
  path: string
): { readonly value: AgentConfig } | { readonly key: string; readonly problem: string } => {
  if (!(agentNames as ReadonlyArray<string>).includes(name)) {
    return { key: path, problem: `unknown agent; the agents are ${agentNames.join(", ")}` }
  }
  if (!isRecord(raw)) return { key: path, problem: `must be an object` }
  const keys: ReadonlyArray<string> = name === "exec" ? execKeys : presetKeys
  for (const key of Object.keys(raw)) {
    const refusal = refusals[`${name}.${key}`]
    if (refusal !== undefined) return { key: `${path}.${key}`, problem: `not a setting of exec: ${refusal}` }
    if (!keys.includes(key)) {
      return { key: `${path}.${key}`, problem: `unknown key; the keys of ${name} are ${keys.join(", ")}` }
    }
  }
  for (const key of ["command", "binary", "model"] as const) {
    if (raw[key] !== undefined && "problem" in parseText(raw[key])) {
      return { key: `${path}.${key}`, problem: `must be a non-empty string` }
    }
  }
  if (raw.command !== undefined && raw.binary !== undefined) {
    return { key: path, problem: `give the program either as command (a command line) or as binary, not both` }
  }
  if (raw.args !== undefined && !(Array.isArray(raw.args) && raw.args.every((a) => typeof a === "string"))) {
    return { key: `${path}.args`, problem: `must be an array of strings` }
  }
  if (raw.env !== undefined) {
    if (!isRecord(raw.env)) return { key: `${path}.env`, problem: `must be an object of string values` }
    for (const [variable, value] of Object.entries(raw.env)) {
      if (typeof value !== "string") return { key: `${path}.env.${variable}`, problem: `must be a string` }
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
        return { key: `${path}.env.${variable}`, problem: `not a variable name` }
      }
    }
  }
  if (raw.permissions !== undefined && !(permissionChoices as ReadonlyArray<unknown>).includes(raw.permissions)) {
    return {
      key: `${path}.permissions`,
      problem: `must be one of ${permissionChoices.join(", ")}, got ${shown(raw.permissions)}`
    }
  }
  return { value: raw }
}

/** The top-level keys of ralph.config.json. */
export const fileKeys: ReadonlyArray<string> = [...Object.values(settings).map((s) => s.key), "agents"]

/**
 * An agent's settings as they may be recorded: the names of its extra variables, never their
 * values (an API key put in `agents.claude.env` must not land in the record of a run).
 */
export const recordable = (agent: AgentConfig): AgentConfig =>
  agent.env === undefined
    ? agent
    : { ...agent, env: Object.fromEntries(Object.keys(agent.env).map((name) => [name, ""])) }

/**
 * A recorded agent's settings with its variables' values taken from the settings in force now; the
 * names of the variables no longer configured, when some are missing.
 */
export const withValuesFrom = (
  recorded: AgentConfig,
  current: AgentConfig
): { readonly agent: AgentConfig } | { readonly missing: ReadonlyArray<string> } => {
  if (recorded.env === undefined) return { agent: recorded }
  // Records written before ralph stopped recording values still hold them: those are used when
  // the config no longer sets the variable.
  const valueOf = (name: string) =>
    current.env?.[name] ?? (recorded.env?.[name] === "" ? undefined : recorded.env?.[name])
  const names = Object.keys(recorded.env)
  const missing = names.filter((name) => valueOf(name) === undefined)
  if (missing.length > 0) return { missing }
  return { agent: { ...recorded, env: Object.fromEntries(names.map((name) => [name, valueOf(name)!])) } }
}
