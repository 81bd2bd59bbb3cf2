import { Effect, Option } from "effect"
import { Command } from "effect/cli"
import { readFileSync } from "node:fs"
import { checkObjective } from "../../domain/config.ts"
import { InvalidArguments } from "../../domain/errors.ts"
import { thrownMessage } from "../../domain/thrown.ts"
import { objectiveFlags, runFlags } from "../flags.ts"
import { invocation } from "../lazy.ts"
import { CliSession } from "../session.ts"
import { loadSettings } from "../settings.ts"

export const readObjective = (
  positional: Option.Option<string>,
  file: Option.Option<string>
): Effect.Effect<string, InvalidArguments> =>
  Effect.suspend(() => {
    if (Option.isSome(positional) && Option.isSome(file)) {
      return Effect.fail(
        new InvalidArguments({
          argument: "objective",
          problem: "give it either as an argument or with --objective-file, not both"
        })
      )
    }
    if (Option.isSome(positional)) return Effect.succeed(positional.value)
    if (Option.isNone(file)) {
      return Effect.fail(
        new InvalidArguments({
          argument: "objective",
          problem: "missing: pass it as an argument, or with --objective-file FILE (- reads stdin)"
        })
      )
    }
    try {
      return Effect.succeed(readFileSync(file.value === "-" ? 0 : file.value, "utf8"))
    } catch (error) {
      return Effect.fail(
        new InvalidArguments({
          argument: "--objective-file",
          problem: `cannot read ${file.value}: ${thrownMessage(error)}`
        })
      )
    }
  })

export const run = Command.make(
  "run",
  {
    ...runFlags,
    ...objectiveFlags
  },
  (flags) =>
    Effect.flatMap(invocation, ({ cliObservers, settle, withRalph }) =>
      settle(Effect.gen(function*() {
        const session = yield* CliSession
        session.output({ json: flags.json })
        // An empty objective is the first thing to say, before anything about the settings.
        const objective = yield* Effect.flatMap(readObjective(flags.objective, flags.objectiveFile), checkObjective)
        const settings = yield* loadSettings(flags, process.env, flags)
        session.output({ maxResultChars: settings.config.maxResultChars })
        return yield* withRalph(
          settings,
          (ralph) => ralph.run({ objective, maxRounds: Option.getOrUndefined(flags.maxRounds) }),
          cliObservers(session, settings, flags.quiet)
        )
      })))
).pipe(Command.withDescription("Run a Ralph loop on an objective until a worker reports it complete or blocked"))
