import { Result, Schema } from "effect"
import { FailureReason } from "./errors.ts"
import { ClaimCheck, Guards } from "./guards.ts"
import { Envelope } from "./outcome.ts"
import { Report } from "./report.ts"
import { AgentConfig } from "./settings.ts"
import { roundSpend, type RoundUsage, Usage } from "./usage.ts"

const common = { t: Schema.String }

/** One line of a run's journal. Every line read back is decoded with this schema. */
export const JournalEntry = Schema.Union([
  Schema.Struct({
    ...common,
    type: Schema.Literal("run-started"),
    runId: Schema.String,
    objective: Schema.String,
    maxRounds: Schema.Int,
    config: Schema.Struct({
      subagentProvider: Schema.String,
      maxRounds: Schema.Int,
      maxHandoffChars: Schema.Int,
      maxResultChars: Schema.Int
    }),
    /** The agent's settings the run was started with, so a resume starts the same agent. */
    agent: AgentConfig,
    workspace: Schema.String,
    /** Caps, stall guard and claim checks the run is held to, with the protected files' baseline (absent before they existed). */
    guards: Schema.optionalKey(Guards),
    gitHead: Schema.NullOr(Schema.String),
    pid: Schema.Int,
    /** The machine the pid is on (absent in records written before it was kept). */
    host: Schema.optionalKey(Schema.String),
    version: Schema.String
  }),
  Schema.Struct({
    ...common,
    type: Schema.Literal("run-resumed"),
    afterRound: Schema.Int,
    /** A round that had started but never finished, run again under the same number. */
    rerunsRound: Schema.NullOr(Schema.Int),
    /** A child of the crashed invocation that was still alive and was stopped first. */
    stoppedStalePid: Schema.NullOr(Schema.Int),
    pid: Schema.Int,
    host: Schema.optionalKey(Schema.String)
  }),
  Schema.Struct({
    ...common,
    type: Schema.Literal("round-started"),
    round: Schema.Int,
    attempt: Schema.Int,
    /** The child's pid, in journals written before `child-spawned` existed. */
    pid: Schema.optionalKey(Schema.Int)
  }),
  Schema.Struct({
    ...common,
    /** The round's child runs: its pid (the leader of its process group), to stop it after a crash. */
    type: Schema.Literal("child-spawned"),
    round: Schema.Int,
    attempt: Schema.Int,
    pid: Schema.Int
  }),
  Schema.Struct({
    ...common,
    type: Schema.Literal("round-finished"),
    round: Schema.Int,
    attempt: Schema.Int,
    report: Report,
    durationMs: Schema.Number,
    usage: Usage,
    /** Whether the round changed the workspace, and its fingerprint after the round. */
    workspace: Schema.optionalKey(Schema.Struct({ changed: Schema.Boolean, fingerprint: Schema.String })),
    /** Protected files that differed from the run's start after the round. */
    protectedChanged: Schema.optionalKey(Schema.Array(Schema.String)),
    /** The commit of the round's checkpoint, `refs/ralph/RUN_ID/ROUND` (absent: outside git, or recorded before checkpoints). */
    checkpoint: Schema.optionalKey(Schema.String)
  }),
  Schema.Struct({
    ...common,
    /** A claimed completion is being checked: protected files, then the verify command. */
    type: Schema.Literal("claim-check-started"),
    round: Schema.Int
  }),
  Schema.Struct({
    ...common,
    type: Schema.Literal("claim-checked"),
    round: Schema.Int,
    check: ClaimCheck,
    holds: Schema.Boolean
  }),
  Schema.Struct({
    ...common,
    type: Schema.Literal("round-failed"),
    round: Schema.Int,
    attempt: Schema.Int,
    reason: FailureReason,
    detail: Schema.String,
    stderrTail: Schema.optionalKey(Schema.String),
    durationMs: Schema.Number,
    /** What the child reported spending before it failed (absent: unknown). */
    usage: Schema.optionalKey(Usage)
  }),
  Schema.Struct({
    ...common,
    type: Schema.Literal("round-rejected"),
    round: Schema.Int,
    attempt: Schema.Int,
    /** The child's value broke the report rules (`malformed`) or the handoff bound (`oversized`). */
    kind: Schema.Literals(["malformed", "oversized"]),
    problem: Schema.String,
    durationMs: Schema.Number,
    usage: Usage
  }),
  Schema.Struct({
    ...common,
    type: Schema.Literal("retry"),
    round: Schema.Int,
    attempt: Schema.Int,
    reason: FailureReason,
    delayMs: Schema.Number
  }),
  Schema.Struct({ ...common, type: Schema.Literal("run-finished"), envelope: Envelope }),
  Schema.Struct({
    ...common,
    type: Schema.Literal("run-failed"),
    error: Schema.Struct({
      _tag: Schema.String,
      message: Schema.String,
      fields: Schema.Record(Schema.String, Schema.Unknown)
    })
  })
])
export type JournalEntry = typeof JournalEntry.Type
export type RunStartedEntry = Extract<JournalEntry, { type: "run-started" }>
type RunFailedEntry = Extract<JournalEntry, { type: "run-failed" }>

