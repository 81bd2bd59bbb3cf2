/**
 * An agent's settings in a run's record: kept without the values of its variables, and given them
 * back from the settings in force when the run is continued; the reviewer's provider name.
 */
import type { AgentConfig } from "./settings.ts"

/** The name the CLI registers a reviewer's provider under: beside the worker's, even for the same agent. */
export const reviewerProviderName = (agent: string): string => `${agent} (reviewer)`

/**
 * An agent's settings as they may be recorded: the names of its extra variables, never their
 * values (an API key put in `agents.claude.env` must not land in the record of a run).
 */
export const recordable = (agent: AgentConfig): AgentConfig =>
  agent.env === undefined
    ? agent
    : { ...agent, env: Object.fromEntries(Object.keys(agent.env).map((name) => [name, ""])) }

/**
 * A recorded agent's settings with its variables' values taken from the settings in force now; the
 * names of the variables no longer configured, when some are missing.
 */
export const withValuesFrom = (
  recorded: AgentConfig,
  current: AgentConfig
): { readonly agent: AgentConfig } | { readonly missing: ReadonlyArray<string> } => {
  if (recorded.env === undefined) return { agent: recorded }
  // Records written before ralph stopped recording values still hold them: those are used when
  // the config no longer sets the variable.
  const valueOf = (name: string) =>
    current.env?.[name] ?? (recorded.env?.[name] === "" ? undefined : recorded.env?.[name])
  const names = Object.keys(recorded.env)
  const missing = names.filter((name) => valueOf(name) === undefined)
  if (missing.length > 0) return { missing }
  return { agent: { ...recorded, env: Object.fromEntries(names.map((name) => [name, valueOf(name)!])) } }
}

/** A reviewer as the CLI's settings give it, as Ralph's `review` option (its provider the one the CLI registers). */
export const reviewOption = (review: {
  readonly agent: string
  readonly settings: AgentConfig
  readonly maxReviews?: number | undefined
}) => ({
  agent: review.agent,
  provider: reviewerProviderName(review.agent),
  ...(review.settings.model === undefined ? {} : { model: review.settings.model }),
  ...(review.maxReviews === undefined ? {} : { maxReviews: review.maxReviews }),
  settings: review.settings
})
