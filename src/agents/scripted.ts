import { Effect } from "effect"
import type { FailureReason } from "../domain/errors.ts"
import { unknownUsage, type Usage } from "../domain/usage.ts"
import { ChildFailed, type ChildOutput, type ChildRequest, type Provider } from "./SubagentProvider.ts"

/** One scripted child: a value it yields, a failure, or a function of its request. */
export type ScriptStep =
  | { readonly value: unknown; readonly usage?: Usage }
  | {
    readonly fail: FailureReason
    readonly detail?: string
    readonly resetAt?: string
    /** What the failed child reported spending. */
    readonly usage?: Usage
  }
  | ((request: ChildRequest) => Effect.Effect<ChildOutput, ChildFailed>)

export interface ScriptedOptions {
  readonly name?: string
  readonly structuredOutput?: boolean
  readonly inheritsParentContext?: boolean
  /** Whether its steps report their cost (default true: a script says what it likes). */
  readonly reportsCost?: boolean
}

/**
 * A provider that plays a fixed script, one step per child, for unit and property tests of
 * programs that compose ralph. Past the end of the script a child fails as `no-report`.
 */
export const scriptedProvider = (steps: ReadonlyArray<ScriptStep>, options: ScriptedOptions = {}): Provider => {
  let next = 0
  return {
    name: options.name ?? "scripted",
    structuredOutput: options.structuredOutput ?? true,
    inheritsParentContext: options.inheritsParentContext ?? false,
    reportsCost: options.reportsCost ?? true,
    preflight: Effect.void,
    start: (request) =>
      Effect.suspend(() => {
        const step = steps[next++]
        if (step === undefined) {
          return Effect.fail(
            new ChildFailed({ reason: "no-report", detail: `the script has only ${steps.length} steps` })
          )
        }
        if (typeof step === "function") return step(request)
        if ("fail" in step) {
          return Effect.fail(
            new ChildFailed({
              reason: step.fail,
              detail: step.detail ?? `scripted ${step.fail}`,
              ...(step.resetAt === undefined ? {} : { resetAt: step.resetAt }),
              ...(step.usage === undefined ? {} : { usage: step.usage })
            })
          )
        }
        return Effect.succeed({ value: step.value, usage: step.usage ?? unknownUsage })
      })
  }
}
