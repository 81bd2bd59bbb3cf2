/**
 * What people tell a run from outside it (issue 19): the answer to a blocked round the run waits on
 * (`ralph answer`), and notes for the next round (`ralph note`). Both are entries of the run's
 * record, written by any process sharing the store — on every store ralph has, so a run that
 * no ralph drives can be answered, and its resume finds the answer.
 *
 * A waiting run learns of an answer by reading its record again every `answerPollInterval` (1 s):
 * the writer may be another process or another machine, and none of the stores can wake a reader
 * in another process (a file, SQLite; PostgreSQL's LISTEN would serve one store of three). A read a
 * second of one run's record is cheap beside a wait measured in minutes or hours.
 */
import { Clock, Duration, Effect, Schema } from "effect"
import type { StateUnavailable } from "../domain/errors.ts"
import type { RunStartedEntry } from "../domain/journal.ts"
import { RunFold } from "../domain/runFold.ts"
import type { RunView } from "../domain/runView.ts"
import { defaults } from "../domain/settings.ts"
import type { RunStore } from "../record/RunStore.ts"
import type { RunEvents } from "./RunEvents.ts"

/** How a wait for an answer ended: the answer, or none (the ask timed out, the person declined, no one to ask). */
export const AnswerOutcome = Schema.Union([
  Schema.TaggedStruct("Answered", { text: Schema.String }),
  Schema.TaggedStruct("Unanswered", { why: Schema.Literals(["timeout", "declined", "no-one-to-ask"]) })
])
export type AnswerOutcome = typeof AnswerOutcome.Type

/** A blocked round's wait for an answer. */
export interface WaitRequest {
  readonly round: number
  readonly blocker: string
  /** How long to wait at most (from the wait's first start, across resumes); undefined: no bound. */
  readonly timeoutMs: number | undefined
}

export interface RunInbox {
  /** The notes not yet handed to a child, oldest first: the next attempt takes them all. */
  readonly pendingNotes: Effect.Effect<ReadonlyArray<string>, StateUnavailable>
  /** Publishes the wait (RunWaiting) and waits for the answer to the round's blocker. */
  readonly awaitAnswer: (wait: WaitRequest) => Effect.Effect<AnswerOutcome, StateUnavailable>
}

/** A source of answers other than the record (an MCP client asked to elicit one). */
export type AskPerson = (
  wait: WaitRequest & { readonly runId: string }
) => Effect.Effect<AnswerOutcome, StateUnavailable>

/** The run's inbox over its record; `ask`, when given, asks a person directly instead of waiting on the record. */
export const storeInbox = (
  store: RunStore["Service"],
  runId: string,
  events: RunEvents["Service"],
  ask?: AskPerson
): RunInbox => {
  // The record's fold, kept up to date by reading only what was appended since (a read a round, a
  // read a second while waiting, each of the new entries only). The record alone decides, not who
  // drives the run: this process does.
  let fold: RunFold | undefined
  let cursor = 0
  const view: Effect.Effect<RunView, StateUnavailable> = Effect.suspend(() =>
    Effect.flatMap(store.entriesAfter(runId, cursor), (read) => {
      cursor = read.cursor
      for (const entry of read.entries) {
        // A record starts with run-started (RunStarted is recorded before any activity runs).
        if (fold === undefined) fold = new RunFold(entry as RunStartedEntry)
        else fold.add(entry)
      }
      return fold === undefined
        ? Effect.die(new Error(`ralph: the record of run ${runId} is empty while it is driven`))
        : Effect.succeed(fold.view(() => true))
    })
  )
  const answerOf = (current: RunView, round: number): string | null =>
    current.waiting?.round === round ? current.waiting.answer : null

  const awaitAnswer = Effect.fnUntraced(function*(wait: WaitRequest) {
    const first = yield* view
    const given = answerOf(first, wait.round)
    // Answered while no ralph drove the run: it goes on at once.
    if (given !== null) return { _tag: "Answered", text: given } satisfies AnswerOutcome
    const now = yield* Clock.currentTimeMillis
    // A resumed wait keeps its first start: --ask-timeout counts from there.
    const since = first.waiting?.round === wait.round ? first.waiting.since : now
    yield* events.publish({
      _tag: "RunWaiting",
      runId,
      round: wait.round,
      blocker: wait.blocker,
      since,
      ...(wait.timeoutMs === undefined ? {} : { timeoutMs: wait.timeoutMs })
    })
    const fromRecord = pollRecord(wait, since)
    if (ask === undefined) return yield* fromRecord
    // Asked directly, the person's answer is kept in the record as `ralph answer` keeps one; one
    // given through the record meanwhile (`ralph answer` from a terminal) serves as well.
    const asked = Effect.tap(ask({ ...wait, runId }), (outcome) =>
      outcome._tag === "Unanswered"
        ? Effect.void
        : Effect.flatMap(store.open(runId), (journal) =>
          journal.append({ type: "answer", round: wait.round, text: outcome.text })))
    return yield* Effect.raceFirst(asked, fromRecord)
  })

  /** Reads the record every `answerPollInterval` until it holds the answer, or the ask's time is up. */
  const pollRecord = Effect.fnUntraced(function*(wait: WaitRequest, since: number) {
    const interval = Duration.toMillis(defaults.answerPollInterval)
    for (;;) {
      const left = wait.timeoutMs === undefined ? interval : since + wait.timeoutMs - (yield* Clock.currentTimeMillis)
      if (left <= 0) return { _tag: "Unanswered", why: "timeout" } satisfies AnswerOutcome
      yield* Effect.sleep(Duration.millis(Math.min(interval, left)))
      const answer = answerOf(yield* view, wait.round)
      if (answer !== null) return { _tag: "Answered", text: answer } satisfies AnswerOutcome
    }
  })

  return {
    pendingNotes: Effect.map(view, (current) => current.pendingNotes),
    awaitAnswer
  }
}
