import { Effect, Layer, Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { readFileSync } from "node:fs"
import { InvalidArguments, type RalphError, WorkspaceLocked } from "../domain/errors.ts"
import type { RunView } from "../domain/journal.ts"
import { renderEnvelope } from "../domain/render.ts"
import { formatUsage } from "../domain/usage.ts"
import { RunStore } from "../services/RunStore.ts"
import { defaultLockDir, WorkspaceLock } from "../services/WorkspaceLock.ts"
import { gitHead } from "./gitHead.ts"
import { type JournalContext, journalSink } from "./journalSink.ts"
import { stopStaleChild } from "./staleChild.ts"
import type { Envelope } from "../domain/outcome.ts"
import { defaultRetryPolicy, Ralph } from "../program.ts"
import { RunEvents } from "../services/RunEvents.ts"
import { WorkflowEngine } from "../services/WorkflowEngine.ts"
import { progressLine, styleFor } from "./output.ts"
import { providersLayer } from "./providers.ts"
import { session, settleFailure, settleSuccess } from "./session.ts"
import { type CliSettings, loadSettings, resolveStateDir } from "./settings.ts"

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
  retryDelay: optionalString("retry-delay", "Backoff before the first retry, doubling after (default 2s)"),
  killGrace: optionalString("kill-grace", "Time between SIGTERM and SIGKILL when stopping a child (default 5s)"),
  stateDir: optionalString("state-dir", "Where runs are journaled (default $XDG_STATE_HOME/ralph)")
}

/** The Ralph layer for one invocation: the memory engine, the CLI's providers, events to stderr and the journal. */
const ralphLayer = (settings: CliSettings, publish: RunEvents["Service"]["publish"]) =>
  Ralph.layer({
    ...settings.config,
    workspace: settings.workspace,
    retry: { ...defaultRetryPolicy, retries: settings.retries, baseDelay: settings.retryDelay },
    ...(Option.isSome(settings.maxTime) ? { maxTime: settings.maxTime.value } : {})
  }).pipe(
    Layer.provide(WorkflowEngine.layerMemory()),
    Layer.provide(providersLayer(settings)),
    Layer.provide(Layer.succeed(RunEvents, RunEvents.of({ publish })))
  )

/** Runs `use` on a Ralph built for these settings, holding the workspace lock and journaling every event. */
const withRalph = <A>(
  settings: CliSettings,
  journal: Omit<JournalContext, "store" | "lock">,
  runId: string,
  use: (ralph: Ralph["Service"]) => Effect.Effect<A, RalphError>
) =>
  Effect.scoped(Effect.gen(function*() {
    const store = RunStore.make(settings.stateDir)
    yield* store.prepare
    const lock = yield* WorkspaceLock.make(defaultLockDir()).acquire(settings.workspace, runId)
    const toJournal = journalSink({ ...journal, store, lock })
    const toProgress = progressSink()
    const publish: RunEvents["Service"]["publish"] = (event) => Effect.andThen(toJournal(event), toProgress(event))
    return yield* Effect.gen(function*() {
      const ralph = yield* Ralph
      session.maxResultChars = ralph.config.maxResultChars
      return yield* use(ralph)
    }).pipe(Effect.provide(ralphLayer(settings, publish)))
  }))

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
      const agent = settings.agents[settings.agentName] ?? {}
      return yield* withRalph(
        settings,
        { agent, gitHead: gitHead(settings.workspace) },
        "(starting)",
        (ralph) => ralph.run({ objective, maxRounds: parseMaxRounds(flags.maxRounds) })
      )
    }))
).pipe(Command.withDescription("Run a Ralph loop on an objective until a worker reports it complete or blocked"))

const runIdArgument = Argument.String("runId").pipe(Argument.withDescription("The run's id (see `ralph runs`)"))

/** A resumed run keeps its agent and workspace; only time limits, retries and output are per invocation. */
const resumeFlags = {
  json: runFlags.json,
  roundTimeout: runFlags.roundTimeout,
  idleTimeout: runFlags.idleTimeout,
  maxTime: runFlags.maxTime,
  retries: runFlags.retries,
  retryDelay: runFlags.retryDelay,
  killGrace: runFlags.killGrace,
  stateDir: runFlags.stateDir
}

export const resume = Command.make(
  "resume",
  { ...resumeFlags, runId: runIdArgument },
  (flags) =>
    settle(Effect.gen(function*() {
      session.json = flags.json
      const stateDir = resolveStateDir(flags.stateDir, process.env)
      const view = yield* RunStore.make(stateDir).read(flags.runId)
      session.maxResultChars = view.started.config.maxResultChars
      if (view.envelope !== null) return view.envelope
      if (view.state === "running") {
        return yield* new WorkspaceLocked({
          workspace: view.started.workspace,
          runId: view.started.runId,
          pid: view.ownerPid
        })
      }
      const loaded = yield* loadSettings({
        ...flags,
        workspace: Option.some(view.started.workspace),
        agent: Option.some(view.started.config.subagentProvider),
        agentCmd: Option.none(),
        agentArgs: Option.none(),
        model: Option.none(),
        stateDir: Option.some(stateDir)
      }, process.env)
      // The objective, caps and agent of a run are immutable; only time limits and retries are per invocation.
      const settings: CliSettings = {
        ...loaded,
        config: view.started.config,
        agents: { ...loaded.agents, [view.started.config.subagentProvider]: view.started.agent }
      }
      // Filled in before the run starts, so the journal's run-resumed entry can say what was stopped.
      const resumeInfo = { rerunsRound: view.danglingRound, stoppedStalePid: null as number | null }
      return yield* withRalph(
        settings,
        { agent: view.started.agent, gitHead: view.started.gitHead, resume: resumeInfo },
        view.started.runId,
        (ralph) =>
          Effect.gen(function*() {
            resumeInfo.stoppedStalePid = yield* stopStaleChild(view.danglingPid, settings.killGrace)
            if (resumeInfo.stoppedStalePid !== null) {
              process.stderr.write(`ralph: stopped pid ${resumeInfo.stoppedStalePid}, a child of the interrupted run\n`)
            }
            const finished = view.lastFinished
            return yield* ralph.resume({
              runId: view.started.runId,
              objective: view.started.objective,
              maxRounds: view.started.maxRounds,
              lastRound: finished?.round ?? 0,
              lastReport: finished?.report,
              agentsStarted: view.agentsStarted,
              counted: finished?.round ?? 0
            })
          })
      )
    }))
).pipe(Command.withDescription("Continue an unfinished run from its last finished round"))

