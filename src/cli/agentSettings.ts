/**
 * The agents an invocation starts: the chosen one (the file's entry, then the command line), the
 * named agents it may be, its fallbacks in order, and the reviewer — each by the one precedence.
 */
import { type ConfigProvider, Effect, Option, Predicate } from "effect"
import { InvalidArguments, InvalidConfig } from "../domain/errors.ts"
import { type AgentConfig, type AgentName, agentNames, reviewKeys, settings } from "../domain/settings.ts"
import { unknownKey } from "../domain/suggest.ts"
import { splitWords } from "../domain/words.ts"
import { agentConfigs, readConfigFile } from "./configFile.ts"
import type { Given, GuardFlags, NamedAgent, ReviewSettings, SettingsFlags } from "./settings.ts"
import { type ConfigFile, configFileName, resolved } from "./settingSources.ts"

/** An agent's entry in the workspace's ralph.config.json (empty when it has none). */
export const fileAgentEntry = Effect.fn("fileAgentEntry")(function*(
  workspace: string,
  name: AgentName
): Effect.fn.Return<AgentConfig, InvalidConfig> {
  return (yield* agentConfigs(yield* readConfigFile(workspace)))[name] ?? {}
})

/** The chosen agent's settings: the file's entry, then the command line (or RALPH_AGENT_CMD) applied to it. */
export const chosenAgent = Effect.fnUntraced(function*(
  /** The built-in agent it is. */
  name: AgentName,
  configured: AgentConfig,
  flags: SettingsFlags,
  provider: ConfigProvider.ConfigProvider
): Effect.fn.Return<AgentConfig, InvalidArguments | InvalidConfig> {
  let agent = configured
  // RALPH_AGENT_CMD is the exec agent's: another agent never reads it.
  const command = Option.isSome(flags.agentCmd)
    ? flags.agentCmd.value
    : name === "exec"
    ? Option.getOrUndefined(Option.map(yield* resolved(settings.agentCmd, Option.none(), provider), (c) => c.value))
    : undefined
  if (name === "exec" && command !== undefined) {
    // The command line replaces whichever program the file names.
    const { binary: _, ...rest } = agent
    agent = { ...rest, command }
  }
  if (Option.isSome(flags.agentArgs)) {
    const split = splitWords(flags.agentArgs.value)
    if ("problem" in split) return yield* new InvalidArguments({ argument: "--agent-args", problem: split.problem })
    agent = { ...agent, args: [...(agent.args ?? []), ...split.words] }
  }
  if (Option.isSome(flags.model)) {
    if (name === "exec") {
      return yield* new InvalidArguments({
        argument: "--model",
        problem: "the exec agent has no model of ralph's choosing; pass it in --agent-cmd or --agent-args"
      })
    }
    agent = { ...agent, model: flags.model.value }
  }
  return agent
})

/**
 * The built-in agent `name` (--agent, RALPH_AGENT, subagentProvider; `source` says which) is: itself,
 * or a named agent's `use`; any other name is refused where it was given, with the agents there are.
 */
export const kindOfAgent = (
  name: string,
  agents: Partial<Record<string, AgentConfig>>,
  source: Option.Option<string>
): Effect.Effect<AgentName, InvalidArguments | InvalidConfig> => {
  const kind = agents[name]?.use ?? agentNames.find((builtIn) => builtIn === name)
  if (kind !== undefined) return Effect.succeed(kind)
  const known = [...new Set([...agentNames, ...Object.keys(agents)])]
  const problem = `${unknownKey("agent", name, known)} (an agent of your own is agents.NAME in ${configFileName})`
  const from = Option.getOrElse(source, () => "the default")
  return Effect.fail(
    from.startsWith("--")
      ? new InvalidArguments({ argument: from, problem })
      : new InvalidConfig({ key: settings.subagentProvider.key, problem: `${problem} (from ${from})` })
  )
}

/**
 * The agents a round falls back to: each a built-in agent (with its `agents.NAME` settings) or one
 * the config file names (`agents.NAME.use`), neither the round's own agent nor given twice.
 */
