import { Effect } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { InvalidArguments } from "../../domain/errors.ts"
import { isLive } from "../../domain/runView.ts"
import { escapeLine } from "../../domain/terminalText.ts"
import { Checkpoints } from "../../workspace/checkpoints.ts"
import { defaultLockDir, WorkspaceLock } from "../../workspace/WorkspaceLock.ts"
import { withFoundRun } from "../findRun.ts"
import { readFlags, runIdArgument } from "../flags.ts"
import { printRead } from "../present/print.ts"
import { checkpointAt, gitProblem, someCheckpoints } from "../runCheckpoints.ts"
import { loadLocation } from "../settings.ts"

const round = Argument.Int("round").pipe(
  Argument.withDescription("The checkpoint to restore: the round it ended (0: the workspace as the run started)")
)

const force = Flag.Boolean("force").pipe(
  Flag.withDescription("Restore even when the workspace has changes no checkpoint of the run holds (they are lost)"),
  Flag.withDefault(false)
)

/**
 * `ralph restore RUN ROUND`: the workspace's files as the checkpoint holds them. Refused while the
 * run (or any run in the workspace: its lock is held for the restore) is running, and when the
 * workspace holds changes of no checkpoint of the run, unless --force. HEAD, branches and the
 * index stay as they are.
 */
export const restore = Command.make(
  "restore",
  { ...readFlags, force, runId: runIdArgument, round },
  (flags) =>
    printRead(
      flags.json,
      Effect.scoped(Effect.gen(function*() {
        const location = yield* loadLocation(flags, process.env)
        const view = yield* withFoundRun(location, flags.runId, (store, runId) => store.read(runId))
        if (isLive(view.state)) {
          return yield* new InvalidArguments({
            argument: "runId",
            problem: `run ${view.started.runId} is running (pid ${view.ownerPid}); restore it once it has ended`
          })
        }
        const found = yield* someCheckpoints(view)
        const target = yield* checkpointAt(view, found, flags.round)
        // No run starts in the workspace while its files are written back.
        yield* WorkspaceLock.make(defaultLockDir()).acquire(found.workspace, undefined)
        const checkpoints = Checkpoints.make()
        const current = yield* checkpoints.currentTree(found.workspace).pipe(
          Effect.mapError(gitProblem(found.workspace))
        )
        if (!flags.force && !found.checkpoints.some((c) => c.tree === current)) {
          return yield* new InvalidArguments({
            argument: "--force",
            problem: `the workspace ${
              escapeLine(found.workspace)
            } has changes that no checkpoint of run ${view.started.runId} holds; stash them (git stash -u, which takes untracked files too) or pass --force to lose them`
          })
        }
        yield* checkpoints.restore(found.workspace, target.commit, current).pipe(
          Effect.mapError(gitProblem(found.workspace))
        )
        return { runId: view.started.runId, round: target.round, commit: target.commit, workspace: found.workspace }
      })),
      (r) =>
        `restored ${escapeLine(r.workspace)} to run ${r.runId}'s checkpoint ${r.round} (${
          r.commit.slice(0, 12)
        }); HEAD, branches and the index are unchanged`,
      (r) => ({ restored: { runId: r.runId, round: r.round, commit: r.commit } })
    )
).pipe(
  Command.withDescription("Put the workspace's files back as a checkpoint of a run holds them (never git history)")
)
