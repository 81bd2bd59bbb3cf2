/**
 * Sends a notification to its webhooks: a JSON POST with the global `fetch`, each try bounded, a
 * few tries after a 5xx or no answer (never after a 4xx: the receiver refused it), and all of an
 * event's deliveries together bounded by one total wait, so the run's end waits at most that long.
 * A delivery never fails: it says how it went (sent or failed, the status, the tries), with the
 * URL masked — its path may be the webhook's secret.
 */
import { Duration, Effect, Ref } from "effect"
import { type Delivery, maskUrl, type Notification } from "../domain/notification.ts"
import { defaults } from "../domain/settings.ts"

/** How hard ralph tries to deliver one notification. */
export interface DeliveryPolicy {
  /** Bound on one POST, from its start to the status line. */
  readonly attemptTimeout: Duration.Duration
  /** Tries in all, the first one included. */
  readonly attempts: number
  /** The wait before the second try; it doubles after. */
  readonly retryDelay: Duration.Duration
  /** Bound on all of one event's deliveries together, retries and waits included. */
  readonly totalWait: Duration.Duration
}

export const defaultDeliveryPolicy: DeliveryPolicy = {
  attemptTimeout: defaults.notifyAttemptTimeout,
  attempts: defaults.notifyAttempts,
  retryDelay: defaults.notifyRetryDelay,
  totalWait: defaults.notifyTotalWait
}

/** What one try got: a status, or no answer at all (no connection, a reset, the timeout). */
type Answer = { readonly status: number } | { readonly error: string }

/** Why a fetch got no answer, in words that never hold the URL's path (undici names the address only). */
const noAnswer = (url: string) => (error: unknown): string => {
  const cause = error instanceof Error ? error.cause : undefined
  const code = cause instanceof Error && "code" in cause ? String(cause.code) : undefined
  const words = code ??
    (cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error))
  return `no answer (${words})`.split(url).join(maskUrl(url))
}

const post = (url: string, body: string, timeout: Duration.Duration): Effect.Effect<Answer> =>
  Effect.tryPromise({
    try: async (signal) => {
      // A redirect is not followed: fetch would turn the POST into a GET elsewhere.
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        redirect: "manual",
        signal
      })
      await response.body?.cancel()
      return { status: response.status }
    },
    catch: noAnswer(url)
  }).pipe(
    Effect.timeoutOrElse({
      duration: timeout,
      orElse: () => Effect.fail(`no answer within ${Duration.format(timeout)}`)
    }),
    Effect.catch((error) => Effect.succeed({ error }))
  )

const isSent = (answer: Answer) => "status" in answer && answer.status >= 200 && answer.status < 300
/** A 5xx or no answer may pass; any other status is the receiver's refusal. */
const isRetried = (answer: Answer) => !("status" in answer) || answer.status >= 500

const delivery = (url: string, event: Notification["event"], answer: Answer, attempts: number): Delivery => ({
  url: maskUrl(url),
  event,
  outcome: isSent(answer) ? "sent" : "failed",
  ...("status" in answer ? { status: answer.status } : {}),
  ...("error" in answer
    ? { error: answer.error }
    : isSent(answer)
    ? {}
    : { error: `answered ${answer.status}${isRetried(answer) ? "" : " (not retried)"}` }),
  attempts
})

/** Delivers one notification to one URL under the policy (its total wait included). */
export const deliver = Effect.fn("notify.deliver")(function*(
  url: string,
  notification: Notification,
  policy: DeliveryPolicy = defaultDeliveryPolicy
): Effect.fn.Return<Delivery> {
  const body = JSON.stringify(notification)
  // Tries begun, and the last one's answer: what a delivery cut by the total wait says.
  const begun = yield* Ref.make(0)
  const lastAnswer = yield* Ref.make<Answer | undefined>(undefined)
  const attempt = (n: number): Effect.Effect<Delivery> =>
    Ref.set(begun, n).pipe(
      Effect.andThen(post(url, body, policy.attemptTimeout)),
      Effect.tap((answer) => Ref.set(lastAnswer, answer)),
      Effect.flatMap((answer) =>
        isSent(answer) || !isRetried(answer) || n >= policy.attempts
          ? Effect.succeed(delivery(url, notification.event, answer, n))
          : Effect.andThen(
            Effect.sleep(Duration.times(policy.retryDelay, 2 ** (n - 1))),
            Effect.suspend(() => attempt(n + 1))
          )
      )
    )
  const cut = Effect.gen(function*() {
    const answer = yield* Ref.get(lastAnswer)
    const last = answer === undefined ? "none answered" : "error" in answer ? answer.error : `answered ${answer.status}`
    return {
      ...delivery(url, notification.event, answer ?? { error: "" }, yield* Ref.get(begun)),
      error: `gave up after ${
        Duration.format(policy.totalWait)
      } (the bound on a notification); the last answer: ${last}`
    }
  })
  return yield* attempt(1).pipe(Effect.timeoutOrElse({ duration: policy.totalWait, orElse: () => cut }))
})

/** Delivers one notification to every URL at once: the total wait bounds them all together. */
export const deliverAll = (
  urls: ReadonlyArray<string>,
  notification: Notification,
  policy: DeliveryPolicy = defaultDeliveryPolicy
): Effect.Effect<ReadonlyArray<Delivery>> =>
  Effect.forEach(urls, (url) => deliver(url, notification, policy), { concurrency: "unbounded" })
