/**
 * The one fold of a run's record: its entries, in order, into the run's view — what `show`,
 * `watch`, `runs`, the MCP resources, a resume's checkpoint and the live view say of it, spend
 * included (by the one spend rule, src/domain/spend.ts). The live view folds the entries of the
 * events as they come; the record's readers fold the entries the store holds.
 */
import { Result, Schema } from "effect"
import { FailureReason } from "./errors.ts"
import type { ClaimCheck } from "./guards.ts"
import type { JournalEntry, MessageEntry, NotificationEntry, RunStartedEntry } from "./journal.ts"
import type { Envelope } from "./outcome.ts"
import type { Report } from "./report.ts"
import { Spend } from "./spend.ts"
import type { RoundUsage, Usage } from "./usage.ts"
import type { Verdict } from "./verdict.ts"

type RunFailedEntry = Extract<JournalEntry, { type: "run-failed" }>

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

const timeBudgetCut = { reason: "time-budget", detail: "stopped when the run's time budget ran out" } as const

const decodeReason = Schema.decodeUnknownResult(FailureReason)

/**
 * What a run's error says of the round still running when it was written. A cancellation stopped
 * it. An error naming that round ended it: the time budget cuts a round without a round-failed
 * entry, and journals written before round-rejected existed name a rejected report only here.
 */
const endedRound = (error: RunFailedEntry["error"], round: number): Partial<RoundView> => {
  if (error._tag === "Cancelled") return { status: "cancelled" }
  const fields = error.fields
  if (fields.round !== round) return { status: "interrupted" }
  switch (error._tag) {
    case "RoundFailed": {
      const reason = decodeReason(fields.reason)
      return Result.isSuccess(reason) && typeof fields.detail === "string"
        ? { status: "failed", failure: { reason: reason.success, detail: fields.detail } }
        : { status: "interrupted" }
    }
    case "MalformedReport":
      return { status: "malformed", problem: error.message }
    case "OversizedReport":
      return { status: "oversized", problem: error.message }
    default:
      return { status: "interrupted" }
  }
}

const trailingUnchanged = (rounds: ReadonlyArray<RoundView>): number => {
  let count = 0
  for (const round of rounds.filter((r) => r.status === "finished").reverse()) {
    if (round.workspaceChanged !== false) break
    count++
  }
  return count
}

/**
 * A run's view, built entry by entry: `add` each entry in the record's order (the first one the
 * run's start), `view` at any point. The live view keeps one for the run it shows.
 */
export class RunFold {
  private readonly rounds: Array<RoundView> = []
  private readonly spend = new Spend()
  /** By round: its attempts stopped from outside since its last failure, rejection or finish. */
  private readonly stopped = new Map<number, Array<Usage>>()
  private lastFinished: RunView["lastFinished"] = null
  private envelope: Envelope | null = null
  private error: RunView["error"] = null
  private ownerPid: number
  private ownerHost: string | null
  private terminal = false
  private lastTime: string
  private readonly notifications: Array<NotificationEntry> = []
  private reviews = 0
  private reviewsDone = 0
  private waiting: WaitView | null = null
  private readonly messages: Array<MessageEntry> = []
  /** The run's notes, and how many of them children were handed. */
  private readonly notes: Array<string> = []
  private notesHanded = 0
  private limitWait: LimitWaitView | null = null
  /** By round not finished yet: the agent of each of its attempts, in a run with fallback agents. */
  private readonly attemptAgents = new Map<number, Array<string>>()

  constructor(readonly started: RunStartedEntry) {
    this.ownerPid = started.pid
    this.ownerHost = started.host ?? null
    this.lastTime = started.t
  }

  /** Every round's spend so far (see RunView.spent). */
  spentSoFar(): ReadonlyArray<RoundUsage> {
    return this.spend.soFar()
  }

  /** The finished rounds' spend (see RunView.usage). */
  spentFinished(): ReadonlyArray<RoundUsage> {
    return this.spend.finished
  }

  private current(): RoundView | undefined {
    return this.rounds.at(-1)
  }

  private replaceCurrent(patch: Partial<RoundView>): void {
    const last = this.current()
    if (last !== undefined) this.rounds[this.rounds.length - 1] = { ...last, ...patch }
  }

  private interruptClaims(): void {
    for (let i = 0; i < this.rounds.length; i++) {
      if (this.rounds[i]!.claim?.status === "checking") {
        this.rounds[i] = { ...this.rounds[i]!, claim: { status: "interrupted" } }
      }
    }
  }

  /** The claim check belongs to the round's finished attempt (a resume may check it again). */
  private replaceClaim(round: number, claim: RoundView["claim"]): void {
    const index = this.rounds.findLastIndex((r) => r.round === round && r.status === "finished")
    if (index >= 0) this.rounds[index] = { ...this.rounds[index]!, claim }
  }