const duration = (from: string, to: string) => {
  const seconds = Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000)
  return seconds < 60 ? `${seconds.toFixed(1)}s` : seconds < 3600 ? `${(seconds / 60).toFixed(1)}m` : `${(seconds / 3600).toFixed(1)}h`
}

const runSummary = (view: RunView) => ({
  runId: view.started.runId,
  state: view.state,
  rounds: view.rounds.filter((r) => r.status === "finished").length,
  maxRounds: view.started.maxRounds,
  agent: view.started.config.subagentProvider,
  objective: view.started.objective,
  workspace: view.started.workspace,
  startedAt: view.started.t,
  updatedAt: view.lastTime
})

const listFlags = {
  json: runFlags.json,
  stateDir: runFlags.stateDir
}

const report = <A>(json: boolean, effect: Effect.Effect<A, RalphError>, render: (a: A) => string, toJson: (a: A) => unknown) =>
  effect.pipe(
    Effect.tap((value) =>
      Effect.sync(() => {
        process.stdout.write(`${json ? JSON.stringify(toJson(value)) : render(value)}\n`)
      })
    ),
    Effect.catch((error) => Effect.sync(() => settleFailure(error))),
    Effect.asVoid
  )

export const runs = Command.make("runs", listFlags, (flags) => {
  session.json = flags.json
  return report(
    flags.json,
    RunStore.make(resolveStateDir(flags.stateDir, process.env)).list,
    (views) =>
      views.length === 0
        ? "No runs recorded yet."
        : views.map((view) => {
          const s = runSummary(view)
          const objective = s.objective.replace(/\s+/g, " ")
          return [
            s.runId,
            s.state.padEnd(14),
            `${s.rounds}/${s.maxRounds}`.padEnd(8),
            s.startedAt.slice(0, 19).replace("T", " "),
            duration(s.startedAt, s.updatedAt).padStart(6),
            objective.length > 60 ? `${objective.slice(0, 59)}…` : objective
          ].join("  ")
        }).join("\n"),
    (views) => views.map(runSummary)
  )
}).pipe(Command.withDescription("List recorded runs, oldest first"))

const showJson = (view: RunView) => ({
  ...runSummary(view),
  gitHead: view.started.gitHead,
  config: view.started.config,
  agentsStarted: view.agentsStarted,
  rounds: view.rounds.map((round) => ({
    round: round.round,
    attempt: round.attempt,
    status: round.status,
    pid: round.pid,
    durationMs: round.durationMs,
    usage: round.usage,
    ...(round.report === null ? {} : { report: round.report }),
    ...(round.failure === null ? {} : { failure: round.failure })
  })),
  result: view.envelope,
  error: view.error === null ? null : { _tag: view.error._tag, message: view.error.message, ...view.error.fields }
})

const showText = (view: RunView) => {
  const s = runSummary(view)
  const lines = [
    `run ${s.runId}: ${s.state}, ${s.rounds} of ${s.maxRounds} rounds finished, ${view.agentsStarted} agents started`,
    `objective: ${s.objective}`,
    `agent: ${s.agent} · workspace: ${s.workspace} · started ${s.startedAt} · ${duration(s.startedAt, s.updatedAt)}`
  ]
  for (const round of view.rounds) {
    const head = `round ${round.round}${round.attempt > 1 ? ` (attempt ${round.attempt})` : ""}: ${round.status}`
    const took = round.durationMs === null ? "" : ` · ${(round.durationMs / 1000).toFixed(1)}s`
    const what = round.report !== null
      ? ` · ${round.report.status} · ${round.report.summary}${round.usage === null ? "" : ` · ${formatUsage(round.usage)}`}`
      : round.failure !== null
      ? ` · ${round.failure.reason}: ${round.failure.detail}`
      : ""
    lines.push(`  ${head}${took}${what}`)
  }
  if (view.envelope !== null) lines.push(renderEnvelope(view.envelope, view.started.config.maxResultChars))
  if (view.error !== null) lines.push(`ended with ${view.error._tag}: ${view.error.message}`)
  return lines.join("\n")
}

export const show = Command.make("show", { ...listFlags, runId: runIdArgument }, (flags) => {
  session.json = flags.json
  return report(
    flags.json,
    RunStore.make(resolveStateDir(flags.stateDir, process.env)).read(flags.runId),
    showText,
    showJson
  )
}).pipe(Command.withDescription("Show one run: each round, and how it ended"))

export const ralph = Command.make("ralph").pipe(
  Command.withDescription("Run one objective through a sequence of fresh coding-agent processes"),
  Command.withSubcommands([run, resume, runs, show])
)
