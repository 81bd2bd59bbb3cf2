/** The agents ralph can start: the presets, the exec protocol, the process plumbing they share, and a scripted provider for tests. */
export { execAgent } from "./presets/exec.ts"
export { defaultProcessLimits, makeProcessProvider } from "./process/processAgent.ts"
export type {
  AgentFiles,
  AgentInvocation,
  Interpretation,
  ProcessAgent,
  ProcessLimits,
  ProcessResult
} from "./process/processAgent.ts"
export { scriptedProvider } from "./scripted.ts"
export type { ScriptedOptions, ScriptStep } from "./scripted.ts"
