/**
 * What a reviewer child is told (issue 20): the objective, the claimed report, the run's diff from
 * its start (bounded, truncation labelled) and the verify command's run, and how to answer. Like a
 * round's prompt, the fixed instructions and the objective come first.
 */
import { type Verification, verificationOutcome } from "./guards.ts"
import type { Report } from "./report.ts"

/** The run's changes as the reviewer gets them: a diff, or why there is none. */
export type ReviewDiff =
  | {
    readonly _tag: "Diff"
    /** `git diff --stat` from the run's start to the claimed round. */
    readonly stat: string
    /** The patch, or undefined when it was past git's own bound. */
    readonly patch: string | undefined
    /** The command that shows the whole patch, for a truncated one. */
    readonly command: string
  }
  | { readonly _tag: "NotGit" }
  | { readonly _tag: "Unavailable"; readonly problem: string }

export interface ReviewPromptInput {
  readonly objective: string
  readonly round: number
  readonly report: Report
  readonly diff: ReviewDiff
  /** The verify command's run that passed the claim, or null when no verify command is set. */
  readonly verification: Verification | null
  /** How many characters of the patch the prompt holds at most. */
  readonly maxDiffChars: number
}

/** The patch cut to `max` characters, the cut said in words at both ends of what is kept. */
export const boundedPatch = (patch: string, max: number, command: string): string => {
  if (patch.length <= max) return patch
  const label = `[diff truncated by ralph: the first ${max} of ${patch.length} characters are shown; ` +
    `the whole patch: ${command}]`
  return `${label}\n${patch.slice(0, max)}\n${label}`
}

const fence = (text: string): ReadonlyArray<string> => ["```", text.replaceAll("```", "`\u200b``"), "```"]

const diffSection = (diff: ReviewDiff, max: number): ReadonlyArray<string> => {
  switch (diff._tag) {
    case "NotGit":
      return [
        "The workspace is not a git repository, so ralph has no diff of the run (it records checkpoints in",
        "git only). Judge from the workspace's files themselves."
      ]
    case "Unavailable":
      return [`ralph could not produce the run's diff (${diff.problem}). Judge from the workspace's files themselves.`]
    case "Diff":
      return [
        "From the workspace as the run started (checkpoint 0) to the workspace as the claiming round left it.",
        "Files changed:",
        ...fence(diff.stat.trimEnd() === "" ? "(no file changed)" : diff.stat.trimEnd()),
        "The patch:",
        ...fence(
          diff.patch === undefined
            ? `[the patch is too large for ralph to read; see it with: ${diff.command}]`
            : boundedPatch(diff.patch, max, diff.command)
        )
      ]
  }
}

const verificationSection = (verification: Verification | null): ReadonlyArray<string> =>
  verification === null
    ? ["No verify command is set for this run: nothing but you checks this claim."]
    : [
      `The verify command \`${verification.command.join(" ")}\` ${
        verificationOutcome(verification)
      }. The end of its output:`,
      ...fence(verification.outputTail)
    ]

const stablePrefix = (objective: string): ReadonlyArray<string> => [
  "You are the reviewer of a Ralph loop: a sequence of fresh workers, each one round, pursuing one objective.",
  "A worker has reported the objective complete. Judge whether the claim stands: read the objective, the",
  "worker's report, the run's diff and the verification below, and inspect the workspace (your working",
  "directory) as much as you need. Do not change any file and do not start a Ralph loop yourself.",
  "",
  "## Objective (verbatim)",
  "",
  objective,
  "",
  "## Your verdict",
  "",
  "End with one JSON object with exactly these two keys:",
  "- \"verdict\": \"accept\" (the objective is met as it asks) or \"reject\" (it is not).",
  "- \"findings\": strings, each one concrete thing you found: for a reject, what is missing or wrong and",
  "  where, for the next worker to fix (at least one); for an accept, what you checked (may be empty).",
  "No string may be empty or start or end with whitespace. Keep it small. A verdict that breaks a rule",
  "stops the whole loop."
]

/** The whole of what a reviewer child is told. */
export const reviewPrompt = (input: ReviewPromptInput): string =>
  [
    ...stablePrefix(input.objective),
    "",
    `## The claim (round ${input.round}; the worker's own words, a claim, not a fact)`,
    "",
    JSON.stringify(input.report, null, 2),
    "",
    "## The run's diff",
    "",
    ...diffSection(input.diff, input.maxDiffChars),
    "",
    "## Verification",
    "",
    ...verificationSection(input.verification)
  ].join("\n")
