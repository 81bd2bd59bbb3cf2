/** Notifications delivered to a real HTTP receiver on 127.0.0.1: the body, the retries, the bounds. */
import { afterEach, assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Schema } from "effect"
import { RoundFailed } from "../../src/domain/errors.ts"
import {
  failedNotification,
  finishedNotification,
  maskUrl,
  Notification,
  waitingNotification
} from "../../src/domain/notification.ts"
import type { Envelope } from "../../src/domain/outcome.ts"
import { deliver, deliverAll, type DeliveryPolicy } from "../../src/notify/deliver.ts"
import { closedPort, type Receiver, startReceiver } from "../support/receiver.ts"
import { completeReport as report } from "../support/reports.ts"

const receivers: Array<Receiver> = []
const receiver = async (answer?: (n: number) => number | "hang") => {
  const started = await startReceiver(answer)
  receivers.push(started)
  return started
}
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close()
})

const envelope: Envelope = {
  runId: "2026-12-01T21-00-00-abc",
  agentsStarted: 3,
  result: {
    status: "complete",
    roundsStarted: 3,
    report,
    usage: { inputTokens: 1000, outputTokens: 200, costUsd: 0.42, durationMs: 10, rounds: [] },
    verification: { command: ["npm", "test"], exitCode: 0, timedOut: false, durationMs: 5, outputTail: "" }
  }
}
const finished = finishedNotification(envelope, "/work/ws", "2026-12-01T21:00:00.000Z")
const fast: DeliveryPolicy = {
  attemptTimeout: Duration.millis(300),
  attempts: 3,
  retryDelay: Duration.millis(20),
  totalWait: Duration.seconds(5)
}
const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect)
const decode = Schema.decodeUnknownSync(Schema.fromJsonString(Notification))

describe("notification payloads", () => {
  it("finished: the envelope's status, rounds, spend and verification, with one human line", () => {
    assert.strictEqual(
      finished.text,
      "ralph run 2026-12-01T21-00-00-abc: complete after 3 rounds, verified by npm test, $0.42"
    )
    assert.deepInclude(finished, {
      event: "finished",
      runId: envelope.runId,
      workspace: "/work/ws",
      status: "complete",
      limit: null,
      rounds: 3,
      agentsStarted: 3,
      spend: { inputTokens: 1000, outputTokens: 200, costUsd: 0.42 },
      verification: { command: ["npm", "test"], exitCode: 0, outcome: "passed" }
    })
  })

  it("finished: unknown spend is null and says so; a budget names its limit; a cut verification says cut", () => {
    const limited = finishedNotification(
      {
        ...envelope,
        result: {
          status: "budget-limited",
          limit: "time",
          roundsStarted: 1,
          report,
          usage: { durationMs: 1, rounds: [] },
          verification: {
            command: ["make", "check"],
            exitCode: null,
            timedOut: false,
            cut: true,
            durationMs: 1,
            outputTail: ""
          }
        }
      },
      "/w",
      "t"
    )
    assert.deepInclude(limited, {
      status: "budget-limited",
      limit: "time",
      spend: { inputTokens: null, outputTokens: null, costUsd: null },
      verification: { command: ["make", "check"], exitCode: null, outcome: "cut" }
    })
    assert.strictEqual(
      limited.text,
      `ralph run ${envelope.runId}: budget-limited (time) after 1 round, make check cut by the time budget, spend unknown`
    )
  })

  it("failed: the error's tag and message, on one bounded line", () => {
    const error = new RoundFailed({ round: 2, reason: "crashed", detail: "exit 9\nsecond line", lastReport: null })
    const failed = failedNotification("r1", error, "/w", "t")
    assert.deepInclude(failed, {
      event: "failed",
      error: { _tag: "RoundFailed", message: error.message.replace("\n", " ") }
    })
    assert.match(failed.text, /^ralph run r1 failed: RoundFailed: Round 2 failed \(crashed\): exit 9 second line/)
    const long = failedNotification(
      "r1",
      new RoundFailed({ round: 1, reason: "crashed", detail: "x".repeat(5000), lastReport: null }),
      "/w",
      "t"
    )
    assert.isAtMost(long.text.length, 500)
  })

  it("waiting: the blocker and the command that answers it", () => {
    const waiting = waitingNotification(
      { runId: "r1", round: 4, blocker: "which database?", answer: "ralph answer r1 \"TEXT\"" },
      "/w",
      "t"
    )
    assert.deepInclude(waiting, { event: "waiting", round: 4, blocker: "which database?" })
    assert.strictEqual(
      waiting.text,
      "ralph run r1 waits for an answer (round 4): which database? — ralph answer r1 \"TEXT\""
    )
    assert.deepStrictEqual(decode(JSON.stringify(waiting)), waiting)
  })

  it("a URL is shown with its path, query and user masked", () => {
    assert.strictEqual(maskUrl("https://hooks.slack.com/services/T0/B0/SECRET"), "https://hooks.slack.com/***")
    assert.strictEqual(maskUrl("https://u:p@example.com:8443/?token=SECRET"), "https://***@example.com:8443/***")
    assert.strictEqual(maskUrl("http://127.0.0.1:9000/"), "http://127.0.0.1:9000")
    assert.strictEqual(maskUrl("not a url"), "<not a URL>")
  })
})

