import { Cause, Effect, Exit, type Layer, ManagedRuntime } from "effect"
import { defaultConfig, type RunArgs } from "../domain/config.ts"
import { Cancelled, type RalphError } from "../domain/errors.ts"
import type { Envelope } from "../domain/outcome.ts"
import { renderEnvelope, renderError } from "../domain/render.ts"
import { Ralph } from "./Ralph.ts"

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

const rejection = (exit: Exit.Exit<unknown, RalphError>, limit: number): unknown => {
  if (Exit.isSuccess(exit)) return undefined
  if (Cause.hasInterruptsOnly(exit.cause)) {
    return new ExecuteError(new Cancelled({}), renderError(new Cancelled({}), limit))
  }
  const failure = Cause.findErrorOption(exit.cause)
  return failure._tag === "Some"
    ? new ExecuteError(failure.value, renderError(failure.value, limit))
    : Cause.squash(exit.cause)
}

/**
 * A Promise adapter for agent hosts. Each call builds the layer, runs one loop and disposes the
 * layer on every path; an aborted signal (also one aborted before the call) rejects with Cancelled
 * once the running child is gone.
 */
export const makeHost = <E extends RalphError>(layer: Layer.Layer<Ralph, E>) => ({
  execute: async (args: RunArgs, options: { readonly signal?: AbortSignal } = {}): Promise<ExecuteResult> => {
    // Already aborted: nothing is built, so the text is bounded by the default limit.
    if (options.signal?.aborted === true) throw rejection(Exit.interrupt(), defaultConfig.maxResultChars)
    const runtime = ManagedRuntime.make(layer)
    try {
      const built = await runtime.runPromiseExit(Effect.service(Ralph))
      if (Exit.isFailure(built)) throw rejection(built, defaultConfig.maxResultChars)
      const ralph = built.value
      const limit = ralph.config.maxResultChars
      const exit = await runtime.runPromiseExit(
        ralph.run(args),
        options.signal === undefined ? {} : { signal: options.signal }
      )
      if (Exit.isSuccess(exit)) return { envelope: exit.value, text: renderEnvelope(exit.value, limit) }
      throw rejection(exit, limit)
    } finally {
      await runtime.dispose()
    }
  }
})
