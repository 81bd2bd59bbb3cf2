import { Effect } from "effect"
import { InvalidArguments, InvalidConfig } from "./errors.ts"
import { defaults } from "./settings.ts"

/** Deployment configuration: fixed for a run once it starts. */
export interface RalphConfig {
  /** The agent every child of a run is started with. */
  readonly subagentProvider: string
  /** Default and ceiling of rounds per run. */
  readonly maxRounds: number
  /** Bound on a report's compact JSON serialization. */
  readonly maxHandoffChars: number
  /** Bound on rendered text (not on the envelope or the handoff). */
  readonly maxResultChars: number
}

export const defaultConfig: RalphConfig = {
  subagentProvider: defaults.subagentProvider,
  maxRounds: defaults.maxRounds,
  maxHandoffChars: defaults.maxHandoffChars,
  maxResultChars: defaults.maxResultChars
}

export type RalphConfigInput = { readonly [K in keyof RalphConfig]?: unknown }

const describe = (value: unknown): string =>
  typeof value === "string" ? JSON.stringify(value) : typeof value === "number" ? String(value) : typeof value

const positiveInteger = (key: keyof RalphConfig, value: unknown): Effect.Effect<number, InvalidConfig> =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0
    ? Effect.succeed(value)
    : Effect.fail(new InvalidConfig({ key, problem: `expected a positive safe integer, got ${describe(value)}` }))

const nonEmptyString = (key: keyof RalphConfig, value: unknown): Effect.Effect<string, InvalidConfig> => {
  const normalized = typeof value === "string" ? value.trim() : ""
  return normalized !== ""
    ? Effect.succeed(normalized)
    : Effect.fail(new InvalidConfig({ key, problem: `expected a non-empty string, got ${describe(value)}` }))
}

/** Validates a configuration, defaults filled in, whoever built it (a file, variables, or code). */
export const makeConfig = Effect.fn("makeConfig")(function*(
  input: RalphConfigInput = {}
): Effect.fn.Return<RalphConfig, InvalidConfig> {
  const pick = <K extends keyof RalphConfig>(key: K): unknown =>
    input[key] === undefined ? defaultConfig[key] : input[key]
  return {
    subagentProvider: yield* nonEmptyString("subagentProvider", pick("subagentProvider")),
    maxRounds: yield* positiveInteger("maxRounds", pick("maxRounds")),
    maxHandoffChars: yield* positiveInteger("maxHandoffChars", pick("maxHandoffChars")),
    maxResultChars: yield* positiveInteger("maxResultChars", pick("maxResultChars"))
  }
})

/** What one call asks for, before validation (hosts and models send anything). */
export interface RunArgs {
  readonly objective: unknown
  readonly maxRounds?: unknown
}

export interface ResolvedArgs {
  readonly objective: string
  readonly maxRounds: number
}

/** An objective as a run takes it: a string, trimmed, not empty. */
export const checkObjective = (raw: unknown): Effect.Effect<string, InvalidArguments> => {
  if (typeof raw !== "string") {
    return Effect.fail(new InvalidArguments({ argument: "objective", problem: "expected a string" }))
  }
  const objective = raw.trim()
  return objective === ""
    ? Effect.fail(new InvalidArguments({ argument: "objective", problem: "must not be empty" }))
    : Effect.succeed(objective)
}

/** Validates one call against the deployment config; nothing starts before this succeeds. */
export const resolveArgs = (args: RunArgs, config: RalphConfig): Effect.Effect<ResolvedArgs, InvalidArguments> =>
  Effect.flatMap(checkObjective(args.objective), (objective) => maxRoundsOf(objective, args, config))

const maxRoundsOf = (
  objective: string,
  args: RunArgs,
  config: RalphConfig
): Effect.Effect<ResolvedArgs, InvalidArguments> => {
  if (args.maxRounds === undefined) return Effect.succeed({ objective, maxRounds: config.maxRounds })
  const rounds = args.maxRounds
  if (typeof rounds !== "number" || !Number.isSafeInteger(rounds) || rounds < 1) {
    return Effect.fail(
      new InvalidArguments({ argument: "maxRounds", problem: `expected a positive integer, got ${describe(rounds)}` })
    )
  }
  if (rounds > config.maxRounds) {
    return Effect.fail(
      new InvalidArguments({
        argument: "maxRounds",
        problem: `${rounds} is above this deployment's ceiling of ${config.maxRounds} (maxRounds)`
      })
    )
  }
  return Effect.succeed({ objective, maxRounds: rounds })
}
