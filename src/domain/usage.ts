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

/**
 * What several attempts of one round (or several rounds) spent together: each quantity summed, and
 * unknown as soon as one of them did not report it.
 */
export const combineUsage = (attempts: ReadonlyArray<Usage>): Usage => {
  const out: { -readonly [K in keyof Usage]: Usage[K] } = {}
  for (const key of ["inputTokens", "cachedInputTokens", "outputTokens", "costUsd"] as const) {
    if (attempts.length > 0 && attempts.every((usage) => usage[key] !== undefined)) {
      out[key] = attempts.reduce((total, usage) => total + usage[key]!, 0)
    }
  }
  return out
}

/** One round's spend: every attempt of it (a retried attempt's spend counts too). */
export const RoundUsage = Schema.Struct({
  round: Schema.Int,
  ...Usage.fields,
  durationMs: Schema.Number,
  /** In a run with fallback agents, the agent of each of the round's attempts, in order. */
  agents: Schema.optionalKey(Schema.Array(Schema.String))
})
export type RoundUsage = typeof RoundUsage.Type

/**
 * A run's spend: per round and in total. A total is absent (unknown) as soon as one round did not
 * report that quantity: an unknown round never counts as zero.
 */
export const UsageSummary = Schema.Struct({
  ...Usage.fields,
  durationMs: Schema.Number,
  rounds: Schema.Array(RoundUsage)
})
export type UsageSummary = typeof UsageSummary.Type

/** The totals of the rounds given; each total is known only when every round reported it. */
export const summarizeUsage = (rounds: ReadonlyArray<RoundUsage>): UsageSummary => ({
  ...combineUsage(rounds),
  durationMs: rounds.reduce((total, round) => total + round.durationMs, 0),
  rounds
})

/** What the rounds are known to have spent: the sum of the known parts, and how many rounds did not say. */
export const knownSpend = <U extends Usage>(
  rounds: ReadonlyArray<U>,
  measure: (usage: Usage) => number | undefined
): { readonly known: number; readonly unknownRounds: number } => {
  let known = 0
  let unknownRounds = 0
  for (const round of rounds) {
    const value = measure(round)
    if (value === undefined) unknownRounds++
    else known += value
  }
  return { known, unknownRounds }
}

/** The tokens a cap counts: every input token (cached ones included) plus the output; unknown if either is. */
export const tokensOf = (usage: Usage): number | undefined =>
  usage.inputTokens === undefined || usage.outputTokens === undefined
    ? undefined
    : usage.inputTokens + usage.outputTokens

export const costOf = (usage: Usage): number | undefined => usage.costUsd

const roundsUnknown = (n: number) => (n === 0 ? "" : ` (+ ${n} round${n === 1 ? "" : "s"} unknown)`)

const costText = <U extends Usage>(rounds: ReadonlyArray<U>): string => {
  const cost = knownSpend(rounds, costOf)
  return cost.unknownRounds === rounds.length
    ? "cost unknown"
    : `$${cost.known.toFixed(4)}${roundsUnknown(cost.unknownRounds)}`
}

/**
 * "1200 in / 300 out tokens (+ 1 round unknown), $0.0125": what the rounds given reported, each
 * round's spend whole (its attempts combined), and how many did not say — never counted as zero.
 */
export const formatSpent = (rounds: ReadonlyArray<Usage>): string => {
  const tokens = knownSpend(rounds, tokensOf)
  const input = knownSpend(rounds, (usage) => tokensOf(usage) === undefined ? undefined : usage.inputTokens)
  const tokenText = tokens.unknownRounds === rounds.length
    ? "tokens unknown"
    : `${input.known} in / ${tokens.known - input.known} out tokens${roundsUnknown(tokens.unknownRounds)}`
  return `${tokenText}, ${costText(rounds)}`
}

/** "total 1290 tokens, $0.0123": a run's running totals, as the per-round lines end. */
export const formatTotals = (rounds: ReadonlyArray<RoundUsage>): string => {
  const tokens = knownSpend(rounds, tokensOf)
  const tokenText = tokens.unknownRounds === rounds.length
    ? "tokens unknown"
    : `${tokens.known} tokens${roundsUnknown(tokens.unknownRounds)}`
  return `total ${tokenText}, ${costText(rounds)}`
}

/** A finished round's spend: its attempts' combined (a failed one's counts), and its duration. */
export const roundSpend = (round: number, attempts: ReadonlyArray<Usage>, durationMs: number): RoundUsage => ({
  round,
  ...combineUsage(attempts),
  durationMs
})

/**
 * The most one report may say: a trillion tokens of each kind, a million US dollars. Far past any
 * real round, and low enough that no run's totals can leave the finite numbers a record holds
 * (JSON has no Infinity: a sum that overflowed would be written as null and never read back).
 */
export const usageBounds = { tokens: 1e12, costUsd: 1e6 } as const

const tokenCount = (whole: boolean) =>
  (whole ? Schema.Int : Schema.Finite).check(
    Schema.isGreaterThanOrEqualTo(0),
    Schema.isLessThanOrEqualTo(usageBounds.tokens)
  )
const cost = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(usageBounds.costUsd))

/** What an agent may report spending: non-negative, finite and within `usageBounds`. */
export const ReportedUsage = Schema.Struct({
  inputTokens: Schema.optionalKey(tokenCount(false)),
  cachedInputTokens: Schema.optionalKey(tokenCount(false)),
  outputTokens: Schema.optionalKey(tokenCount(false)),
  costUsd: Schema.optionalKey(cost)
})

const countable = Schema.is(ReportedUsage)
const checkReported = Schema.decodeUnknownResult(ReportedUsage, { errors: "first" })

/** Why a usage an agent reported cannot be counted (a negative, non-finite or out-of-bounds value), if it cannot. */
export const usageProblem = (usage: Usage): string | undefined => {
  // A round's usage is checked once; the issue is built only for one that fails.
  if (countable(usage)) return undefined
  const checked = checkReported(usage)
  return checked._tag === "Success" ? undefined : checked.failure.message.split("\n").join(" ").slice(0, 300)
}

/**
 * A usage file an exec child wrote (RALPH_USAGE_FILE): every key optional, nothing else allowed,
 * token counts whole, every value non-negative, finite and within `usageBounds`.
 */
export const UsageFile = Schema.Struct({
  inputTokens: Schema.optionalKey(tokenCount(true)),
  cachedInputTokens: Schema.optionalKey(tokenCount(true)),
  outputTokens: Schema.optionalKey(tokenCount(true)),
  costUsd: Schema.optionalKey(cost)
})
