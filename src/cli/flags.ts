import { Option } from "effect"
import { Argument, Flag } from "effect/cli"
import { agentNames, parseCount, type Parsed, parseGlob, type Setting, settings } from "../domain/settings.ts"

export const optionalString = (name: string, description: string) =>
  Flag.String(name).pipe(Flag.withDescription(description), Flag.optional)

/** Reads a flag's text with a domain parser, so a flag, a variable and a file key accept the same values. */
const parsedBy = <A>(parse: (raw: unknown) => Parsed<A>) =>
  Flag.filterMap(
    (raw: string) => {
      const parsed = parse(raw)
      return "value" in parsed ? Option.some(parsed.value) : Option.none()
    },
    (raw) => {
      const parsed = parse(raw)
      return "problem" in parsed ? parsed.problem : ""
    }
  )

const settingFlag = <A>(setting: Setting<A, string>) =>
  Flag.String(setting.flag).pipe(
    parsedBy(setting.parse),
    Flag.withDescription(`${setting.description} (${setting.env}, ${setting.key} in ralph.config.json)`),
    Flag.optional
  )

/** --max-rounds: a per-call count, bounded by the configured ceiling once the config is known. */
export const maxRoundsFlag = Flag.String("max-rounds").pipe(
  parsedBy((raw) => parseCount(raw, 1)),
  Flag.withDescription("Rounds for this run, at most the configured ceiling (maxRounds, RALPH_MAX_ROUNDS)"),
  Flag.optional
)

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
  "The directory the agents work in, holding ralph.config.json (default: the current directory)"
)
const stateDir = settingFlag(settings.stateDir)
const engine = settingFlag(settings.engine)
const databaseUrl = settingFlag(settings.databaseUrl)

/** Flags shared by every command that starts children. */
export const runFlags = {
  json,
  quiet,
  workspace,
  agent: Flag.Literals("agent", agentNames).pipe(
    Flag.withDescription(
      `${settings.subagentProvider.description} (RALPH_AGENT, subagentProvider in ralph.config.json)`
    ),
    Flag.optional
  ),
  agentCmd: optionalString(
    "agent-cmd",
    "The exec agent's command line, split into words like a shell would; chooses --agent exec (RALPH_AGENT_CMD, agents.exec.command)"
  ),
  agentArgs: optionalString(
    "agent-args",
    "Extra arguments for the agent, split into words like a shell would, after its configured args"
  ),
  model: optionalString("model", "The model the agent's CLI should use (not for exec)"),
  roundTimeout: settingFlag(settings.roundTimeout),
  idleTimeout: settingFlag(settings.idleTimeout),
  maxTime: settingFlag(settings.maxTime),
  retries: settingFlag(settings.retries),
  retryDelay: settingFlag(settings.retryDelay),
  killGrace: settingFlag(settings.killGrace),
  maxCostUsd: settingFlag(settings.maxCostUsd),
  maxTokens: settingFlag(settings.maxTokens),
  allowUnknownCost: Flag.Boolean(settings.allowUnknownCost.flag).pipe(
    Flag.withDescription(
      `${settings.allowUnknownCost.description} (${settings.allowUnknownCost.env}, ${settings.allowUnknownCost.key} in ralph.config.json)`
    ),
    Flag.optional
  ),
  maxStalledRounds: settingFlag(settings.maxStalledRounds),
  verify: settingFlag(settings.verify),
  verifyTimeout: settingFlag(settings.verifyTimeout),
  protect: Flag.String(settings.protect.flag).pipe(
    parsedBy(parseGlob),
    Flag.withDescription(
      `${settings.protect.description} (${settings.protect.env}, ${settings.protect.key} in ralph.config.json)`
    ),
    Flag.atLeast(0)
  ),
  stateDir,
  engine,
  databaseUrl
}

/** For commands given a run id: the workspace is only where to find ralph.config.json (and so the state dir). */
const configFolder = optionalString(
  "workspace",
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
  killGrace: runFlags.killGrace,
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
