/**
 * What a watcher of a run tells, as the run's own events: the steps a record shows that an
 * earlier look at it did not. `at` is when the step happened by the record (for the elapsed time
 * of a round that was already running when the watcher joined).
 */
import type { RunEvent } from "./events.ts"
import type { RoundView, RunView } from "./journal.ts"

export interface Followed {
  readonly event: RunEvent
  readonly at?: number
}

const ended = (runId: string, round: RoundView): RunEvent | undefined => {
  const common = { runId, round: round.round, attempt: round.attempt, durationMs: round.durationMs ?? 0 }
  switch (round.status) {
    case "finished":
      return round.report === null ? undefined : {
        _tag: "RoundFinished",
        ...common,
        report: round.report,
        usage: round.usage ?? {},
        // The record keeps whether the round changed the workspace; a watcher has no use for the fingerprint.
        ...(round.workspaceChanged === null ? {} : { workspace: { changed: round.workspaceChanged, fingerprint: "" } }),
        ...(round.protectedChanged === null ? {} : { protectedChanged: round.protectedChanged })
      }
    case "failed":
      return round.failure === null ? undefined : {
        _tag: "RoundFailed",
        ...common,
        reason: round.failure.reason,
        detail: round.failure.detail,
        // What the failed attempt spent, when it said: the watcher's totals count it as the run's do.
        ...(round.usage === null ? {} : { usage: round.usage })
      }
    case "malformed":
    case "oversized":
      return {
        _tag: "RoundRejected",
        ...common,
        kind: round.status,
        problem: round.problem ?? "",
        usage: round.usage ?? {}
      }
    case "running":
    case "interrupted":
    case "cancelled":
      // The run's end says what became of it; what a stopped attempt had spent counts now.
      return round.status === "running" || round.usage === null ? undefined : {
        _tag: "RoundStopped",
        runId,
        round: round.round,
        attempt: round.attempt,
        durationMs: round.durationMs ?? 0,
        usage: round.usage
      }
  }
}

/** The events between two views of one run's record (`before` undefined: the first look). */
export const followed = (before: RunView | undefined, after: RunView): ReadonlyArray<Followed> => {
  const runId = after.started.runId
  const events: Array<Followed> = []
  if (before === undefined) {
    events.push({
      event: {
        _tag: "RunStarted",
        runId,
        objective: after.started.objective,
        maxRounds: after.started.maxRounds,
        provider: after.started.config.subagentProvider,
        config: after.started.config,
        guards: after.started.guards ?? {},
        workspace: after.started.workspace
      },
      at: Date.parse(after.started.t)
    })
  }
  after.rounds.forEach((round, i) => {
    const earlier = before?.rounds[i]
    if (earlier === undefined) {
      events.push({
        event: { _tag: "RoundStarted", runId, round: round.round, attempt: round.attempt },
        at: Date.parse(round.startedAt)
      })
    }
    if (earlier === undefined || earlier.status === "running") {
      const end = ended(runId, round)
      if (end !== undefined) events.push({ event: end })
    }
  })
  return events
}
