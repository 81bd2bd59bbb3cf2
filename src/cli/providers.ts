import { Effect, Layer } from "effect"
import { isAbsolute, resolve } from "node:path"
import { ProviderUnavailable } from "../domain/errors.ts"
import { execAgent } from "../services/providers/exec.ts"
import { defaultProcessLimits, makeProcessProvider, type ProcessLimits } from "../services/providers/processAgent.ts"
import { type Provider, SubagentProvider } from "../services/SubagentProvider.ts"
import { type AgentOptions, agentPreset, agentPresetNames } from "../services/providers/presets.ts"
import type { AgentSettings, CliSettings } from "./settings.ts"
import { splitWords } from "./words.ts"

/** Config-file and flag settings of a preset, as its options. */
const presetOptions = (settings: AgentSettings | undefined): AgentOptions => ({
  ...(settings?.binary === undefined ? {} : { binary: fromLaunchDirectory(settings.binary) }),
  ...(settings?.model === undefined ? {} : { model: settings.model }),
  ...(settings?.args === undefined ? {} : { extraArgs: settings.args }),
  ...(settings?.env === undefined ? {} : { env: settings.env }),
  ...(settings?.permissions === undefined ? {} : { permissions: settings.permissions })
})

/** A relative program path means one relative to where ralph was started, not to the workspace. */
const fromLaunchDirectory = (program: string): string =>
  program.includes("/") && !isAbsolute(program) ? resolve(program) : program

/** The exec agent's argv; a relative program path is taken from where ralph was started. */
const execArgv = (command: string | undefined): readonly [string, ...Array<string>] | ProviderUnavailable => {
  const missing = (detail: string) => new ProviderUnavailable({ provider: "exec", problem: "not-installed", detail })
  if (command === undefined) {
    return missing("no agent command: pass --agent-cmd \"prog arg …\" or set agents.exec.command in ralph.config.json")
  }
  const split = splitWords(command)
  if ("problem" in split) return missing(`--agent-cmd could not be split into words: ${split.problem}`)
  const [program, ...args] = split.words
  if (program === undefined) return missing("--agent-cmd is empty")
  return [fromLaunchDirectory(program), ...args]
}

const unavailable = (error: ProviderUnavailable): Provider => ({
  name: error.provider,
  structuredOutput: true,
  inheritsParentContext: false,
  preflight: Effect.fail(error),
  start: () => Effect.die(error)
})

/** The registry the CLI offers: exec and the agent presets, each with this invocation's limits. */
export const providersLayer = (settings: CliSettings) =>
  Layer.effect(
    SubagentProvider,
    Effect.gen(function*() {
      const limits: ProcessLimits = {
        ...defaultProcessLimits,
        killGrace: settings.killGrace,
        roundTimeout: settings.roundTimeout,
        idleTimeout: settings.idleTimeout
      }
      const argv = execArgv(settings.agents.exec?.command)
      const exec = argv instanceof ProviderUnavailable
        ? unavailable(argv)
        : yield* makeProcessProvider(execAgent(argv), limits)
      const presets = yield* Effect.forEach(
        agentPresetNames,
        (name) => makeProcessProvider(agentPreset(name, presetOptions(settings.agents[name])), limits)
      )
      return SubagentProvider.make([exec, ...presets])
    })
  )
