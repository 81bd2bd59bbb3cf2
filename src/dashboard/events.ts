/**
 * The dashboard's server-sent events: the server reads the store (as `ralph watch` does) and the
 * page only listens. A run's stream sends its document whenever its record has news, then `end`
 * once the run is no longer running (the page closes it: an EventSource would reconnect). The
 * list's stream sends its page whenever the page's runs change (a run starts, a round ends).
 */
import { Duration, Effect, Option, Stream } from "effect"
import type { StateUnavailable } from "../domain/errors.ts"
import type { RunStore } from "../record/RunStore.ts"
import { listPage, type ListQuery, pageFingerprint, runDocument, type StatCache } from "./data.ts"
import type { FleetSource } from "./fleet.ts"

type Store = RunStore["Service"]

/** How often a run's record is read again: a round's start or end shows within this. */
const runInterval = Duration.millis(250)
/** How often the list is read again (every run's summary row: a heavier read). */
const listInterval = Duration.seconds(1)
/** A comment now and then keeps proxies and the browser from taking a quiet stream for a dead one. */
const keepAliveInterval = Duration.seconds(15)

/** One server-sent event; JSON.stringify writes no newline, so one data line holds it. */
export const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

const problemOf = (error: { readonly _tag: string; readonly message: string }) => ({
  error: { _tag: error._tag, message: error.message }
})

/** What one poll emits, and the state of the next (none: the stream ends). */
type Step<S> = readonly [ReadonlyArray<string>, Option.Option<S>]

/** Polls `step` (after the first time, every `interval`) until it says to stop; each step emits what it returns. */
const polled = <S>(
  initial: S,
  interval: Duration.Duration,
  step: (state: S) => Effect.Effect<Step<S>>
): Stream.Stream<string> =>
  Stream.paginate({ state: initial, first: true }, ({ first, state }) =>
    Effect.map(
      Effect.andThen(first ? Effect.void : Effect.sleep(interval), step(state)),
      ([events, next]) => [events, Option.map(next, (state) => ({ state, first: false }))] as const
    ))

const withKeepAlive = (events: Stream.Stream<string>): Stream.Stream<Uint8Array> =>
  Stream.merge(events, Stream.map(Stream.tick(keepAliveInterval), () => ": keep-alive\n\n"), {
    haltStrategy: "left"
  }).pipe(Stream.encodeText)

/** A run's document at every change of its record, then `end` when it no longer runs. */
export const runEvents = (store: Store, runId: string): Stream.Stream<Uint8Array> => {
  const cache: StatCache = new Map()
  return withKeepAlive(polled<string | undefined>(undefined, runInterval, (seen) =>
    store.read(runId).pipe(
      Effect.flatMap((view): Effect.Effect<Step<string | undefined>> => {
        const key = `${view.lastTime} ${view.state}`
        const ended = view.state !== "running"
        const end = ended ? [sseEvent("end", { state: view.state })] : []
        const next = ended ? Option.none() : Option.some(key)
        if (key === seen) return Effect.succeed([end, next])
        return Effect.map(runDocument(view, cache), (document): Step<string | undefined> => [
          [sseEvent("run", document), ...end],
          next
        ])
      }),
      Effect.catch((error) =>
        Effect.succeed<Step<string | undefined>>([[sseEvent("problem", problemOf(error))], Option.none()])
      )
    )))
}

/** The list's page (and the fleet's workers) whenever the page changes; it goes on until the page is closed. */
export const listEvents = (store: Store, fleet: FleetSource, query: ListQuery): Stream.Stream<Uint8Array> =>
  withKeepAlive(
    polled<string | undefined>(
      undefined,
      listInterval,
      (seen) =>
        Effect.gen(function*(): Effect.fn.Return<Step<string | undefined>, StateUnavailable> {
          const listing = yield* store.list
          const workers = yield* fleet.workers
          const key = `${pageFingerprint(listing, query)} ${JSON.stringify(workers)}`
          if (key === seen) {
            return [[], Option.some(key)]
          }
          const page = yield* listPage(store, listing, query)
          return [[sseEvent("list", { ...page, fleet: workers })], Option.some(key)]
        }).pipe(
          // A store that fails now and then (a Postgres outage) is said, and read again.
          Effect.catch((error) =>
            Effect.succeed<Step<string | undefined>>([[sseEvent("problem", problemOf(error))], Option.some(undefined)])
          )
        )
    )
  )
