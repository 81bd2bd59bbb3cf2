/**
 * The library's options (`RalphOptions`) beyond its config (src/domain/config.ts), decoded by
 * Schema when Ralph's layer is built: a host builds them by hand, so each is checked here once,
 * whatever the CLI checked before. The guards come back decoded; the retry policy and the time
 * bounds are refused when out of range.
 */
import { Duration, Effect, Schema } from "effect"
import { recordable } from "../domain/agentRecord.ts"
import { invalidConfig } from "../domain/config.ts"
import type { InvalidConfig } from "../domain/errors.ts"
import type { Guards } from "../domain/guards.ts"
import { maskUrl } from "../domain/notification.ts"
import { AgentConfig, defaults, onBlockedChoices } from "../domain/settings.ts"
import { glob, url } from "../domain/settingValues.ts"

const positive = <S extends Schema.Top & { readonly Type: number }>(schema: S, what: string) =>
  schema.check(Schema.isGreaterThan(0, { message: `expected a positive ${what}` })).annotate({
    message: `expected a positive ${what}`
  })

const atLeastZero = Schema.Duration.check(
  Schema.makeFilter((d: Duration.Duration) => Duration.toMillis(d) >= 0, { message: "expected a duration, 0 or more" })
)
const positiveDuration = Schema.Duration.check(
  Schema.makeFilter((d: Duration.Duration) => Duration.toMillis(d) > 0, { message: "expected a positive duration" })
)

const Options = Schema.Struct({
  workspace: Schema.optional(Schema.String.check(Schema.isNonEmpty({ message: "expected a directory" }))),
  retry: Schema.optional(Schema.Struct({
    retries: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0, { message: "expected a whole number, 0 or more" })),
    baseDelay: atLeastZero,
    maxDelay: atLeastZero,
    maxTotalWait: atLeastZero,
    waitLimits: Schema.optional(positiveDuration)
  })),
  maxTime: Schema.optional(positiveDuration),
  killGrace: Schema.optional(atLeastZero),
  maxCostUsd: Schema.optional(positive(Schema.Finite, "number")),
  maxTokens: Schema.optional(positive(Schema.Int, "whole number")),
  allowUnknownCost: Schema.optional(Schema.Boolean),
  maxStalledRounds: Schema.optional(positive(Schema.Int, "whole number")),
  verify: Schema.optional(Schema.Struct({
    command: Schema.Array(Schema.String).check(
      Schema.makeFilter((words: ReadonlyArray<string>) => (words[0] ?? "").trim() !== "", {
        message: "the command is empty"
      })
    ),
    timeout: Schema.optional(positiveDuration)
  })),
  /** Each pattern as the CLI reads one: relative to the workspace and inside it. */
  protect: Schema.optional(Schema.Array(glob.schema)),
  /** Each an http or https URL, as the CLI reads one. */
  notify: Schema.optional(Schema.Array(url.schema)),
  review: Schema.optional(Schema.Struct({
    agent: Schema.String.check(Schema.isNonEmpty({ message: "expected an agent's name" })),
    provider: Schema.optional(Schema.String.check(Schema.isNonEmpty({ message: "expected a provider's name" }))),
    model: Schema.optional(Schema.String),
    maxReviews: Schema.optional(positive(Schema.Int, "whole number")),
    settings: Schema.optional(AgentConfig)
  })),
  onBlocked: Schema.optional(Schema.Literals(onBlockedChoices)),
  askTimeout: Schema.optional(positiveDuration),
  fallbackAgents: Schema.optional(
    Schema.Array(Schema.String.check(Schema.isNonEmpty({ message: "expected an agent's name" })))
  )
})

/** The options as a host gives them. */
export type OptionsInput = typeof Options.Encoded

const decode = Schema.decodeUnknownEffect(Options)

/**
 * The options, checked, and the guards a new run asks for, decoded (the protected files' baseline
 * is taken when the run starts).
 */
export const decodeOptions = Effect.fn("decodeOptions")(function*(
  options: OptionsInput
): Effect.fn.Return<
  { readonly guards: Guards; readonly protect: ReadonlyArray<string>; readonly notify: ReadonlyArray<string> },
  InvalidConfig
> {
  // A refusal names the value, and a webhook's URL may hold its secret: it is named masked.
  const shown = options.notify === undefined ? options : {
    ...options,
    notify: options.notify.map((url) => typeof url === "string" ? maskUrl(url) : url)
  }
  const decoded = yield* decode(options).pipe(Effect.mapError((error) => invalidConfig(error, shown)))
  const verify = decoded.verify
  const timeout = verify?.timeout ?? defaults.verifyTimeout
  return {
    guards: {
      ...(decoded.maxCostUsd === undefined ? {} : { maxCostUsd: decoded.maxCostUsd }),
      ...(decoded.maxTokens === undefined ? {} : { maxTokens: decoded.maxTokens }),
      ...(decoded.allowUnknownCost === true ? { allowUnknownCost: true } : {}),
      ...(decoded.maxStalledRounds === undefined ? {} : { maxStalledRounds: decoded.maxStalledRounds }),
      ...(verify === undefined
        ? {}
        : { verify: { command: [...verify.command], timeoutMs: Duration.toMillis(timeout) } }),
      ...(decoded.review === undefined ? {} : {
        review: {
          agent: decoded.review.agent,
          provider: decoded.review.provider ?? decoded.review.agent,
          ...(decoded.review.model === undefined ? {} : { model: decoded.review.model }),
          ...(decoded.review.maxReviews === undefined ? {} : { maxReviews: decoded.review.maxReviews }),
          // Recorded with the run's guards: the names of its variables, never their values.
          ...(decoded.review.settings === undefined ? {} : { settings: recordable(decoded.review.settings) })
        }
      }),
      ...((decoded.onBlocked ?? defaults.onBlocked) === "stop"
        ? {}
        : { ask: decoded.askTimeout === undefined ? {} : { timeoutMs: Duration.toMillis(decoded.askTimeout) } })
    },
    protect: decoded.protect ?? [],
    notify: decoded.notify ?? []
  }
})
