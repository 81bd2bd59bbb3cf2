/**
 * The four agent presets selectable by name (`--agent claude|codex|gemini|opencode`).
 *
 * A preset adds only what ralph needs (non-interactive mode, machine-readable output, the
 * report schema, the permission flags of {@link AgentOptions.permissions}) and what the user
 * configured (binary, model, extra arguments, extra environment). It inherits everything else —
 * HOME, CODEX_HOME, settings files, provider variables — so a user's setup works unchanged.
 */
import type { PresetName as AgentPresetName } from "../../domain/settings.ts"
import { programPath } from "../../process/executable.ts"
import type { ProcessAgent } from "../process/processAgent.ts"
import type { AgentOptions } from "./agentOptions.ts"
import { claudeAgent, claudeInstallHint } from "./claude.ts"
import { codexAgent, codexInstallHint } from "./codex.ts"
import { geminiAgent, geminiInstallHint } from "./gemini.ts"
import { opencodeAgent, opencodeInstallHint } from "./opencode.ts"

export type { AgentOptions, AgentPermissions } from "./agentOptions.ts"

/** The preset names, from the one settings table. */
export { presetNames as agentPresetNames } from "../../domain/settings.ts"
export type { PresetName as AgentPresetName } from "../../domain/settings.ts"

/** The command that installs each CLI, told when its binary is missing. */
export const agentInstallHints: Readonly<Record<AgentPresetName, string>> = {
  claude: claudeInstallHint,
  codex: codexInstallHint,
  gemini: geminiInstallHint,
  opencode: opencodeInstallHint
}

/**
 * The ProcessAgent of a preset; give it to `makeProcessProvider`. A relative `binary` path is taken
 * from the process's working directory, as for exec.
 */
export const agentPreset = (name: AgentPresetName, given: AgentOptions = {}): ProcessAgent => {
  const options = given.binary === undefined ? given : { ...given, binary: programPath(given.binary) }
  switch (name) {
    case "claude":
      return claudeAgent(options)
    case "codex":
      return codexAgent(options)
    case "gemini":
      return geminiAgent(options)
    case "opencode":
      return opencodeAgent(options)
  }
}
