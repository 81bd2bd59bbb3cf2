import { Layer } from "effect"
import { Ralph, type RalphOptions } from "./program.ts"
import { type ScriptedOptions, scriptedProvider, type ScriptStep } from "./services/providers/scripted.ts"
import { RunEvents } from "./services/RunEvents.ts"
import { SubagentProvider } from "./services/SubagentProvider.ts"
import { type EngineOptions, WorkflowEngine } from "./services/WorkflowEngine.ts"

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
    Layer.provide(WorkflowEngine.layerMemory(options.engine)),
    Layer.provideMerge(SubagentProvider.layer([provider])),
    Layer.provide(RunEvents.layerSilent)
  )
}
