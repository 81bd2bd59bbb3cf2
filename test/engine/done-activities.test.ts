/**
 * A run remembers the activities it replayed or recorded as hashes of their keys: two names whose
 * keys share a hash must still each run once, with their own exits.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { Activity, Workflow } from "effect/workflow"
import { DoneActivities } from "../../src/engine/doneActivities.ts"
import * as DurableEngine from "../../src/engine/DurableEngine.ts"
import { activityKey } from "../../src/engine/WorkflowStore.ts"

// Two names whose attempt-1 keys share a 30-bit hash (found by search).
const first = "step-512789"
const second = "step-749192"

describe("a run's done activities", () => {
  it("the two names collide (else this file tests nothing)", () => {
    const done = new DoneActivities()
    done.add(activityKey(first, 1))
    assert.isTrue(done.mayHave(activityKey(second, 1)))
    assert.isFalse(done.mayHave(activityKey("step-0", 1)))
  })

  it.effect("a new activity whose key's hash a done one shares runs, with its own exit; one asked again replays", () =>
    Effect.gen(function*() {
      const ran: Array<string> = []
      const step = (name: string) =>
        Activity.make({
          name,
          success: Schema.String,
          execute: Effect.sync(() => {
            ran.push(name)
            return `${name} done`
          })
        })
      const Colliding = Workflow.make("Colliding", {
        payload: { id: Schema.String },
        success: Schema.Array(Schema.String),
        idempotencyKey: ({ id }) => id
      })
      const result = yield* Colliding.execute({ id: "c1" }).pipe(
        Effect.provide(Colliding.toLayer(() =>
          Effect.gen(function*() {
            const a = yield* step(first)
            const b = yield* step(second)
            const again = yield* step(first)
            return [a, b, again]
          })
        )),
        Effect.provide(DurableEngine.layerMemory)
      )
      assert.deepStrictEqual(result, [`${first} done`, `${second} done`, `${first} done`])
      assert.deepStrictEqual(ran, [first, second])
    }))
})