export const fallbacksOf = (
  given: Given<ReadonlyArray<string>>,
  primary: string,
  agents: Partial<Record<string, AgentConfig>>
): Effect.Effect<ReadonlyArray<NamedAgent>, InvalidArguments | InvalidConfig> =>
  Effect.suspend(() => {
    if (Option.isNone(given)) return Effect.succeed([])
    const { source, value: names } = given.value
    const refuse = (problem: string) =>
      Effect.fail(
        source.startsWith("--")
          ? new InvalidArguments({ argument: source, problem })
          : new InvalidConfig({ key: source, problem })
      )
    const known = [...new Set([...agentNames, ...Object.keys(agents)])]
    const fallbacks: Array<NamedAgent> = []
    for (const name of names) {
      const configured = agents[name]
      const use = configured?.use ?? (agentNames as ReadonlyArray<string>).find((builtIn) => builtIn === name)
      if (use === undefined) {
        return refuse(`${unknownKey("agent", name, known)} (an agent of your own is agents.NAME in ${configFileName})`)
      }
      if (name === primary) return refuse(`${name} is the round's own agent (--agent); a fallback is another one`)
      if (fallbacks.some((f) => f.name === name)) return refuse(`${name} is given twice`)
      fallbacks.push({ name, agent: { ...configured, use: use as AgentName } })
    }
    return Effect.succeed(fallbacks)
  })

/** The file's `review` object: an object of known keys (its values are read through the settings). */
export const checkReviewEntry = (file: ConfigFile): Effect.Effect<void, InvalidConfig> => {
  const entry = file.review
  if (entry === undefined) return Effect.void
  if (!Predicate.isObject(entry) || Array.isArray(entry)) {
    return Effect.fail(
      new InvalidConfig({ key: "review", problem: `must be an object with the keys ${reviewKeys.join(", ")}` })
    )
  }
  const unknown = Object.keys(entry).find((key) => !reviewKeys.includes(key))
  return unknown === undefined ? Effect.void : Effect.fail(
    new InvalidConfig({ key: `${configFileName}: review.${unknown}`, problem: unknownKey("key", unknown, reviewKeys) })
  )
}

/** The reviewer asked for, with its agent's settings from the file (a review's own model over the entry's). */
export const reviewOf = Effect.fnUntraced(function*(
  flags: GuardFlags,
  provider: ConfigProvider.ConfigProvider,
  agents: Partial<Record<AgentName, AgentConfig>>
): Effect.fn.Return<ReviewSettings | undefined, InvalidConfig | InvalidArguments> {
  const agent = yield* resolved(settings.review, flags.review, provider)
  const model = yield* resolved(settings.reviewModel, flags.reviewModel, provider)
  const maxReviews = yield* resolved(settings.maxReviews, flags.maxReviews, provider)
  /** Bad input from the flag is the command line's, from elsewhere the config's. */
  const refused = (source: string, problem: string) =>
    source.startsWith("--")
      ? new InvalidArguments({ argument: source, problem })
      : new InvalidConfig({ key: source, problem })
  if (Option.isNone(agent)) {
    const stray = Option.orElse(Option.map(model, (m) => m.source), () => Option.map(maxReviews, (m) => m.source))
    if (Option.isSome(stray)) {
      return yield* refused(
        stray.value,
        "there is no reviewer to apply it to: choose one with --review AGENT (RALPH_REVIEW, review.agent)"
      )
    }
    return undefined
  }
  const name = agent.value.value
  if (Option.isSome(model) && name === "exec") {
    return yield* refused(
      model.value.source,
      "the exec agent has no model of ralph's choosing; pass it in agents.exec.command or its args"
    )
  }
  const entry = agents[name] ?? {}
  return {
    agent: name,
    settings: Option.isSome(model) ? { ...entry, model: model.value.value } : entry,
    maxReviews: Option.getOrUndefined(Option.map(maxReviews, (m) => m.value))
  }
})
