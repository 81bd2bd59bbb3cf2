import { Effect, Layer } from "effect"
import { execAgent } from "../agents/presets/exec.ts"
import { agentPreset } from "../agents/presets/presets.ts"
import { defaultProcessLimits, makeProcessProvider, type ProcessAgent } from "../agents/process/processAgent.ts"
import { type Provider, SubagentProvider } from "../agents/SubagentProvider.ts"
import { ProviderUnavailable } from "../domain/errors.ts"
import { type AgentConfig, agentNames, isPresetName } from "../domain/settings.ts"
import { splitWords } from "../domain/words.ts"
import type { CliSettings } from "./settings.ts"

const where = "--agent-cmd, RALPH_AGENT_CMD or agents.exec.command (or agents.exec.binary) in ralph.config.json"

/** The exec agent: its program from the command line (or binary), its args after. */
const execProcess = (agent: AgentConfig): ProcessAgent | ProviderUnavailable => {
  const missing = (detail: string) => new ProviderUnavailable({ provider: "exec", problem: "not-installed", detail })
  let words: Array<string>
  if (agent.command !== undefined) {
    const split = splitWords(agent.command)
    if ("problem" in split) return missing(`the agent command could not be split into words: ${split.problem}`)
    words = split.words
  } else if (agent.binary !== undefined) {
    words = [agent.binary]
  } else {
    return missing(`no agent command: set it with ${where}`)
  }
  const [program, ...args] = words
  if (program === undefined) return missing(`the agent command is empty: set it with ${where}`)
  return execAgent([program, ...args, ...(agent.args ?? [])], {
    ...(agent.env === undefined ? {} : { env: agent.env }),
    installHint: `Check ${where}.`
  })
}

const unavailable = (error: ProviderUnavailable): Provider => ({
  name: error.provider,
  structuredOutput: true,
  inheritsParentContext: false,
  preflight: Effect.fail(error),
  start: () => Effect.die(error)
})

/** The process agent of kind `use` with these settings, named `name` (a named agent's own name). */
const processAgentOf = (name: string, use: string, settings: AgentConfig): ProcessAgent | ProviderUnavailable => {
  const agent = use === "exec"
    ? execProcess(settings)
    : isPresetName(use)
    ? agentPreset(use, settings)
    : new ProviderUnavailable({ provider: name, problem: "unknown", detail: `the agents are ${agentNames.join(", ")}` })
  if (agent instanceof ProviderUnavailable) {
    return name === agent.provider
      ? agent
      : new ProviderUnavailable({ provider: name, problem: agent.problem, detail: agent.detail })
  }
  return name === agent.name ? agent : { ...agent, name }
}

/** The registry of one invocation: the chosen agent and its fallbacks, with this invocation's settings and limits. */
export const providersLayer = (settings: CliSettings) =>
  Layer.effect(
    SubagentProvider,
    Effect.gen(function*() {
      const limits = {
        ...defaultProcessLimits,
        killGrace: settings.killGrace,
        roundTimeout: settings.roundTimeout,
        idleTimeout: settings.idleTimeout
      }
      const name = settings.config.subagentProvider
      const chosen = [
        { name, use: settings.agent.use ?? name, agent: settings.agent },
        ...settings.fallbacks.map((f) => ({ name: f.name, use: f.agent.use, agent: f.agent }))
      ]
      const providers = yield* Effect.forEach(chosen, ({ agent, name, use }) => {
        const process = processAgentOf(name, use, agent)
        return process instanceof ProviderUnavailable
          ? Effect.succeed(unavailable(process))
          : makeProcessProvider(process, limits)
      })
      return SubagentProvider.make(providers)
    })
  )
