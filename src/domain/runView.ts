/**
 * What a run's record says of it — its state, rounds, spend, waits, the final envelope — as the
 * one fold of its entries (src/domain/runFold.ts) gives it to `show`, `watch`, `runs`, the MCP
 * resources, a resume's checkpoint, the live view and the dashboard.
 */
import type { FailureReason } from "./errors.ts"
import type { ClaimCheck } from "./guards.ts"
import type { MessageEntry, NotificationEntry, RunStartedEntry } from "./journal.ts"
import type { Envelope } from "./outcome.ts"
import type { Report } from "./report.ts"
import type { RoundUsage, Usage } from "./usage.ts"
import type { Verdict } from "./verdict.ts"

/** Every state a run can be in. */
export const runStates = [
  "running",
  "waiting",
  "complete",
  "blocked",
  "budget-limited",
  "failed",
  "cancelled",
  "interrupted"
] as const
export type RunState = (typeof runStates)[number]

export interface RoundView {
  readonly round: number
  readonly attempt: number
  /** When the attempt started (its round-started entry's time). */
  readonly startedAt: string
  readonly pid: number | null
  /** The agent that ran the attempt, in a run with fallback agents; null otherwise (the run's own). */
  readonly agent: string | null
  /**
   * `interrupted`: ralph itself stopped mid-round (a crash, SIGKILL); `cancelled`: the run was
   * cancelled and the child stopped; `malformed`/`oversized`: its report was rejected (see `problem`).
   */
  readonly status: "running" | "finished" | "failed" | "interrupted" | "cancelled" | "malformed" | "oversized"
  readonly report: Report | null
  readonly durationMs: number | null
  readonly usage: Usage | null
  readonly failure: { readonly reason: FailureReason; readonly detail: string } | null
  /** What was wrong with a rejected report. */
  readonly problem: string | null
  /** Whether the round changed the workspace; null when not recorded. */
  readonly workspaceChanged: boolean | null
  /** Protected files that differed from the run's start after the round; null when not recorded. */
  readonly protectedChanged: ReadonlyArray<string> | null
  /** The commit of the round's checkpoint (`refs/ralph/RUN_ID/ROUND`); null outside git or when not recorded. */
  readonly checkpoint: string | null
  /** The check of the round's claimed completion: running, or its result (and whether the claim held). */
  readonly claim:
    | { readonly status: "checking" | "interrupted" }
    | { readonly status: "held" | "rejected"; readonly check: ClaimCheck }
    | null
  /** The review of the round's claimed completion (issue 20), when one was started. */
  readonly review?: RoundReview
}

/** A review as the record tells it: going on, cut short, its verdict, or why it gave none. */
export type RoundReview =
  | { readonly status: "reviewing" | "interrupted"; readonly agent: string }
  | {
    readonly status: "accepted" | "rejected"
    readonly agent: string
    readonly verdict: Verdict
    readonly durationMs: number
    readonly usage: Usage
  }
  | { readonly status: "failed" | "malformed"; readonly agent: string; readonly problem: string }

