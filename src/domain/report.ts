import { Result, Schema } from "effect"
import { memoize } from "effect/Function"

/** A string a worker wrote for people to read: something to say, and no padding around it. */
const Line = Schema.String.check(
  Schema.isNonEmpty({ message: "must not be empty" }),
  Schema.isTrimmed({ message: "must not start or end with whitespace" })
)

export const ReportStatus = Schema.Literals(["continue", "complete", "blocked"])
export type ReportStatus = typeof ReportStatus.Type

const statusRules = Schema.makeFilter<{
  readonly status: ReportStatus
  readonly evidence: ReadonlyArray<string>
  readonly nextSteps: ReadonlyArray<string>
  readonly blocker: string
}>((report) => {
  switch (report.status) {
    case "continue":
      if (report.nextSteps.length === 0) return "a continue report needs at least one nextSteps item"
      if (report.blocker !== "") return "a continue report must have an empty blocker"
      return undefined
    case "complete":
      if (report.evidence.length === 0) return "a complete report needs at least one evidence item"
      if (report.nextSteps.length !== 0) return "a complete report must have no nextSteps"
      if (report.blocker !== "") return "a complete report must have an empty blocker"
      return undefined
    case "blocked":
      if (report.blocker === "") return "a blocked report needs a non-empty blocker"
      return undefined
  }
})

/** The one structured handoff between rounds: exactly these five keys. */
export const Report = Schema.Struct({
  status: ReportStatus,
  summary: Line,
  evidence: Schema.Array(Line),
  nextSteps: Schema.Array(Line),
  blocker: Schema.String.check(Schema.isTrimmed({ message: "must not start or end with whitespace" }))
}).check(statusRules)
export type Report = typeof Report.Type

const decodeReport = Schema.decodeUnknownResult(Report, { onExcessProperty: "error", errors: "first" })

// Schema messages read "what\n  at [\"key\"][0]"; one line, path first, reads better in an error.
const describeIssue = (message: string): string => {
  const match = /^(.*)\n\s*at (.*)$/s.exec(message)
  return match === null ? message : `${match[2]}: ${match[1]}`
}

/** Why a value is not a valid report, or the characters its compact JSON takes. */
export type ReportCheck =
  | { readonly _tag: "Valid"; readonly report: Report }
  | { readonly _tag: "Malformed"; readonly problem: string }
  | { readonly _tag: "Oversized"; readonly chars: number; readonly limit: number }

/** Checks one value against every report rule; never repairs or truncates it. */
export const checkReport = (value: unknown, maxHandoffChars: number): ReportCheck => {
  const decoded = decodeReport(value)
  if (Result.isFailure(decoded)) {
    return { _tag: "Malformed", problem: describeIssue(decoded.failure.message) }
  }
  const chars = JSON.stringify(decoded.success).length
  if (chars > maxHandoffChars) return { _tag: "Oversized", chars, limit: maxHandoffChars }
  return { _tag: "Valid", report: decoded.success }
}

/** The shape a child is told to write (the status rules are told in prose). */
const ReportShape = Schema.Struct({
  status: ReportStatus,
  summary: Schema.String,
  evidence: Schema.Array(Schema.String),
  nextSteps: Schema.Array(Schema.String),
  blocker: Schema.String
})

// Derived once (memoised by the shape) and kept: every provider and every claude round asks for it.
const jsonSchemaOf = memoize((shape: typeof ReportShape): object => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  ...Schema.toJsonSchemaDocument(shape, { onExcessProperty: "error" }).schema
}))

/** The JSON Schema a child is given for its report. */
export const reportJsonSchema = (): object => jsonSchemaOf(ReportShape)
