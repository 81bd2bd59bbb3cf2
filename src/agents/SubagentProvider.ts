import { Context, Effect, Layer, Schema, type Scope } from "effect"
import { FailureReason, ProviderUnavailable } from "../domain/errors.ts"
import { Usage } from "../domain/usage.ts"

/** What a provider needs to start one child: no rounds policy, just this child's inputs. */
export interface ChildRequest {
  readonly runId: string
  readonly round: number
  readonly maxRounds: number
  /** 1 for the first child of a round, 2+ for a retry of the same round. */
  readonly attempt: number
  readonly prompt: string
  /** The directory the child works in. */
  readonly workspace: string
  /** Told the process id once the child runs (for journals, and to stop a stale child later). */
  readonly onSpawn?: (pid: number) => Effect.Effect<void>
  /**
   * Told, when the child is stopped from outside (its run cancelled, its time budget spent), what it
   * had reported spending by then (`undefined`: nothing), once its process tree is gone.
   */
  readonly onStopped?: (usage: Usage | undefined) => Effect.Effect<void>
  /** What is left of the run's cost cap, for agents that take a cap of their own (claude --max-budget-usd). */
  readonly maxBudgetUsd?: number
  /**
   * A reviewer's child (issue 20) rather than a round's worker: it yields a verdict, and is given
   * `valueSchema` (the verdict's JSON Schema) instead of the report's.
   */
  readonly role?: "reviewer"
  /** The JSON Schema of the value the child is to yield (default: the report's). */
  readonly valueSchema?: object
}

/** What one child yielded: a structured value still to be validated by the caller. */
export interface ChildOutput {
  readonly value: unknown
  readonly usage: Usage
  /** What the child printed (bounded), for journals; absent for children that are not processes. */
  readonly transcript?: { readonly stdout: string; readonly stderr: string }
}

/** A child that did not yield a structured value, and why. */
export class ChildFailed extends Schema.TaggedError<ChildFailed>()("ChildFailed", {
  reason: FailureReason,
  detail: Schema.String,
  exitCode: Schema.optionalKey(Schema.Number),
  signal: Schema.optionalKey(Schema.String),
  stderrTail: Schema.optionalKey(Schema.String),
  /** When the agent said a rate limit resets (ISO 8601). */
  resetAt: Schema.optionalKey(Schema.String),
  /** What the child reported spending before it failed, when it did (counted toward the run's caps). */
  usage: Schema.optionalKey(Usage),
  /** What the child printed (bounded, like `ChildOutput.transcript`), so a journal can keep it. */
  transcript: Schema.optionalKey(Schema.Struct({ stdout: Schema.String, stderr: Schema.String }))
}) {
  override get message(): string {
    return `${this.reason}: ${this.detail}`
  }
}

/**
 * What a child's failure says, each optional fact only when known: the one copy of its fields, for
 * a failure that adds to it (the output a process printed) and for the round's failure (its event
 * and its error).
 */
export const failureFacts = (failure: ChildFailed) => ({
  reason: failure.reason,
  detail: failure.detail,
  ...(failure.exitCode === undefined ? {} : { exitCode: failure.exitCode }),
  ...(failure.signal === undefined ? {} : { signal: failure.signal }),
  ...(failure.stderrTail === undefined ? {} : { stderrTail: failure.stderrTail }),
  ...(failure.resetAt === undefined ? {} : { resetAt: failure.resetAt })
})

/** One way of starting agents. Knows how to run one child and capture one value; knows nothing of rounds. */
export interface Provider {
  readonly name: string
  readonly structuredOutput: boolean
  readonly inheritsParentContext: boolean
  /**
   * Whether its children report what they cost (a run with a cost cap needs it, or
   * --allow-unknown-cost); absent means they do not.
   */
  readonly reportsCost?: boolean
  /** Checks what can be checked before any child starts (e.g. that the binary is installed). */
  readonly preflight: Effect.Effect<void, ProviderUnavailable>
  /** Starts one child; closing the scope stops its whole process tree and waits until it is gone. */
  readonly start: (request: ChildRequest) => Effect.Effect<ChildOutput, ChildFailed, Scope.Scope>
}

/** The registry of providers. Registrations can change between calls, so every lookup is checked anew. */
export class SubagentProvider extends Context.Service<SubagentProvider, {
  /** The named provider, if it exists, gives structured output and starts without the parent's context. */
  readonly resolve: (name: string) => Effect.Effect<Provider, ProviderUnavailable>
  readonly register: (provider: Provider) => Effect.Effect<void>
  readonly unregister: (name: string) => Effect.Effect<void>
}>()("ralph/SubagentProvider") {
  /** A registry holding the given providers. */
  static readonly layer = (providers: ReadonlyArray<Provider>) =>
    Layer.sync(SubagentProvider, () => SubagentProvider.make(providers))

  /** The registry itself, for layers that build their providers first. */
  static readonly make = (providers: ReadonlyArray<Provider>): SubagentProvider["Service"] => {
    const registry = new Map(providers.map((provider) => [provider.name, provider] as const))
    const resolve = Effect.fn("SubagentProvider.resolve")(function*(
      name: string
    ): Effect.fn.Return<Provider, ProviderUnavailable> {
      const provider = registry.get(name)
      if (provider === undefined) {
        const known = [...registry.keys()].join(", ")
        return yield* new ProviderUnavailable({
          provider: name,
          problem: "unknown",
          detail: `no agent of that name is registered (known: ${known === "" ? "none" : known})`
        })
      }
      if (!provider.structuredOutput) {
        return yield* new ProviderUnavailable({
          provider: name,
          problem: "no-structured-output",
          detail: "it cannot return a structured report"
        })
      }
      if (provider.inheritsParentContext) {
        return yield* new ProviderUnavailable({
          provider: name,
          problem: "inherits-parent-context",
          detail: "it would inherit the parent's conversation, and every round must start fresh"
        })
      }
      yield* provider.preflight
      return provider
    })
    return SubagentProvider.of({
      resolve,
      register: (provider) => Effect.sync(() => void registry.set(provider.name, provider)),
      unregister: (name) => Effect.sync(() => void registry.delete(name))
    })
  }
}
