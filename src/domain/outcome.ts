import { Schema } from "effect"
import { Verification } from "./guards.ts"
import { Report } from "./report.ts"
import { UsageSummary } from "./usage.ts"
import { Review } from "./verdict.ts"

/** Fields every result may carry (absent in records written before they existed). */
const common = {
  roundsStarted: Schema.Int,
  report: Report,
  /** Spend per round and in total (a total is absent when some round did not report it). */
  usage: Schema.optionalKey(UsageSummary),
  /** The verify command's last run: the one that confirmed the completion, or the one that failed it. */
  verification: Schema.optionalKey(Verification),
  /** Protected files the last claimed completion left changed (it was rejected for them). */
  protectedChanged: Schema.optionalKey(Schema.Array(Schema.String)),
  /** The reviewer's verdict on the last claimed completion (issue 20): a model's opinion, not a check. */
  review: Schema.optionalKey(Review)
}

/**
 * Which budget ran out: rounds, time (`--max-time`), cost, tokens, patience with rounds that change
 * nothing, or the reviews (`maxReviews`: a claim that passed the gate is not accepted unreviewed).
 */
export const BudgetLimit = Schema.Literals(["rounds", "time", "cost", "tokens", "stalled", "reviews"])
export type BudgetLimit = typeof BudgetLimit.Type

/** How a run ended without error: what the last worker reported, or the budget that ran out. */
export const RunResult = Schema.Union([
  Schema.Struct({ status: Schema.Literals(["complete", "blocked"]), ...common }),
  Schema.Struct({
    status: Schema.Literal("budget-limited"),
    limit: BudgetLimit,
    /** The cap that stopped the run, for limit `cost` (USD) or `tokens`. */
    cap: Schema.optionalKey(Schema.Finite),
    ...common
  })
])
export type RunResult = typeof RunResult.Type

/** The one success value of a run, on every surface. */
export const Envelope = Schema.Struct({
  runId: Schema.String,
  agentsStarted: Schema.Int,
  result: RunResult
})
export type Envelope = typeof Envelope.Type
