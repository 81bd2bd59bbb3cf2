/**
 * The runs this service is driving, by id. The workflow is registered once, for every run; each
 * execution finds what its activities need here (its handle, events, limits) and tells it where the
 * run stands after each round, so the time budget can end the run on the last finished report.
 */
import { Effect, Ref, type Scope } from "effect"
import type { AttemptContext } from "./attempt.ts"
import type { LoopState } from "./workflow.ts"

/** One run being driven: what its activities need, and where it stands. */
export interface LiveRun extends AttemptContext {
  readonly progress: Ref.Ref<LoopState>
}

export interface LiveRuns {
  /** Holds the run for the scope: its execution finds it until the scope closes. */
  readonly hold: (runId: string, run: LiveRun) => Effect.Effect<void, never, Scope.Scope>
  /** The run's context; an execution of a run no one here drives is a defect (the engine ran it unasked). */
  readonly contextOf: (runId: string) => Effect.Effect<AttemptContext>
  /** Where the run stands after a round (also a replayed one). */
  readonly onRound: (runId: string, state: LoopState) => Effect.Effect<void>
}

export const makeLiveRuns = (): LiveRuns => {
  const live = new Map<string, LiveRun>()
  const find = (runId: string): Effect.Effect<LiveRun> =>
    Effect.suspend(() => {
      const found = live.get(runId)
      return found === undefined
        ? Effect.die(new Error(`ralph: run ${runId} is not being driven by this service`))
        : Effect.succeed(found)
    })
  return {
    hold: (runId, run) =>
      Effect.acquireRelease(
        Effect.sync(() => void live.set(runId, run)),
        () => Effect.sync(() => void live.delete(runId))
      ),
    contextOf: find,
    onRound: (runId, state) => Effect.flatMap(find(runId), (run) => Ref.set(run.progress, state))
  }
}
