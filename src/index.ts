/**
 * effect-ralph: the Ralph loop as an Effect service. Services are exported as their classes (each
 * with its layers), errors as their classes; every other module as a namespace, Effect's way:
 * `Report.checkReport`, `Providers.execAgent`, `NodeSqliteClient.layer`.
 */
export * from "./domain/errors.ts"
export { Ralph } from "./program.ts"
export type { Checkpoint, RalphOptions } from "./program.ts"
export { RunEvents } from "./services/RunEvents.ts"
export { RunStore } from "./services/RunStore.ts"
export { ChildFailed, SubagentProvider } from "./services/SubagentProvider.ts"
export type { ChildOutput, ChildRequest, Provider } from "./services/SubagentProvider.ts"
export { WorkflowEngine } from "./services/WorkflowEngine.ts"
export type { EngineOptions, RunHandle, StartRequest } from "./services/WorkflowEngine.ts"
export { WorkspaceLock } from "./services/WorkspaceLock.ts"

export * as Config from "./domain/config.ts"
export * as Events from "./domain/events.ts"
export * as Outcome from "./domain/outcome.ts"
export * as Prompt from "./domain/prompt.ts"
export * as Render from "./domain/render.ts"
export * as Report from "./domain/report.ts"
export * as Tool from "./domain/tool.ts"
export * as Usage from "./domain/usage.ts"
export * as DurableEngine from "./engine/DurableEngine.ts"
export * as Host from "./host.ts"
export * as Retry from "./program/retry.ts"
export * as Providers from "./services/providers/index.ts"
export * as SqlRunStore from "./services/SqlRunStore.ts"
export * as NodeSqliteClient from "./sql/NodeSqliteClient.ts"
export * as PgClient from "./sql/PgClient.ts"
export * as Testing from "./testing.ts"
