import type { RalphError } from "./errors.ts"
import type { Envelope } from "./outcome.ts"

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

const headline = ({ result }: Envelope): string => {
  switch (result.status) {
    case "complete":
      return `The worker reported the objective complete after ${rounds(result.roundsStarted)}. ` +
        "ralph did not verify this claim; check the evidence."
    case "blocked":
      return `The worker reported a blocker after ${rounds(result.roundsStarted)}: ${result.report.blocker}`
    case "budget-limited":
      return result.limit === "time"
        ? `The time budget ran out after ${rounds(result.roundsStarted)}; the last finished worker reported more to do.`
        : `The round budget ran out after ${rounds(result.roundsStarted)}; the last worker reported more to do.`
  }
}

/** The text a person or a calling model reads for a finished run. */
export const renderEnvelope = (envelope: Envelope, maxResultChars: number): string =>
  boundText(
    [
      headline(envelope),
      `Run ${envelope.runId}, agents started: ${envelope.agentsStarted}.`,
      "Final report (as reported by the worker):",
      JSON.stringify(envelope.result.report, null, 2)
    ].join("\n"),
    maxResultChars
  )

/** The text a person or a calling model reads for a failed run. */
export const renderError = (error: RalphError, maxResultChars: number): string => {
  const lines = [`ralph: ${error.message}`]
  if (error._tag === "RoundFailed") {
    if (error.stderrTail !== undefined && error.stderrTail !== "") {
      lines.push("Last output of the agent on stderr:", error.stderrTail)
    }
    if (error.lastReport !== null) {
      lines.push("Last good handoff (as reported by the worker):", JSON.stringify(error.lastReport, null, 2))
    }
  }
  return boundText(lines.join("\n"), maxResultChars)
}
