import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import type { ScriptStep } from "../../src/agents/scripted.ts"
import { truncationMarker } from "../../src/domain/render.ts"
import { ExecuteError, makeHost } from "../../src/loop/host.ts"
import { layerScripted } from "../../src/testing.ts"
import { completeReport, continueReport, withoutUsage } from "../support/reports.ts"

/** The scripted layer plus a finalizer that counts disposals. */
const withDisposal = (script: ReadonlyArray<ScriptStep>, options: Parameters<typeof layerScripted>[1] = {}) => {
  const state = { disposed: 0 }
  const layer = Layer.merge(
    layerScripted(script, options),
    Layer.effectDiscard(Effect.addFinalizer(() => Effect.sync(() => void state.disposed++)))
  )
  return { layer, state }
}

const rejection = async (promise: Promise<unknown>): Promise<ExecuteError> => {
  try {
    await promise
  } catch (error) {
    assert.instanceOf(error, ExecuteError)
    return error
  }
  throw new Error("expected execute to reject")
}

/** A child that never finishes until interrupted; its cleanup takes a moment and is recorded. */
const hangingChild = (state: { started: boolean; stopped: boolean }): ScriptStep => () =>
  Effect.sync(() => {
    state.started = true
  }).pipe(
    Effect.andThen(Effect.never),
    Effect.onInterrupt(() =>
      Effect.sleep("30 millis").pipe(Effect.andThen(Effect.sync(() => {
        state.stopped = true
      })))
    )
  )

describe("makeHost(layer).execute", () => {
  it("success: the envelope and its rendered text; the layer is disposed", async () => {
    const { layer, state } = withDisposal([{ value: continueReport }, { value: completeReport }])
    const { envelope, text } = await makeHost(layer).execute({ objective: "x" })
    assert.deepStrictEqual(withoutUsage(envelope.result), {
      status: "complete",
      roundsStarted: 2,
      report: completeReport
    })
    assert.strictEqual(envelope.agentsStarted, 2)
    assert.match(text, /worker reported/i)
    assert.include(text, JSON.stringify(completeReport, null, 2))
    assert.strictEqual(state.disposed, 1)
  })

  it("the text is bounded by maxResultChars; the envelope never is", async () => {
    const long = { ...completeReport, summary: "z".repeat(500) }
    const { envelope, text } = await makeHost(layerScripted([{ value: long }], { maxResultChars: 100 })).execute({
      objective: "x"
    })
    assert.strictEqual(text.length, 100)
    assert.isTrue(text.endsWith(truncationMarker))
    assert.deepStrictEqual(envelope.result.report, long)
  })

  it("a typed failure rejects with ExecuteError carrying the error and its text; disposed", async () => {
    const { layer, state } = withDisposal([{ fail: "crashed", detail: "exit 3" }])
    const error = await rejection(makeHost(layer).execute({ objective: "x" }))
    assert.strictEqual(error.error._tag, "RoundFailed")
    assert.include(error.text, "exit 3")
    assert.strictEqual(error.message, error.error.message)
    assert.strictEqual(state.disposed, 1)
  })

  it("invalid arguments reject before any child", async () => {
    let calls = 0
    const host = makeHost(layerScripted([() => Effect.sync(() => (calls++, { value: completeReport, usage: {} }))]))
    for (const args of [{ objective: "  " }, { objective: "x", maxRounds: 0 }, { objective: "x", maxRounds: 1.5 }]) {
      const error = await rejection(host.execute(args))
      assert.strictEqual(error.error._tag, "InvalidArguments")
    }
    assert.strictEqual(calls, 0)
  })

  it("an invalid config rejects with InvalidConfig when the layer is built", async () => {
    const error = await rejection(makeHost(layerScripted([], { maxHandoffChars: 0 })).execute({ objective: "x" }))
    assert.strictEqual(error.error._tag, "InvalidConfig")
    if (error.error._tag === "InvalidConfig") assert.strictEqual(error.error.key, "maxHandoffChars")
  })

  it("a signal aborted before the call rejects with Cancelled and starts nothing", async () => {
    let calls = 0
    const { layer, state } = withDisposal([() => Effect.sync(() => (calls++, { value: completeReport, usage: {} }))])
    const error = await rejection(makeHost(layer).execute({ objective: "x" }, { signal: AbortSignal.abort() }))
    assert.strictEqual(error.error._tag, "Cancelled")
    assert.match(error.text, /cancelled/i)
    assert.strictEqual(calls, 0)
    assert.strictEqual(state.disposed, 0, "nothing was built, so nothing to dispose")
  })

  it("aborting mid-run rejects with Cancelled once the running child is gone; disposed", async () => {
    const child = { started: false, stopped: false }
    const { layer, state } = withDisposal([{ value: continueReport }, hangingChild(child)])
    const controller = new AbortController()
    const pending = makeHost(layer).execute({ objective: "x" }, { signal: controller.signal })
    while (!child.started) await new Promise((resolve) => setTimeout(resolve, 2))
    controller.abort()
    const error = await rejection(pending)
    assert.strictEqual(error.error._tag, "Cancelled")
    assert.isTrue(child.stopped, "the child's cleanup finished before execute settled")
    assert.strictEqual(state.disposed, 1)
  })

  it("a host can run again after a cancelled call", async () => {
    const host = makeHost(layerScripted([{ value: completeReport }]))
    await rejection(host.execute({ objective: "x" }, { signal: AbortSignal.abort() }))
    const { envelope } = await host.execute({ objective: "x" })
    assert.strictEqual(envelope.result.status, "complete")
  })
})
