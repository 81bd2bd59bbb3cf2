import { Effect, Layer } from "effect"
import { execAgent } from "../agents/presets/exec.ts"
import { agentPreset } from "../agents/presets/presets.ts"
import { defaultProcessLimits, makeProcessProvider, type ProcessAgent } from "../agents/process/processAgent.ts"
import { type Provider, SubagentProvider } from "../agents/SubagentProvider.ts"
import { ProviderUnavailable } from "../domain/errors.ts"
import { type AgentConfig, agentNames, isPresetName, reviewerProviderName } from "../domain/settings.ts"
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

/** One agent's provider, with this invocation's limits; an agent that cannot be made is unavailable when resolved. */
const providerOf = (settings: CliSettings, name: string, config: AgentConfig, where: string) =>
  Effect.gen(function*() {
    const agent = name === "exec"
      ? execProcess(config, where)
      : isPresetName(name)
      ? agentPreset(name, config)
      : new ProviderUnavailable({
        provider: name,
        problem: "unknown",
        detail: `the agents are ${agentNames.join(", ")}`
      })
    return agent instanceof ProviderUnavailable ? unavailable(agent) : yield* makeProcessProvider(agent, {
      ...defaultProcessLimits,
      killGrace: settings.killGrace,
      roundTimeout: settings.roundTimeout,
      idleTimeout: settings.idleTimeout
    })
  })

/**
 * The registry of one invocation: the chosen agent, with this invocation's settings and limits, and
 * the reviewer's (issue 20) under a name of its own — a round's child in every way, timeouts included.
 */
export const providersLayer = (settings: CliSettings) =>
  Layer.effect(
    SubagentProvider,
    Effect.gen(function*() {
      const worker = yield* providerOf(settings, settings.config.subagentProvider, settings.agent, workerWhere)
      const review = settings.review
      if (review === undefined) return SubagentProvider.make([worker])
      const reviewer = yield* providerOf(settings, review.agent, review.settings, reviewerWhere)
      return SubagentProvider.make([worker, { ...reviewer, name: reviewerProviderName(review.agent) }])
    })
  )