/** One line of the journal (a stored entry's JSON text), decoded. */
export const decodeEntry = Schema.decodeUnknownResult(Schema.fromJsonString(JournalEntry))

/** Whether one line of text is a whole journal entry (a crash can leave the last one torn). */
export const isJournalEntry = (line: string): boolean => Result.isSuccess(decodeEntry(line))

export class JournalCorrupt extends Schema.TaggedError<JournalCorrupt>()("JournalCorrupt", {
  line: Schema.Int,
  problem: Schema.String
}) {}

/**
 * Decodes a journal's text. A torn last line (a crash mid-write) is skipped; a bad line before the
 * last one means the journal was damaged, and is an error rather than a silent gap.
 */
export const parseJournal = (text: string): Result.Result<ReadonlyArray<JournalEntry>, JournalCorrupt> => {
  const lines = text.split("\n")
  const complete = text.endsWith("\n")
  const entries: Array<JournalEntry> = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === "") continue
    const decoded = decodeEntry(line)
    if (Result.isSuccess(decoded)) {
      entries.push(decoded.success)
      continue
    }
    const isLast = lines.slice(i + 1).every((rest) => rest.trim() === "")
    if (isLast && !complete) break
    return Result.fail(new JournalCorrupt({ line: i + 1, problem: decoded.failure.message.split("\n")[0] ?? "" }))
  }
  if (entries[0]?.type !== "run-started") {
    return Result.fail(new JournalCorrupt({ line: 1, problem: "the journal does not start with run-started" }))
  }
  return Result.succeed(entries)
}

export type RunState = "running" | "complete" | "blocked" | "budget-limited" | "failed" | "cancelled" | "interrupted"

export interface RoundView {
  readonly round: number
  readonly attempt: number
  /** When the attempt started (its round-started entry's time). */
  readonly startedAt: string
  readonly pid: number | null
  /**
   * `interrupted`: ralph itself stopped mid-round (a crash, SIGKILL); `cancelled`: the run was
   * cancelled and the child stopped; `malformed`/`oversized`: its report was rejected (see `problem`).
   */
  readonly status: "running" | "finished" | "failed" | "interrupted" | "cancelled" | "malformed" | "oversized"
  readonly report: Report | null
  readonly durationMs: number | null
  readonly usage: Usage | null
  readonly failure: { readonly reason: FailureReason; readonly detail: string } | null
  /** What was wrong with a rejected report. */
  readonly problem: string | null
  /** Whether the round changed the workspace; null when not recorded. */
  readonly workspaceChanged: boolean | null
  /** Protected files that differed from the run's start after the round; null when not recorded. */
  readonly protectedChanged: ReadonlyArray<string> | null
  /** The commit of the round's checkpoint (`refs/ralph/RUN_ID/ROUND`); null outside git or when not recorded. */
  readonly checkpoint: string | null
  /** The check of the round's claimed completion: running, or its result (and whether the claim held). */
  readonly claim:
    | { readonly status: "checking" | "interrupted" }
    | { readonly status: "held" | "rejected"; readonly check: ClaimCheck }
    | null
}

