/**
 * Every setting of a ralph deployment, in one place: its key in ralph.config.json, its RALPH_*
 * variable, its flag, its default (written once, here, with the library's) and the kind of its
 * value — a Schema (src/domain/settingValues.ts) that decodes it alike from a flag, a variable and
 * the file. Sources are taken in one order: flag, then variable, then file, then default
 * (src/cli/settingSources.ts).
 */
import { Duration, Schema } from "effect"
import {
  agentRef,
  agentRefs,
  boolean,
  command,
  count,
  duration,
  globs,
  isOneOf,
  type Kind,
  oneOf,
  port,
  text,
  urls,
  usd
} from "./settingValues.ts"

/** The agents the CLI offers. */
export const presetNames = ["claude", "codex", "gemini", "opencode"] as const
export type PresetName = (typeof presetNames)[number]
export const isPresetName: (name: string) => name is PresetName = isOneOf(presetNames)
export const agentNames = [...presetNames, "exec"] as const
export type AgentName = (typeof agentNames)[number]

export const permissionChoices = ["workspace", "none", "full"] as const

/** Where runs are recorded: the JSONL journal, or the durable workflow engine on SQLite or PostgreSQL. */
export const engineNames = ["journal", "sqlite", "postgres"] as const
export type EngineName = (typeof engineNames)[number]
export type AgentPermissions = (typeof permissionChoices)[number]

const defaultAgent: AgentName = "claude"
const defaultEngine: EngineName = "sqlite"
/** What a round that reports blocked does to the run (`--on-blocked`). */
export const onBlockedChoices = ["stop", "ask"] as const
export type OnBlocked = (typeof onBlockedChoices)[number]

/** Every default of a deployment and of the library beneath it, written once. */
export const defaults = {
  subagentProvider: defaultAgent,
  maxRounds: 256,
  maxHandoffChars: 16384,
  maxResultChars: 16384,
  engine: defaultEngine,
  retries: 3,
  retryDelay: Duration.seconds(2),
  /** Cap on one retry's backoff, and on all of one round's retry waits added up. */
  retryMaxDelay: Duration.seconds(60),
  retryMaxTotalWait: Duration.minutes(15),
  /**
   * A wait for a rate limit's reset (--wait-limits) goes this fraction of the wait past the reset, at
   * random, up to the cap: runs that hit one limit together do not all call again at its first instant.
   */
  limitWaitJitter: 0.05,
  limitWaitJitterMax: Duration.seconds(60),
  killGrace: Duration.seconds(5),
  verifyTimeout: Duration.minutes(10),
  /** The most children a single run may ask for (the engine's ceiling on maxRounds). */
  maxChildrenPerRun: 1000,
  /** Past this many bytes of a child's stdout its round fails; this much of the end of its stderr is kept. */
  maxStdoutBytes: 8 * 1024 * 1024,
  stderrTailBytes: 16 * 1024,
  /** How much of a round's stdout the record keeps. */
  keptStdoutBytes: 1024 * 1024,
  /** How long a shared store's claim on a run (its lease) counts once its holder stops renewing it (renewed six times a ttl). */
  runLeaseTtl: Duration.seconds(30),
  /**
   * A notification's bounds (--notify): each POST gets this long to be answered, up to this many
   * tries (a retry after a 5xx or no answer, waiting this long, doubling), and the run's end waits
   * this long at most for all of its notifications together.
   */
  notifyAttemptTimeout: Duration.seconds(5),
  notifyAttempts: 3,
  notifyRetryDelay: Duration.millis(500),
  notifyTotalWait: Duration.seconds(10),
  /** Where `ralph dashboard` listens: loopback only, unless a token guards it. */
  dashboardHost: "127.0.0.1",
  dashboardPort: 7420,
  /** The dashboard's runs per page, and the most a page may ask for. */
  dashboardPageSize: 50,
  dashboardMaxPageSize: 200,
  /** How much of the run's patch a reviewer's prompt holds (characters); past it the patch is cut, saying so. */
  reviewDiffChars: 100_000,
  /** What a blocked round does: end the run (`stop`), or wait for a person's answer (`ask`). */
  onBlocked: "stop" as OnBlocked,
  /** Bound on a person's answer or note (`ralph answer`, `ralph note`), in characters. */
  maxMessageChars: 16384,
  /** How often a run waiting for an answer reads its record for one (another process writes it). */
  answerPollInterval: Duration.seconds(1),
  /** A fleet worker: the children it runs at once, and how long its shard locks hold once it stops refreshing them. */
  concurrency: 1,
  shardLockExpiry: Duration.seconds(30)
} as const

