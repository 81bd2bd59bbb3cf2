/**
 * The message of a fleet run's round commit: `ralph RUN_ID round N: SUMMARY`, the round's report
 * as JSON in the body, and a trailer naming the clone that made it (how a clone tells its own
 * pushes from another worker's). The one place that writes and reads it.
 */
import type { Report } from "../domain/report.ts"

/** How long the summary in a commit's subject may be, in characters. */
const maxSummaryChars = 120

/** The trailer naming the clone (one prepareClone) that made a round commit. */
const cloneTrailer = "Ralph-Clone"

/** What a round commit's message says. */
export interface RoundMessage {
  readonly runId: string
  readonly round: number
  readonly summary: string
  /** The report as the body holds it, undecoded (a person may read or edit the branch). */
  readonly report: unknown
  readonly cloneId: string | undefined
}

/** The summary as one bounded line: control characters and line breaks become spaces. */
export const subjectSummary = (summary: string): string => {
  // eslint-disable-next-line no-control-regex
  const line = summary.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim()
  const chars = Array.from(line)
  const bounded = chars.length > maxSummaryChars ? `${chars.slice(0, maxSummaryChars - 1).join("")}…` : line
  return bounded === "" ? "(no summary)" : bounded
}

/** The commit message of round `round` of a run. */
export const roundMessage = (
  input: { readonly runId: string; readonly round: number; readonly summary: string; readonly report: Report },
  cloneId: string
): string =>
  `ralph ${input.runId} round ${input.round}: ${subjectSummary(input.summary)}\n\n` +
  `${JSON.stringify(input.report, null, 2)}\n\n${cloneTrailer}: ${cloneId}\n`

const subjectPattern = /^ralph (\S+) round ([1-9][0-9]*): /

/** What a commit message says if it is a ralph round commit, or undefined. */
export const parseRoundMessage = (message: string): RoundMessage | undefined => {
  const [subject = "", ...rest] = message.split("\n")
  const match = subjectPattern.exec(subject)
  if (match === null) return undefined
  const paragraphs = rest.join("\n").trim().split("\n\n")
  const last = paragraphs.at(-1) ?? ""
  const trailer = new RegExp(`^${cloneTrailer}: (\\S+)$`).exec(last)
  const body = (trailer === null ? paragraphs : paragraphs.slice(0, -1)).join("\n\n")
  return {
    runId: match[1]!,
    round: Number(match[2]),
    summary: subject.slice(match[0].length),
    report: parseJson(body),
    cloneId: trailer?.[1]
  }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
