/**
 * The JSON codecs of an activity's exit, by its success and error schemas. A workflow makes a new
 * `Activity` for each call (ralph: one per round), but from the same schemas; the codecs effect
 * derives from each activity's own copies (`executeEncoded`, `exitSchemaPartial`) are compiled again
 * for every activity — on a round of ralph's policy, more than the rest of the round.
 */
import { Effect, Exit, Schema } from "effect"
import type { Activity } from "effect/workflow"

export interface ActivityCodecs {
  readonly encodeSuccess: (value: unknown) => Effect.Effect<unknown, Schema.SchemaError, unknown>
  readonly encodeFailure: (error: unknown) => Effect.Effect<unknown, Schema.SchemaError, unknown>
  /** Decodes an encoded exit as `WorkflowEngine.makeUnsafe` does (`exitSchemaPartial`: defects stay as they are). */
  readonly decodeExit: (
    exit: Exit.Exit<unknown, unknown>
  ) => Effect.Effect<Exit.Exit<unknown, unknown>, Schema.SchemaError, unknown>
}

/** What `Activity.make` gives every activity besides `Activity.Any`. */
export type TypedActivity = Activity.Any & {
  readonly successSchema: Schema.Top
  readonly errorSchema: Schema.Top
  /** The body, its value not encoded yet (its requirements erased, as `Activity.Any` erases them). */
  readonly execute: Effect.Effect<unknown, unknown, unknown>
}

export const isTyped = (activity: Activity.Any): activity is TypedActivity =>
  "successSchema" in activity && Schema.isSchema(activity.successSchema) &&
  "errorSchema" in activity && Schema.isSchema(activity.errorSchema) &&
  "execute" in activity && Effect.isEffect(activity.execute)

const compile = (activity: TypedActivity): ActivityCodecs => {
  const success = Schema.toCodecJson(activity.successSchema)
  const error = Schema.toCodecJson(activity.errorSchema)
  const decode = Schema.decodeUnknownEffect(Schema.Exit(success, error, Schema.Unknown))
  return {
    encodeSuccess: Schema.encodeEffect(success),
    encodeFailure: Schema.encodeEffect(error),
    // A success without a value is encoded as null (`WorkflowEngine`'s `toJsonExit`).
    decodeExit: (exit) => decode(exit._tag === "Success" && exit.value === undefined ? Exit.succeed(null) : exit)
  }
}

/** The codecs of an activity, compiled once per pair of schemas (one cache per engine). */
export type CodecsOf = (activity: TypedActivity) => ActivityCodecs

export const makeCodecCache = (): CodecsOf => {
  const bySchemas = new WeakMap<Schema.Top, WeakMap<Schema.Top, ActivityCodecs>>()
  return (activity) => {
    let bySuccess = bySchemas.get(activity.successSchema)
    if (bySuccess === undefined) {
      bySuccess = new WeakMap()
      bySchemas.set(activity.successSchema, bySuccess)
    }
    let codecs = bySuccess.get(activity.errorSchema)
    if (codecs === undefined) {
      codecs = compile(activity)
      bySuccess.set(activity.errorSchema, codecs)
    }
    return codecs
  }
}

/** The activity's body with its exit encoded: `executeEncoded`, with the cached codecs. */
export const executeEncoded = (
  activity: Activity.Any,
  codecsOf: CodecsOf
): Effect.Effect<unknown, unknown, unknown> => {
  if (!isTyped(activity)) return activity.executeEncoded
  const codecs = codecsOf(activity)
  return Effect.matchEffect(activity.execute, {
    onFailure: (error) => Effect.flatMap(Effect.orDie(codecs.encodeFailure(error)), Effect.fail),
    onSuccess: (value) => Effect.orDie(codecs.encodeSuccess(value))
  })
}
