import { Effect, Option } from "effect"
import { Command } from "effect/cli"
import { InvalidConfig, StateUnavailable } from "../../domain/errors.ts"
import { parseAgentName, withValuesFrom } from "../../domain/settings.ts"
import { resumeFlags, runIdArgument } from "../flags.ts"
import { cliObservers, settle, withRalph } from "../invocation.ts"
import { CliSession } from "../session.ts"
import { type CliSettings, loadLocation, loadSettings } from "../settings.ts"
import { withStore } from "../store.ts"

export const resume = Command.make(
  "resume",
  { ...resumeFlags, runId: runIdArgument },
  (flags) =>
    settle(Effect.gen(function*() {
      const session = yield* CliSession
      session.json = flags.json
      const location = yield* loadLocation(flags, process.env)
      const stateDir = location.stateDir
      const { entries, view } = yield* withStore(location, (store) =>
        Effect.all({ view: store.read(flags.runId), entries: store.entries(flags.runId) }))
      session.maxResultChars = view.started.config.maxResultChars
      // A finished run gives its result again, whether or not its agent could still be started.
      if (view.envelope !== null) {
        return view.envelope
      }
      const agent = parseAgentName(view.started.config.subagentProvider)
      if ("problem" in agent) {
        return yield* new StateUnavailable({ path: stateDir, problem: `run ${flags.runId} names ${agent.problem}` })
      }
      const loaded = yield* loadSettings({
        ...flags,
        workspace: Option.some(view.started.workspace),
        agent: Option.some(agent.value),
        agentCmd: Option.none(),
        agentArgs: Option.none(),
        model: Option.none(),
        // The run is continued where it is recorded, whatever the run's workspace configures now.
        stateDir: Option.some(stateDir),
        engine: Option.some(location.engine),
        databaseUrl: Option.fromUndefinedOr(location.databaseUrl)
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
      const settings: CliSettings = { ...loaded, config: view.started.config, agent: restored.agent }
      // Ralph finds the run in the store, stops a child the interrupted run left and continues it.
      return yield* withRalph(
        settings,
        (ralph) =>
          ralph.resume(view.started.runId),
        cliObservers(session, settings, flags.quiet, entries)
      )
    }))
).pipe(Command.withDescription("Continue an unfinished run from its last finished round"))