/** What a journal says about its run, derived from the entries alone. */
export interface RunView {
  readonly started: RunStartedEntry
  readonly state: RunState
  readonly rounds: ReadonlyArray<RoundView>
  /**
   * The last round that finished with a valid report: that report, what its attempt spent and took,
   * whether it changed the workspace (null when not recorded), and `rejected` when it claimed
   * completion and the claim's check failed (the next round is told why).
   */
  readonly lastFinished:
    | {
      readonly round: number
      readonly report: Report
      readonly usage: Usage
      readonly durationMs: number
      readonly changed: boolean | null
      readonly rejected?: ClaimCheck
    }
    | null
  /** The spend of every finished round. */
  readonly usage: ReadonlyArray<RoundUsage>
  /** Finished rounds in a row, up to the last, recorded as changing nothing in the workspace. */
  readonly stalled: number
  /** What the failed attempts of the round after the last finished one spent (a continued run counts it). */
  readonly pendingUsage: ReadonlyArray<Usage>
  /** Every child started, retries and every invocation included. */
  readonly agentsStarted: number
  readonly envelope: Envelope | null
  readonly error: { readonly _tag: string; readonly message: string; readonly fields: Record<string, unknown> } | null
  /** The pid of the child that was running when the journal stopped, if one was. */
  readonly danglingPid: number | null
  /** The round that had started but not finished when the journal stopped. */
  readonly danglingRound: number | null
  readonly lastTime: string
  /** The pid of the ralph process that wrote the latest run-started or run-resumed entry. */
  readonly ownerPid: number
  /** The machine of that process (and of its children), when the record says. */
  readonly ownerHost: string | null
}

const timeBudgetCut = { reason: "time-budget", detail: "stopped when the run's time budget ran out" } as const

const decodeReason = Schema.decodeUnknownResult(FailureReason)

/**
 * What a run's error says of the round still running when it was written. A cancellation stopped
 * it. An error naming that round ended it: the time budget cuts a round without a round-failed
 * entry, and journals written before round-rejected existed name a rejected report only here.
 */
const endedRound = (error: RunFailedEntry["error"], round: number): Partial<RoundView> => {
  if (error._tag === "Cancelled") return { status: "cancelled" }
  const fields = error.fields
  if (fields.round !== round) return { status: "interrupted" }
  switch (error._tag) {
    case "RoundFailed": {
      const reason = decodeReason(fields.reason)
      return Result.isSuccess(reason) && typeof fields.detail === "string"
        ? { status: "failed", failure: { reason: reason.success, detail: fields.detail } }
        : { status: "interrupted" }
    }
    case "MalformedReport":
      return { status: "malformed", problem: error.message }
    case "OversizedReport":
      return { status: "oversized", problem: error.message }
    default:
      return { status: "interrupted" }
  }
}

const trailingUnchanged = (rounds: ReadonlyArray<RoundView>): number => {
  let count = 0
  for (const round of rounds.filter((r) => r.status === "finished").reverse()) {
    if (round.workspaceChanged !== false) break
    count++
  }
  return count
}

