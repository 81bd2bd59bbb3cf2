/**
 * The one spend rule. Every attempt of a round counts toward the round's spend: the one that
 * finished, and every one that ended without a report — failed, rejected, timed out, or stopped from
 * outside (a cancellation, the time budget). An attempt that said nothing makes its round's spend
 * unknown; an unknown is never zero. A round finished again (a resume after a crash) replaces its
 * spend, at the end, as it ran last. The workflow (for the caps and the result), the record's view
 * (`show`, `watch`, a resume's checkpoint) and the live view all keep their spend with this.
 */
import type { RunEvent } from "./events.ts"
import { costOf, roundSpend, type RoundUsage, tokensOf, type Usage } from "./usage.ts"

/** A quantity's sum over rounds: what the rounds that said it add up to, and how many did not say. */
export interface KnownSum {
  readonly known: number
  readonly unknownRounds: number
}

/** What the caps count: the cost and the tokens of every round so far. */
export interface SpendTotals {
  readonly cost: KnownSum
  readonly tokens: KnownSum
}

const nothing: SpendTotals = { cost: { known: 0, unknownRounds: 0 }, tokens: { known: 0, unknownRounds: 0 } }

const plus = (sum: KnownSum, value: number | undefined): KnownSum =>
  value === undefined
    ? { known: sum.known, unknownRounds: sum.unknownRounds + 1 }
    : { known: sum.known + value, unknownRounds: sum.unknownRounds }

/** The totals with one more round's spend. */
const withRound = (totals: SpendTotals, usage: Usage): SpendTotals => ({
  cost: plus(totals.cost, costOf(usage)),
  tokens: plus(totals.tokens, tokensOf(usage))
})

/** The totals of these rounds' spend, added in their order (as `knownSpend` adds them). */
export const totalsOf = <U extends Usage>(rounds: ReadonlyArray<U>): SpendTotals =>
  rounds.reduce<SpendTotals>(withRound, nothing)

export class Spend {
  /** Every finished round's spend, in the order they finished; one array, extended in place. */
  private readonly done: Array<RoundUsage>
  /** What the attempts of rounds not finished yet spent, by round. */
  private readonly open = new Map<number, Array<Usage>>()
  /** The finished rounds' totals, kept as they finish: the caps look at them every attempt. */
  private doneTotals: SpendTotals

  /**
   * From what earlier invocations spent: the finished rounds, and the attempts of an unfinished
   * round (the one a continued run runs next) that ended without a report.
   */
  constructor(
    finished: ReadonlyArray<RoundUsage> = [],
    pending?: { readonly round: number; readonly attempts: ReadonlyArray<Usage> }
  ) {
    this.done = [...finished]
    this.doneTotals = totalsOf(this.done)
    if (pending !== undefined && pending.attempts.length > 0) this.open.set(pending.round, [...pending.attempts])
  }

  /** An attempt of `round` that ended without a report; `undefined`: it said nothing of its spend. */
  attempt(round: number, usage: Usage | undefined): void {
    const attempts = this.open.get(round)
    if (attempts === undefined) this.open.set(round, [usage ?? {}])
    else attempts.push(usage ?? {})
  }

  /** The round's finishing attempt: its spend and its earlier attempts' make the round's. */
  finish(round: number, usage: Usage, durationMs: number, agents?: ReadonlyArray<string>): RoundUsage {
    const combined = roundSpend(round, [...(this.open.get(round) ?? []), usage], durationMs)
    const spent = agents === undefined || agents.length === 0 ? combined : { ...combined, agents: [...agents] }
    this.open.delete(round)
    // Rounds finish in order but after a crash: only a round not past the last can finish again.
    const last = this.done.at(-1)
    const again = last !== undefined && round <= last.round ? this.done.findIndex((r) => r.round === round) : -1
    if (again >= 0) this.done.splice(again, 1)
    this.done.push(spent)
    // A round finished again is rare (a resume): then the totals are added up again, in order.
    this.doneTotals = again >= 0 ? totalsOf(this.done) : withRound(this.doneTotals, spent)
    return spent
  }

  /**
   * A review of `round`'s claimed completion (issue 20): the reviewer is the round's child too, so
   * its spend (and its time) joins the round's; `undefined`: it said nothing, and the round's is unknown.
   */
  review(round: number, usage: Usage | undefined, durationMs: number): void {
    const index = this.done.findLastIndex((r) => r.round === round)
    if (index < 0) return this.attempt(round, usage)
    const { durationMs: before, round: _round, ...spent } = this.done[index]!
    this.done[index] = roundSpend(round, [spent, usage ?? {}], before + durationMs)
    // A review changes a finished round's spend: the totals are added up again (once a claim, not once an attempt).
    this.doneTotals = totalsOf(this.done)
  }

  /** The finished rounds' spend: the live array, which later rounds extend (a copy a round would be quadratic). */
  get finished(): ReadonlyArray<RoundUsage> {
    return this.done
  }

  /** What the attempts of `round` spent that ended without a report. */
  pending(round: number): ReadonlyArray<Usage> {
    return this.open.get(round) ?? []
  }

  /** Every round's spend so far: the finished rounds', then those of rounds with attempts but no finish yet. */
  soFar(): ReadonlyArray<RoundUsage> {
    if (this.open.size === 0) return this.done
    const open = [...this.open].map(([round, attempts]) => roundSpend(round, attempts, 0))
    return [...this.done, ...open]
  }

  /** The totals of `soFar()`, without adding up every round again (which would make a capped run quadratic). */
  totals(): SpendTotals {
    let totals = this.doneTotals
    for (const [round, attempts] of this.open) totals = withRound(totals, roundSpend(round, attempts, 0))
    return totals
  }
}

/** What an event of a run tells its spend (the live view and the service hear the events as they come). */
export const hearSpend = (spend: Spend, event: RunEvent): void => {
  switch (event._tag) {
    case "RoundFailed":
    case "RoundRejected":
    case "RoundStopped":
      return spend.attempt(event.round, event.usage)
    case "RoundFinished":
      spend.finish(event.round, event.usage, event.durationMs)
      return
    case "ReviewFinished":
    case "ReviewFailed":
      return spend.review(event.round, event.usage, event.durationMs)
  }
}
