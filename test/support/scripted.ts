/** Ralph on the memory engine with a scripted provider that records every child it was asked for. */
import { Duration, Effect, Layer } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ScriptedOptions, scriptedProvider, type ScriptStep } from "../../src/agents/scripted.ts"
import { type ChildRequest, type Provider, SubagentProvider } from "../../src/agents/SubagentProvider.ts"
import type { RunEvent } from "../../src/domain/events.ts"
import { type EngineOptions, RunSupervisor } from "../../src/engine/RunSupervisor.ts"
import { Ralph, type RalphOptions, type RetryPolicy } from "../../src/loop/Ralph.ts"
import { RunEvents } from "../../src/loop/RunEvents.ts"

/**
 * The workspace of policy tests: an empty folder outside any git repository. Without it a run works
 * in the process's cwd — this project's own repository — and leaves a checkpoint ref there every round.
 */
export const policyWorkspace = mkdtempSync(join(tmpdir(), "ralph-policy-"))

/** Retries without waiting: the policy under test is what is retried, not how long it waits. */
export const fastRetry = (retries: number): RetryPolicy => ({
  retries,
  baseDelay: Duration.millis(1),
  maxDelay: Duration.millis(2),
  maxTotalWait: Duration.seconds(1)
})

export interface Recorded {
  readonly layer: Layer.Layer<Ralph, unknown>
  /** Every child request the provider received, in order (retries included). */
  readonly requests: Array<ChildRequest>
  readonly events: Array<RunEvent>
}

export const recordingLayer = (
  script: ReadonlyArray<ScriptStep>,
  options: RalphOptions & { readonly engine?: EngineOptions; readonly provider?: ScriptedOptions } = {}
): Recorded => {
  const { engine, provider: providerOptions, ...ralphOptions } = options
  const inner = scriptedProvider(script, providerOptions)
  const requests: Array<ChildRequest> = []
  const events: Array<RunEvent> = []
  const provider: Provider = {
    ...inner,
    start: (request) =>
      Effect.suspend(() => {
        requests.push(request)
        return inner.start(request)
      })
  }
  const layer = Ralph.layer({ subagentProvider: provider.name, workspace: policyWorkspace, ...ralphOptions }).pipe(
    Layer.provide(RunSupervisor.layerMemory(engine)),
    Layer.provide(SubagentProvider.layer([provider])),
    Layer.provide(RunEvents.layerFanOut([(event) => Effect.sync(() => void events.push(event))]))
  )
  return { layer, requests, events }
}
