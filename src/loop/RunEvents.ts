import { Context, Effect, Layer } from "effect"
import type { StateUnavailable } from "../domain/errors.ts"
import type { RunEvent } from "../domain/events.ts"

/** Where a run's events go: progress lines, a journal, an observer. A failed write stops the run. */
export class RunEvents extends Context.Service<RunEvents, {
  readonly publish: (event: RunEvent) => Effect.Effect<void, StateUnavailable>
}>()("ralph/RunEvents") {
  /** Events go nowhere. */
  static readonly layerSilent = Layer.succeed(RunEvents, RunEvents.of({ publish: () => Effect.void }))

  /** Every event goes to each sink in turn. */
  static readonly layerFanOut = (
    sinks: ReadonlyArray<(event: RunEvent) => Effect.Effect<void, StateUnavailable>>
  ) =>
    Layer.succeed(
      RunEvents,
      RunEvents.of({ publish: (event) => Effect.forEach(sinks, (sink) => sink(event), { discard: true }) })
    )
}
