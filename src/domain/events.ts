import type { RalphConfig } from "./config.ts"
import type { FailureReason, RalphError } from "./errors.ts"
import type { ClaimCheck, Guards } from "./guards.ts"
import type { Envelope } from "./outcome.ts"
import type { Report } from "./report.ts"
import type { Usage } from "./usage.ts"

/** What a run reports as it goes: for progress lines, journals and observers. */
export type RunEvent =
  | {
    readonly _tag: "RunStarted"
    readonly runId: string
    readonly objective: string
    readonly maxRounds: number
    readonly provider: string
    readonly config: RalphConfig
    readonly workspace: string
    /** What the run is held to beyond its rounds (caps, stall guard, claim checks), with the protected files' baseline. */
    readonly guards?: Guards
    /** A new run's protect patterns that decided no path at its start: a warning (they may name files a worker will create). */
    readonly protectUnmatched?: ReadonlyArray<string>
    /** Set when an unfinished run is continued: the round it continues from. */
    readonly resumedAfterRound?: number
    /** A resumed run: the round that started and never finished, which runs again. */
    readonly rerunsRound?: number
    /** A resumed run: the child of the interrupted run that was still running, and was stopped. */
    readonly stoppedStalePid?: number
  }
  | { readonly _tag: "RoundStarted"; readonly runId: string; readonly round: number; readonly attempt: number }
  | {
    readonly _tag: "ChildSpawned"
    readonly runId: string
    readonly round: number
    readonly attempt: number
    readonly pid: number
  }
  | {
    readonly _tag: "RoundFinished"
    readonly runId: string
    readonly round: number
    readonly attempt: number
    readonly report: Report
    readonly durationMs: number
    readonly usage: Usage
    /** Whether the round changed the workspace (its fingerprint before and after differ), and the fingerprint after. */
    readonly workspace?: { readonly changed: boolean; readonly fingerprint: string }
    /** Protected files that differ from the run's start after this round. */
    readonly protectedChanged?: ReadonlyArray<string>
    /** The commit of the round's checkpoint (`refs/ralph/RUN_ID/ROUND`), in a git workspace. */
    readonly checkpoint?: string
    readonly transcript?: { readonly stdout: string; readonly stderr: string }
  }
  | {
    /** A claimed completion is being checked (protected files, then the verify command). */
    readonly _tag: "ClaimCheckStarted"
    readonly runId: string
    readonly round: number
  }
  | {
    readonly _tag: "ClaimChecked"
    readonly runId: string
    readonly round: number
    readonly check: ClaimCheck
    /** Whether the claim held: no protected file changed and the verify command (if any) passed. */
    readonly holds: boolean
  }
  | {
    readonly _tag: "RoundFailed"
    readonly runId: string
    readonly round: number
    readonly attempt: number
    readonly reason: FailureReason
    readonly detail: string
    readonly stderrTail?: string
    readonly durationMs: number
    /** What the child reported spending before it failed, when it did. */
    readonly usage?: Usage
    /** What the child printed (bounded), when it ran far enough to print anything. */
    readonly transcript?: { readonly stdout: string; readonly stderr: string }
  }
  | {
    /** A child yielded a value that broke the report rules: the run ends with the matching error. */
    readonly _tag: "RoundRejected"
    readonly runId: string
    readonly round: number
    readonly attempt: number
    readonly kind: "malformed" | "oversized"
    /** What was wrong, in words (the error's problem; for an oversized report, its size and the limit). */
    readonly problem: string
    readonly durationMs: number
    readonly usage: Usage
    readonly transcript?: { readonly stdout: string; readonly stderr: string }
  }
  | {
    readonly _tag: "RetryScheduled"
    readonly runId: string
    readonly round: number
    /** The attempt that will run next. */
    readonly attempt: number
    readonly reason: FailureReason
    readonly delayMs: number
  }
  | { readonly _tag: "RunFinished"; readonly runId: string; readonly envelope: Envelope }
  | { readonly _tag: "RunFailed"; readonly runId: string; readonly error: RalphError }
