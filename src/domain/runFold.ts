/**
 * The one fold of a run's record: its entries, in order, into the run's view — what `show`,
 * `watch`, `runs`, the MCP resources, a resume's checkpoint and the live view say of it, spend
 * included (by the one spend rule, src/domain/spend.ts). The live view folds the entries of the
 * events as they come; the record's readers fold the entries the store holds.
 */
import { Result, Schema } from "effect"
import { FailureReason } from "./errors.ts"
import type { JournalEntry, MessageEntry, NotificationEntry, RunStartedEntry } from "./journal.ts"
import type { Envelope } from "./outcome.ts"
import {
  isLive,
  type LimitWaitView,
  type RoundReview,
  type RoundView,
  type RunState,
  type RunView,
  type WaitView
} from "./runView.ts"
import { Spend } from "./spend.ts"
import type { RoundUsage, Usage } from "./usage.ts"

type RunFailedEntry = Extract<JournalEntry, { type: "run-failed" }>
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
  /** Reviewer children started: a review tried again starts another. */
  private reviewers = 0
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
        // A review tried again after a transient failure starts again under its number: one review.
        this.reviews = Math.max(this.reviews, entry.review)
        this.reviewers++
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
      agentsStarted: rounds.length + this.reviewers,
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
