import { Schema } from "effect"
import { Report } from "./report.ts"

/** How a run ended without error: what the last worker reported, or the budget that ran out. */
export const RunResult = Schema.Union([
  Schema.Struct({
    status: Schema.Literals(["complete", "blocked"]),
    roundsStarted: Schema.Int,
    report: Report
  }),
  Schema.Struct({
    status: Schema.Literal("budget-limited"),
    /** Which budget ran out: the rounds, or the run's time (`--max-time`). */
    limit: Schema.Literals(["rounds", "time"]),
    roundsStarted: Schema.Int,
    report: Report
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
