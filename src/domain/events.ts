/**
 * What a run reports as it goes, one Schema per event: for progress lines, the record and observers.
 * The record's entries are derived from these schemas (src/domain/journal.ts), not written again.
 */
import { Schema } from "effect"
import { FailureReason, RalphError } from "./errors.ts"
import { ClaimCheck, Guards } from "./guards.ts"
import { Envelope } from "./outcome.ts"
import { Report } from "./report.ts"
import { Usage } from "./usage.ts"
import { Verdict } from "./verdict.ts"

/** The deployment config a run is started with, as it is recorded. */
export const RunConfig = Schema.Struct({
  subagentProvider: Schema.String,
  maxRounds: Schema.Int,
  maxHandoffChars: Schema.Int,
  maxResultChars: Schema.Int
})

/** What a child printed (bounded): kept beside the record, never in an entry. */
const Transcript = Schema.Struct({ stdout: Schema.String, stderr: Schema.String })

export const RunStarted = Schema.TaggedStruct("RunStarted", {
  runId: Schema.String,
  objective: Schema.String,
  maxRounds: Schema.Int,
  provider: Schema.String,
  config: RunConfig,
  workspace: Schema.String,
  /** What the run is held to beyond its rounds (caps, stall guard, claim checks), with the protected files' baseline. */
  guards: Schema.optionalKey(Guards),
  /** A new run's protect patterns that decided no path at its start: a warning (they may name files a worker will create); not recorded. */
  protectUnmatched: Schema.optionalKey(Schema.Array(Schema.String)),
  /** Set when an unfinished run is continued: the round it continues from. */
  resumedAfterRound: Schema.optionalKey(Schema.Int),
  /** A resumed run: the round that started and never finished, which runs again. */
  rerunsRound: Schema.optionalKey(Schema.Int),
  /** A resumed run: the child of the interrupted run that was still running, and was stopped. */
  stoppedStalePid: Schema.optionalKey(Schema.Int),
  /** The agents a round falls back to, in order, when its own is rate-limited or overloaded past the waits. */
  fallbackAgents: Schema.optionalKey(Schema.Array(Schema.String))
})

export type RunStarted = typeof RunStarted.Type

/** Published before the child is spawned (the record commits it first, so no child goes uncounted). */
export const RoundStarted = Schema.TaggedStruct("RoundStarted", {
  runId: Schema.String,
  round: Schema.Int,
  attempt: Schema.Int,
  /** How many of the run's notes (`ralph note`) this attempt's child is handed: the oldest not handed yet. */
  notes: Schema.optionalKey(Schema.Int),
  /** The agent the attempt runs, in a run with fallback agents (absent: the run's own). */
  agent: Schema.optionalKey(Schema.String)
})

/** The round's child runs: its pid (the leader of its process group), to stop it after a crash. */
export const ChildSpawned = Schema.TaggedStruct("ChildSpawned", {
  runId: Schema.String,
  round: Schema.Int,
  attempt: Schema.Int,
  pid: Schema.Int
})

export const RoundFinished = Schema.TaggedStruct("RoundFinished", {
  runId: Schema.String,
  round: Schema.Int,
  attempt: Schema.Int,
  report: Report,
  durationMs: Schema.Number,
  usage: Usage,
  /** Whether the round changed the workspace (its fingerprint before and after differ), and the fingerprint after. */
  workspace: Schema.optionalKey(Schema.Struct({ changed: Schema.Boolean, fingerprint: Schema.String })),
  /** Protected files that differ from the run's start after this round. */
  protectedChanged: Schema.optionalKey(Schema.Array(Schema.String)),
  /** The commit of the round's checkpoint, `refs/ralph/RUN_ID/ROUND` (absent: outside git, or recorded before checkpoints). */
  checkpoint: Schema.optionalKey(Schema.String),
  transcript: Schema.optionalKey(Transcript)
})

/** A claimed completion is being checked (protected files, then the verify command). */
export const ClaimCheckStarted = Schema.TaggedStruct("ClaimCheckStarted", {
  runId: Schema.String,
  round: Schema.Int
})

export const ClaimChecked = Schema.TaggedStruct("ClaimChecked", {
  runId: Schema.String,
  round: Schema.Int,
  check: ClaimCheck,
  /** Whether the claim held: no protected file changed and the verify command (if any) passed. */
  holds: Schema.Boolean
})

/** A reviewer child is started on a claimed completion the gate passed (issue 20); `review` counts the run's reviews. */
export const ReviewStarted = Schema.TaggedStruct("ReviewStarted", {
  runId: Schema.String,
  round: Schema.Int,
  review: Schema.Int,
  agent: Schema.String
})