/** A built-in agent (a reviewer is one: named agents are the worker's and its fallbacks'). */
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
    kind: agentRef,
    description: `The agent: ${
      agentNames.join(", ")
    }, or one of your own (agents.NAME in the config file, with "use") (default ${defaults.subagentProvider})`
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
  fallbackAgents: setting({
    key: "fallbackAgents",
    env: "RALPH_FALLBACK_AGENTS",
    flag: "fallback-agent",
    kind: agentRefs,
    description: "An agent (built in, or agents.NAME of the config file) the round is retried with, in order, when " +
      "the round's agent is rate-limited or overloaded past the retries and --wait-limits; repeatable"
  }),
  waitLimits: setting({
    key: "waitLimits",
    env: "RALPH_WAIT_LIMITS",
    flag: "wait-limits",
    kind: duration,
    description: "Wait out a rate limit whose reset the agent reports past the usual retry waits (over " +
      `${Duration.format(defaults.retryMaxDelay)}), when it resets within this long; then retry the round`
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
    description: "Files (globs, relative to the workspace) no round may change; repeatable, later wins, !GLOB excludes"
  }),
  review: setting({
    key: "review.agent",
    env: "RALPH_REVIEW",
    flag: "review",
    kind: agentName,
    description:
      `A reviewer agent (${
        agentNames.join(", ")
      }) that judges every claimed completion the verify gate passed (or every one, without a gate); ` +
      "its accept is a model's opinion, not a check"
  }),
  reviewModel: setting({
    key: "review.model",
    env: "RALPH_REVIEW_MODEL",
    flag: "review-model",
    kind: text("MODEL"),
    description: "The model the reviewer's CLI should use (not for exec)"
  }),
  maxReviews: setting({
    key: "review.maxReviews",
    env: "RALPH_MAX_REVIEWS",
    flag: "max-reviews",
    kind: count(1),
    description: "At most this many reviews a run; a claim past them ends the run budget-limited (reviews), " +
      "never accepted unreviewed"
  }),
  onBlocked: setting({
    key: "onBlocked",
    env: "RALPH_ON_BLOCKED",
    flag: "on-blocked",
    kind: oneOf("choice", onBlockedChoices),
    description: `What a round that reports blocked does: stop (end the run) or ask (wait for \`ralph answer\`) ` +
      `(default ${defaults.onBlocked})`
  }),
  askTimeout: setting({
    key: "askTimeout",
    env: "RALPH_ASK_TIMEOUT",
    flag: "ask-timeout",
    kind: duration,
    description: "With --on-blocked ask, end the run blocked when no answer came within this long (default: wait)"
  }),
  notify: setting({
    key: "notify",
    env: "RALPH_NOTIFY",
    flag: "notify",
    kind: urls,
    description: "A webhook told by a JSON POST when the run ends (finished or failed); repeatable, the URLs given " +
      "replace the variable's and the file's"
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
  }),
  dashboardHost: setting({
    key: "dashboardHost",
    env: "RALPH_DASHBOARD_HOST",
    flag: "host",
    kind: text("HOST"),
    description: `The address ralph dashboard listens on (default ${defaults.dashboardHost}); ` +
      "any other than loopback needs --token"
  }),
  dashboardPort: setting({
    key: "dashboardPort",
    env: "RALPH_DASHBOARD_PORT",
    flag: "port",
    kind: port,
    description: `The port ralph dashboard listens on (default ${defaults.dashboardPort}; 0: any free one)`
  }),
  dashboardToken: setting({
    key: "dashboardToken",
    env: "RALPH_DASHBOARD_TOKEN",
    flag: "token",
    kind: text("TOKEN"),
    description: "The secret every request to ralph dashboard must carry (at least 16 characters; prefer the " +
      "variable: a flag shows in ps; never in the workspace's file, which its agents read)"
  }),
  concurrency: setting({
    key: "concurrency",
    env: "RALPH_CONCURRENCY",
    flag: "concurrency",
    kind: count(1),
    description: `ralph worker: the most agent children it runs at once (default ${defaults.concurrency})`
  }),
  workDir: setting({
    key: "workDir",
    env: "RALPH_WORK_DIR",
    flag: "work-dir",
    kind: text("DIR"),
    description: "ralph worker: where it clones the runs it drives (default: work/ in the state dir)"
  }),
  shardLockExpiry: setting({
    key: "shardLockExpiry",
    env: "RALPH_SHARD_LOCK_EXPIRY",
    flag: "shard-lock-expiry",
    kind: duration,
    description: `ralph worker: how long its claim on its runs holds once it stops renewing it; others take them ` +
      `over after that (default ${
        Duration.format(defaults.shardLockExpiry)
      }; every worker of a fleet should use one value; ralph workers and ralph dashboard read it to tell a dead ` +
      `worker)`
  }),
  workerHost: setting({
    key: "workerHost",
    env: "RALPH_WORKER_HOST",
    flag: undefined,
    kind: text("HOST"),
    description: "ralph worker: the host name or address other workers reach it at (default: this machine's host name)"
  })
} as const

/** Keys of one agent's entry under `agents` in ralph.config.json. */
export const execKeys = ["command", "binary", "args", "env"] as const
export const presetKeys = ["binary", "model", "args", "env", "permissions"] as const

/** What one agent is configured with (the one shape, for the config file, the CLI and the run's record). */
export const AgentConfig = Schema.Struct({
  /** A named agent's kind (`agents.NAME.use`): the built-in agent it is, with these settings. */
  use: Schema.optionalKey(Schema.Literals(agentNames)),
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

/** The keys of `review` in ralph.config.json (issue 20). */
export const reviewKeys: ReadonlyArray<string> = Object.values(settings)
  .map((s) => s.key)
  .filter((key) => key.startsWith("review."))
  .map((key) => key.slice("review.".length))

/** The top-level keys of ralph.config.json. */
export const fileKeys: ReadonlyArray<string> = [
  ...Object.values(settings).map((s) => s.key).filter((key) => !key.includes(".")),
  "agents",
  "review"
]
