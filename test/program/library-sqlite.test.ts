/**
 * Durability in the library: Ralph.layer on RunSupervisor.layerSql over ralph's node:sqlite client.
 * A run interrupted in round 2 is continued by a new layer on the same database file: round 1 is
 * replayed from the database, not run again.
 */
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer } from "effect"
import { join } from "node:path"
import type { ChildRequest } from "../../src/agents/SubagentProvider.ts"
import { NodeSqliteClient, Providers, Ralph, RunEvents, RunSupervisor, SubagentProvider } from "../../src/index.ts"
import { makeTempDir } from "../support/agents.ts"
import { completeReport, continueReport } from "../support/reports.ts"
import { policyWorkspace } from "../support/scripted.ts"

const ralphOn = (
  filename: string,
  steps: Parameters<typeof Providers.scriptedProvider>[0],
  requests: Array<ChildRequest>
) => {
  const inner = Providers.scriptedProvider(steps)
  const provider = {
    ...inner,
    start: (request: ChildRequest) => Effect.suspend(() => (requests.push(request), inner.start(request)))
  }
  return Ralph.layer({ subagentProvider: provider.name, maxRounds: 5, workspace: policyWorkspace }).pipe(
    Layer.provide(RunSupervisor.layerSql()),
    Layer.provide(SubagentProvider.layer([provider])),
    Layer.provide(RunEvents.layerSilent),
    Layer.provide(NodeSqliteClient.layer({ filename }))
  )
}

describe("the library on the sqlite engine", () => {
  it.live("a run interrupted in round 2 continues from the database: round 1 is not run again", () =>
    Effect.gen(function*() {
      const filename = join(makeTempDir(), "ralph.db")
      const inRound2 = yield* Deferred.make<string>()
      const first: Array<ChildRequest> = []
      const fiber = yield* Effect.gen(function*() {
        const ralph = yield* Ralph
        return yield* ralph.run({ objective: "three rounds", maxRounds: 3 })
      }).pipe(
        Effect.provide(ralphOn(filename, [
          { value: continueReport },
          (request) => Effect.andThen(Deferred.succeed(inRound2, request.runId), Effect.never)
        ], first)),
        Effect.forkChild
      )
      const runId = yield* Deferred.await(inRound2)
      yield* Fiber.interrupt(fiber)
      assert.deepStrictEqual(first.map((r) => r.round), [1, 2])

      const second: Array<ChildRequest> = []
      const envelope = yield* Effect.gen(function*() {
        const ralph = yield* Ralph
        return yield* ralph.resume({
          runId,
          objective: "three rounds",
          maxRounds: 3,
          lastRound: 1,
          lastReport: continueReport,
          agentsStarted: 2,
          counted: 1
        })
      }).pipe(Effect.provide(ralphOn(filename, [{ value: continueReport }, { value: completeReport }], second)))
      assert.strictEqual(envelope.result.status, "complete")
      assert.strictEqual(envelope.result.roundsStarted, 3)
      // Round 1 came from the database; round 2 ran again (it never finished), then round 3.
      assert.deepStrictEqual(second.map((r) => r.round), [2, 3])
      assert.strictEqual(envelope.agentsStarted, 4)
    }))
})
