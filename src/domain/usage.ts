import { Schema } from "effect"

/**
 * Tokens and cost one child reported. Absent fields are unknown, never zero. `inputTokens` counts
 * every input token, cached ones included; `cachedInputTokens` is the cached part of it.
 */
export const Usage = Schema.Struct({
  inputTokens: Schema.optionalKey(Schema.Number),
  cachedInputTokens: Schema.optionalKey(Schema.Number),
  outputTokens: Schema.optionalKey(Schema.Number),
  costUsd: Schema.optionalKey(Schema.Number)
})
export type Usage = typeof Usage.Type

export const unknownUsage: Usage = {}

/** "1234 in / 56 out tokens, $0.0123", saying "unknown" for what the agent did not report. */
export const formatUsage = (usage: Usage): string => {
  const tokens = usage.inputTokens === undefined && usage.outputTokens === undefined
    ? "tokens unknown"
    : `${usage.inputTokens ?? "?"} in / ${usage.outputTokens ?? "?"} out tokens`
  const cost = usage.costUsd === undefined ? "cost unknown" : `$${usage.costUsd.toFixed(4)}`
  return `${tokens}, ${cost}`
}
