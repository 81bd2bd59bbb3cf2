import type { RalphError } from "./errors.ts"
import { verificationOutcome } from "./guards.ts"
import type { Envelope } from "./outcome.ts"
import { escapeBlock, escapeLine } from "./terminalText.ts"
import { costOf, formatTotals, knownSpend, type RoundUsage, tokensOf } from "./usage.ts"

export const truncationMarker = "\n… [truncated]"

/** Bounds text to `limit` characters, the marker included; a limit below the marker keeps a prefix of it. */
export const boundText = (text: string, limit: number): string => {
  if (text.length <= limit) return text
  if (limit <= truncationMarker.length) return truncationMarker.slice(0, limit)
  let cut = limit - truncationMarker.length
  // Never leave half of a surrogate pair behind.
  const last = text.charCodeAt(cut - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1
  return text.slice(0, cut) + truncationMarker
}

const rounds = (n: number): string => `${n} round${n === 1 ? "" : "s"}`

const command = (words: ReadonlyArray<string>) => escapeLine(words.join(" "))

/** Dollars to the cent, or to four places when a cent is too coarse. */
const dollars = (n: number): string => `$${n.toFixed(Math.abs(n - Number(n.toFixed(2))) < 1e-9 ? 2 : 4)}`

const roundList = (rounds: ReadonlyArray<number>): string =>
  rounds.length === 1 ? `round ${rounds[0]}` : `rounds ${rounds.slice(0, -1).join(", ")} and ${rounds.at(-1)}`

/**
 * Which way a spend cap stopped a run: the rounds spent the cap, or some round did not report what
 * the cap counts, so it could not be checked (spendLimitReached's two cases), and what to do then.
 */
export const spendCapText = (
  limit: "cost" | "tokens",
  cap: number | undefined,
  rounds: ReadonlyArray<RoundUsage>
): string => {
  const cost = limit === "cost"
  const measure = cost ? costOf : tokensOf
  const what = cost ? "cost" : "token"
  const spent = knownSpend(rounds, measure).known
  const unknown = rounds.filter((round) => measure(round) === undefined).map((round) => round.round)
  if (unknown.length === 0 || (cap !== undefined && spent >= cap)) {
    const capText = cap === undefined ? "" : `${cost ? dollars(cap) : cap} `
    return `${what} cap ${capText}reached (${cost ? dollars(spent) : `${spent} tokens`} spent)`
  }
  const their = unknown.length === 1 ? "its" : "their"
  return `${roundList(unknown)} did not report ${their} ${cost ? "cost" : "tokens"}, so the ${what} cap cannot be ` +
    `checked: ${
      cost
        ? "write costUsd to RALPH_USAGE_FILE or pass --allow-unknown-cost"
        : "write inputTokens and outputTokens to RALPH_USAGE_FILE"
    }`
}

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

const budgetRanOut = (result: Extract<Envelope["result"], { readonly status: "budget-limited" }>): string => {
  switch (result.limit) {
    case "rounds":
      return "The round budget ran out"
    case "time":
      return "The time budget ran out"
    case "cost":
    case "tokens":
      return `${capitalized(spendCapText(result.limit, result.cap, result.usage?.rounds ?? []))}; the run stopped`
    case "stalled":
      return "The stall guard stopped the run: the last rounds changed nothing in the workspace"
    case "reviews":
      return "The reviews ran out (maxReviews): the last claimed completion was not reviewed, so it was not accepted"
  }
}

/** Why the last claimed completion was not accepted, when it was not. */
const rejectedClaim = ({ result }: Envelope): string | undefined => {
  if (result.protectedChanged !== undefined && result.protectedChanged.length > 0) {
    return `The last worker reported the objective complete, but it left protected files changed (${
      result.protectedChanged.map(escapeLine).join(", ")
    }); the claim was rejected.`
  }
  const review = result.review
  if (result.status === "budget-limited" && review !== undefined && review.verdict === "reject") {
    return `The last worker reported the objective complete, but the reviewer (${
      escapeLine(review.agent)
    }) rejected the claim: ${review.findings.map(escapeLine).join("; ")}`
  }
  const v = result.verification
  if (result.status === "budget-limited" && v !== undefined) {
    return `The last worker reported the objective complete, but \`${command(v.command)}\` ${
      verificationOutcome(v)
    }; the claim ${v.cut === true ? "is unverified" : "was rejected"}.`
  }
  return undefined
}

/** A reviewer's accept, said for what it is. */
const reviewed = ({ result }: Envelope): string | undefined =>
  result.status === "complete" && result.review !== undefined
    ? `A reviewer (${escapeLine(result.review.agent)}) accepted the claim: a model's opinion, not a check.${
      result.review.findings.length === 0 ? "" : ` Its findings: ${result.review.findings.map(escapeLine).join("; ")}`
    }`
    : undefined

const headline = ({ result }: Envelope): string => {
  switch (result.status) {
    case "complete":
      return result.verification !== undefined
        ? `The worker reported the objective complete after ${rounds(result.roundsStarted)}, and ` +
          `\`${command(result.verification.command)}\` verified it (exit 0).`
        : `The worker reported the objective complete after ${rounds(result.roundsStarted)}. ` +
          "ralph did not verify this claim; check the evidence."
    case "blocked":
      return `The worker reported a blocker after ${rounds(result.roundsStarted)}: ${
        escapeBlock(result.report.blocker)
      }`
    case "budget-limited":
      return `${budgetRanOut(result)} after ${rounds(result.roundsStarted)}` +
        (result.report.status === "continue" ? "; the last finished worker reported more to do." : ".")
  }
}

/**
 * A report as pretty JSON that cannot drive a terminal: JSON.stringify escapes C0 controls but not
 * DEL, C1 or the bidirectional overrides; escaped here, it is still JSON for the same report.
 */
const prettyReport = (report: unknown): string => escapeBlock(JSON.stringify(report, null, 2))

/** The text a person or a calling model reads for a finished run. Worker text is escaped (terminalText.ts). */
export const renderEnvelope = (envelope: Envelope, maxResultChars: number): string =>
  boundText(
    [
      headline(envelope),
      ...[rejectedClaim(envelope), reviewed(envelope)].filter((line) => line !== undefined),
      `Run ${envelope.runId}, agents started: ${envelope.agentsStarted}.${
        envelope.result.usage === undefined ? "" : ` Spend: ${formatTotals(envelope.result.usage.rounds)}.`
      }`,
      "Final report (as reported by the worker):",
      prettyReport(envelope.result.report)
    ].join("\n"),
    maxResultChars
  )

/** A run that started, as an error names it: its id and the command that continues it. */
export interface RunRef {
  readonly runId: string
  readonly resume: string
}

/** What the agent got wrong when its report broke the rules, or undefined for any other error. */
export const reportFault = (error: { readonly _tag: string; readonly limit?: unknown }): string | undefined =>
  error._tag === "MalformedReport"
    ? "a report is exactly the five keys status, summary, evidence, nextSteps and blocker, kept to the rules of its status"
    : error._tag === "OversizedReport"
    ? `a report's compact JSON is at most ${String(error.limit)} characters (the run's maxHandoffChars)`
    : undefined

/**
 * How to go on once a run started: continue it; but a report that broke the rules is the agent's
 * doing, and a resume runs the same round with the same agent, so it is not offered as a fix.
 */
const nextStep = (error: RalphError, run: RunRef): ReadonlyArray<string> => {
  const fault = reportFault(error)
  if (fault === undefined || !("round" in error)) {
    return [`Continue run ${run.runId} from its last finished round with: ${run.resume}`]
  }
  return [
    `The agent broke the report rules: ${fault}. Its output is kept: ralph show ${run.runId}.`,
    `A resume (${run.resume}) runs round ${error.round} again with the same agent and prompt, so it fails the ` +
    "same way unless the agent writes a valid report this time; fix the agent and start a new run instead."
  ]
}

/**
 * The text a person or a calling model reads for a failed run: the error, then (once a run started)
 * how to continue it, before any long tail the bound could cut. Worker text is escaped.
 */
export const renderError = (error: RalphError, maxResultChars: number, run?: RunRef): string => {
  const lines = [`ralph: ${escapeBlock(error.message)}`]
  // A lost lease means another ralph drives the run: resuming it here would be refused.
  if (run !== undefined && error._tag !== "LeaseLost") lines.push(...nextStep(error, run))
  if (error._tag === "RoundFailed") {
    if (error.stderrTail !== undefined && error.stderrTail !== "") {
      lines.push("Last output of the agent on stderr:", escapeBlock(error.stderrTail))
    }
    if (error.lastReport !== null) {
      lines.push("Last good handoff (as reported by the worker):", prettyReport(error.lastReport))
    }
  }
  return boundText(lines.join("\n"), maxResultChars)
}

/**
 * A duration as a person reads it: "850ms", "2.9s", "3s", "4m 5s", "2h 10m" — never Duration.format's
 * "2s 908ms 530669ns".
 */
export const formatDuration = (ms: number): string => {
  if (ms < 999.5) return `${Math.max(0, Math.round(ms))}ms`
  if (ms < 59_950) return `${Number((ms / 1000).toFixed(1))}s`
  const seconds = Math.round(ms / 1000)
  if (seconds < 3600) return seconds % 60 === 0 ? `${seconds / 60}m` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`
  const minutes = Math.round(seconds / 60)
  return minutes % 60 === 0 ? `${minutes / 60}h` : `${Math.floor(minutes / 60)}h ${minutes % 60}m`
}

/** The time from one ISO instant to another. */
export const elapsed = (from: string, to: string): string =>
  formatDuration(Math.max(0, Date.parse(to) - Date.parse(from)))

/** What `show`, `watch` and the progress say of a round waiting for a rate limit's reset (`until`: ISO 8601). */
export const limitWaitText = (until: string): string =>
  `waiting for the rate limit until ${until.replace(/\.\d+Z$/, "Z")}`
