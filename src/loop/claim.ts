/**
 * The check of a claimed completion, run inside its own activity (so a crash during it runs it
 * again, never skips it): protected files first — a verify command that may have been rewritten is
 * not worth running — then the verify command.
 */
import { Duration, Effect } from "effect"
import type { StateUnavailable } from "../domain/errors.ts"
import { type ClaimCheck, claimHolds, type Guards } from "../domain/guards.ts"
import type { AttemptContext } from "./attempt.ts"

export const checkClaim = Effect.fnUntraced(function*(
  context: AttemptContext,
  guards: Guards,
  round: number
): Effect.fn.Return<ClaimCheck, StateUnavailable> {
  const runId = context.run.runId
  yield* context.events.publish({ _tag: "ClaimCheckStarted", runId, round })
  const protectedChanged = context.protectedBaseline === undefined
    ? []
    : yield* context.guard.changed(context.workspace, context.protectedBaseline)
  const verification = protectedChanged.length > 0 || guards.verify === undefined
    ? null
    : yield* context.guard.verify({
      command: guards.verify.command,
      workspace: context.workspace,
      timeout: Duration.millis(guards.verify.timeoutMs),
      env: { RALPH_RUN_ID: runId, RALPH_ROUND: String(round) }
    })
  const check: ClaimCheck = { protectedChanged, verification }
  yield* context.events.publish({ _tag: "ClaimChecked", runId, round, check, holds: claimHolds(check) })
  return check
})
