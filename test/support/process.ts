/** Running exec agents through the real process provider. */
import { NodeServices } from "@effect/platform-node"
import { Duration, Effect, Layer, Option } from "effect"
import { execAgent } from "../../src/agents/presets/exec.ts"
import { defaultProcessLimits, makeProcessProvider, type ProcessLimits } from "../../src/agents/process/processAgent.ts"
import { type ChildRequest, SubagentProvider } from "../../src/agents/SubagentProvider.ts"
import { RunSupervisor } from "../../src/engine/RunSupervisor.ts"
import { Ralph, type RalphOptions } from "../../src/loop/Ralph.ts"
import { RunEvents } from "../../src/loop/RunEvents.ts"

/** Small limits so that stopping a child never waits long. */
export const testLimits = (overrides: Partial<ProcessLimits> = {}): ProcessLimits => ({
  ...defaultProcessLimits,
  killGrace: Duration.millis(300),
  ...overrides
})

export const request = (workspace: string, overrides: Partial<ChildRequest> = {}): ChildRequest => ({
  runId: "20250101-000000-abcdef",
  round: 1,
  maxRounds: 3,
  attempt: 1,
  prompt: "the prompt",
  workspace,
  ...overrides
})

/** Starts one exec child on `argv` and waits for its value (or its ChildFailed). */
export const runChild = (
  argv: readonly [string, ...Array<string>],
  childRequest: ChildRequest,
  limits: ProcessLimits = testLimits()
) =>
  Effect.gen(function*() {
    const provider = yield* makeProcessProvider(execAgent(argv), limits)
    return yield* Effect.scoped(provider.start(childRequest))
  }).pipe(Effect.provide(NodeServices.layer))

/** Ralph with the memory engine and the exec provider on `argv`. */
export const execRalphLayer = (
  argv: readonly [string, ...Array<string>],
  options: RalphOptions,
  limits: ProcessLimits = testLimits()
) =>
  Ralph.layer({ subagentProvider: "exec", ...options }).pipe(
    Layer.provide(RunSupervisor.layerMemory()),
    Layer.provide(
      Layer.effect(
        SubagentProvider,
        Effect.map(makeProcessProvider(execAgent(argv), limits), (p) => SubagentProvider.make([p]))
      )
    ),
    Layer.provide(RunEvents.layerSilent),
    Layer.provide(NodeServices.layer)
  )

export const none = Option.none<Duration.Duration>()
