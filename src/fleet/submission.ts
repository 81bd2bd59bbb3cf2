/**
 * A queued run as `ralph submit` records it: the objective, the repository and base, and every
 * setting that shapes the run, resolved where it was submitted. Its agents' `env` (the run's own,
 * its fallbacks', its reviewer's) hold names only (the values stay with whoever submitted); the
 * worker that drives it fills them from its own configuration and environment (`withSecrets`),
 * and a missing one fails that run by name.
 */
import { Schema } from "effect"
import { recordable, withValuesFrom } from "../domain/agentRecord.ts"
import { RalphConfigSchema } from "../domain/config.ts"
import { AgentConfig, agentNames, onBlockedChoices } from "../domain/settings.ts"

/** A duration, kept as milliseconds. */
const Millis = Schema.DurationFromMillis
/** A duration that may be unset, kept as milliseconds or null. */
const MaybeMillis = Schema.OptionFromNullOr(Schema.DurationFromMillis)

/** An agent by its name in the config (`agents.NAME`), as a fallback is given. */
const NamedAgent = Schema.Struct({
  name: Schema.String,
  agent: Schema.Struct({ ...AgentConfig.fields, use: Schema.Literals(agentNames) })
})

/**
 * The run-shaping settings of a submission: the one field table between the settings as the CLI
 * resolved them (this schema's Type, which the CLI's settings satisfy) and the JSON the queue keeps
 * (its Encoded: durations in milliseconds). Decoding gives the settings back; no field is written
 * twice by hand.
 */
export const RunShape = Schema.Struct({
  config: RalphConfigSchema,
  agent: AgentConfig,
  roundTimeout: MaybeMillis,
  idleTimeout: MaybeMillis,
  /** Counted from the run's first start, across takeovers (src/fleet/fleetRun.ts). */
  maxTime: MaybeMillis,
  retries: Schema.Int,
  retryDelay: Millis,
  waitLimits: MaybeMillis,
  killGrace: Millis,
  maxCostUsd: Schema.optional(Schema.Finite),
  maxTokens: Schema.optional(Schema.Int),
  allowUnknownCost: Schema.Boolean,
  maxStalledRounds: Schema.optional(Schema.Int),
  verify: Schema.optional(Schema.Array(Schema.String)),
  verifyTimeout: Millis,
  protect: Schema.Array(Schema.String),
  onBlocked: Schema.Literals(onBlockedChoices),
  askTimeout: Schema.optional(Millis),
  notify: Schema.Array(Schema.String),
  review: Schema.optional(Schema.Struct({
    agent: Schema.Literals(agentNames),
    settings: AgentConfig,
    maxReviews: Schema.optional(Schema.Int)
  })),
  fallbacks: Schema.Array(NamedAgent)
})
/** The settings a run is shaped by (the CLI's settings are one). */
export type RunShape = typeof RunShape.Type

export const Submission = Schema.Struct({
  runId: Schema.String,
  objective: Schema.String,
  maxRounds: Schema.Int,
  /** What git is given to clone (a local path made absolute where it was submitted). */
  repo: Schema.String,
  base: Schema.NullOr(Schema.String),
  /** Epoch milliseconds before which the run does not start. */
  notBefore: Schema.NullOr(Schema.Finite),
  submittedAt: Schema.Finite
})
export type Submission = typeof Submission.Type

export const SubmissionJson = Schema.fromJsonString(Schema.Struct({ submission: Submission, shape: RunShape }))
export type Queued = typeof SubmissionJson.Type

/**
 * The shape to record, from settings that may hold more (the CLI's): every agent's env values
 * dropped, only their names kept. Fields beyond the shape's are not kept (encoding keeps the
 * schema's own).
 */
export const shapeOf = (settings: RunShape): RunShape => ({
  ...settings,
  agent: recordable(settings.agent),
  fallbacks: settings.fallbacks.map(({ agent, name }) => ({ name, agent: { ...recordable(agent), use: agent.use } })),
  ...(settings.review === undefined
    ? {}
    : { review: { ...settings.review, settings: recordable(settings.review.settings) } })
})

/** A recorded agent whose variables the worker cannot supply: which one, and the names missing. */
export interface MissingSecrets {
  readonly role: string
  readonly name: string
  readonly missing: ReadonlyArray<string>
}

/**
 * The recorded agent with its variables' values from the worker: its own config's entry for the
 * agent, else its environment. The names it cannot supply, when some are missing.
 */
export const withSecrets = (
  recorded: AgentConfig,
  own: AgentConfig,
  env: NodeJS.ProcessEnv
): { readonly agent: AgentConfig } | { readonly missing: ReadonlyArray<string> } => {
  const fromEnv = Object.fromEntries(
    Object.keys(recorded.env ?? {}).flatMap((name) => {
      const value = own.env?.[name] ?? env[name]
      return value === undefined ? [] : [[name, value] as const]
    })
  )
  return withValuesFrom(recorded, { ...own, env: fromEnv })
}

/**
 * The recorded shape with every agent's variables filled by the worker (`ownAgent` gives its own
 * configuration of an agent by name): the run's agent, its fallbacks, its reviewer; else the
 * first agent whose values it cannot supply.
 */
export const shapeWithSecrets = (
  recorded: RunShape,
  ownAgent: (name: string) => AgentConfig,
  env: NodeJS.ProcessEnv
): { readonly shape: RunShape } | MissingSecrets => {
  const fill = <A extends AgentConfig>(
    role: string,
    name: string,
    agent: A
  ): { readonly agent: A } | MissingSecrets => {
    const filled = withSecrets(agent, ownAgent(name), env)
    return "missing" in filled ? { role, name, missing: filled.missing } : { agent: { ...agent, ...filled.agent } }
  }
  const primary = fill("agent", recorded.config.subagentProvider, recorded.agent)
  if ("missing" in primary) return primary
  const fallbacks: Array<RunShape["fallbacks"][number]> = []
  for (const fallback of recorded.fallbacks) {
    const filled = fill("fallback agent", fallback.name, fallback.agent)
    if ("missing" in filled) return filled
    fallbacks.push({ name: fallback.name, agent: filled.agent })
  }
  const shape = { ...recorded, agent: primary.agent, fallbacks }
  if (recorded.review === undefined) return { shape }
  const reviewer = fill("reviewer", recorded.review.agent, recorded.review.settings)
  if ("missing" in reviewer) return reviewer
  return { shape: { ...shape, review: { ...recorded.review, settings: reviewer.agent } } }
}
