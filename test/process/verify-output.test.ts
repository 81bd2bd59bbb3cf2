/** The verify command's output is bounded: one that floods stdout is stopped there, saying so. Real processes. */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { WorkspaceGuard } from "../../src/workspace/WorkspaceGuard.ts"
import { cleanup, makeTempDir } from "../support/agents.ts"

describe("the verify command's output", () => {
  it.live(
    "a verify command flooding stdout is stopped at the bound, well before its timeout",
    () =>
      Effect.gen(function*() {
        const dir = makeTempDir()
        const guard = WorkspaceGuard.make({ killGrace: Duration.millis(200) })
        const started = Date.now()
        const verification = yield* guard.verify({
          command: ["yes", "flood"],
          workspace: dir,
          timeout: Duration.seconds(60),
          env: {}
        }).pipe(Effect.ensuring(Effect.sync(() => cleanup(dir))))
        assert.isFalse(verification.timedOut)
        assert.isNull(verification.exitCode)
        assert.match(
          verification.outputTail,
          /yes wrote more than 67108864 bytes to stdout; ralph stops reading there$/
        )
        assert.isBelow(Date.now() - started, 30_000)
      }),
    60_000
  )
})
