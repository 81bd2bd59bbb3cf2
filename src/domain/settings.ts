/**
 * Every setting of a ralph deployment, in one place: its key in ralph.config.json, its RALPH_*
 * variable, its flag, its default (written once, here) and how a raw value is read. Sources are
 * taken in one order: flag, then variable, then file, then default. Values are strict: a count is a
 * plain decimal integer, a duration carries its unit.
 */
import { Duration, Effect, Result, Schema, SchemaIssue, SchemaTransformation } from "effect"
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

/** A value as the user wrote it (text from a flag or a variable, any JSON value from the file), decoded. */
export type ValueSchema<A> = Schema.Codec<A, unknown>

/** One kind of value: its Schema, and the word that stands for it in `--help` (`--retries N`). */
export interface Kind<A> {
  readonly schema: ValueSchema<A>
  readonly metavar: string
}

const shown = (raw: unknown): string => typeof raw === "string" ? JSON.stringify(raw) : String(raw)

/** The refusal of a value, in the words the user reads (the Schema issue's message). */
const refused = (raw: unknown, message: string) => new SchemaIssue.InvalidValue({ message }, raw)

/**
 * A kind decoded from the raw value by `decode`, which returns the value or the problem. The
 * checks are strict and written as code because they read text the way the user does (`1e2` is
 * not a count), and the messages say what is wanted.
 */
const kind = <S extends Schema.Top>(
  to: S,
  metavar: string,
  decode: (raw: unknown) => { readonly value: S["Encoded"] } | { readonly problem: string }
): Kind<S["Type"]> => ({
  metavar,
  schema: Schema.Unknown.pipe(Schema.decodeTo(
    to,
    SchemaTransformation.transformEffect({
      decode: (raw) => {
        const decoded = decode(raw)
        return "problem" in decoded ? Effect.fail(refused(raw, decoded.problem)) : Effect.succeed(decoded.value)
      },
      encode: (value) => Effect.succeed(value)
    })
  )) as unknown as ValueSchema<S["Type"]> // decodeTo's type names both sides; only decoding is used
})

const firstProblem = SchemaIssue.makeFormatterStandardSchemaV1()

/** Decodes a raw value with a Schema: the value, or the problem in the user's words. */
export const decodeValue = <A>(schema: ValueSchema<A>) => {
  const decode = Schema.decodeUnknownResult(schema)
  return (raw: unknown): { readonly value: A } | { readonly problem: string } => {
    const result = decode(raw)
    return Result.isSuccess(result)
      ? { value: result.success }
      : { problem: firstProblem(result.failure.issue).issues[0]?.message ?? result.failure.message }
  }
}

/** A whole number: a JSON integer, or a string of decimal digits and nothing else (no sign, exponent, hex or spaces). */
export const count = (minimum: 0 | 1): Kind<number> =>
  kind(Schema.Int, "N", (raw) => {
    const expected = minimum === 1 ? "a positive whole number" : "a whole number (0 or more)"
    const value = typeof raw === "number"
      ? raw
      : typeof raw === "string" && /^\d+$/.test(raw)
      ? Number(raw)
      : Number.NaN
    return Number.isSafeInteger(value) && value >= minimum
      ? { value }
      : { problem: `expected ${expected} written in decimal digits, got ${shown(raw)}` }
  })

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** A positive duration with its unit: 1500ms, 90s, 10m, 2h. A bare number is refused: it could mean anything. */
export const duration: Kind<Duration.Duration> = kind(Schema.Duration, "DURATION", (raw) => {
  const match = typeof raw === "string" ? /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(raw) : null
  const millis = match === null ? Number.NaN : Number(match[1]) * units[match[2]!]!
  return millis > 0 && Number.isFinite(millis)
    ? { value: Duration.millis(millis) }
    : {
      problem: `expected a positive duration with a unit (ms, s, m or h) such as 90s, 10m or 2h, got ${shown(raw)}` +
        (typeof raw === "number" || (typeof raw === "string" && /^\d+(\.\d+)?$/.test(raw)) ? " (say which unit)" : "")
    }
})

/** A positive amount of US dollars: a JSON number, or a plain decimal such as 5 or 0.25. */
export const usd: Kind<number> = kind(Schema.Finite, "USD", (raw) => {
  const value = typeof raw === "number"
    ? raw
    : typeof raw === "string" && /^\d+(\.\d+)?$/.test(raw)
    ? Number(raw)
    : Number.NaN
  return Number.isFinite(value) && value > 0
    ? { value }
    : { problem: `expected a positive amount of US dollars such as 5 or 0.25, got ${shown(raw)}` }
})

