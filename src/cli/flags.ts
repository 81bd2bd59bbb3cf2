import { Option } from "effect"
import { Argument, type CliError, Flag } from "effect/cli"
import { InvalidConfig } from "../domain/errors.ts"
import { type Setting, settings } from "../domain/settings.ts"
import { agentRef, count, decodeValue, glob, type Kind, url } from "../domain/settingValues.ts"
import { settingConfig, type Sourced, sourceProblem } from "./settingSources.ts"

/** A text flag; `metavar` stands for its value in `--help` (`--workspace DIR`). */
export const optionalString = (name: string, metavar: string, description: string) =>
  Flag.String(name).pipe(Flag.withMetavar(metavar), Flag.withDescription(description), Flag.optional)

/** Reads a flag's text with a setting's Schema, so a flag, a variable and a file key accept the same values. */
export const decodedBy = <A>(kind: Kind<A>) => {
  const decode = decodeValue(kind.schema)
  return Flag.filterMap(
    (raw: string) => {
      const decoded = decode(raw)
      return "value" in decoded ? Option.some(decoded.value) : Option.none()
    },
    (raw) => {
      const decoded = decode(raw)
      return "problem" in decoded ? decoded.problem : ""
    }
  )
}

const help = (setting: Setting<unknown, string>) =>
  `${setting.description} (${setting.env}, ${setting.key} in ralph.config.json)`

const sourced = <A>(setting: Setting<A, string>) => (value: A): Sourced<A> => ({
  value,
  source: `--${setting.flag}`
})

/**
 * A setting's flag: its text decoded by the setting's Schema, falling back (`Flag.withFallbackConfig`)
 * to its RALPH_* variable when the flag is not given; each value says which of the two gave it.
 */
const settingFlag = <A>(setting: Setting<A, string>): Flag.Flag<Option.Option<Sourced<A>>> =>
  Flag.String(setting.flag).pipe(
    Flag.withMetavar(setting.kind.metavar),
    decodedBy(setting.kind),
    Flag.map(sourced(setting)),
    Flag.withFallbackConfig(settingConfig(setting)),
    Flag.withDescription(help(setting)),
    Flag.optional
  )

/** A flag that falls back to a variable named `--flag` by effect/cli: the variable's refusal, as InvalidConfig naming the setting. */
export const variableRefusal = (error: CliError.InvalidValue): InvalidConfig | undefined => {
  // effect/cli marks a value its fallback Config refused with the value "config".
  const setting = Object.values(settings).find((s) => s.flag === error.option)
  return error.value === "config" && setting !== undefined
    ? new InvalidConfig({ key: setting.key, problem: sourceProblem(error.expected) })
    : undefined
}

/** --max-rounds: a per-call count, bounded by the configured ceiling once the config is known. */
export const maxRoundsFlag = Flag.String("max-rounds").pipe(
  Flag.withMetavar("N"),
  decodedBy(count(1)),
  Flag.withDescription("Rounds for this run, at most the configured ceiling (maxRounds, RALPH_MAX_ROUNDS)"),
  Flag.optional
)

/** What a run pursues and for how many rounds: `ralph run`'s and `ralph submit`'s own arguments. */
export const objectiveFlags = {
  objective: Argument.String("objective").pipe(
    Argument.withDescription("The objective every round pursues"),
    Argument.optional
  ),
  objectiveFile: optionalString("objective-file", "FILE", "Read the objective from FILE (- for stdin)"),
  maxRounds: maxRoundsFlag
}

const json = Flag.Boolean("json").pipe(
  Flag.withDescription("Print exactly one JSON document on stdout: the envelope, or {\"error\": …}"),
  Flag.withDefault(false)
)
export const quiet = Flag.Boolean("quiet").pipe(
  Flag.withDescription("No progress on stderr: neither the live status line nor the per-round lines"),
  Flag.withDefault(false)
)
const workspace = optionalString(
  "workspace",
  "DIR",
  "The directory the agents work in, holding ralph.config.json (default: the current directory)"
)
/**
 * A list setting's flag, repeated, each value decoded as one `item`: the values given replace the
 * variable's and the file's list, like any other setting's flag.
 */
const listFlag = <A>(
  setting: Setting<ReadonlyArray<A>, string>,
  item: Kind<A>
): Flag.Flag<Option.Option<Sourced<ReadonlyArray<A>>>> =>
  Flag.String(setting.flag).pipe(
    Flag.withMetavar(item.metavar),
    decodedBy(item),
    Flag.atLeast(1),
    Flag.map(sourced(setting)),
    Flag.withFallbackConfig(settingConfig(setting)),
    Flag.withDescription(help(setting)),
    Flag.optional
  )

