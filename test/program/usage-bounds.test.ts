/** Usage bounds hold for every provider, not only exec's usage file: what cannot be counted never reaches a record. */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { RoundFailed } from "../../src/domain/errors.ts"
import { Ralph } from "../../src/loop/Ralph.ts"
import { continueReport } from "../support/reports.ts"
import { recordingLayer } from "../support/scripted.ts"

describe("usage an agent reports", () => {
  it.effect("a report's usage past the bounds fails the round as malformed usage", () =>
    Effect.gen(function*() {
      const { events, layer } = recordingLayer([{ value: continueReport, usage: { costUsd: 1e308 } }])
      const error = yield* Effect.flip(Ralph.use((ralph) => ralph.run({ objective: "x" })).pipe(Effect.provide(layer)))
      if (!(error instanceof RoundFailed)) return assert.fail(`expected RoundFailed, got ${String(error)}`)
      assert.strictEqual(error.reason, "malformed-usage")
      assert.isFalse(events.some((e) => e._tag === "RoundFinished"), "no round finished with it")
    }))

  it.effect("a failure's usage past the bounds is unknown, not counted", () =>
    Effect.gen(function*() {
      const { events, layer } = recordingLayer([{ fail: "crashed", usage: { inputTokens: Number.POSITIVE_INFINITY } }])
      yield* Effect.flip(Ralph.use((ralph) => ralph.run({ objective: "x" })).pipe(Effect.provide(layer)))
      const failed = events.find((e) => e._tag === "RoundFailed")
      assert.isDefined(failed)
      assert.notProperty(failed, "usage")
    }))
})
