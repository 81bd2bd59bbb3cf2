import { Effect, Layer, Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { readFileSync } from "node:fs"
import { InvalidArguments, type RalphError } from "../domain/errors.ts"
import type { Envelope } from "../domain/outcome.ts"
import { defaultRetryPolicy, Ralph } from "../program.ts"
import { RunEvents } from "../services/RunEvents.ts"
import { WorkflowEngine } from "../services/WorkflowEngine.ts"
import { progressLine, styleFor } from "./output.ts"
import { providersLayer } from "./providers.ts"
import { session, settleFailure, settleSuccess } from "./session.ts"
import { type CliSettings, loadSettings } from "./settings.ts"

const optionalString = (name: string, description: string) =>
  Flag.String(name).pipe(Flag.withDescription(description), Flag.optional)

/** Flags shared by every command that starts children. */
const runFlags = {
  json: Flag.Boolean("json").pipe(
    Flag.withDescription("Print exactly one JSON document on stdout: the envelope, or {\"error\": …}"),
    Flag.withDefault(false)
  ),
  workspace: optionalString("workspace", "The directory the agents work in (default: the current directory)"),
  agent: optionalString("agent", "The agent: claude (default), codex, gemini, opencode, or exec"),
  agentCmd: optionalString("agent-cmd", "For --agent exec: the agent's command line, split into words like a shell would"),
  agentArgs: optionalString("agent-args", "Extra arguments for the agent's CLI, split into words like a shell would"),
  model: optionalString("model", "The model the agent should use (passed to its CLI)"),
  roundTimeout: optionalString("round-timeout", "Stop a child that runs longer than this (e.g. 90s, 10m, 2h)"),
  idleTimeout: optionalString("idle-timeout", "Stop a child that prints nothing for this long"),
  maxTime: optionalString("max-time", "Bound on the whole run's time; when it passes the run ends budget-limited"),
  retries: optionalString("retries", "Retries of a round after a transient failure (default 3)"),
  killGrace: optionalString("kill-grace", "Time between SIGTERM and SIGKILL when stopping a child (default 5s)"),
  stateDir: optionalString("state-dir", "Where runs are journaled (default $XDG_STATE_HOME/ralph)")
}

/** The Ralph layer for one invocation: the memory engine, the CLI's providers, progress on stderr. */
const ralphLayer = (settings: CliSettings, onEvent: RunEvents["Service"]["publish"]) =>
  Ralph.layer({
    ...settings.config,
    workspace: settings.workspace,
    retry: { ...defaultRetryPolicy, retries: settings.retries },
    ...(Option.isSome(settings.maxTime) ? { maxTime: settings.maxTime.value } : {})
  }).pipe(
    Layer.provide(WorkflowEngine.layerMemory()),
    Layer.provide(providersLayer(settings)),
    Layer.provide(Layer.succeed(RunEvents, RunEvents.of({ publish: onEvent })))
  )

/** Progress lines on stderr, and the session's view of live children. */
const progressSink = (): RunEvents["Service"]["publish"] => {
  const style = styleFor(process.stderr, process.env)
  let agent = ""
  let maxRounds = 0
  return (event) =>
    Effect.sync(() => {
      switch (event._tag) {
        case "RunStarted":
          agent = event.provider
          maxRounds = event.maxRounds
          break
        case "RoundStarted":
          session.currentRound = event.round
          break
        case "ChildSpawned":
          session.livePids.add(event.pid)
          break
        case "RoundFinished":
        case "RoundFailed":
          session.livePids.clear()
          break
      }
      const line = progressLine(event, agent, maxRounds, style)
      if (line !== undefined) process.stderr.write(`${line}\n`)
    })
}

/** Runs one Ralph effect to a printed result and exit code; typed failures never escape. */
const settle = <R>(effect: Effect.Effect<Envelope, RalphError, R>) =>
  effect.pipe(
    Effect.tap((envelope) => Effect.sync(() => settleSuccess(envelope))),
    Effect.catch((error) => Effect.sync(() => settleFailure(error))),
    Effect.asVoid
  )

const readObjective = (
  positional: Option.Option<string>,
  file: Option.Option<string>
): Effect.Effect<string, InvalidArguments> =>
  Effect.suspend(() => {
    if (Option.isSome(positional) && Option.isSome(file)) {
      return Effect.fail(
        new InvalidArguments({
          argument: "objective",
          problem: "give it either as an argument or with --objective-file, not both"
        })
      )
    }
    if (Option.isSome(positional)) return Effect.succeed(positional.value)
    if (Option.isNone(file)) {
      return Effect.fail(
        new InvalidArguments({
          argument: "objective",
          problem: "missing: pass it as an argument, or with --objective-file FILE (- reads stdin)"
        })
      )
    }
    try {
      return Effect.succeed(readFileSync(file.value === "-" ? 0 : file.value, "utf8"))
    } catch (error) {
      return Effect.fail(
        new InvalidArguments({ argument: "--objective-file", problem: `cannot read ${file.value}: ${(error as Error).message}` })
      )
    }
  })

const parseMaxRounds = (text: Option.Option<string>): unknown =>
  Option.match(text, {
    onNone: () => undefined,
    // Anything that is not a plain number is left as text, for resolveArgs to reject with its reason.
    onSome: (value) => value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : value
  })

export const run = Command.make(
  "run",
  {
    ...runFlags,
    objective: Argument.String("objective").pipe(
      Argument.withDescription("The objective every round pursues"),
      Argument.optional
    ),
    objectiveFile: optionalString("objective-file", "Read the objective from FILE (- for stdin)"),
    maxRounds: optionalString("max-rounds", "Rounds for this run, at most the configured ceiling (RALPH_MAX_ROUNDS)")
  },
  (flags) =>
    settle(Effect.gen(function*() {
      session.json = flags.json
      const objective = yield* readObjective(flags.objective, flags.objectiveFile)
      const settings = yield* loadSettings(flags, process.env)
      return yield* Effect.gen(function*() {
        const ralph = yield* Ralph
        session.maxResultChars = ralph.config.maxResultChars
        return yield* ralph.run({ objective, maxRounds: parseMaxRounds(flags.maxRounds) })
      }).pipe(Effect.provide(ralphLayer(settings, progressSink())))
    }))
).pipe(Command.withDescription("Run a Ralph loop on an objective until a worker reports it complete or blocked"))

export const ralph = Command.make("ralph").pipe(
  Command.withDescription("Run one objective through a sequence of fresh coding-agent processes"),
  Command.withSubcommands([run])
)
