/**
 * The dashboard's server-sent events: the server reads the store (as `ralph watch` does) and the
 * page only listens. A run's stream sends its document whenever its record has news, then `end`
 * once the run is no longer running (the page closes it: an EventSource would reconnect). The
 * list's stream sends its page whenever the page's runs change (a run starts, a round ends), and
 * the fleet's document (`fleet`) whenever it changes (a worker joins or goes, a run is queued or
 * taken).
 */
import { Duration, Effect, Option, Stream } from "effect"
import type { InvalidConfig, StateUnavailable } from "../domain/errors.ts"
import type { RunStore } from "../record/RunStore.ts"
import { listPage, type ListQuery, pageFingerprint, runDocument, type StatCache } from "./data.ts"
import { fleetDocument, type FleetSource } from "./fleet.ts"

/** The store the dashboard reads, as it is now (it may be opened only once a run made it). */
export type Records = Effect.Effect<RunStore["Service"], InvalidConfig | StateUnavailable>

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
export const runEvents = (records: Records, runId: string): Stream.Stream<Uint8Array> => {
  const cache: StatCache = new Map()
  return withKeepAlive(
    polled<string | undefined>(
      undefined,
      runInterval,
      (seen) =>
        Effect.flatMap(records, (store) => store.read(runId)).pipe(
          Effect.flatMap((view): Effect.Effect<Step<string | undefined>> => {
            const key = `${view.lastTime} ${view.state}`
            const ended = view.state !== "running"
            const end = ended ? [sseEvent("end", { state: view.state })] : []
            const next = ended ? Option.none() : Option.some(key)
            if (key === seen) {
              return Effect.succeed([end, next])
            }
            return Effect.map(runDocument(view, cache), (document): Step<string | undefined> => [
              [sseEvent("run", document), ...end],
              next
            ])
          }),
          Effect.catch((error) =>
            Effect.succeed<Step<string | undefined>>([[sseEvent("problem", problemOf(error))], Option.none()])
          )
        )
    )
  )
}

/** What the list's stream sent last: the page's fingerprint and the fleet's document (none: send both). */
interface ListSeen {
  readonly page: string
  readonly fleet: string
}

/** The list's page whenever the page changes, and the fleet's whenever it does; it goes on until the page is closed. */
export const listEvents = (records: Records, fleet: FleetSource, query: ListQuery): Stream.Stream<Uint8Array> =>
  withKeepAlive(
    polled<ListSeen | undefined>(
      undefined,
      listInterval,
      (seen) =>
        Effect.gen(function*(): Effect.fn.Return<Step<ListSeen | undefined>, InvalidConfig | StateUnavailable> {
          const store = yield* records
          const listing = yield* store.list
          const fleetDoc = yield* fleetDocument(fleet, listing)
          const fleetNow = JSON.stringify(fleetDoc)
          const pageNow = pageFingerprint(listing, query)
          const events: Array<string> = []
          if (pageNow !== seen?.page) events.push(sseEvent("list", yield* listPage(store, listing, query)))
          if (fleetNow !== seen?.fleet) events.push(sseEvent("fleet", fleetDoc))
          return [events, Option.some({ page: pageNow, fleet: fleetNow })]
        }).pipe(
          // A store that fails now and then (a Postgres outage) is said, and read again (and both sent again).
          Effect.catch((error) =>
            Effect.succeed<Step<ListSeen | undefined>>([
              [sseEvent("problem", problemOf(error))],
              Option.some(undefined)
            ])
          )
        )
    )
  )