/** The reviewer's verdict: `accept` ends the run complete, `reject` hands its findings to the next worker. */
export const ReviewFinished = Schema.TaggedStruct("ReviewFinished", {
  runId: Schema.String,
  round: Schema.Int,
  review: Schema.Int,
  agent: Schema.String,
  verdict: Verdict,
  durationMs: Schema.Number,
  /** What the reviewer spent: it counts toward the round's spend and the caps. */
  usage: Usage
})

/** The reviewer yielded no verdict (`failed`: its child failed) or one that breaks the rules (`malformed`): the run fails. */
export const ReviewFailed = Schema.TaggedStruct("ReviewFailed", {
  runId: Schema.String,
  round: Schema.Int,
  review: Schema.Int,
  agent: Schema.String,
  kind: Schema.Literals(["failed", "malformed"]),
  /** A failed child's reason. */
  reason: Schema.optionalKey(FailureReason),
  problem: Schema.String,
  durationMs: Schema.Number,
  usage: Schema.optionalKey(Usage),
  /** Set when the failure was transient and the review is tried again after this wait (the run's retry policy). */
  retryInMs: Schema.optionalKey(Schema.Number)
})

export const RoundFailed = Schema.TaggedStruct("RoundFailed", {
  runId: Schema.String,
  round: Schema.Int,
  attempt: Schema.Int,
  reason: FailureReason,
  detail: Schema.String,
  stderrTail: Schema.optionalKey(Schema.String),
  durationMs: Schema.Number,
  /** What the child reported spending before it failed (absent: unknown). */
  usage: Schema.optionalKey(Usage),
  /** What the child printed (bounded), when it ran far enough to print anything. */
  transcript: Schema.optionalKey(Transcript)
})

/** A child yielded a value that broke the report rules: the run ends with the matching error. */
export const RoundRejected = Schema.TaggedStruct("RoundRejected", {
  runId: Schema.String,
  round: Schema.Int,
  attempt: Schema.Int,
  /** The child's value broke the report rules (`malformed`) or the handoff bound (`oversized`). */
  kind: Schema.Literals(["malformed", "oversized"]),
  /** What was wrong, in words (the error's problem; for an oversized report, its size and the limit). */
  problem: Schema.String,
  durationMs: Schema.Number,
  usage: Usage,
  transcript: Schema.optionalKey(Transcript)
})

/**
 * An attempt stopped from outside before it ended (the run cancelled, its time budget spent): what
 * its child had reported spending by then, absent when it said nothing.
 */
export const RoundStopped = Schema.TaggedStruct("RoundStopped", {
  runId: Schema.String,
  round: Schema.Int,
  attempt: Schema.Int,
  durationMs: Schema.Number,
  usage: Schema.optionalKey(Usage)
})

export const RetryScheduled = Schema.TaggedStruct("RetryScheduled", {
  runId: Schema.String,
  round: Schema.Int,
  /** The attempt that will run next. */
  attempt: Schema.Int,
  reason: FailureReason,
  delayMs: Schema.Number
})

/**
 * A round reported blocked and the run waits for a person's answer (`--on-blocked ask`): since when
 * (ms; a resumed wait keeps its first start), and for how long at most.
 */
export const RunWaiting = Schema.TaggedStruct("RunWaiting", {
  runId: Schema.String,
  round: Schema.Int,
  blocker: Schema.String,
  since: Schema.Number,
  timeoutMs: Schema.optionalKey(Schema.Number)
})

/**
 * The round waits for a rate limit the agent said resets past the usual retry waits (--wait-limits),
 * durably: a crash during the wait resumes what is left of it. `until` (ISO 8601) is the reset plus
 * jitter, when the round's next attempt starts.
 */
export const LimitWait = Schema.TaggedStruct("LimitWait", {
  runId: Schema.String,
  round: Schema.Int,
  /** The attempt that will run after the wait. */
  attempt: Schema.Int,
  reason: FailureReason,
  resetAt: Schema.String,
  until: Schema.String
})

export const RunFinished = Schema.TaggedStruct("RunFinished", { runId: Schema.String, envelope: Envelope })

export const RunFailed = Schema.TaggedStruct("RunFailed", { runId: Schema.String, error: RalphError })

export const RunEvent = Schema.Union([
  RunStarted,
  RoundStarted,
  ChildSpawned,
  RoundFinished,
  ClaimCheckStarted,
  ClaimChecked,
  ReviewStarted,
  ReviewFinished,
  ReviewFailed,
  RoundFailed,
  RoundRejected,
  RoundStopped,
  RetryScheduled,
  RunWaiting,
  RunFinished,
  RunFailed,
  LimitWait
])
export type RunEvent = typeof RunEvent.Type