/** What a journal says about its run, derived from the entries alone. */
export interface RunView {
  readonly started: RunStartedEntry
  readonly state: RunState
  readonly rounds: ReadonlyArray<RoundView>
  /**
   * The last round that finished with a valid report: that report, what its attempt spent and took,
   * whether it changed the workspace (null when not recorded), and `rejected` when it claimed
   * completion and the claim's check failed (the next round is told why).
   */
  readonly lastFinished:
    | {
      readonly round: number
      readonly report: Report
      readonly usage: Usage
      readonly durationMs: number
      readonly changed: boolean | null
      readonly rejected?: ClaimCheck
      /** Set when its claim passed the gate and a reviewer rejected it (the next round is told the findings). */
      readonly reviewRejected?: Verdict
    }
    | null
  /** Reviews the run started (issue 20), every invocation's; each counts toward `maxReviews`. */
  readonly reviews: number
  /** Reviews that gave a verdict: what a resume counts toward `maxReviews` (one cut short runs again). */
  readonly reviewsDone: number
  /** The spend of every finished round. */
  readonly usage: ReadonlyArray<RoundUsage>
  /** Every round's spend so far: the finished rounds', then what the attempts of an unfinished one spent. */
  readonly spent: ReadonlyArray<RoundUsage>
  /** Finished rounds in a row, up to the last, recorded as changing nothing in the workspace. */
  readonly stalled: number
  /**
   * What the attempts of the round after the last finished one spent that ended without a report
   * (failed, rejected, stopped): a continued run counts it.
   */
  readonly pendingUsage: ReadonlyArray<Usage>
  /**
   * The last of `pendingUsage` that were stopped from outside, with no failure or rejection after
   * them: no engine holds a result for them (see AttemptContext.takeStopped).
   */
  readonly stoppedUsage: ReadonlyArray<Usage>
  /** Every child started, retries and every invocation included. */
  readonly agentsStarted: number
  readonly envelope: Envelope | null
  readonly error: { readonly _tag: string; readonly message: string; readonly fields: Record<string, unknown> } | null
  /** The pid of the child that was running when the journal stopped, if one was. */
  readonly danglingPid: number | null
  /** The round that had started but not finished when the journal stopped. */
  readonly danglingRound: number | null
  readonly lastTime: string
  /** The pid of the ralph process that wrote the latest run-started or run-resumed entry. */
  readonly ownerPid: number
  /** The machine of that process (and of its children), when the record says. */
  readonly ownerHost: string | null
  /** The notifications sent or failed, in order. */
  readonly notifications: ReadonlyArray<NotificationEntry>
  /**
   * The wait for a person's answer the run is in (`--on-blocked ask`): the blocked round, its
   * blocker, since when and for how long at most, and the answer once given (null until then).
   * Null once the run went on or ended.
   */
  readonly waiting: WaitView | null
  /** Every answer and note people gave the run, in order. */
  readonly messages: ReadonlyArray<MessageEntry>
  /** The notes not yet handed to a child, oldest first (the next child to start gets them). */
  readonly pendingNotes: ReadonlyArray<string>
  /**
   * The wait for a rate limit's reset the run is in (--wait-limits): its round, the attempt after it,
   * the reported reset and when the wait ends (ISO 8601); null once the next attempt started or the run
   * finished. A run cancelled or crashed during the wait keeps it: its resume goes on with it.
   */
  readonly limitWait: LimitWaitView | null
}

/** A run's wait for an answer, as its record says. */
export interface WaitView {
  readonly round: number
  readonly blocker: string
  /** When the wait began (ms). */
  readonly since: number
  readonly timeoutMs: number | null
  readonly answer: string | null
}

export interface LimitWaitView {
  readonly round: number
  readonly attempt: number
  readonly reason: FailureReason
  readonly resetAt: string
  readonly until: string
}

/** Whether a run in this state is being driven (a round going on, or a wait for an answer). */
export const isLive = (state: RunState): boolean => state === "running" || state === "waiting"

/** One line of `ralph runs`: what a listing says of a run, from its view or from a store's summary. */
export interface RunSummary {
  readonly runId: string
  readonly state: RunState
  /** Rounds that finished with a valid report. */
  readonly rounds: number
  readonly maxRounds: number
  readonly agent: string
  readonly objective: string
  readonly workspace: string
  readonly startedAt: string
  readonly updatedAt: string
}

export const summarize = (view: RunView): RunSummary => ({
  runId: view.started.runId,
  state: view.state,
  rounds: view.rounds.filter((r) => r.status === "finished").length,
  maxRounds: view.started.maxRounds,
  agent: view.started.config.subagentProvider,
  objective: view.started.objective,
  workspace: view.started.workspace,
  startedAt: view.started.t,
  updatedAt: view.lastTime
})
