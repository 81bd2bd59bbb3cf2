/**
 * A reviewer's verdict on a claimed completion (issue 20): `accept` or `reject`, with findings. A
 * schema of its own, checked like a report (src/domain/report.ts): exactly these keys, never
 * repaired, bounded like a handoff; a value that breaks a rule is an error, never an accept.
 */
import { Result, Schema } from "effect"
import { memoize } from "effect/Function"

/** A string the reviewer wrote for people to read: something to say, and no padding around it. */
const Line = Schema.String.check(
  Schema.isNonEmpty({ message: "must not be empty" }),
  Schema.isTrimmed({ message: "must not start or end with whitespace" })
)

export const VerdictKind = Schema.Literals(["accept", "reject"])
export type VerdictKind = typeof VerdictKind.Type

const verdictRules = Schema.makeFilter<{ readonly verdict: VerdictKind; readonly findings: ReadonlyArray<string> }>(
  (verdict) =>
    verdict.verdict === "reject" && verdict.findings.length === 0
      ? "a reject verdict needs at least one finding (the next worker is told them)"
      : undefined
)

/** What a reviewer returns: exactly these two keys. */
export const Verdict = Schema.Struct({
  verdict: VerdictKind,
  findings: Schema.Array(Line)
}).check(verdictRules)
export type Verdict = typeof Verdict.Type

/** A review as a result carries it: the verdict, the round it judged and the agent that gave it. */
export const Review = Schema.Struct({
  ...Verdict.fields,
  round: Schema.Int,
  /** The reviewer's agent, as the run's guards name it. */
  agent: Schema.String
})
export type Review = typeof Review.Type

const decodeVerdict = Schema.decodeUnknownResult(Verdict, { onExcessProperty: "error", errors: "first" })

// Schema messages read "what\n  at [\"key\"][0]"; one line, path first, reads better in an error.
const describeIssue = (message: string): string => {
  const match = /^(.*)\n\s*at (.*)$/s.exec(message)
  return match === null ? message : `${match[2]}: ${match[1]}`
}

/** A verdict, or why the value is not one (its compact JSON is bounded by `maxChars`, like a handoff). */
export type VerdictCheck =
  | { readonly _tag: "Valid"; readonly verdict: Verdict }
  | { readonly _tag: "Malformed"; readonly problem: string }

export const checkVerdict = (value: unknown, maxChars: number): VerdictCheck => {
  const decoded = decodeVerdict(value)
  if (Result.isFailure(decoded)) return { _tag: "Malformed", problem: describeIssue(decoded.failure.message) }
  const chars = JSON.stringify(decoded.success).length
  if (chars > maxChars) {
    return {
      _tag: "Malformed",
      problem: `the verdict is ${chars} characters as compact JSON; the limit is ${maxChars} (maxHandoffChars)`
    }
  }
  return { _tag: "Valid", verdict: decoded.success }
}

const VerdictShape = Schema.Struct({ verdict: VerdictKind, findings: Schema.Array(Schema.String) })

const jsonSchemaOf = memoize((shape: typeof VerdictShape): object => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  ...Schema.toJsonSchemaDocument(shape, { onExcessProperty: "error" }).schema
}))

/** The JSON Schema a reviewer is given for its verdict. */
export const verdictJsonSchema = (): object => jsonSchemaOf(VerdictShape)
