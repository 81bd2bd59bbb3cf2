/**
 * A fleet run's changes for its reviewer (issue 20): from the commit its branch started on to the
 * claiming round's commit. One commit per round on the branch, so round N's commit less N
 * commits is the start.
 */
import { Effect } from "effect"
import type { ReviewDiff } from "../domain/reviewPrompt.ts"
import { maxPatchBytes } from "./checkpoints.ts"
import { defaultGitBounds } from "./git.ts"
import type { RunClone } from "./runBranch.ts"
import { gitOk } from "./runGitDir.ts"

export const branchDiff = (clone: RunClone, round: number, commit: string | undefined): Effect.Effect<ReviewDiff> => {
  if (commit === undefined) {
    // The round was committed by a worker before this one (it took the run over after the round).
    return Effect.succeed({
      _tag: "Unavailable",
      problem: `round ${round}'s commit was made by another worker; see ${clone.branch} of ${clone.repo}`
    })
  }
  const from = `${commit}~${round}`
  const diff = (stat: boolean) =>
    gitOk({ gitDir: clone.gitDir, bounds: { ...defaultGitBounds, maxOutputBytes: maxPatchBytes } }, [
      "diff",
      "--no-textconv",
      "--no-ext-diff",
      "--no-color",
      ...(stat ? ["--stat"] : []),
      from,
      commit,
      "--"
    ])
  return Effect.gen(function*() {
    const stat = yield* diff(true)
    const patch = yield* diff(false).pipe(Effect.catchTag("GitFailed", () => Effect.succeed(undefined)))
    return { _tag: "Diff", stat, patch, command: `git diff ${from} ${commit}` } satisfies ReviewDiff
  }).pipe(
    Effect.catchTag("GitFailed", (error) => Effect.succeed<ReviewDiff>({ _tag: "Unavailable", problem: error.message }))
  )
}
