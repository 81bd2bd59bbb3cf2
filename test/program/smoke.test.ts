import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { Ralph } from "../../src/program.ts"
import { layerScripted } from "../../src/testing.ts"

const cont = { status: "continue", summary: "step", evidence: [], nextSteps: ["more"], blocker: "" }
const done = { status: "complete", summary: "done", evidence: ["checked"], nextSteps: [], blocker: "" }

describe("smoke", () => {
  it.effect("runs to completion", () =>
    Effect.gen(function*() {
      const ralph = yield* Ralph
      const envelope = yield* ralph.run({ objective: "x" })
      assert.strictEqual(envelope.result.status, "complete")
      assert.strictEqual(envelope.result.roundsStarted, 2)
      assert.strictEqual(envelope.agentsStarted, 2)
    }).pipe(Effect.provide(layerScripted([{ value: cont }, { value: done }]))))
})
