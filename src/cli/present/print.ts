import { Effect } from "effect"
import type { RalphError } from "../../domain/errors.ts"
import { CliSession, settleFailure } from "../session.ts"

/** How a read command's text is written. */
export interface PrintOptions {
  /** Written exactly as rendered, no newline added: a patch, which must apply as it is. */
  readonly verbatim?: boolean
}

/** Prints a read command's value (as text, or as JSON under --json) or its error. */
export const printRead = <A>(
  json: boolean,
  effect: Effect.Effect<A, RalphError>,
  render: (a: A) => string,
  toJson: (a: A) => unknown,
  options: PrintOptions = {}
) =>
  CliSession.use((session) => {
    session.output({ json })
    return effect.pipe(
      Effect.tap((value) =>
        Effect.sync(() => {
          process.stdout.write(
            json
              ? `${JSON.stringify(toJson(value))}\n`
              : options.verbatim === true
              ? render(value)
              : `${render(value)}\n`
          )
        })
      ),
      Effect.catch((error) => Effect.sync(() => settleFailure(session, error))),
      Effect.asVoid
    )
  })