const stateDir = settingFlag(settings.stateDir)
const notify = listFlag(settings.notify, url)
const engine = settingFlag(settings.engine)
const databaseUrl = settingFlag(settings.databaseUrl)

/** Flags shared by every command that starts children. */
export const runFlags = {
  json,
  quiet,
  workspace,
  agent: settingFlag(settings.subagentProvider),
  // Not a fallback to RALPH_AGENT_CMD: the flag chooses the exec agent, the variable does not.
  agentCmd: Flag.String("agent-cmd").pipe(
    Flag.withMetavar("COMMAND"),
    Flag.withDescription(help(settings.agentCmd)),
    Flag.optional
  ),
  agentArgs: optionalString(
    "agent-args",
    "ARGS",
    "Extra arguments for the agent, split into words like a shell would, after its configured args"
  ),
  model: optionalString("model", "MODEL", "The model the agent's CLI should use (not for exec)"),
  roundTimeout: settingFlag(settings.roundTimeout),
  idleTimeout: settingFlag(settings.idleTimeout),
  maxTime: settingFlag(settings.maxTime),
  retries: settingFlag(settings.retries),
  retryDelay: settingFlag(settings.retryDelay),
  waitLimits: settingFlag(settings.waitLimits),
  fallbackAgents: listFlag(settings.fallbackAgents, agentRef),
  killGrace: settingFlag(settings.killGrace),
  maxCostUsd: settingFlag(settings.maxCostUsd),
  maxTokens: settingFlag(settings.maxTokens),
  allowUnknownCost: Flag.Boolean(settings.allowUnknownCost.flag).pipe(
    Flag.map(sourced(settings.allowUnknownCost)),
    Flag.withFallbackConfig(settingConfig(settings.allowUnknownCost)),
    Flag.withDescription(help(settings.allowUnknownCost)),
    Flag.optional
  ),
  maxStalledRounds: settingFlag(settings.maxStalledRounds),
  verify: settingFlag(settings.verify),
  verifyTimeout: settingFlag(settings.verifyTimeout),
  protect: listFlag(settings.protect, glob),
  review: settingFlag(settings.review),
  reviewModel: settingFlag(settings.reviewModel),
  maxReviews: settingFlag(settings.maxReviews),
  onBlocked: settingFlag(settings.onBlocked),
  askTimeout: settingFlag(settings.askTimeout),
  notify,
  stateDir,
  engine,
  databaseUrl
}

/** For commands given a run id: the workspace is only where to find ralph.config.json (and so the state dir). */
const configFolder = optionalString(
  "workspace",
  "DIR",
  "The folder whose ralph.config.json names the state dir (default: the current directory)"
)

/** A resumed run keeps its agent and workspace; only time limits, retries and output are per invocation. */
export const resumeFlags = {
  json,
  quiet,
  workspace: configFolder,
  roundTimeout: runFlags.roundTimeout,
  idleTimeout: runFlags.idleTimeout,
  maxTime: runFlags.maxTime,
  retries: runFlags.retries,
  retryDelay: runFlags.retryDelay,
  waitLimits: runFlags.waitLimits,
  killGrace: runFlags.killGrace,
  notify,
  stateDir,
  engine,
  databaseUrl
}

/** Flags of the commands that only read the state directory (found by the same rule as `run`'s). */
export const readFlags = { json, workspace: configFolder, stateDir, engine, databaseUrl }

export const runIdArgument = Argument.String("runId").pipe(
  Argument.withDescription(
    "The run's id, or a prefix of just one, or `last` (the newest run of the workspace); see `ralph runs`"
  )
)

/** `ralph dashboard`'s flags: where it listens, what guards it, and the store it reads. */
export const dashboardFlags = {
  workspace: configFolder,
  stateDir,
  engine,
  databaseUrl,
  host: settingFlag(settings.dashboardHost),
  port: settingFlag(settings.dashboardPort),
  token: settingFlag(settings.dashboardToken)
}

/** Flags of `ralph worker`: where the fleet's store is, and the worker's own limits. */
export const workerFlags = {
  workspace: configFolder,
  stateDir,
  engine,
  databaseUrl,
  concurrency: settingFlag(settings.concurrency),
  workDir: settingFlag(settings.workDir),
  shardLockExpiry: settingFlag(settings.shardLockExpiry)
}
