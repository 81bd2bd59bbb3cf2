import { Effect } from "effect"

/**
 * Runs `body` on a state until `while` says stop. Effect 4 has no `Effect.iterate`; this one is
 * stack-safe because each step is suspended and chained in tail position.
 */
export const iterate = <A, E, R>(
  initial: A,
  options: { readonly while: (state: A) => boolean; readonly body: (state: A) => Effect.Effect<A, E, R> }
): Effect.Effect<A, E, R> =>
  Effect.suspend(() =>
    options.while(initial)
      ? Effect.flatMap(options.body(initial), (next) => iterate(next, options))
      : Effect.succeed(initial)
  )
