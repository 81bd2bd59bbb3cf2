import { Effect, Option } from "effect"
import { Argument, Command } from "effect/cli"
import { InvalidArguments, StateUnavailable } from "../../domain/errors.ts"
import { escapeBlock } from "../../domain/terminalText.ts"
import { Checkpoints } from "../../workspace/checkpoints.ts"
import { withFoundRun } from "../findRun.ts"
import { readFlags, runIdArgument } from "../flags.ts"
import { printRead } from "../present/print.ts"
import { checkpointAt, someCheckpoints } from "../runCheckpoints.ts"
import { loadLocation } from "../settings.ts"

const round = Argument.Int("round").pipe(
  Argument.withDescription(
    "The round whose changes to show (default: the whole run, from its start to its last checkpoint)"
  ),
  Argument.optional
)

/**
 * `ralph diff RUN [ROUND]`: the patch between two checkpoints. The patch is worker text: written as
 * it is to a pipe or file (so it applies), escaped on a terminal, where it must not drive the screen.
 */
export const diff = Command.make(
  "diff",
  { ...readFlags, runId: runIdArgument, round },
  (flags) =>
    printRead(
      flags.json,
      Effect.gen(function*() {
        const location = yield* loadLocation(flags, process.env)
        const view = yield* withFoundRun(location, flags.runId, (store, runId) => store.read(runId))
        if (Option.isSome(flags.round) && flags.round.value < 1) {
          return yield* new InvalidArguments({
            argument: "round",
            problem: `${flags.round.value}: rounds count from 1 (checkpoint 0 is the workspace as the run started)`
          })
        }
        const found = yield* someCheckpoints(view)
        const [from, to] = Option.isSome(flags.round)
          ? [
            yield* checkpointAt(view, found, flags.round.value - 1),
            yield* checkpointAt(view, found, flags.round.value)
          ]
          : [yield* checkpointAt(view, found, 0), found.checkpoints[found.checkpoints.length - 1]!]
        const patch = yield* Checkpoints.make().diff(found.workspace, from.commit, to.commit, false).pipe(
          Effect.mapError((error) =>
            new StateUnavailable({
              path: found.workspace,
              problem: `${error.message}; git itself shows it unbounded: git diff ${from.commit} ${to.commit}`
            })
          )
        )
        return { from: from.round, to: to.round, patch }
      }),
      ({ patch }) => process.stdout.isTTY ? escapeBlock(patch) : patch,
      (shown) => shown,
      { verbatim: true }
    )
).pipe(
  Command.withDescription("Show the patch a round made (or the whole run's), from the run's git checkpoints")
)
