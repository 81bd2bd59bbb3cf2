import { type ClaimCheck, verificationOutcome } from "./guards.ts"
import type { Report } from "./report.ts"
import type { Verdict } from "./verdict.ts"

export interface RoundPromptInput {
  readonly objective: string
  readonly round: number
  readonly maxRounds: number
  /** The report of the last finished round; absent in round 1. */
  readonly previous: Report | undefined
  /** Set when the previous worker claimed completion and the claim's check failed. */
  readonly rejected?: ClaimCheck | undefined
  /** Set when the previous worker's claim passed the gate and a reviewer rejected it (issue 20). */
  readonly reviewRejected?: Verdict | undefined
  /** A person's answer to the previous worker's blocker (`--on-blocked ask`, `ralph answer`). */
  readonly answer?: string | undefined
}

/** Why a reviewer did not accept the previous claim, for the worker who must answer its findings. */
const reviewRejection = (verdict: Verdict): string =>
  [
    "The previous worker reported the objective complete, and a reviewer (another agent, which read the",
    "objective, that report, the run's diff and the verification) rejected the claim. Its findings are a",
    "model's opinion: check each against the workspace, fix what holds, and do not report completion",
    "until they are answered. The findings:",
    ...verdict.findings.map((finding) => `- ${finding}`)
  ].join("\n")

const quoted = (command: ReadonlyArray<string>) => command.map((word) => JSON.stringify(word)).join(" ")

/** Why the previous claim of completion did not hold, for the worker who must make it hold. */
const rejection = (check: ClaimCheck): string => {
  if (check.protectedChanged.length > 0) {
    return [
      "The previous worker reported the objective complete, but the claim did not hold: it left protected",
      "files changed. These files must stay as they were when the run started; restore them (undo the",
      "edits, remove the ones that did not exist, or restore them from git) and do the work without",
      "changing them. Completion is not accepted while any of them differs:",
      ...check.protectedChanged.map((file) => `- ${file}`)
    ].join("\n")
  }
  const v = check.verification
  if (v === null) return "The previous worker reported the objective complete, but the claim did not hold."
  return [
    "The previous worker reported the objective complete, but the claim did not hold: the check",
    `\`${quoted(v.command)}\` ${
      verificationOutcome(v)
    }. Find out why and fix the work (not the check). The end of its output:`,
    "",
    "```",
    v.outputTail,
    "```"
  ].join("\n")
}

const handoff = (previous: Report | undefined): string =>
  previous === undefined
    ? "This is the first round: no earlier worker has reported. Start by looking at the workspace."
    : [
      "The previous worker left this report. It is a claim, not a fact: confirm it against the",
      "workspace before you build on it.",
      "",
      JSON.stringify(previous, null, 2)
    ].join("\n")

/**
 * What every round of a run is told first, word for word: the fixed instructions and the objective.
 * Only what changes between rounds (the round number, the handoff) comes after it, so a provider's
 * prompt cache can reuse this prefix in every round.
 */
const stablePrefix = (objective: string): string =>
  [
    "You are one round of a Ralph loop: one fresh worker in a sequence of fresh workers, all pursuing",
    "the same objective. You have no access to any parent conversation and you must not start",
    "another Ralph loop yourself.",
    "",
    "## Objective (verbatim; it does not change between rounds)",
    "",
    objective,
    "",
    "## The workspace is the memory",
    "",
    "The files in your working directory (and its git history, if any) are the source of truth.",
    "Inspect them first. Preserve the work already there. Make concrete changes that move the objective",
    "forward, and verify them (run the build, the tests, or whatever check fits) before you report.",
    "",
    "## Your report",
    "",
    "End with one JSON object, your structured report, with exactly these five keys:",
    "- \"status\": \"continue\" (more work remains), \"complete\" (the objective is met), or \"blocked\"",
    "  (you cannot proceed without something outside the workspace).",
    "- \"summary\": one non-empty string saying what you did this round.",
    "- \"evidence\": strings naming what you checked and how (commands run, results seen).",
    "- \"nextSteps\": strings naming what the next worker should do.",
    "- \"blocker\": a string; empty unless the status is \"blocked\".",
    "Rules: continue needs at least one nextSteps item and an empty blocker; complete needs at least one",
    "evidence item, no nextSteps and an empty blocker; blocked needs a non-empty blocker. No string may",
    "start or end with whitespace, and no summary, evidence or nextSteps item may be empty. Keep the",
    "report small: it is the only thing the next worker receives from you. A report that breaks a rule",
    "stops the whole loop."
  ].join("\n")

/** The whole of what a fresh child is told; it remembers nothing else. */
export const roundPrompt = (
  { answer, maxRounds, objective, previous, rejected, reviewRejected, round }: RoundPromptInput
): string =>
  [
    stablePrefix(objective),
    "",
    "## This round",
    "",
    `You are round ${round} of ${maxRounds}.`,
    "",
    "## Handoff",
    "",
    handoff(previous),
    ...(rejected === undefined ? [] : ["", "## The previous claim did not hold", "", rejection(rejected)]),
    ...(reviewRejected === undefined
      ? []
      : ["", "## The previous claim was rejected by a reviewer", "", reviewRejection(reviewRejected)]),
    ...(answer === undefined ? [] : ["", "## A person's answer to the blocker", "", answered(previous, answer)])
  ].join("\n")

/** The blocker the previous worker reported, and what a person answered it. */
const answered = (previous: Report | undefined, answer: string): string =>
  [
    "The previous worker stopped, blocked on:",
    "",
    fenced(previous?.blocker ?? ""),
    "",
    "A person (not a worker) answered it. Their answer, as they wrote it:",
    "",
    fenced(answer),
    "",
    "Take the answer into account and go on with the objective."
  ].join("\n")

/** Text a person or a worker wrote, fenced so that no line of it reads as this prompt's own. */
const fenced = (text: string): string => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = "`".repeat(longest + 1)
  return `${fence}text\n${text}\n${fence}`
}

/**
 * A round's prompt with the notes people left for it (`ralph note`), after the handoff: each
 * handed to one child, the first to start after it was written.
 */
export const withNotes = (prompt: string, notes: ReadonlyArray<string>): string =>
  notes.length === 0 ? prompt : [
    prompt,
    "",
    notes.length === 1 ? "## A note from a person" : "## Notes from a person",
    "",
    "A person (not a worker) left guidance for this round, as they wrote it:",
    ...notes.flatMap((note) => ["", fenced(note)])
  ].join("\n")
