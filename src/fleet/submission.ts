/**
 * A queued run as `ralph submit` records it: the objective, the repository and base, and every
 * setting that shapes the run, resolved where it was submitted. Its agent's `env` holds names only
 * (the values stay with whoever submitted); the worker that drives it fills them from its own
 * configuration and environment (`withSecrets`), and a missing one fails that run by name.
 */
import { Duration, Option, Schema } from "effect"
import { recordable, withValuesFrom } from "../domain/agentRecord.ts"
import { RalphConfigSchema } from "../domain/config.ts"
import { AgentConfig } from "../domain/settings.ts"

const Millis = Schema.NullOr(Schema.Finite)

/** The run-shaping settings of a submission (durations in milliseconds). */
export const RunShape = Schema.Struct({
  config: RalphConfigSchema,
  agent: AgentConfig,
  roundTimeoutMs: Millis,
  idleTimeoutMs: Millis,
  maxTimeMs: Millis,
  retries: Schema.Int,
  retryDelayMs: Schema.Finite,
  killGraceMs: Schema.Finite,
  maxCostUsd: Schema.NullOr(Schema.Finite),
  maxTokens: Schema.NullOr(Schema.Int),
  allowUnknownCost: Schema.Boolean,
  maxStalledRounds: Schema.NullOr(Schema.Int),
  verify: Schema.NullOr(Schema.Array(Schema.String)),
  verifyTimeoutMs: Schema.Finite,
  protect: Schema.Array(Schema.String),
  notify: Schema.Array(Schema.String)
})
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

/** The settings a shape needs, as the CLI resolved them. */
export interface ShapeSource {
  readonly config: RunShape["config"]
  readonly agent: AgentConfig
  readonly roundTimeout: Option.Option<Duration.Duration>
  readonly idleTimeout: Option.Option<Duration.Duration>
  readonly maxTime: Option.Option<Duration.Duration>
  readonly retries: number
  readonly retryDelay: Duration.Duration
  readonly killGrace: Duration.Duration
  readonly maxCostUsd: number | undefined
  readonly maxTokens: number | undefined
  readonly allowUnknownCost: boolean
  readonly maxStalledRounds: number | undefined
  readonly verify: ReadonlyArray<string> | undefined
  readonly verifyTimeout: Duration.Duration
  readonly protect: ReadonlyArray<string>
  readonly notify: ReadonlyArray<string>
}

const ms = (d: Option.Option<Duration.Duration>): number | null =>
  Option.match(d, { onNone: () => null, onSome: Duration.toMillis })

/** The shape to record: the agent's env values dropped, only their names kept. */
export const shapeOf = (s: ShapeSource): RunShape => ({
  config: s.config,
  agent: recordable(s.agent),
  roundTimeoutMs: ms(s.roundTimeout),
  idleTimeoutMs: ms(s.idleTimeout),
  maxTimeMs: ms(s.maxTime),
  retries: s.retries,
  retryDelayMs: Duration.toMillis(s.retryDelay),
  killGraceMs: Duration.toMillis(s.killGrace),
  maxCostUsd: s.maxCostUsd ?? null,
  maxTokens: s.maxTokens ?? null,
  allowUnknownCost: s.allowUnknownCost,
  maxStalledRounds: s.maxStalledRounds ?? null,
  verify: s.verify ?? null,
  verifyTimeoutMs: Duration.toMillis(s.verifyTimeout),
  protect: s.protect,
  notify: s.notify
})

const duration = (millis: number | null): Option.Option<Duration.Duration> =>
  millis === null ? Option.none() : Option.some(Duration.millis(millis))

/** The shape as settings again (the agent as recorded: see `withSecrets`). */
export const sourceOf = (shape: RunShape): ShapeSource => ({
  config: shape.config,
  agent: shape.agent,
  roundTimeout: duration(shape.roundTimeoutMs),
  idleTimeout: duration(shape.idleTimeoutMs),
  maxTime: duration(shape.maxTimeMs),
  retries: shape.retries,
  retryDelay: Duration.millis(shape.retryDelayMs),
  killGrace: Duration.millis(shape.killGraceMs),
  maxCostUsd: shape.maxCostUsd ?? undefined,
  maxTokens: shape.maxTokens ?? undefined,
  allowUnknownCost: shape.allowUnknownCost,
  maxStalledRounds: shape.maxStalledRounds ?? undefined,
  verify: shape.verify ?? undefined,
  verifyTimeout: Duration.millis(shape.verifyTimeoutMs),
  protect: shape.protect,
  notify: shape.notify
})

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
