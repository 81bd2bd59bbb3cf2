import { Layer } from "effect"
import { type ScriptedOptions, scriptedProvider, type ScriptStep } from "./agents/scripted.ts"
import { SubagentProvider } from "./agents/SubagentProvider.ts"
import { type EngineOptions, RunSupervisor } from "./engine/RunSupervisor.ts"
import { Ralph, type RalphOptions } from "./loop/Ralph.ts"
import { RunEvents } from "./loop/RunEvents.ts"

/**
 * Ralph on the memory engine with a scripted provider: for property-testing programs that compose
 * ralph without starting processes.
 */
export const layerScripted = (
  script: ReadonlyArray<ScriptStep>,
  options: RalphOptions & { readonly engine?: EngineOptions; readonly provider?: ScriptedOptions } = {}
) => {
  const provider = scriptedProvider(script, options.provider)
  return Ralph.layer({ subagentProvider: provider.name, ...options }).pipe(
    Layer.provide(RunSupervisor.layerMemory(options.engine)),
    Layer.provideMerge(SubagentProvider.layer([provider])),
    Layer.provide(RunEvents.layerSilent)
  )
}
