/**
 * What a run is held to beyond its rounds and its time: spend caps, a stall guard, and the check of
 * a claimed completion (protected files, a verify command). Fixed when a run starts and recorded
 * with it, so a resume holds the run to the same guards. Pure rules; the I/O is in services.
 */
import { Schema } from "effect"
import { AgentConfig } from "./settings.ts"
import type { SpendTotals } from "./spend.ts"

/** One run of the verify command. */
export const Verification = Schema.Struct({
  /** The command as it was run: the program, then its arguments. */
  command: Schema.Array(Schema.String),
  /** Its exit status; null when it did not exit by itself (a signal, the timeout). */
  exitCode: Schema.NullOr(Schema.Int),
  timedOut: Schema.Boolean,
  /** Set when the run's time budget ran out while it ran: it was stopped, and the claim is unchecked. */
  cut: Schema.optionalKey(Schema.Boolean),
  durationMs: Schema.Number,
  /** The end of what it printed (stdout and stderr interleaved), bounded. */
  outputTail: Schema.String
})
export type Verification = typeof Verification.Type

/** The verify command's run the run's time budget cut after `durationMs`: stopped, the claim unchecked. */
export const cutVerification = (command: ReadonlyArray<string>, durationMs: number): Verification => ({
  command: [...command],
  exitCode: null,
  timedOut: false,
  cut: true,
  durationMs,
  outputTail:
    "ralph: the run's time budget ran out while the verify command ran; it was stopped, and the claim is unchecked"
})

/** Whether the verify command's run confirmed the claim: it exited 0 in time. */
export const verificationPassed = (verification: Verification): boolean =>
  verification.exitCode === 0 && !verification.timedOut

/** How the verify command's run ended, in words: "exited with 1", "ran out of time", "did not exit by itself", or that the run's time budget cut it. */
export const verificationOutcome = (verification: Verification): string =>
  verification.cut === true
    ? "was stopped when the run's time budget ran out"
    : verification.timedOut
    ? "ran out of time"
    : verification.exitCode === null
    ? "did not exit by itself"
    : `exited with ${verification.exitCode}`

/** What checking a claimed completion found: protected files changed, and the verify command's run (if it ran). */
export const ClaimCheck = Schema.Struct({
  /** Protected files that differ from the run's start (changed, added or removed), workspace-relative. */
  protectedChanged: Schema.Array(Schema.String),
  /** Null when no verify command is set, or when a protected file changed (a gate that may have been rewritten is not run). */
  verification: Schema.NullOr(Verification)
})
export type ClaimCheck = typeof ClaimCheck.Type

export const claimHolds = (check: ClaimCheck): boolean =>
  check.protectedChanged.length === 0 && (check.verification === null || verificationPassed(check.verification))

/** The reviewer a run is held to: its agent, and how many reviews the run may make. */
export const ReviewGuard = Schema.Struct({
  /** The agent, as a person reads it (`codex`, `exec`). */
  agent: Schema.String,
  /** The provider the reviewer's children start on (the registry's name for it). */
  provider: Schema.String,
  /** The model asked of the reviewer's CLI, when one was. */
  model: Schema.optionalKey(Schema.String),
  /** Past this many reviews a claim is not accepted unreviewed: the run ends budget-limited (`reviews`). */
  maxReviews: Schema.optionalKey(Schema.Int),
  /** The CLI's reviewer settings (the names of its env variables, never their values), so a resume starts the same reviewer. */
  settings: Schema.optionalKey(AgentConfig)
})
export type ReviewGuard = typeof ReviewGuard.Type

