/**
 * Where an unfinished run stands, to continue it: given by hand, or read from the run's record
 * (the record's view, src/domain/runView.ts), with what the interrupted invocation left behind.
 */
import type { ClaimCheck, Guards } from "../domain/guards.ts"
import type { RunResult } from "../domain/outcome.ts"
import type { Report } from "../domain/report.ts"
import type { RunView } from "../domain/runView.ts"
import type { RoundUsage, Usage } from "../domain/usage.ts"
import type { Verdict } from "../domain/verdict.ts"
import type { AttemptContext } from "./attempt.ts"
import type { LoopState } from "./execution.ts"

/** Where an unfinished run stands, to continue it. */
export interface Checkpoint {
  readonly runId: string
  readonly objective: string
  readonly maxRounds: number
  /** The last round that finished with a valid report (0 when none did). */
  readonly lastRound: number
  readonly lastReport: Report | undefined
  /** Children started by earlier invocations, retries included. */
  readonly agentsStarted: number
  /** Children counted against the run's cap by earlier invocations. */
  readonly counted: number
  /** The spend of the finished rounds. */
  readonly usage?: ReadonlyArray<RoundUsage>
  /** Set when the last finished round claimed completion and the claim's check failed. */
  readonly rejected?: ClaimCheck
  /** Finished rounds in a row, up to the last, that changed nothing in the workspace. */
  readonly stalled?: number
  /** What failed attempts of the next round spent in earlier invocations: it counts toward the caps. */
  readonly pendingUsage?: ReadonlyArray<Usage>
  /** The guards the run was started with (recorded with it); absent for runs recorded before guards existed. */
  readonly guards?: Guards
  /** Reviews that gave a verdict (issue 20), toward `maxReviews`. */
  readonly reviews?: number
  /** Set when the last finished round's claim passed the gate and its reviewer rejected it. */
  readonly reviewRejected?: Verdict
}

/** What a resume found of the interrupted run: the round that never finished, and its child's pid. */
export interface Dangling {
  readonly round: number | null
  readonly pid: number | null
  /** The last round the record holds as finished (see AttemptContext.recordedFinish). */
  readonly finished?: AttemptContext["recordedFinish"]
  /** What attempts of the round it runs next the record holds as stopped from outside (see AttemptContext.takeStopped). */
  readonly stopped?: ReadonlyArray<Usage>
}

/** A new run's starting point. */
export const newRun = (objective: string, maxRounds: number): Checkpoint => ({
  runId: "",
  objective,
  maxRounds,
  lastRound: 0,
  lastReport: undefined,
  agentsStarted: 0,
  counted: 0
})

/**
 * Where a recorded, unfinished run stands; `host` is this machine (a pid names a process on the
 * host that recorded it only).
 */
export const fromRecord = (
  view: RunView,
  host: string
): { readonly checkpoint: Checkpoint; readonly dangling: Dangling } => {
  const finished = view.lastFinished
  const checkpoint: Checkpoint = {
    runId: view.started.runId,
    objective: view.started.objective,
    maxRounds: view.started.maxRounds,
    lastRound: finished?.round ?? 0,
    lastReport: finished?.report,
    agentsStarted: view.agentsStarted,
    counted: finished?.round ?? 0,
    usage: view.usage,
    stalled: view.stalled,
    // The stopped ones are in no engine's record: the round's first attempt takes them (Dangling.stopped).
    pendingUsage: view.pendingUsage.slice(0, view.pendingUsage.length - view.stoppedUsage.length),
    ...(finished?.rejected === undefined ? {} : { rejected: finished.rejected }),
    ...(view.reviewsDone === 0 ? {} : { reviews: view.reviewsDone }),
    ...(finished?.reviewRejected === undefined ? {} : { reviewRejected: finished.reviewRejected }),
    ...(view.started.guards === undefined ? {} : { guards: view.started.guards })
  }
  const dangling: Dangling = {
    round: view.danglingRound,
    pid: view.ownerHost === null || view.ownerHost === host ? view.danglingPid : null,
    ...(finished === null ? {} : {
      finished: {
        round: finished.round,
        report: finished.report,
        usage: finished.usage,
        durationMs: finished.durationMs,
        ...(finished.changed === null ? {} : { changed: finished.changed })
      }
    }),
    ...(view.stoppedUsage.length === 0 ? {} : { stopped: view.stoppedUsage })
  }
  return { checkpoint, dangling }
}

/**
 * A checkpoint whose last report already ends the run (a crash between the last round and the
 * run's end) settles without starting anything.
 */
export const settledResult = ({ guards, lastReport, lastRound, maxRounds }: Checkpoint): RunResult | undefined => {
  // A guarded run's last round may leave a claim to check or a cap reached: its workflow settles it.
  if (lastReport === undefined || Object.keys(guards ?? {}).length > 0) return undefined
  if (lastReport.status !== "continue") {
    return { status: lastReport.status, roundsStarted: lastRound, report: lastReport }
  }
  if (lastRound >= maxRounds) {
    return { status: "budget-limited", limit: "rounds", roundsStarted: lastRound, report: lastReport }
  }
  return undefined
}

/** The loop's state as a checkpoint leaves it, before its workflow runs again. */
export const loopStateOf = (checkpoint: Checkpoint): LoopState => ({
  round: checkpoint.lastRound,
  last: checkpoint.lastReport,
  result: settledResult(checkpoint),
  usage: checkpoint.usage ?? [],
  stalled: checkpoint.stalled ?? 0,
  rejected: checkpoint.rejected
})