  /** The review of the round's finished attempt (a resume may review it again). */
  private replaceReview(round: number, review: RoundReview): void {
    const index = this.rounds.findLastIndex((r) => r.round === round && r.status === "finished")
    if (index >= 0) this.rounds[index] = { ...this.rounds[index]!, review }
  }

  private interruptReviews(): void {
    for (let i = 0; i < this.rounds.length; i++) {
      const review = this.rounds[i]!.review
      if (review?.status === "reviewing") {
        this.rounds[i] = { ...this.rounds[i]!, review: { status: "interrupted", agent: review.agent } }
      }
    }
  }

  /** An attempt that ended without a report: it counts toward its round's spend. */
  private endedWithout(round: number, usage: Usage | undefined): void {
    this.spend.attempt(round, usage)
    this.stopped.delete(round)
  }

  add(entry: JournalEntry): void {
    this.lastTime = entry.t
    switch (entry.type) {
      case "run-started":
        return
      case "run-resumed":
        this.ownerPid = entry.pid
        this.ownerHost = entry.host ?? null
        this.terminal = false
        this.error = null
        if (this.current()?.status === "running") this.replaceCurrent({ status: "interrupted" })
        this.interruptReviews()
        return this.interruptClaims()
      case "round-started":
        this.waiting = null
        this.notesHanded = Math.min(this.notes.length, this.notesHanded + (entry.notes ?? 0))
        this.limitWait = null
        if (entry.agent !== undefined) {
          this.attemptAgents.set(entry.round, [...(this.attemptAgents.get(entry.round) ?? []), entry.agent])
        }
        if (this.current()?.status === "running") this.replaceCurrent({ status: "interrupted" })
        this.rounds.push({
          round: entry.round,
          attempt: entry.attempt,
          startedAt: entry.t,
          pid: entry.pid ?? null,
          agent: entry.agent ?? null,
          status: "running",
          report: null,
          durationMs: null,
          usage: null,
          failure: null,
          problem: null,
          workspaceChanged: null,
          protectedChanged: null,
          checkpoint: null,
          claim: null
        })
        return
      case "child-spawned":
        return this.replaceCurrent({ pid: entry.pid })
      case "round-finished":
        this.replaceCurrent({
          status: "finished",
          report: entry.report,
          durationMs: entry.durationMs,
          usage: entry.usage,
          workspaceChanged: entry.workspace?.changed ?? null,
          protectedChanged: entry.protectedChanged ?? null,
          checkpoint: entry.checkpoint ?? null
        })
        this.lastFinished = {
          round: entry.round,
          report: entry.report,
          usage: entry.usage,
          durationMs: entry.durationMs,
          changed: entry.workspace?.changed ?? null
        }
        this.spend.finish(entry.round, entry.usage, entry.durationMs, this.attemptAgents.get(entry.round))
        this.attemptAgents.delete(entry.round)
        this.stopped.delete(entry.round)
        return
      case "claim-check-started":
        return this.replaceClaim(entry.round, { status: "checking" })
      case "claim-checked":
        this.replaceClaim(entry.round, { status: entry.holds ? "held" : "rejected", check: entry.check })
        if (!entry.holds && this.lastFinished !== null && this.lastFinished.round === entry.round) {
          this.lastFinished = { ...this.lastFinished, rejected: entry.check }
        }
        return
      case "review-started":
        this.reviews++
        return this.replaceReview(entry.round, { status: "reviewing", agent: entry.agent })
      case "review-finished":
        this.reviewsDone++
        this.spend.review(entry.round, entry.usage, entry.durationMs)
        this.replaceReview(entry.round, {
          status: entry.verdict.verdict === "accept" ? "accepted" : "rejected",
          agent: entry.agent,
          verdict: entry.verdict,
          durationMs: entry.durationMs,
          usage: entry.usage
        })
        if (entry.verdict.verdict === "reject" && this.lastFinished?.round === entry.round) {
          this.lastFinished = { ...this.lastFinished, reviewRejected: entry.verdict }
        }
        return
      case "review-failed":
        this.spend.review(entry.round, entry.usage, entry.durationMs)
        return this.replaceReview(entry.round, { status: entry.kind, agent: entry.agent, problem: entry.problem })
      case "round-failed":
        this.endedWithout(entry.round, entry.usage)
        return this.replaceCurrent({
          status: "failed",
          durationMs: entry.durationMs,
          usage: entry.usage ?? null,
          failure: { reason: entry.reason, detail: entry.detail }
        })
      case "round-rejected":
        this.endedWithout(entry.round, entry.usage)
        return this.replaceCurrent({
          status: entry.kind,
          durationMs: entry.durationMs,
          usage: entry.usage,
          problem: entry.problem
        })
      case "round-stopped":
        this.spend.attempt(entry.round, entry.usage)
        this.stopped.set(entry.round, [...(this.stopped.get(entry.round) ?? []), entry.usage ?? {}])
        // Still running until the run's end says what stopped it (a cancellation, the time budget).
        return this.replaceCurrent({ durationMs: entry.durationMs, usage: entry.usage ?? null })
      case "retry":
        return
      case "limit-wait":
        this.limitWait = {
          round: entry.round,
          attempt: entry.attempt,
          reason: entry.reason,
          resetAt: entry.resetAt,
          until: entry.until
        }
        return
      case "notification":
        this.notifications.push(entry)
        return
      case "waiting":
        // A resumed wait is told again with its first start: the answer given meanwhile stays.
        this.waiting = {
          round: entry.round,
          blocker: entry.blocker,
          since: entry.since,
          timeoutMs: entry.timeoutMs ?? null,
          answer: this.waiting?.round === entry.round ? this.waiting.answer : this.answerFor(entry.round)
        }
        return
      case "answer":
        this.messages.push(entry)
        // The first answer to the round's blocker is the one the run goes on with.
        if (this.waiting !== null && this.waiting.round === entry.round && this.waiting.answer === null) {
          this.waiting = { ...this.waiting, answer: entry.text }
        }
        return
      case "note":
        this.messages.push(entry)
        this.notes.push(entry.text)
        return
      case "run-finished":
        this.envelope = entry.envelope
        this.terminal = true
        this.waiting = null
        this.limitWait = null
        // Only the time budget ends a run with a round still going: that round was cut.
        if (this.current()?.status === "running") this.replaceCurrent({ status: "failed", failure: timeBudgetCut })
        return
      case "run-failed": {
        this.error = entry.error
        this.terminal = true
        this.waiting = null
        const running = this.current()
        if (running?.status === "running") this.replaceCurrent(endedRound(entry.error, running.round))
        return
      }
    }
  }

