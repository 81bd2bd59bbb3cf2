import type { AgentPermissions } from "../../domain/settings.ts"

/**
 * What a user can configure for one of the four agent presets (claude, codex, gemini, opencode).
 *
 * Everything is optional: a preset with no options runs the CLI found on PATH with the user's own
 * environment and agent configuration (HOME, CODEX_HOME, settings files, provider variables) and
 * adds no model, provider or base URL of its own.
 */
export interface AgentOptions {
  /** The program to run: a name looked up on PATH or a path. Default: the CLI's own name. */
  readonly binary?: string
  /** Passed as the CLI's model flag (`--model` / `-m`); absent = the CLI's own default. */
  readonly model?: string
  /** Appended to the preset's arguments, after the permission and model flags. */
  readonly extraArgs?: ReadonlyArray<string>
  /** Added to the inherited environment (overrides inherited variables of the same name). */
  readonly env?: Readonly<Record<string, string>>
  /** What ralph grants the agent; see {@link AgentPermissions}. Default: "workspace". */
  readonly permissions?: AgentPermissions
}

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
