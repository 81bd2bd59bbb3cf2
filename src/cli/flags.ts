import { Argument, Flag } from "effect/cli"

export const optionalString = (name: string, description: string) =>
  Flag.String(name).pipe(Flag.withDescription(description), Flag.optional)

/** Flags shared by every command that starts children. */
export const runFlags = {
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

/** A resumed run keeps its agent and workspace; only time limits, retries and output are per invocation. */
export const resumeFlags = {
  json: runFlags.json,
  roundTimeout: runFlags.roundTimeout,
  idleTimeout: runFlags.idleTimeout,
  maxTime: runFlags.maxTime,
  retries: runFlags.retries,
  retryDelay: runFlags.retryDelay,
  killGrace: runFlags.killGrace,
  stateDir: runFlags.stateDir
}

/** Flags of the commands that only read the state directory. */
export const readFlags = {
  json: runFlags.json,
  stateDir: runFlags.stateDir
}

export const runIdArgument = Argument.String("runId").pipe(Argument.withDescription("The run's id (see `ralph runs`)"))