describe("delivering a notification", () => {
  it("a JSON POST with Content-Type application/json, whose body decodes as a Notification; sent at once", async () => {
    const r = await receiver()
    const delivery = await run(deliver(`${r.url}/hook/SECRET-TOKEN?key=SECRET-KEY`, finished, fast))
    assert.deepStrictEqual(delivery, {
      url: r.url + "/***",
      event: "finished",
      outcome: "sent",
      status: 200,
      attempts: 1
    })
    assert.strictEqual(r.received.length, 1)
    const [request] = r.received
    assert.strictEqual(request!.method, "POST")
    assert.strictEqual(request!.path, "/hook/SECRET-TOKEN?key=SECRET-KEY")
    assert.strictEqual(request!.headers["content-type"], "application/json")
    assert.deepStrictEqual(decode(request!.body), finished)
    assert.notInclude(JSON.stringify(delivery), "SECRET")
  })

  it("500 twice then 200: three requests, sent on the third", async () => {
    const r = await receiver((n) => (n <= 2 ? 500 : 200))
    const delivery = await run(deliver(r.url, finished, fast))
    assert.strictEqual(r.received.length, 3)
    assert.deepStrictEqual(delivery, { url: r.url, event: "finished", outcome: "sent", status: 200, attempts: 3 })
  })

  it("a 4xx is the receiver's refusal: not retried", async () => {
    const r = await receiver(() => 404)
    const delivery = await run(deliver(r.url, finished, fast))
    assert.strictEqual(r.received.length, 1)
    assert.deepStrictEqual(delivery, {
      url: r.url,
      event: "finished",
      outcome: "failed",
      status: 404,
      error: "answered 404 (not retried)",
      attempts: 1
    })
  })

  it("a 5xx every time: every try made, failed with the last status", async () => {
    const r = await receiver(() => 503)
    const delivery = await run(deliver(r.url, finished, fast))
    assert.strictEqual(r.received.length, 3)
    assert.deepInclude(delivery, { outcome: "failed", status: 503, error: "answered 503", attempts: 3 })
  })

  it("no connection: retried, then failed saying why, the URL's path nowhere", async () => {
    const url = `${await closedPort()}/SECRET-PATH`
    const delivery = await run(deliver(url, finished, fast))
    assert.deepInclude(delivery, { outcome: "failed", attempts: 3, error: "no answer (ECONNREFUSED)" })
    assert.notProperty(delivery, "status")
    assert.notInclude(JSON.stringify(delivery), "SECRET")
  })

  it("a receiver that never answers: each try cut by its timeout, retried", async () => {
    const r = await receiver(() => "hang")
    const delivery = await run(deliver(r.url, finished, { ...fast, attempts: 2 }))
    assert.strictEqual(r.received.length, 2)
    assert.deepInclude(delivery, { outcome: "failed", attempts: 2, error: "no answer within 300ms" })
  })

  it("the total wait bounds every URL's deliveries together, retries included", async () => {
    const hangs = await receiver(() => "hang")
    const ok = await receiver()
    const policy: DeliveryPolicy = {
      attemptTimeout: Duration.seconds(5),
      attempts: 3,
      retryDelay: Duration.millis(20),
      totalWait: Duration.millis(600)
    }
    const started = Date.now()
    const deliveries = await run(deliverAll([hangs.url, `${hangs.url}/second`, ok.url], finished, policy))
    const elapsed = Date.now() - started
    assert.isAtLeast(elapsed, 550)
    assert.isBelow(elapsed, 1500, "the total wait is the bound, not one per URL")
    assert.deepStrictEqual(deliveries.map((d) => d.outcome), ["failed", "failed", "sent"])
    assert.match(
      deliveries[0]!.error!,
      /^gave up after 600ms \(the bound on a notification\); the last answer: none answered$/
    )
    assert.strictEqual(deliveries[0]!.attempts, 1)
  })
})
