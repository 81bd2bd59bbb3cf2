import { Effect, Layer } from "effect"
import { execAgent } from "../agents/presets/exec.ts"
import { agentPreset } from "../agents/presets/presets.ts"
import { defaultProcessLimits, makeProcessProvider, type ProcessAgent } from "../agents/process/processAgent.ts"
import { type Provider, SubagentProvider } from "../agents/SubagentProvider.ts"
import { reviewerProviderName } from "../domain/agentRecord.ts"
import { ProviderUnavailable } from "../domain/errors.ts"
import { type AgentConfig, agentNames, isPresetName } from "../domain/settings.ts"
import { splitWords } from "../domain/words.ts"
import type { CliSettings } from "./settings.ts"

const workerWhere = "--agent-cmd, RALPH_AGENT_CMD or agents.exec.command (or agents.exec.binary) in ralph.config.json"
/** An exec reviewer's program is the file's (the command line's is the worker's). */
const reviewerWhere = "agents.exec.command (or agents.exec.binary) in ralph.config.json, for the exec reviewer"

/** The exec agent: its program from the command line (or binary), its args after; `where` says where it is set. */
const execProcess = (agent: AgentConfig, where: string): ProcessAgent | ProviderUnavailable => {
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

/**
 * The process agent of kind `use` with these settings, named `name` (a named agent's own name);
 * `where` says where an exec agent's program is set.
 */
const processAgentOf = (
  name: string,
  use: string,
  settings: AgentConfig,
  where: string
): ProcessAgent | ProviderUnavailable => {
  const agent = use === "exec"
    ? execProcess(settings, where)
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

/**
 * The registry of one invocation: the chosen agent and its fallbacks, with this invocation's
 * settings and limits, and the reviewer's (issue 20) under a name of its own — a round's child in
 * every way, timeouts included.
 */
export const providersLayer = (
  settings:
    & Pick<CliSettings, "config" | "agent" | "fallbacks" | "killGrace" | "roundTimeout" | "idleTimeout">
    & { readonly review?: CliSettings["review"] }
) =>
  Layer.effect(
    SubagentProvider,
    Effect.gen(function*() {
      const limits = {
        ...defaultProcessLimits,
        killGrace: settings.killGrace,
        roundTimeout: settings.roundTimeout,
        idleTimeout: settings.idleTimeout
      }
      const providerOf = (name: string, use: string, agent: AgentConfig, where: string) => {
        const process = processAgentOf(name, use, agent, where)
        return process instanceof ProviderUnavailable
          ? Effect.succeed(unavailable(process))
          : makeProcessProvider(process, limits)
      }
      const name = settings.config.subagentProvider
      const chosen = [
        { name, use: settings.agent.use ?? name, agent: settings.agent, where: workerWhere },
        ...settings.fallbacks.map((f) => ({
          name: f.name,
          use: f.agent.use,
          agent: f.agent,
          where: `agents.${f.name}.command (or agents.${f.name}.binary) in ralph.config.json`
        }))
      ]
      const providers = yield* Effect.forEach(chosen, ({ agent, name, use, where }) =>
        providerOf(name, use, agent, where))
      const review = settings.review
      if (review === undefined) {
        return SubagentProvider.make(providers)
      }
      const reviewer = yield* providerOf(review.agent, review.agent, review.settings, reviewerWhere)
      return SubagentProvider.make([...providers, { ...reviewer, name: reviewerProviderName(review.agent) }])
    })
  )
