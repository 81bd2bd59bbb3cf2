import type { AgentConfig, AgentPermissions } from "../../domain/settings.ts"

/**
 * What a user can configure for one of the four agent presets (claude, codex, gemini, opencode):
 * the one shape of agent settings (`AgentConfig`) without exec's command line.
 *
 * Everything is optional: a preset with no options runs the CLI found on PATH with the user's own
 * environment and agent configuration (HOME, CODEX_HOME, settings files, provider variables) and
 * adds no model, provider or base URL of its own. `args` come after the permission and model
 * flags; `env` is added to the inherited environment; `permissions` defaults to "workspace".
 */
export type AgentOptions = Omit<AgentConfig, "command">

/**
 * - `workspace` (default): the least-privilege flags with which the CLI may edit files in the
 *   workspace and run commands there without asking — what a loop needs to make progress.
 * - `none`: ralph adds no permission flag at all; the CLI's defaults and the user's own agent
 *   configuration decide (non-interactively that usually means read-only).
 * - `full`: the CLI's "skip every permission check" switch. Only for disposable sandboxes.
 */
export type { AgentPermissions } from "../../domain/settings.ts"

export const permissionsOf = (options: AgentOptions): AgentPermissions => options.permissions ?? "workspace"

/** `--flag value` when the value is set, else nothing. */
export const flagIf = (flag: string, value: string | undefined): ReadonlyArray<string> =>
  value === undefined || value === "" ? [] : [flag, value]
