import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { Providers, Ralph, RunEvents, RunSupervisor, SubagentProvider } from "../../src/index.ts"
import { makeTempDir, printJson, writeAgent } from "../support/agents.ts"

describe("library usage, as the README shows it", () => {
  it.live("composes the layers and runs real exec children in the workspace", () =>
    Effect.gen(function*() {
      const dir = makeTempDir()
      const agent = writeAgent(
        dir,
        "agent.sh",
        `cat > /dev/null
if [ -f done.txt ]; then ${
          printJson({
            status: "complete",
            summary: "done.txt exists",
            evidence: ["ls done.txt"],
            nextSteps: [],
            blocker: ""
          })
        }
else touch done.txt; ${
          printJson({
            status: "continue",
            summary: "made done.txt",
            evidence: [],
            nextSteps: ["confirm it"],
            blocker: ""
          })
        }; fi`
      )
      const Agents = Layer.effect(
        SubagentProvider,
        Effect.map(Providers.makeProcessProvider(Providers.execAgent([agent])), (exec) => SubagentProvider.make([exec]))
      )
      const RalphLive = Ralph.layer({ subagentProvider: "exec", maxRounds: 20, workspace: dir }).pipe(
        Layer.provide(RunSupervisor.layerMemory()),
        Layer.provide(Agents),
        Layer.provide(RunEvents.layerSilent)
      )
      const envelope = yield* Effect.gen(function*() {
        const ralph = yield* Ralph
        return yield* ralph.run({ objective: "Make done.txt and confirm it" })
      }).pipe(Effect.provide(RalphLive))
      assert.strictEqual(envelope.result.status, "complete")
      assert.strictEqual(envelope.result.roundsStarted, 2)
      assert.strictEqual(envelope.agentsStarted, 2)
      assert.isTrue(existsSync(join(dir, "done.txt")))
    }))
})
