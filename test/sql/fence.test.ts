/**
 * The store itself refuses a stale holder's writes: once another ralph has taken a run's lease
 * over (its epoch raised), every write made under the old lease — an entry of the run's record, its
 * kept output, a step of its engine state — fails and changes nothing, and the old holder's drive
 * ends with LeaseLost naming the new holder. On a real SQLite file through ralph's own client.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as SqlWorkflowStore from "../../src/engine/SqlWorkflowStore.ts"
import { makeSqlRunStore } from "../../src/record/SqlRunStore.ts"
import { withFence } from "../../src/sql/fence.ts"
import * as NodeSqliteClient from "../../src/sql/NodeSqliteClient.ts"

const started = {
  type: "run-started",
  runId: "r1",
  objective: "o",
  maxRounds: 2,
  config: { subagentProvider: "exec", maxRounds: 2, maxHandoffChars: 1000, maxResultChars: 1000 },
  agent: {},
  workspace: "/ws",
  gitHead: null,
  pid: process.pid,
  host: "here",
  version: "test"
} as const

describe("fenced writes", () => {
  it.live("a holder whose lease was taken over writes nothing, and its drive ends LeaseLost naming the holder", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* makeSqlRunStore("test")
      const engine = yield* SqlWorkflowStore.make()
      const held = yield* store.hold("r1", "/ws")
      const journal = yield* store.open("r1")
      const fencedByIt = withFence(held.fence)

      // Its own writes land while it holds the lease.
      yield* fencedByIt(journal.append(started))
      yield* fencedByIt(engine.putActivity("r1", "round 1", 1, Exit.succeed({ ok: 1 })))

      // Another ralph takes the run over (what RunLeases' take writes), this one still thinking it drives.
      yield* sql`UPDATE ralph_leases SET epoch = epoch + 1, host = 'elsewhere', pid = 4242 WHERE run_id = 'r1'`

      const entry = yield* Effect.flip(fencedByIt(journal.append({ type: "round-started", round: 1, attempt: 1 })))
      assert.strictEqual(entry._tag, "StateUnavailable")
      assert.include(entry.message, "ralph pid 4242 on elsewhere")
      const output = yield* Effect.flip(fencedByIt(journal.keepOutput(1, 1, { stdout: "x", stderr: "" })))
      assert.strictEqual(output._tag, "StateUnavailable")
      const step = yield* Effect.flip(fencedByIt(engine.putActivity("r1", "round 2", 1, Exit.succeed({ ok: 2 }))))
      assert.strictEqual(step._tag, "WorkflowStoreError")
      assert.deepInclude(step.cause, { _tag: "LeaseLost", holderPid: 4242, holderHost: "elsewhere", reason: "taken" })

      // Nothing of it landed.
      assert.deepStrictEqual((yield* store.entries("r1")).map((e) => e.type), ["run-started"])
      assert.deepStrictEqual(yield* store.outputs("r1"), [])
      assert.isTrue(Option.isNone(yield* engine.getActivity("r1", "round 2", 1)))

      // The refused write told the holder: its drive is cut at once, with the lease lost.
      const lost = yield* Effect.flip(held.drive(Effect.never))
      assert.deepInclude(lost, { _tag: "LeaseLost", runId: "r1", holderPid: 4242, holderHost: "elsewhere" })

      // Outside a driven run (no fence) writes are not checked: an import of old journals, say.
      yield* journal.append({ type: "round-started", round: 1, attempt: 1 })
    }).pipe(
      Effect.scoped,
      Effect.provide(
        Layer.unwrap(
          Effect.sync(() =>
            NodeSqliteClient.layer({ filename: join(mkdtempSync(join(tmpdir(), "ralph-fence-")), "ralph.db") })
          )
        )
      )
    ))
})