export const Guards = Schema.Struct({
  maxCostUsd: Schema.optionalKey(Schema.Finite),
  maxTokens: Schema.optionalKey(Schema.Int),
  allowUnknownCost: Schema.optionalKey(Schema.Boolean),
  maxStalledRounds: Schema.optionalKey(Schema.Int),
  verify: Schema.optionalKey(Schema.Struct({ command: Schema.Array(Schema.String), timeoutMs: Schema.Number })),
  /** The protected files when the run started: workspace-relative path → fingerprint. */
  protectedFiles: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  /** The patterns that chose them (the user's `protect`, and the gate's own files). */
  protect: Schema.optionalKey(Schema.Array(Schema.String)),
  /** A reviewer child judges every claim the gate passed (issue 20; see ReviewGuard). */
  review: Schema.optionalKey(ReviewGuard),
  /**
   * `--on-blocked ask`: a round that reports blocked waits for a person's answer (`ralph answer`)
   * instead of ending the run, for at most `timeoutMs` when set (`--ask-timeout`).
   */
  ask: Schema.optionalKey(Schema.Struct({ timeoutMs: Schema.optionalKey(Schema.Number) }))
})
export type Guards = typeof Guards.Type

/** Whether the run may review one more claim, having made `reviews`. */
export const reviewsLeft = (review: ReviewGuard, reviews: number): boolean =>
  review.maxReviews === undefined || reviews < review.maxReviews

/** The guards in words, for a person (`verify …, protect 3 files, cost cap $5, …`); empty when there are none. */
export const describeGuards = (guards: Guards): string => {
  const parts: Array<string> = []
  if (guards.verify !== undefined) parts.push(`verify: ${guards.verify.command.join(" ")}`)
  if (guards.protect !== undefined && guards.protectedFiles !== undefined) {
    const n = Object.keys(guards.protectedFiles).length
    parts.push(`protect: ${guards.protect.join(" ")} (${n} file${n === 1 ? "" : "s"})`)
  }
  if (guards.maxCostUsd !== undefined) {
    parts.push(`cost cap $${guards.maxCostUsd}${guards.allowUnknownCost === true ? " (unknown cost allowed)" : ""}`)
  }
  if (guards.maxTokens !== undefined) parts.push(`token cap ${guards.maxTokens}`)
  if (guards.maxStalledRounds !== undefined) parts.push(`stall guard ${guards.maxStalledRounds} rounds`)
  if (guards.review !== undefined) {
    const { agent, maxReviews, model } = guards.review
    parts.push(
      `review: ${agent}${model === undefined ? "" : ` (${model})`}${
        maxReviews === undefined ? "" : `, at most ${maxReviews} review${maxReviews === 1 ? "" : "s"}`
      }`
    )
  }
  if (guards.ask !== undefined) parts.push("on blocked: ask")
  return parts.join(" · ")
}

/** Whether a claimed completion must be checked before the run may end complete. */
export const checksClaims = (guards: Guards): boolean =>
  guards.verify !== undefined || (guards.protectedFiles !== undefined && guards.protect !== undefined)

export type SpendLimit = "cost" | "tokens"

/**
 * The spend cap the rounds' totals (`Spend.totals`) reached, if one. A cap whose quantity some round did not report
 * cannot be shown to have room: it is reached, unless unknown cost is allowed (for cost only), and
 * then only the known part counts.
 */
export const spendLimitReached = (guards: Guards, totals: SpendTotals): SpendLimit | undefined => {
  if (guards.maxCostUsd !== undefined) {
    const cost = totals.cost
    if (cost.known >= guards.maxCostUsd) return "cost"
    if (cost.unknownRounds > 0 && guards.allowUnknownCost !== true) return "cost"
  }
  if (guards.maxTokens !== undefined) {
    const tokens = totals.tokens
    if (tokens.known >= guards.maxTokens || tokens.unknownRounds > 0) return "tokens"
  }
  return undefined
}

/** The cap of a spend limit the run was held to, as a budget-limited result names it. */
export const capOf = (guards: Guards, limit: string): { readonly cap?: number } => {
  const cap = limit === "cost" ? guards.maxCostUsd : limit === "tokens" ? guards.maxTokens : undefined
  return cap === undefined ? {} : { cap }
}

/** What is left of the cost cap, for agents that take a cap of their own (claude --max-budget-usd). */
export const remainingCostUsd = (guards: Guards, totals: SpendTotals): number | undefined =>
  guards.maxCostUsd === undefined ? undefined : Math.max(0, guards.maxCostUsd - totals.cost.known)
