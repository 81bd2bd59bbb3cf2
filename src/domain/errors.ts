import { Duration, Schema } from "effect"
import { Report } from "./report.ts"
import { defaults } from "./settings.ts"

/** Why a child process did not yield a usable structured value. */
export const FailureReason = Schema.Literals([
  "auth",
  "rate-limit",
  "overloaded",
  "network",
  "turn-limit",
  "budget",
  "permission-denied",
  "timeout",
  "idle-timeout",
  "time-budget",
  "crashed",
  "tempfail",
  "no-report",
  "output-limit",
  "malformed-usage",
  /** A file the worker can touch (report, usage, a protected file) is no regular file ralph may read. */
  "unsafe-file",
  /** ralph's own git command in the workspace failed, was refused, or ran past its bound. */
  "git"
])
export type FailureReason = typeof FailureReason.Type

/** Failures worth retrying within the same round: the next attempt may well succeed. */
export const isTransient = (reason: FailureReason): boolean =>
  reason === "rate-limit" || reason === "overloaded" || reason === "network" || reason === "tempfail"

export class InvalidArguments extends Schema.TaggedError<InvalidArguments>()("InvalidArguments", {
  argument: Schema.String,
  problem: Schema.String
}) {
  override get message(): string {
    return `Invalid ${this.argument}: ${this.problem}`
  }
}

export class InvalidConfig extends Schema.TaggedError<InvalidConfig>()("InvalidConfig", {
  key: Schema.String,
  problem: Schema.String
}) {
  override get message(): string {
    return `Invalid config ${this.key}: ${this.problem}`
  }
}

export class ProviderUnavailable extends Schema.TaggedError<ProviderUnavailable>()("ProviderUnavailable", {
  provider: Schema.String,
  problem: Schema.Literals(["unknown", "no-structured-output", "inherits-parent-context", "not-installed"]),
  detail: Schema.String
}) {
  override get message(): string {
    return `Agent "${this.provider}" is unavailable: ${this.detail}`
  }
}

export class EngineRejected extends Schema.TaggedError<EngineRejected>()("EngineRejected", {
  requested: Schema.Number,
  ceiling: Schema.Number
}) {
  override get message(): string {
    return `The workflow engine accepts at most ${this.ceiling} children per run; this run asked for ${this.requested}. Ask for fewer rounds (maxRounds).`
  }
}

export class RoundFailed extends Schema.TaggedError<RoundFailed>()("RoundFailed", {
  round: Schema.Number,
  reason: FailureReason,
  detail: Schema.String,
  lastReport: Schema.NullOr(Report),
  exitCode: Schema.optionalKey(Schema.Number),
  signal: Schema.optionalKey(Schema.String),
  stderrTail: Schema.optionalKey(Schema.String),
  resetAt: Schema.optionalKey(Schema.String)
}) {
  override get message(): string {
    const handoff = this.lastReport === null ? "no earlier round finished" : "the last good handoff is kept"
    return `Round ${this.round} failed (${this.reason}): ${this.detail}; ${handoff}`
  }
}

export class MalformedReport extends Schema.TaggedError<MalformedReport>()("MalformedReport", {
  round: Schema.Number,
  problem: Schema.String
}) {
  override get message(): string {
    return `Round ${this.round} returned a malformed report: ${this.problem}`
  }
}

export class OversizedReport extends Schema.TaggedError<OversizedReport>()("OversizedReport", {
  round: Schema.Number,
  chars: Schema.Number,
  limit: Schema.Number
}) {
  override get message(): string {
    return `Round ${this.round} returned a report of ${this.chars} characters as compact JSON; the limit is ${this.limit} (maxHandoffChars)`
  }
}

/** A reviewer (issue 20) returned a value that is not a verdict: an error, never an accept. */
export class MalformedVerdict extends Schema.TaggedError<MalformedVerdict>()("MalformedVerdict", {
  round: Schema.Number,
  /** The reviewer's agent. */
  agent: Schema.String,
  problem: Schema.String
}) {
  override get message(): string {
    return `The reviewer (${this.agent}) of round ${this.round}'s claimed completion returned a malformed verdict: ${this.problem}; a verdict is exactly the keys verdict ("accept" or "reject") and findings (a reject needs at least one)`
  }
}

