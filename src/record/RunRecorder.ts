/**
 * The record of a run: its events written to the run store as journal entries, each committed before
 * the run goes on (a crash of ralph loses none; see each store for when they reach the disk). The Ralph service records every run this way when it is given a RunStore.
 */
import { Effect } from "effect"
import { hostname } from "node:os"
import { recordable } from "../domain/agentRecord.ts"
import { Cancelled, type StateUnavailable } from "../domain/errors.ts"
import type { RunEvent } from "../domain/events.ts"
import { entryOf, failedEntry, isRecordedAsIs, startEntry } from "../domain/journal.ts"
import type { AgentConfig } from "../domain/settings.ts"
import { version } from "../version.ts"
import type { LockHandle } from "../workspace/WorkspaceLock.ts"
import type { RunJournal, RunStore } from "./RunStore.ts"

export interface RecordContext {
  readonly store: RunStore["Service"]
  readonly lock: LockHandle
  /** The agent's settings, kept (without env values) so a resume can start the same agent. */
  readonly agent: AgentConfig
  /** The fallback agents' settings by name, kept the same way. */
  readonly agents?: Readonly<Record<string, AgentConfig>>
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
      yield* journal.append(startEntry(event, {
        agent: recordable(context.agent),
        ...(context.agents === undefined ? {} : {
          agents: Object.fromEntries(Object.entries(context.agents).map(([name, agent]) => [name, recordable(agent)]))
        }),
        gitHead: context.gitHead,
        pid: process.pid,
        host: hostname(),
        version
      }))
      return
    }
    if (journal === undefined) return
    if (isRecordedAsIs(event)) {
      // RoundStarted is committed before the child is spawned, so agentsStarted never misses a child
      // a crash left unrecorded; its pid follows once it runs.
      if ("transcript" in event && event.transcript !== undefined) {
        yield* journal.keepOutput(event.round, event.attempt, event.transcript)
      }
      return yield* journal.append(entryOf(event))
    }
    // RunFailed: the program cannot see which signal cancelled it; its caller can.
    const signal = context.signal()
    const error = event.error._tag === "Cancelled" && signal !== undefined && event.error.signal === undefined
      ? new Cancelled({ ...(event.error.round === undefined ? {} : { round: event.error.round }), signal })
      : event.error
    return yield* journal.append(failedEntry(error))
  })
}
