/** The `notify` option of the library: a host without a store is told of its runs too; a bad URL is refused by name. */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { Notification } from "../../src/domain/notification.ts"
import { Providers, Ralph, RunEvents, RunSupervisor, SubagentProvider } from "../../src/index.ts"
import { makeTempDir, printJson, writeAgent } from "../support/agents.ts"
import { startReceiver } from "../support/receiver.ts"
import { completeReport } from "../support/reports.ts"

const ralphOver = (dir: string, notify: ReadonlyArray<string>) => {
  const agent = writeAgent(dir, "agent.sh", `cat > /dev/null; ${printJson(completeReport)}`)
  const Agents = Layer.effect(
    SubagentProvider,
    Effect.map(Providers.makeProcessProvider(Providers.execAgent([agent])), (exec) => SubagentProvider.make([exec]))
  )
  return Ralph.layer({ subagentProvider: "exec", maxRounds: 3, workspace: dir, notify }).pipe(
    Layer.provide(RunSupervisor.layerMemory()),
    Layer.provide(Agents),
    Layer.provide(RunEvents.layerSilent)
  )
}

describe("Ralph.layer({ notify })", () => {
  it.live("a host without a RunStore: the run's end is posted", () =>
    Effect.gen(function*() {
      const receiver = yield* Effect.promise(() => startReceiver())
      const dir = makeTempDir()
      const envelope = yield* Ralph.use((ralph) => ralph.run({ objective: "x" })).pipe(
        Effect.provide(ralphOver(dir, [receiver.url]))
      )
      yield* Effect.promise(() => receiver.close())
      assert.strictEqual(receiver.received.length, 1)
      const body = Schema.decodeUnknownSync(Schema.fromJsonString(Notification))(receiver.received[0]!.body)
      assert.deepInclude(body, { event: "finished", runId: envelope.runId, status: "complete", workspace: dir })
    }))

  it.live("a URL that is no http or https URL is refused when the layer is built", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Ralph.use((ralph) => ralph.run({ objective: "x" })).pipe(
          Effect.provide(ralphOver(makeTempDir(), ["mailto:someone-SECRET@example.com"]))
        )
      )
      assert.strictEqual(error._tag, "InvalidConfig")
      assert.include(error.message, "notify")
      assert.include(error.message, "expected an http:// or https:// URL, got a mailto: URL")
      assert.notInclude(error.message, "SECRET")
    }))
})
