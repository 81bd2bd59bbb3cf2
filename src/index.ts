/** effect-ralph: the Ralph loop as an Effect service, its layers, its domain, and its test layers. */
export { defaultConfig, makeConfig, resolveArgs } from "./domain/config.ts"
export type { RalphConfig, RalphConfigInput, ResolvedArgs, RunArgs } from "./domain/config.ts"
export * from "./domain/errors.ts"
export type { RunEvent } from "./domain/events.ts"
export { Envelope, RunResult } from "./domain/outcome.ts"
export { roundPrompt } from "./domain/prompt.ts"
export type { RoundPromptInput } from "./domain/prompt.ts"
export { boundText, renderEnvelope, renderError, truncationMarker } from "./domain/render.ts"
export { checkReport, Report, reportJsonSchema, ReportStatus } from "./domain/report.ts"
export type { ReportCheck } from "./domain/report.ts"
export { ralphTool } from "./domain/tool.ts"
export { formatUsage, Usage } from "./domain/usage.ts"
export * as DurableEngine from "./engine/DurableEngine.ts"
export { ExecuteError, makeHost } from "./host.ts"
export type { ExecuteResult } from "./host.ts"
export { iterate } from "./iterate.ts"
export { defaultRetryPolicy, Ralph } from "./program.ts"
export type { Checkpoint, RalphOptions, RetryPolicy } from "./program.ts"
export { execAgent } from "./services/providers/exec.ts"
export { defaultProcessLimits, makeProcessProvider } from "./services/providers/processAgent.ts"
export type {
  AgentFiles,
  AgentInvocation,
  Interpretation,
  ProcessAgent,
  ProcessLimits,
  ProcessResult
} from "./services/providers/processAgent.ts"
export { scriptedProvider } from "./services/providers/scripted.ts"
export type { ScriptedOptions, ScriptStep } from "./services/providers/scripted.ts"
export { RunEvents } from "./services/RunEvents.ts"
export { runMetrics } from "./services/runMetrics.ts"
export { runSpans } from "./services/runSpans.ts"
export { RunStore } from "./services/RunStore.ts"
export { makeSqlRunStore } from "./services/SqlRunStore.ts"
export { ChildFailed, SubagentProvider } from "./services/SubagentProvider.ts"
export type { ChildOutput, ChildRequest, Provider } from "./services/SubagentProvider.ts"
export { defaultEngineOptions, WorkflowEngine } from "./services/WorkflowEngine.ts"
export type { EngineOptions, RunHandle, StartRequest } from "./services/WorkflowEngine.ts"
export * as NodeSqliteClient from "./sql/NodeSqliteClient.ts"
export * as PgClient from "./sql/PgClient.ts"
export { layerScripted } from "./testing.ts"