/** true or false; a variable may also say 1 or 0. */
export const boolean: Kind<boolean> = kind(
  Schema.Boolean,
  "BOOL",
  (raw) =>
    raw === true || raw === "true" || raw === "1"
      ? { value: true }
      : raw === false || raw === "false" || raw === "0"
      ? { value: false }
      : { problem: `expected true or false, got ${shown(raw)}` }
)

const words = (raw: unknown): { readonly value: ReadonlyArray<string> } | { readonly problem: string } => {
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

/** A command line: an array of words in the file, or one string split into words like a shell would (no shell runs). */
export const command: Kind<ReadonlyArray<string>> = kind(Schema.Array(Schema.String), "COMMAND", words)

const globPattern = (raw: unknown): { readonly value: string } | { readonly problem: string } => {
  if (typeof raw !== "string") return { problem: `expected a glob pattern, got ${shown(raw)}` }
  let pattern = raw.trim()
  while (pattern.startsWith("./")) pattern = pattern.slice(2)
  pattern = pattern.replace(/\/+$/, "")
  return pattern === "" || pattern === "." || pattern.startsWith("/") || pattern.split("/").includes("..")
    ? { problem: `expected a non-empty pattern relative to the workspace and inside it, got ${JSON.stringify(raw)}` }
    : { value: pattern }
}

/**
 * One protect pattern, relative to the workspace as the search walks it: a leading `./` and a
 * trailing `/` are dropped (`./tests/` is `tests`); an empty, absolute or `..` pattern is refused.
 */
export const glob: Kind<string> = kind(Schema.String, "GLOB", globPattern)

/** Glob patterns: an array of strings in the file, or one string split into words (a flag repeats instead). */
export const globs: Kind<ReadonlyArray<string>> = kind(Schema.Array(Schema.String), "GLOB", (raw) => {
  const split = Array.isArray(raw) ? { value: raw } : words(raw)
  if ("problem" in split) return { problem: `expected glob patterns, got ${shown(raw)}` }
  const patterns: Array<string> = []
  for (const word of split.value) {
    const pattern = globPattern(word)
    if ("problem" in pattern) return pattern
    patterns.push(pattern.value)
  }
  return { value: patterns }
})

const nonEmpty = (raw: unknown): { readonly value: string } | { readonly problem: string } =>
  typeof raw === "string" && raw.trim() !== ""
    ? { value: raw.trim() }
    : { problem: `expected a non-empty string, got ${shown(raw)}` }

/** Non-empty text, trimmed. */
export const text = (metavar: string): Kind<string> => kind(Schema.String, metavar, nonEmpty)

/** One of a fixed list of names. */
const oneOf = <const L extends ReadonlyArray<string>>(what: string, names: L): Kind<L[number]> =>
  kind(Schema.Literals(names), names.join("|"), (raw) => {
    const name = nonEmpty(raw)
    if ("problem" in name) return name
    return (names as ReadonlyArray<string>).includes(name.value)
      ? { value: name.value }
      : { problem: `unknown ${what} ${shown(raw)}; the ${what}s are ${names.join(", ")}` }
  })

export const agentName: Kind<AgentName> = oneOf("agent", agentNames)
export const engineName: Kind<EngineName> = oneOf("engine", engineNames)

/** One setting: where it is read from and how. */
export interface Setting<A, F extends string | undefined = string | undefined> {
  /** Its key in ralph.config.json. */
  readonly key: string
  readonly env: string
  /** Its flag without the leading dashes, or undefined for settings only a file or a variable sets. */
  readonly flag: F
  readonly kind: Kind<A>
  readonly description: string
}

const setting = <A, const F extends string | undefined = undefined>(spec: Setting<A, F>): Setting<A, F> => spec

/** The settings of ralph.config.json but `agents`, in the order the README lists them. */
export const settings = {
  subagentProvider: setting({
    key: "subagentProvider",
    env: "RALPH_AGENT",
    flag: "agent",
    kind: agentName,
    description: `The agent: ${agentNames.join(", ")} (default ${defaults.subagentProvider})`
  }),
  agentCmd: setting({
    key: "agents.exec.command",
    env: "RALPH_AGENT_CMD",
    flag: "agent-cmd",
    kind: text("COMMAND"),
    description: "The exec agent's command line, split into words like a shell would; chooses --agent exec"
  }),
  maxRounds: setting({
    key: "maxRounds",
    env: "RALPH_MAX_ROUNDS",
    flag: undefined,
    kind: count(1),
    description: `Default and ceiling of rounds per run (default ${defaults.maxRounds})`
  }),
  maxHandoffChars: setting({
    key: "maxHandoffChars",
    env: "RALPH_MAX_HANDOFF_CHARS",
    flag: undefined,
    kind: count(1),
    description: `Bound on a report's compact JSON (default ${defaults.maxHandoffChars})`
  }),
  maxResultChars: setting({
    key: "maxResultChars",
    env: "RALPH_MAX_RESULT_CHARS",
    flag: undefined,
    kind: count(1),
    description: `Bound on rendered text (default ${defaults.maxResultChars})`
  }),
  roundTimeout: setting({
    key: "roundTimeout",
    env: "RALPH_ROUND_TIMEOUT",
    flag: "round-timeout",
    kind: duration,
    description: "Stop a child that runs longer than this (e.g. 90s, 10m, 2h)"
  }),
  idleTimeout: setting({
    key: "idleTimeout",
    env: "RALPH_IDLE_TIMEOUT",
    flag: "idle-timeout",
    kind: duration,
    description: "Stop a child that prints nothing for this long"
  }),
  maxTime: setting({
    key: "maxTime",
    env: "RALPH_MAX_TIME",
    flag: "max-time",
    kind: duration,
    description: "Bound on the whole run's time; when it passes the run ends budget-limited"
  }),
  retries: setting({
    key: "retries",
    env: "RALPH_RETRIES",
    flag: "retries",
    kind: count(0),
    description: `Retries of a round after a transient failure (default ${defaults.retries})`
  }),
  retryDelay: setting({
    key: "retryDelay",
    env: "RALPH_RETRY_DELAY",
    flag: "retry-delay",
    kind: duration,
    description: `Backoff before the first retry, doubling after (default ${Duration.format(defaults.retryDelay)})`
  }),
  killGrace: setting({
    key: "killGrace",
    env: "RALPH_KILL_GRACE",
    flag: "kill-grace",
    kind: duration,
    description: `Time between SIGTERM and SIGKILL when stopping a child (default ${
      Duration.format(defaults.killGrace)
    })`
  }),
  maxCostUsd: setting({
    key: "maxCostUsd",
    env: "RALPH_MAX_COST_USD",
    flag: "max-cost-usd",
    kind: usd,
    description: "Stop once the agents' reported cost reaches this many US dollars (checked after every round)"
  }),
  maxTokens: setting({
    key: "maxTokens",
    env: "RALPH_MAX_TOKENS",
    flag: "max-tokens",
    kind: count(1),
    description: "Stop once the agents' reported input plus output tokens reach this many (checked after every round)"
  }),
  allowUnknownCost: setting({
    key: "allowUnknownCost",
    env: "RALPH_ALLOW_UNKNOWN_COST",
    flag: "allow-unknown-cost",
    kind: boolean,
    description: "Let --max-cost-usd run with an agent that does not report cost (the result then says it is unknown)"
  }),
  maxStalledRounds: setting({
    key: "maxStalledRounds",
    env: "RALPH_MAX_STALLED_ROUNDS",
    flag: "max-stalled-rounds",
    kind: count(1),
    description: "Stop after this many rounds in a row that end without changing the workspace"
  }),
  verify: setting({
    key: "verify",
    env: "RALPH_VERIFY",
    flag: "verify",
    kind: command,
    description: "A command that checks a claimed completion, split into words like --agent-cmd (no shell); " +
      "exit 0 confirms it"
  }),
  verifyTimeout: setting({
    key: "verifyTimeout",
    env: "RALPH_VERIFY_TIMEOUT",
    flag: "verify-timeout",
    kind: duration,
    description: `Stop the verify command after this long; it then fails (default ${
      Duration.format(defaults.verifyTimeout)
    })`
  }),
  protect: setting({
    key: "protect",
    env: "RALPH_PROTECT",
    flag: "protect",
    kind: globs,
    description: "Files (globs, relative to the workspace) no round may change; repeatable"
  }),
  engine: setting({
    key: "engine",
    env: "RALPH_ENGINE",
    flag: "engine",
    kind: engineName,
    description: `Where runs are recorded: ${
      engineNames.join(", ")
    } (default ${defaults.engine}; postgres needs a database URL)`
  }),
  databaseUrl: setting({
    key: "databaseUrl",
    env: "RALPH_DATABASE_URL",
    flag: "database-url",
    kind: text("URL"),
    description: "The PostgreSQL URL of the postgres engine (its password is never printed or recorded)"
  }),
  stateDir: setting({
    key: "stateDir",
    env: "RALPH_STATE_DIR",
    flag: "state-dir",
    kind: text("DIR"),
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

const programText = Schema.String.annotate({ message: "must be a non-empty string" }).check(
  Schema.makeFilter((s: string) => s.trim() !== "", { message: "must be a non-empty string" })
)
const argWords = Schema.Array(Schema.String.annotate({ message: "must be a string" })).annotate({
  message: "must be an array of strings"
})
const agentEnv = Schema.Record(Schema.String, Schema.String.annotate({ message: "must be a string" })).annotate({
  message: "must be an object of string values"
}).check(Schema.makeFilter((env: Readonly<Record<string, string>>) => {
  const bad = Object.keys(env).find((name) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
  return bad === undefined || `${JSON.stringify(bad)} is not a variable name`
}))

/** An entry under `agents` in ralph.config.json: a preset's, or exec's (which names its program, once). */
const presetEntry = Schema.Struct({
  binary: Schema.optionalKey(programText),
  model: Schema.optionalKey(programText),
  args: Schema.optionalKey(argWords),
  env: Schema.optionalKey(agentEnv),
  permissions: Schema.optionalKey(
    Schema.Literals(permissionChoices).annotate({ message: `must be one of ${permissionChoices.join(", ")}` })
  )
})
const execEntry = Schema.Struct({
  command: Schema.optionalKey(programText),
  binary: Schema.optionalKey(programText),
  args: Schema.optionalKey(argWords),
  env: Schema.optionalKey(agentEnv)
}).check(Schema.makeFilter((entry) => entry.command === undefined || entry.binary === undefined, {
  message: "give the program either as command (a command line) or as binary, not both"
}))

const refusals: Partial<Record<string, string>> = {
  "exec.model": "the exec agent has no model of ralph's choosing; pass it in its command or args",
  "exec.permissions": "ralph grants the exec agent nothing and takes nothing away: it runs as you, in the workspace"
}

/** Edits from one word to another: insertions, deletions, substitutions and swaps of neighbours. */
const editDistance = (a: string, b: string): number => {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i + j))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = i === 0 || j === 0 ? i + j : Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? d[i - 2]![j - 2]! + 1 : Infinity
      )
    }
  }
  return d[a.length]![b.length]!
}

