import { Effect } from "effect"
import { Cancelled, type StateUnavailable } from "../domain/errors.ts"
import type { RunEvent } from "../domain/events.ts"
import { type AgentConfig, recordable } from "../domain/settings.ts"
import type { RunJournal, RunStore } from "../services/RunStore.ts"
import type { LockHandle } from "../services/WorkspaceLock.ts"
import { version } from "../version.ts"
import { errorDocument } from "./output.ts"
import { session } from "./session.ts"

export interface JournalContext {
  readonly store: RunStore["Service"]
  readonly lock: LockHandle
  readonly agent: AgentConfig
  readonly gitHead: string | null
  /** For a resumed run: what the resume found and did before starting. */
  readonly resume?: { readonly rerunsRound: number | null; readonly stoppedStalePid: number | null }
}

/** Writes a run's events to its journal, each flushed before the run goes on. */
export const journalSink = (context: JournalContext): (event: RunEvent) => Effect.Effect<void, StateUnavailable> => {
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
          version
        })
      } else {
        yield* journal.append({
          type: "run-resumed",
          afterRound: event.resumedAfterRound,
          rerunsRound: context.resume?.rerunsRound ?? null,
          stoppedStalePid: context.resume?.stoppedStalePid ?? null,
          pid: process.pid
        })
      }
      return
    }
    if (journal === undefined) return
    switch (event._tag) {
      case "RoundStarted":
        // Flushed before the child is spawned, so agentsStarted never misses a child a crash left
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
          ...(event.protectedChanged === undefined ? {} : { protectedChanged: event.protectedChanged })
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
        // The program cannot see which signal cancelled it; the CLI can.
        const error =
          event.error._tag === "Cancelled" && session.signal !== undefined && event.error.signal === undefined
            ? new Cancelled({
              ...(event.error.round === undefined ? {} : { round: event.error.round }),
              signal: session.signal
            })
            : event.error
        const { _tag, message, ...fields } = errorDocument(error).error
        return yield* journal.append({
          type: "run-failed",
          error: { _tag: String(_tag), message: String(message), fields }
        })
      }
    }
  })
}
