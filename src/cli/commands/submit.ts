import { Effect, Option } from "effect"
import { Command, Flag } from "effect/cli"
import { SubagentProvider } from "../../agents/SubagentProvider.ts"
import { checkObjective, resolveArgs } from "../../domain/config.ts"
import { InvalidArguments, type RalphError, StateUnavailable } from "../../domain/errors.ts"
import { makeRunId } from "../../domain/runId.ts"
import { shapeOf } from "../../fleet/submission.ts"
import { failureMessage } from "../../sql/sqlMessage.ts"
import { checkRepo } from "../../workspace/runBranch.ts"
import { objectiveFlags, optionalString, runFlags } from "../flags.ts"
import { withFleetClient } from "../fleet.ts"
import * as lazy from "../lazy.ts"
import { printRead } from "../present/print.ts"
import { providersLayer } from "../providers.ts"
import { loadSettings } from "../settings.ts"
import { readObjective } from "./run.ts"

/** `--not-before`: an ISO 8601 time, as epoch milliseconds. */
const notBeforeOf = (given: Option.Option<string>): Effect.Effect<number | null, InvalidArguments> => {
  if (Option.isNone(given)) return Effect.succeed(null)
  const at = /^\d{4}-\d{2}-\d{2}/.test(given.value) ? Date.parse(given.value) : Number.NaN
  return Number.isNaN(at)
    ? Effect.fail(
      new InvalidArguments({
        argument: "--not-before",
        problem: `${given.value} is not an ISO 8601 time; give one such as 2026-12-24T06:00:00Z`
      })
    )
    : Effect.succeed(at)
}

export const submit = Command.make(
  "submit",
  {
    ...runFlags,
    ...objectiveFlags,
    repo: Flag.String("repo").pipe(
      Flag.withMetavar("URL"),
      Flag.withDescription("The git repository the run works on (any URL git accepts, a local path included)")
    ),
    base: optionalString(
      "base",
      "REF",
      "The branch or tag the run's branch starts from (default: the remote's default branch)"
    ),
    notBefore: optionalString("not-before", "TIME", "Hold the run until this ISO 8601 time")
  },
  (flags) =>
    printRead(
      flags.json,
      Effect.gen(function*(): Effect.fn.Return<{ readonly runId: string }, RalphError> {
        const objective = yield* Effect.flatMap(readObjective(flags.objective, flags.objectiveFile), checkObjective)
        const settings = yield* loadSettings(flags, process.env, flags)
        const resolved = yield* resolveArgs(
          { objective, maxRounds: Option.getOrUndefined(flags.maxRounds) },
          settings.config
        )
        // The agent must be one ralph knows, set up as far as the submitting side can tell.
        yield* SubagentProvider.use((providers) => providers.resolve(settings.config.subagentProvider)).pipe(
          Effect.provide(providersLayer(settings))
        )
        const notBefore = yield* notBeforeOf(flags.notBefore)
        const base = Option.getOrUndefined(flags.base)
        const { repo } = yield* checkRepo(flags.repo, base).pipe(
          Effect.catchTag(
            ["RepoUnusable", "GitFailed"],
            (error) => Effect.fail(new InvalidArguments({ argument: "--repo", problem: error.message }))
          ),
          Effect.catchTag(
            "BaseUnknown",
            (error) => Effect.fail(new InvalidArguments({ argument: "--base", problem: error.message }))
          )
        )
        const runId = yield* makeRunId
        yield* withFleetClient(settings, ({ engine, queue }) =>
          Effect.gen(function*() {
            yield* queue.submit({
              submission: {
                runId,
                objective: resolved.objective,
                maxRounds: resolved.maxRounds,
                repo,
                base: base ?? null,
                notBefore,
                submittedAt: Date.now()
              },
              shape: shapeOf(settings)
            })
            const { RalphRun } = yield* lazy.workflow
            yield* engine.execute(RalphRun, {
              executionId: runId,
              payload: { runId, objective: resolved.objective, maxRounds: resolved.maxRounds, from: null },
              discard: true
            })
          }).pipe(
            Effect.mapError((error) =>
              new StateUnavailable({ path: settings.stateDir, problem: failureMessage(error) })
            )
          ))
        return { runId }
      }),
      ({ runId }) => runId,
      (submitted) => submitted
    )
).pipe(
  Command.withDescription("Queue a run for the fleet's workers (ralph worker) and print its id; nothing runs here")
)
