import { Effect, Option } from "effect"
import { Command } from "effect/cli"
import { withValuesFrom } from "../../domain/agentRecord.ts"
import { InvalidConfig, StateUnavailable } from "../../domain/errors.ts"
import { reportFault } from "../../domain/render.ts"
import type { RunView } from "../../domain/runView.ts"
import { type AgentConfig, agentName } from "../../domain/settings.ts"
import { agentRef, decodeValue } from "../../domain/settingValues.ts"
import { escapeLine } from "../../domain/terminalText.ts"
import { fileAgentEntry } from "../agentSettings.ts"
import { findRunId } from "../findRun.ts"
import { resumeFlags, runIdArgument } from "../flags.ts"
import { invocation } from "../lazy.ts"
import { CliSession } from "../session.ts"
import { type CliSettings, loadLocation, loadSettings } from "../settings.ts"
import { openRecords, openStore } from "../store.ts"

/** A run that ended on a report breaking the rules runs the same round again with the same agent: say so first. */
const warnIfRepeating = (view: RunView) => {
  if (view.error === null) return
  const fields = view.error.fields
  if (reportFault({ _tag: view.error._tag, limit: fields.limit }) === undefined) return
  process.stderr.write(
    `ralph: run ${view.started.runId} ended with ${view.error._tag} (${
      escapeLine(view.error.message)
    }); this resume runs round ${
      String(fields.round)
    } again with the same agent and prompt, so it fails the same way unless the agent writes a valid report this time\n`
  )
}

/**
 * The reviewer a run was started with (issue 20), from its record: the same agent and settings
 * (not what the workspace's config file, which a worker can edit, says now), the values of its
 * variables from the config now, as for the worker.
 */
const recordedReviewer = Effect.fnUntraced(function*(view: RunView, stateDir: string) {
  const review = view.started.guards?.review
  if (review === undefined) return undefined
  const agent = decodeValue(agentName.schema)(review.agent)
  if ("problem" in agent) {
    return yield* new StateUnavailable({
      path: stateDir,
      problem: `run ${view.started.runId}'s reviewer names ${agent.problem}`
    })
  }
  const restored = withValuesFrom(review.settings ?? {}, yield* fileAgentEntry(view.started.workspace, agent.value))
  if ("missing" in restored) {
    return yield* new InvalidConfig({
      key: `agents.${agent.value}.env`,
      problem: `the run's reviewer was started with ${restored.missing.join(", ")} set; ralph records no values, ` +
        `so set ${restored.missing.length === 1 ? "it" : "them"} again in ralph.config.json to resume it`
    })
  }
  return { agent: agent.value, settings: restored.agent, maxReviews: review.maxReviews }
})

/**
 * The run's named agents (its own and its fallbacks) as recorded, without their variables: a named
 * agent the config file no longer defines is started as the run was, and the values of the
 * variables it had are asked of the config again (withValuesFrom names those missing).
 */
const namedAgentsOf = (view: RunView): Record<string, AgentConfig> => {
  const recorded = { ...view.started.agents, [view.started.config.subagentProvider]: view.started.agent }
  return Object.fromEntries(
    Object.entries(recorded)
      .filter(([, agent]) => agent.use !== undefined)
      .map(([name, { env: _, ...agent }]) => [name, agent])
  )
}

/** The run's fallback agents as recorded, their variables' values taken from the config in force now. */
const restoredFallbacks = (view: RunView, loaded: CliSettings) =>
  Effect.forEach(loaded.fallbacks, ({ agent, name }) => {
    const recorded = view.started.agents?.[name]
    const restored = recorded === undefined ? { agent } : withValuesFrom(recorded, agent)
    return "missing" in restored
      ? Effect.fail(
        new InvalidConfig({
          key: `agents.${name}.env`,
          problem: `the run was started with ${restored.missing.join(", ")} set for its fallback agent ${name}; ` +
            "ralph records no values, so set them again in ralph.config.json to resume it"
        })
      )
      : Effect.succeed({ name, agent: { ...restored.agent, use: agent.use } })
  })

export const resume = Command.make(
  "resume",
  { ...resumeFlags, runId: runIdArgument },
  (flags) =>
    Effect.flatMap(invocation, ({ cliObservers, settle, withRalphOn }) =>
      settle(Effect.scoped(Effect.gen(function*() {
        const session = yield* CliSession
        session.output({ json: flags.json })
        const { workspace: here, ...location } = yield* loadLocation(flags, process.env)
        const stateDir = location.stateDir
        // Opened once: the run is found in it, and continued on it.
        const records = yield* openRecords(location)
        const runId = yield* findRunId(records.store, flags.runId, here)
        const { entries, view } = yield* Effect.all({
          view: records.store.read(runId),
          entries: records.store.entries(runId)
        })
        session.output({ maxResultChars: view.started.config.maxResultChars })
        // A finished run gives its result again, whether or not its agent could still be started.
        if (view.envelope !== null) return view.envelope
        warnIfRepeating(view)
        const agent = decodeValue(agentRef.schema)(view.started.config.subagentProvider)
        if ("problem" in agent) {
          return yield* new StateUnavailable({
            path: stateDir,
            problem: `run ${view.started.runId} names ${agent.problem}`
          })
        }
        const loaded = yield* loadSettings({
          ...flags,
          workspace: Option.some(view.started.workspace),
          agent: Option.some({ value: agent.value, source: "the run's record" }),
          agentCmd: Option.none(),
          agentArgs: Option.none(),
          model: Option.none(),
          // The fallback order is the run's, each named agent's settings its record's (values from the config now).
          fallbackAgents: Option.some({ value: view.started.fallbackAgents ?? [], source: "the run's record" }),
          recordedAgents: namedAgentsOf(view),
          // The run is continued where it is recorded, whatever the run's workspace configures now.
          stateDir: Option.some({ value: stateDir, source: "the run's location" }),
          engine: Option.some({ value: location.engine, source: "the run's location" }),
          databaseUrl: Option.map(
            Option.fromUndefinedOr(location.databaseUrl),
            (value) => ({ value, source: "the run's location" })
          )
        }, process.env)
        // The objective, caps and agent of a run are immutable; only time limits and retries are per invocation.
        // The record keeps the names of the agent's variables, not their values: they come from the config now.
        const restored = withValuesFrom(view.started.agent, loaded.agent)
        if ("missing" in restored) {
          return yield* new InvalidConfig({
            key: `agents.${agent.value}.env`,
            problem:
              `the run was started with ${restored.missing.join(", ")} set for its agent; ralph records no values, ` +
              `so set ${restored.missing.length === 1 ? "it" : "them"} again in ralph.config.json to resume it`
          })
        }
        const fallbacks = yield* restoredFallbacks(view, loaded)
        const settings: CliSettings = {
          ...loaded,
          ...location,
          config: view.started.config,
          agent: restored.agent,
          review: yield* recordedReviewer(view, stateDir),
          fallbacks
        }
        // Ralph finds the run in the store, stops a child the interrupted run left and continues it.
        // (A run read from the journal of a state dir with no ralph.db yet is continued on a new one.)
        return yield* withRalphOn(
          records.opened ?? (yield* openStore(location)),
          settings,
          (ralph) => ralph.resume(view.started.runId),
          cliObservers(session, settings, flags.quiet, entries)
        )
      }))))
).pipe(Command.withDescription("Continue an unfinished run from its last finished round"))
