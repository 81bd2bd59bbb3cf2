import { Effect, Schema, SchemaIssue } from "effect"
import { InvalidArguments, InvalidConfig } from "./errors.ts"
import { defaults } from "./settings.ts"

const positiveSafeInteger = Schema.Int.check(
  Schema.isBetween({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, { message: "expected a positive safe integer" })
).annotate({ message: "expected a positive safe integer" })

const providerName = Schema.Trim.check(Schema.isNonEmpty({ message: "expected a non-empty string" })).annotate({
  message: "expected a non-empty string"
})

const withDefault = <S extends Schema.Top>(schema: S, value: S["Encoded"]) =>
  schema.pipe(Schema.withDecodingDefault(Effect.succeed(value)))

/** Deployment configuration: fixed for a run once it starts. Each key's absence is its default. */
export const RalphConfigSchema = Schema.Struct({
  /** The agent every child of a run is started with. */
  subagentProvider: withDefault(providerName, defaults.subagentProvider),
  /** Default and ceiling of rounds per run. */
  maxRounds: withDefault(positiveSafeInteger, defaults.maxRounds),
  /** Bound on a report's compact JSON serialization. */
  maxHandoffChars: withDefault(positiveSafeInteger, defaults.maxHandoffChars),
  /** Bound on rendered text (not on the envelope or the handoff). */
  maxResultChars: withDefault(positiveSafeInteger, defaults.maxResultChars)
})
export type RalphConfig = typeof RalphConfigSchema.Type

export const defaultConfig: RalphConfig = {
  subagentProvider: defaults.subagentProvider,
  maxRounds: defaults.maxRounds,
  maxHandoffChars: defaults.maxHandoffChars,
  maxResultChars: defaults.maxResultChars
}

export type RalphConfigInput = { readonly [K in keyof RalphConfig]?: unknown }

const describe = (value: unknown): string =>
  typeof value === "string" ? JSON.stringify(value) : typeof value === "number" ? String(value) : typeof value

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1()

/** A Schema's refusal as InvalidConfig: the key it concerns (a dotted path) and the problem, with the value. */
export const invalidConfig = (error: Schema.SchemaError, input: unknown): InvalidConfig => {
  const issue = formatIssue(error.issue).issues[0]
  const path = (issue?.path ?? []).map(String)
  let value: unknown = input
  for (const key of path) value = typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined
  return new InvalidConfig({
    key: path.join(".") || "config",
    problem: `${issue?.message ?? error.message}, got ${describe(value)}`
  })
}

const decodeConfig = Schema.decodeUnknownEffect(RalphConfigSchema)

/** Validates a configuration, defaults filled in, whoever built it (a file, variables, or code). */
export const makeConfig = Effect.fn("makeConfig")(function*(
  input: RalphConfigInput = {}
): Effect.fn.Return<RalphConfig, InvalidConfig> {
  return yield* decodeConfig(input).pipe(Effect.mapError((error) => invalidConfig(error, input)))
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