  /** The first answer recorded for `round`'s blocker, if one. */
  private answerFor(round: number): string | null {
    const found = this.messages.find((m) => m.type === "answer" && m.round === round)
    return found === undefined ? null : found.text
  }

  /** The run's view so far; `isAlive` says whether the owner process still runs. */
  view(isAlive: (pid: number) => boolean): RunView {
    const { envelope, error, lastFinished } = this
    const state: RunState = envelope !== null
      ? envelope.result.status
      : error !== null
      ? error._tag === "Cancelled" ? "cancelled" : "failed"
      : !this.terminal && isAlive(this.ownerPid)
      ? this.waiting !== null && this.waiting.answer === null ? "waiting" : "running"
      : "interrupted"
    // A claim check marked as going on is only while the run is.
    const rounds = isLive(state) ?
      [...this.rounds] :
      this.rounds.map((round) => {
        const claim = round.claim?.status === "checking"
          ? { ...round, claim: { status: "interrupted" as const } }
          : round
        return claim.review?.status === "reviewing"
          ? { ...claim, review: { status: "interrupted" as const, agent: claim.review.agent } }
          : claim
      })
    const last = rounds.at(-1)
    const dangling = last !== undefined && last.status === "running"
    if (state === "interrupted" && dangling) rounds[rounds.length - 1] = { ...last, status: "interrupted" }
    const next = (lastFinished?.round ?? 0) + 1
    return {
      started: this.started,
      state,
      rounds,
      lastFinished,
      usage: [...this.spend.finished],
      spent: this.spend.soFar(),
      stalled: trailingUnchanged(rounds),
      pendingUsage: [...this.spend.pending(next)],
      stoppedUsage: [...(this.stopped.get(next) ?? [])],
      // Every child: the rounds' and the reviewers'.
      agentsStarted: rounds.length + this.reviews,
      reviews: this.reviews,
      reviewsDone: this.reviewsDone,
      envelope,
      error,
      danglingPid: dangling ? last.pid : null,
      danglingRound: dangling ? last.round : null,
      lastTime: this.lastTime,
      ownerPid: this.ownerPid,
      ownerHost: this.ownerHost,
      notifications: [...this.notifications],
      waiting: this.waiting,
      messages: [...this.messages],
      pendingNotes: this.notes.slice(this.notesHanded),
      limitWait: this.limitWait
    }
  }
}

/** Whether a run in this state is being driven (a round going on, or a wait for an answer). */
export const isLive = (state: RunState): boolean => state === "running" || state === "waiting"

/** The fold of a decoded journal (its first entry the run's start, as parseJournal holds it). */
export const foldRun = (entries: ReadonlyArray<JournalEntry>): RunFold => {
  const [first, ...rest] = entries
  // A decoded journal starts with run-started (parseJournal refuses one that does not).
  const fold = new RunFold(first as RunStartedEntry)
  for (const entry of rest) fold.add(entry)
  return fold
}

/** Folds a decoded journal into the run's view; `isAlive` says whether the owner process still runs. */
export const viewRun = (entries: ReadonlyArray<JournalEntry>, isAlive: (pid: number) => boolean): RunView =>
  foldRun(entries).view(isAlive)

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