export class Cancelled extends Schema.TaggedError<Cancelled>()("Cancelled", {
  signal: Schema.optionalKey(Schema.String),
  round: Schema.optionalKey(Schema.Number)
}) {
  override get message(): string {
    const where = this.round === undefined ? "" : ` during round ${this.round}`
    const how = this.signal === undefined ? "" : ` by ${this.signal}`
    return `The run was cancelled${how}${where}`
  }
}

export class WorkspaceLocked extends Schema.TaggedError<WorkspaceLocked>()("WorkspaceLocked", {
  workspace: Schema.String,
  /** Absent while the other run is starting (its id is not chosen yet). */
  runId: Schema.optionalKey(Schema.String),
  pid: Schema.Number,
  /** Set when the run is driven from another machine sharing the store. */
  host: Schema.optionalKey(Schema.String)
}) {
  override get message(): string {
    // pid 0: the other ralph is writing its claim this instant (no pid to name, nothing to stop yet).
    if (this.pid === 0) {
      return `Another ralph is taking ${
        this.runId === undefined ? `the workspace ${this.workspace}` : `run ${this.runId}`
      } right now; try again in a few seconds`
    }
    return this.host === undefined
      ? `Another ralph run (${
        this.runId ?? "starting"
      }, pid ${this.pid}) is active in ${this.workspace}; wait for it, or stop it first`
      : `Run ${this.runId} is being driven by ralph pid ${this.pid} on ${this.host}; wait for it, or stop it there. ` +
        `If that machine is gone, its claim on the run lapses ${
          Duration.format(defaults.runLeaseTtl)
        } after it last renewed it: resume then`
  }
}

/**
 * This ralph no longer holds the run it was driving (a shared store's lease, see
 * src/record/RunLeases.ts): another ralph took it over while this one could not renew its claim
 * (paused, or cut off from the database for longer than the lease's ttl), or the database could not
 * be reached to renew it for that long. Its child is stopped and nothing more is recorded by it.
 */
export class LeaseLost extends Schema.TaggedError<LeaseLost>()("LeaseLost", {
  runId: Schema.String,
  /** `taken`: another ralph took the run over; `unrenewed`: the claim could not be renewed for the lease's ttl. */
  reason: Schema.Literals(["taken", "unrenewed"]),
  /** The ralph that holds the run now, when one does. */
  holderPid: Schema.optionalKey(Schema.Number),
  holderHost: Schema.optionalKey(Schema.String)
}) {
  override get message(): string {
    const stopped = "this ralph stopped its child and records nothing more for the run"
    if (this.reason === "unrenewed") {
      return `This ralph could not renew its claim on run ${this.runId} for ${
        Duration.format(defaults.runLeaseTtl)
      } (the database did not answer), so another ralph may be driving it now: ${stopped}. ` +
        `\`ralph show ${this.runId}\` says where it stands once the database answers`
    }
    const holder = this.holderPid === undefined
      ? "another ralph took it over (and has let it go since: `ralph resume` continues it)"
      : `it is driven now by ralph pid ${this.holderPid}${
        this.holderHost === undefined ? "" : ` on ${this.holderHost}`
      }`
    return `This ralph lost run ${this.runId}: ${holder}, while this one could not renew its claim ` +
      `(paused, or cut off from the database, for over ${Duration.format(defaults.runLeaseTtl)}); ${stopped}`
  }
}

export class StateUnavailable extends Schema.TaggedError<StateUnavailable>()("StateUnavailable", {
  path: Schema.String,
  problem: Schema.String
}) {
  override get message(): string {
    return `ralph's state at ${this.path} is unusable: ${this.problem}`
  }
}

/** Every typed failure of a Ralph run: one Schema, its type read off it. */
export const RalphError = Schema.Union([
  InvalidArguments,
  InvalidConfig,
  ProviderUnavailable,
  EngineRejected,
  RoundFailed,
  MalformedReport,
  OversizedReport,
  MalformedVerdict,
  Cancelled,
  WorkspaceLocked,
  LeaseLost,
  StateUnavailable
])
export type RalphError = typeof RalphError.Type

/** An error's own fields: everything but its tag, message and the Error machinery. */
export const errorFields = (error: RalphError): Record<string, unknown> => {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    if (key !== "_tag" && key !== "message" && key !== "stack" && key !== "name") fields[key] = value
  }
  return fields
}
