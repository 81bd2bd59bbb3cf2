/** The engine's contract (test/engine/cases.ts) on the in-memory store, and what that store gives back. */
import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Option, Schema } from "effect"
import * as Workflow from "effect/workflow/Workflow"
import { activityKey, makeMemory, WorkflowStore } from "../../src/engine/WorkflowStore.ts"
import { engineCases } from "./cases.ts"

engineCases({
  name: "memory",
  makePlace: () => {
    const store = makeMemory()
    return { connect: () => Layer.succeed(WorkflowStore, store) }
  }
})

describe("the memory store", () => {
  const workflow = Workflow.make("MemoryStoreProbe", { payload: { id: Schema.String }, idempotencyKey: ({ id }) => id })

  it.effect("gives back the exits it recorded: successes (kept as JSON text) equal, failures as they were", () =>
    Effect.gen(function*() {
      const store = makeMemory()
      yield* store.create(workflow, "e1", { id: "e1" })
      const value = { report: { status: "continue", nextSteps: ["a", "b"] }, usage: {}, durationMs: 3 }
      const failure = Exit.fail({ _tag: "Oops", code: 42 })
      const defect = Exit.failCause(Cause.die(new Error("boom")))
      yield* store.putActivity("e1", "round 1 attempt 1", 1, Exit.succeed(value))
      yield* store.putActivity("e1", "round 1 attempt 1", 1, Exit.succeed("ignored: the first exit wins"))
      yield* store.putActivity("e1", "round 2 attempt 1", 1, failure)
      yield* store.putActivity("e1", "round 3 attempt 1", 1, defect)
      yield* store.putActivity("e1", "void", 1, Exit.void)

      const got = yield* store.getActivity("e1", "round 1 attempt 1", 1)
      assert.deepStrictEqual(got, Option.some(Exit.succeed(value)))
      assert.deepStrictEqual(yield* store.getActivity("e1", "round 2 attempt 1", 1), Option.some(failure))
      assert.strictEqual(Option.getOrThrow(yield* store.getActivity("e1", "round 3 attempt 1", 1)), defect)
      assert.isTrue(Option.isNone(yield* store.getActivity("e1", "round 1 attempt 1", 2)))

      const steps = Option.getOrThrow(yield* store.load(workflow, "e1")).steps
      assert.deepStrictEqual(steps.activities.get(activityKey("round 1 attempt 1", 1)), Exit.succeed(value))
      assert.deepStrictEqual(steps.activities.get(activityKey("void", 1)), Exit.void)
      assert.strictEqual(steps.activities.size, 4)
    }))
})
