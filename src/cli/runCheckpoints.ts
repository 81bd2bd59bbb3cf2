/**
 * A recorded run's checkpoints, for the commands that read or restore them: the run's workspace
 * (from its record) and the refs its repository holds, with git's failures said as ralph's errors.
 */
import { Effect } from "effect"
import { InvalidArguments, StateUnavailable } from "../domain/errors.ts"
import type { RunView } from "../domain/runView.ts"
import { type Checkpoint, Checkpoints, type RestoreFailed } from "../workspace/checkpoints.ts"
import type { GitFailed } from "../workspace/git.ts"

/** ralph's git in the run's workspace failed: said against the workspace. */
export const gitProblem = (workspace: string) => (error: GitFailed | RestoreFailed) =>
  new StateUnavailable({ path: workspace, problem: error.message })

export interface RunCheckpoints {
  readonly workspace: string
  readonly checkpoints: ReadonlyArray<Checkpoint>
}

/** The run's checkpoints (none: outside git, recorded before checkpoints, or pruned). */
export const runCheckpoints = (view: RunView): Effect.Effect<RunCheckpoints, StateUnavailable> => {
  const workspace = view.started.workspace
  return Checkpoints.make().list(workspace, view.started.runId).pipe(
    Effect.map((checkpoints) => ({ workspace, checkpoints })),
    Effect.mapError(gitProblem(workspace))
  )
}

/** The run's checkpoints, failing by name when it has none. */
export const someCheckpoints = (view: RunView): Effect.Effect<RunCheckpoints, StateUnavailable | InvalidArguments> =>
  Effect.flatMap(runCheckpoints(view), (found) =>
    found.checkpoints.length > 0 ? Effect.succeed(found) : Effect.fail(
      new InvalidArguments({
        argument: "runId",
        problem: `run ${view.started.runId} has no checkpoints in ${found.workspace}: its workspace is not in git, ` +
          "it was recorded before ralph kept checkpoints, or they were pruned"
      })
    ))

/** The checkpoint after round `round`, failing by name (with the rounds there are) when there is none. */
export const checkpointAt = (
  view: RunView,
  found: RunCheckpoints,
  round: number
): Effect.Effect<Checkpoint, InvalidArguments> => {
  const checkpoint = found.checkpoints.find((c) => c.round === round)
  return checkpoint !== undefined ? Effect.succeed(checkpoint) : Effect.fail(
    new InvalidArguments({
      argument: "round",
      problem: `run ${view.started.runId} has no checkpoint of round ${round}; it has ${
        found.checkpoints.map((c) => c.round).join(", ")
      } (0 is the workspace as the run started)`
    })
  )
}

/** How many file lines of a round's diffstat `show` prints, and how many rounds it reads. */
const statFiles = 10
const statRounds = 200

/** A diffstat cut to its first files and its summary line. */
const boundedStat = (stat: string): string => {
  const lines = stat.trimEnd().split("\n")
  if (lines.length <= statFiles + 1) return lines.join("\n")
  return [...lines.slice(0, statFiles), ` … ${lines.length - 1 - statFiles} more files`, lines[lines.length - 1]!]
    .join("\n")
}

/**
 * Each round's diffstat (checkpoint N-1 to N), for `ralph show`: the last rounds only, each cut to
 * its first files; none when git fails (show still shows the record).
 */
export const roundDiffstats = (view: RunView): Effect.Effect<ReadonlyMap<number, string>> =>
  Effect.gen(function*() {
    const { checkpoints, workspace } = yield* runCheckpoints(view)
    const byRound = new Map(checkpoints.map((c) => [c.round, c.commit]))
    const stats = new Map<number, string>()
    const service = Checkpoints.make()
    for (const c of checkpoints.slice(-statRounds)) {
      const before = byRound.get(c.round - 1)
      if (before === undefined) continue
      const stat = yield* service.diff(workspace, before, c.commit, true)
      stats.set(c.round, stat.trim() === "" ? "no file changed" : boundedStat(stat))
    }
    return stats
  }).pipe(Effect.orElseSucceed(() => new Map<number, string>()))
