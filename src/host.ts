import { Cause, Effect, Exit, type Layer, ManagedRuntime } from "effect"
import { Cancelled, type RalphError } from "./domain/errors.ts"
import type { RunArgs } from "./domain/config.ts"
import type { Envelope } from "./domain/outcome.ts"
import { renderEnvelope, renderError } from "./domain/render.ts"
import { Ralph } from "./program.ts"

export interface ExecuteResult {
  readonly envelope: Envelope
  /** The envelope rendered for a person or a calling model, bounded by maxResultChars. */
  readonly text: string
}

/** A rejected `execute`: the typed error, and its rendered text. */
export class ExecuteError extends Error {
  constructor(readonly error: RalphError, readonly text: string) {
    super(error.message)
    this.name = "ExecuteError"
  }
}

/**
 * A Promise adapter for agent hosts. Each call builds the layer, runs one loop and disposes the
 * layer on every path; an aborted signal (also one aborted before the call) rejects with Cancelled
 * once the running child is gone.
 */
export const makeHost = <E extends RalphError>(layer: Layer.Layer<Ralph, E>) => ({
  execute: async (args: RunArgs, options: { readonly signal?: AbortSignal } = {}): Promise<ExecuteResult> => {
    const cancelled = () => new ExecuteError(new Cancelled({}), renderError(new Cancelled({}), 16384))
    if (options.signal?.aborted === true) throw cancelled()
    const runtime = ManagedRuntime.make(layer)
    try {
      const program = Effect.gen(function*() {
        const ralph = yield* Ralph
        return yield* ralph.run(args).pipe(
          Effect.map((envelope) => ({ envelope, text: renderEnvelope(envelope, ralph.config.maxResultChars) })),
          Effect.mapError((error) => new ExecuteError(error, renderError(error, ralph.config.maxResultChars)))
        )
      })
      const exit = await runtime.runPromiseExit(program, options.signal === undefined ? {} : { signal: options.signal })
      if (Exit.isSuccess(exit)) return exit.value
      if (Cause.hasInterruptsOnly(exit.cause)) throw cancelled()
      const failure = Cause.findErrorOption(exit.cause)
      if (failure._tag === "Some") {
        const error = failure.value
        throw error instanceof ExecuteError ? error : new ExecuteError(error, renderError(error, 16384))
      }
      throw Cause.squash(exit.cause)
    } finally {
      await runtime.dispose()
    }
  }
})
