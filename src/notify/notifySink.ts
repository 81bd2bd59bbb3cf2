/**
 * The RunEvents sink that tells a run's webhooks (`notify`) of its end: `finished` on RunFinished,
 * `failed` on RunFailed — and `waiting` on RunWaiting, when it begins to wait for a person's answer. It waits for the deliveries (at most the policy's total wait), keeps each
 * in the run's record when there is one, and never fails: a webhook that is down, or a record that
 * refuses the entry, does not change how the run ended.
 */
import { Clock, Effect } from "effect"
import type { StateUnavailable } from "../domain/errors.ts"
import type { RunEvent } from "../domain/events.ts"
import { answerCommand } from "../domain/messages.ts"
import {
  type Delivery,
  failedNotification,
  finishedNotification,
  type Notification,
  waitingNotification
} from "../domain/notification.ts"
import type { RunStore } from "../record/RunStore.ts"
import { deliverAll } from "./deliver.ts"

export interface NotifyContext {
  readonly urls: ReadonlyArray<string>
  readonly workspace: string
  /** Keeps one delivery in the run's record, when the run is recorded. */
  readonly record?: (runId: string, delivery: Delivery) => Effect.Effect<void, StateUnavailable>
}

/** The notification an event calls for, if any. */
const notificationOf = (event: RunEvent, workspace: string, at: string): Notification | undefined => {
  switch (event._tag) {
    case "RunWaiting":
      return waitingNotification({ ...event, answer: answerCommand(event.runId) }, workspace, at)
    case "RunFinished":
      return finishedNotification(event.envelope, workspace, at)
    case "RunFailed":
      // Another ralph drives the run now, and tells of its end.
      return event.error._tag === "LeaseLost" ? undefined : failedNotification(event.runId, event.error, workspace, at)
    default:
      return undefined
  }
}

/** A sink telling the context's webhooks of a run's end; nothing when there are none. */
export const notifySink = (context: NotifyContext) => (event: RunEvent): Effect.Effect<void> =>
  context.urls.length === 0 ? Effect.void : Effect.gen(function*() {
    const at = new Date(yield* Clock.currentTimeMillis).toISOString()
    const notification = notificationOf(event, context.workspace, at)
    if (notification === undefined) return
    const deliveries = yield* deliverAll(context.urls, notification)
    const record = context.record
    if (record === undefined) return
    // The run has ended and is recorded so: an entry its record refuses now is not worth failing it for.
    yield* Effect.forEach(deliveries, (delivery) => Effect.ignore(record(event.runId, delivery)), { discard: true })
  })

/** The sink of a recorded run's webhooks: each delivery kept as a `notification` entry of its record. */
export const recordedNotifySink = (urls: ReadonlyArray<string>, workspace: string, store: RunStore["Service"]) =>
  notifySink({
    urls,
    workspace,
    record: (runId, delivery) =>
      Effect.flatMap(store.open(runId), (journal) => journal.append({ type: "notification", ...delivery }))
  })