/** Folds a decoded journal into the run's view; `isAlive` says whether the owner process still runs. */
export const viewRun = (entries: ReadonlyArray<JournalEntry>, isAlive: (pid: number) => boolean): RunView => {
  const started = entries[0] as RunStartedEntry
  const rounds: Array<RoundView> = []
  let lastFinished: RunView["lastFinished"] = null
  let envelope: Envelope | null = null
  let error: RunView["error"] = null
  let ownerPid = started.pid
  let ownerHost = started.host ?? null
  let terminal = false
  const current = () => rounds.at(-1)
  const replaceCurrent = (patch: Partial<RoundView>) => {
    const last = current()
    if (last !== undefined) rounds[rounds.length - 1] = { ...last, ...patch }
  }
  // By round: a round finished again (after a crash) replaces its spend, at the end, as it ran last.
  const usage = new Map<number, RoundUsage>()
  /** What each round's failed attempts spent (unknown when a failure says nothing), for its finished one's total. */
  const failedAttempts = new Map<number, Array<Usage>>()
  const interruptClaims = () => {
    for (let i = 0; i < rounds.length; i++) {
      if (rounds[i]!.claim?.status === "checking") rounds[i] = { ...rounds[i]!, claim: { status: "interrupted" } }
    }
  }
  /** The claim check belongs to the round's finished attempt (a resume may check it again). */
  const replaceClaim = (round: number, claim: RoundView["claim"]) => {
    const index = rounds.findLastIndex((r) => r.round === round && r.status === "finished")
    if (index >= 0) rounds[index] = { ...rounds[index]!, claim }
  }
  for (const entry of entries) {
    switch (entry.type) {
      case "run-started":
        break
      case "run-resumed":
        ownerPid = entry.pid
        ownerHost = entry.host ?? null
        terminal = false
        error = null
        if (current()?.status === "running") replaceCurrent({ status: "interrupted" })
        interruptClaims()
        break
      case "round-started":
        if (current()?.status === "running") replaceCurrent({ status: "interrupted" })
        rounds.push({
          round: entry.round,
          attempt: entry.attempt,
          startedAt: entry.t,
          pid: entry.pid ?? null,
          status: "running",
          report: null,
          durationMs: null,
          usage: null,
          failure: null,
          problem: null,
          workspaceChanged: null,
          protectedChanged: null,
          checkpoint: null,
          claim: null
        })
        break
      case "child-spawned":
        replaceCurrent({ pid: entry.pid })
        break
      case "round-finished":
        replaceCurrent({
          status: "finished",
          report: entry.report,
          durationMs: entry.durationMs,
          usage: entry.usage,
          workspaceChanged: entry.workspace?.changed ?? null,
          protectedChanged: entry.protectedChanged ?? null,
          checkpoint: entry.checkpoint ?? null
        })
        lastFinished = {
          round: entry.round,
          report: entry.report,
          usage: entry.usage,
          durationMs: entry.durationMs,
          changed: entry.workspace?.changed ?? null
        }
        usage.delete(entry.round)
        usage.set(
          entry.round,
          roundSpend(entry.round, [...(failedAttempts.get(entry.round) ?? []), entry.usage], entry.durationMs)
        )
        break
      case "claim-check-started":
        replaceClaim(entry.round, { status: "checking" })
        break
      case "claim-checked":
        replaceClaim(entry.round, { status: entry.holds ? "held" : "rejected", check: entry.check })
        if (!entry.holds && lastFinished !== null && lastFinished.round === entry.round) {
          lastFinished = {
            round: lastFinished.round,
            report: lastFinished.report,
            usage: lastFinished.usage,
            durationMs: lastFinished.durationMs,
            changed: lastFinished.changed,
            rejected: entry.check
          }
        }
        break
      case "round-failed":
        failedAttempts.set(entry.round, [...(failedAttempts.get(entry.round) ?? []), entry.usage ?? {}])
        replaceCurrent({
          status: "failed",
          durationMs: entry.durationMs,
          usage: entry.usage ?? null,
          failure: { reason: entry.reason, detail: entry.detail }
        })
        break
      case "round-rejected":
        replaceCurrent({ status: entry.kind, durationMs: entry.durationMs, usage: entry.usage, problem: entry.problem })
        break
      case "retry":
        break
      case "run-finished":
        envelope = entry.envelope
        terminal = true
        // Only the time budget ends a run with a round still going: that round was cut.
        if (current()?.status === "running") replaceCurrent({ status: "failed", failure: timeBudgetCut })
        break
      case "run-failed": {
        error = entry.error
        terminal = true
        const running = current()
        if (running?.status === "running") replaceCurrent(endedRound(entry.error, running.round))
        break
      }
    }
  }
  const state: RunState = envelope !== null
    ? envelope.result.status
    : error !== null
    ? error._tag === "Cancelled" ? "cancelled" : "failed"
    : !terminal && isAlive(ownerPid)
    ? "running"
    : "interrupted"
  // A claim check marked as going on is only while the run is.
  if (state !== "running") interruptClaims()
  const last = current()
  const dangling = last !== undefined && last.status === "running"
  return {
    started,
    state,
    rounds: state === "interrupted" && dangling ? [...rounds.slice(0, -1), { ...last, status: "interrupted" }] : rounds,
    lastFinished,
    usage: [...usage.values()],
    stalled: trailingUnchanged(rounds),
    pendingUsage: failedAttempts.get((lastFinished?.round ?? 0) + 1) ?? [],
    agentsStarted: rounds.length,
    envelope,
    error,
    danglingPid: dangling ? last.pid : null,
    danglingRound: dangling ? last.round : null,
    lastTime: entries.at(-1)?.t ?? started.t,
    ownerPid,
    ownerHost
  }
}

/** One line of `ralph runs`: what a listing says of a run, from its view or from a store's summary. */
export interface RunSummary {
  readonly runId: string
  readonly state: RunState
  /** Rounds that finished with a valid report. */
  readonly rounds: number
  readonly maxRounds: number
  readonly agent: string
  readonly objective: string
  readonly workspace: string
  readonly startedAt: string
  readonly updatedAt: string
}

export const summarize = (view: RunView): RunSummary => ({
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