/** The closest of `known` to a mistyped `name` (at most a third of its letters off), to suggest. */
export const closest = (name: string, known: ReadonlyArray<string>): string | undefined =>
  known.map((k) => ({ k, d: editDistance(name.toLowerCase(), k.toLowerCase()) }))
    .filter(({ d, k }) => d <= Math.max(1, Math.floor(k.length / 3)))
    .sort((a, b) => a.d - b.d)[0]?.k

/** "unknown key (did you mean model?); the keys of claude are …" for a name not in `known`. */
export const unknownKey = (what: "key" | "agent", name: string, known: ReadonlyArray<string>, of = ""): string => {
  const near = closest(name, known)
  return `unknown ${what}${near === undefined ? "" : ` (did you mean ${near}?)`}; the ${what}s${of} are ${
    known.join(", ")
  }`
}

/** A refusal of part of the config file: the key (a dotted path) and the problem. */
export interface Refusal {
  readonly key: string
  readonly problem: string
}

/** Validates `agents.NAME` of the config file, `path` naming it in errors: keys by name, values by Schema. */
export const decodeAgentConfig = (
  name: string,
  raw: unknown,
  path: string
): { readonly value: AgentConfig } | Refusal => {
  if (!(agentNames as ReadonlyArray<string>).includes(name)) {
    return { key: path, problem: unknownKey("agent", name, agentNames) }
  }
  if (!isRecord(raw)) return { key: path, problem: `must be an object` }
  const keys: ReadonlyArray<string> = name === "exec" ? execKeys : presetKeys
  for (const key of Object.keys(raw)) {
    const refusal = refusals[`${name}.${key}`]
    if (refusal !== undefined) return { key: `${path}.${key}`, problem: `not a setting of exec: ${refusal}` }
    if (!keys.includes(key)) return { key: `${path}.${key}`, problem: unknownKey("key", key, keys, ` of ${name}`) }
  }
  const decoded = Schema.decodeUnknownResult(name === "exec" ? execEntry : presetEntry)(raw)
  if (Result.isSuccess(decoded)) return { value: decoded.success }
  const issue = firstProblem(decoded.failure.issue).issues[0]
  return {
    key: [path, ...(issue?.path ?? [])].map(String).join("."),
    problem: issue?.message ?? decoded.failure.message
  }
}

/** The top-level keys of ralph.config.json. */
export const fileKeys: ReadonlyArray<string> = [
  ...Object.values(settings).map((s) => s.key).filter((key) => !key.includes(".")),
  "agents"
]

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
