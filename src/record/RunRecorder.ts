/**
 * The record of a run: its events written to the run store as journal entries, each committed before
 * the run goes on (a crash of ralph loses none; see each store for when they reach the disk). The Ralph service records every run this way when it is given a RunStore.
 */
import { Effect } from "effect"
import { hostname } from "node:os"
import { Cancelled, errorFields, type StateUnavailable } from "../domain/errors.ts"
import type { RunEvent } from "../domain/events.ts"
import { type AgentConfig, recordable } from "../domain/settings.ts"
import { version } from "../version.ts"
import type { LockHandle } from "../workspace/WorkspaceLock.ts"
import type { RunJournal, RunStore } from "./RunStore.ts"

export interface RecordContext {
  readonly store: RunStore["Service"]
  readonly lock: LockHandle
  /** The agent's settings, kept (without env values) so a resume can start the same agent. */
  readonly agent: AgentConfig
  readonly gitHead: string | null
  /** The signal that cancelled the run, when a signal did (only the process that got it knows). */
  readonly signal: () => "SIGINT" | "SIGTERM" | undefined
}

/** Writes a run's events to its journal, each committed before the run goes on. */
export const recordRun = (context: RecordContext): (event: RunEvent) => Effect.Effect<void, StateUnavailable> => {
  let journal: RunJournal | undefined
  return Effect.fnUntraced(function*(event: RunEvent) {
    if (event._tag === "RunStarted") {
      journal = yield* context.store.open(event.runId)
      yield* context.lock.setRunId(event.runId)
      if (event.resumedAfterRound === undefined) {
        yield* journal.append({
          type: "run-started",
          runId: event.runId,
          objective: event.objective,
          maxRounds: event.maxRounds,
          config: event.config,
          agent: recordable(context.agent),
          workspace: event.workspace,
          ...(event.guards === undefined ? {} : { guards: event.guards }),
          gitHead: context.gitHead,
          pid: process.pid,
          host: hostname(),
          version
        })
      } else {
        yield* journal.append({
          type: "run-resumed",
          afterRound: event.resumedAfterRound,
          rerunsRound: event.rerunsRound ?? null,
          stoppedStalePid: event.stoppedStalePid ?? null,
          pid: process.pid,
          host: hostname()
        })
      }
      return
    }
    if (journal === undefined) return
    switch (event._tag) {
      case "RoundStarted":
        // Committed before the child is spawned, so agentsStarted never misses a child a crash left
        // unrecorded; its pid follows once it runs.
        return yield* journal.append({ type: "round-started", round: event.round, attempt: event.attempt })
      case "ChildSpawned":
        return yield* journal.append({
          type: "child-spawned",
          round: event.round,
          attempt: event.attempt,
          pid: event.pid
        })
      case "RoundFinished":
        if (event.transcript !== undefined) yield* journal.keepOutput(event.round, event.attempt, event.transcript)
        return yield* journal.append({
          type: "round-finished",
          round: event.round,
          attempt: event.attempt,
          report: event.report,
          durationMs: event.durationMs,
          usage: event.usage,
          ...(event.workspace === undefined ? {} : { workspace: event.workspace }),
          ...(event.protectedChanged === undefined ? {} : { protectedChanged: event.protectedChanged }),
          ...(event.checkpoint === undefined ? {} : { checkpoint: event.checkpoint })
        })
      case "ClaimCheckStarted":
        return yield* journal.append({ type: "claim-check-started", round: event.round })
      case "ClaimChecked":
        return yield* journal.append({
          type: "claim-checked",
          round: event.round,
          check: event.check,
          holds: event.holds
        })
      case "RoundRejected":
        if (event.transcript !== undefined) yield* journal.keepOutput(event.round, event.attempt, event.transcript)
        return yield* journal.append({
          type: "round-rejected",
          round: event.round,
          attempt: event.attempt,
          kind: event.kind,
          problem: event.problem,
          durationMs: event.durationMs,
          usage: event.usage
        })
      case "RoundFailed":
        if (event.transcript !== undefined) yield* journal.keepOutput(event.round, event.attempt, event.transcript)
        return yield* journal.append({
          type: "round-failed",
          round: event.round,
          attempt: event.attempt,
          reason: event.reason,
          detail: event.detail,
          ...(event.stderrTail === undefined ? {} : { stderrTail: event.stderrTail }),
          ...(event.usage === undefined ? {} : { usage: event.usage }),
          durationMs: event.durationMs
        })
      case "RetryScheduled":
        return yield* journal.append({
          type: "retry",
          round: event.round,
          attempt: event.attempt,
          reason: event.reason,
          delayMs: event.delayMs
        })
      case "RunFinished":
        return yield* journal.append({ type: "run-finished", envelope: event.envelope })
      case "RunFailed": {
        // The program cannot see which signal cancelled it; its caller can.
        const signal = context.signal()
        const error = event.error._tag === "Cancelled" && signal !== undefined && event.error.signal === undefined
          ? new Cancelled({ ...(event.error.round === undefined ? {} : { round: event.error.round }), signal })
          : event.error
        return yield* journal.append({
          type: "run-failed",
          error: { _tag: error._tag, message: error.message, fields: errorFields(error) }
        })
      }
    }
  })
}
