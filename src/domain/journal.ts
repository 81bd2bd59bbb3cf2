import { Result, Schema, Struct } from "effect"
import { errorFields, RalphError } from "./errors.ts"
import {
  ChildSpawned,
  ClaimChecked,
  ClaimCheckStarted,
  LimitWait,
  RetryScheduled,
  ReviewFailed,
  ReviewFinished,
  ReviewStarted,
  RoundFailed,
  RoundFinished,
  RoundRejected,
  RoundStarted,
  RoundStopped,
  type RunEvent,
  RunFinished,
  RunStarted,
  RunWaiting
} from "./events.ts"
import { Delivery } from "./notification.ts"
import { AgentConfig } from "./settings.ts"

const common = { t: Schema.String }

/**
 * An event as the record keeps it: under its entry type, without what an entry does not keep — its
 * tag (the entry's `type`), the run id (a record is one run's) and the child's output (kept beside).
 */
const recorded = <const Type extends string, F extends Schema.Struct.Fields>(type: Type, fields: F) =>
  Schema.Struct({ ...common, type: Schema.Literal(type), ...fields })
const event = ["_tag", "runId"] as const
const withOutput = ["_tag", "runId", "transcript"] as const

/** The entries that are events as they are, by the event's tag. */
const eventEntries = {
  RoundStarted: recorded("round-started", {
    ...Struct.omit(RoundStarted.fields, event),
    /** The child's pid, in journals written before `child-spawned` existed. */
    pid: Schema.optionalKey(Schema.Int)
  }),
  ChildSpawned: recorded("child-spawned", Struct.omit(ChildSpawned.fields, event)),
  RoundFinished: recorded("round-finished", Struct.omit(RoundFinished.fields, withOutput)),
  ClaimCheckStarted: recorded("claim-check-started", Struct.omit(ClaimCheckStarted.fields, event)),
  ClaimChecked: recorded("claim-checked", Struct.omit(ClaimChecked.fields, event)),
  ReviewStarted: recorded("review-started", Struct.omit(ReviewStarted.fields, event)),
  ReviewFinished: recorded("review-finished", Struct.omit(ReviewFinished.fields, event)),
  ReviewFailed: recorded("review-failed", Struct.omit(ReviewFailed.fields, event)),
  RoundFailed: recorded("round-failed", Struct.omit(RoundFailed.fields, withOutput)),
  RoundRejected: recorded("round-rejected", Struct.omit(RoundRejected.fields, withOutput)),
  RoundStopped: recorded("round-stopped", Struct.omit(RoundStopped.fields, event)),
  RetryScheduled: recorded("retry", Struct.omit(RetryScheduled.fields, event)),
  RunWaiting: recorded("waiting", Struct.omit(RunWaiting.fields, event)),
  RunFinished: recorded("run-finished", Struct.omit(RunFinished.fields, event)),
  LimitWait: recorded("limit-wait", Struct.omit(LimitWait.fields, event))
} as const

/** The events the record keeps as they are. */
export type RecordedEvent = Extract<RunEvent, { readonly _tag: keyof typeof eventEntries }>

/** Whether the record keeps the event as it is (its start and its failure are kept their own way). */
export const isRecordedAsIs = (event: RunEvent): event is RecordedEvent => event._tag in eventEntries

/**
 * The entry of an event the record keeps as it is: its fields but the tag, the run id and the
 * child's output, under the entry type its schema names.
 */
export const entryOf = (recordedEvent: RecordedEvent): NewEntry => {
  const { _tag, runId: _runId, ...fields } = recordedEvent
  let kept: object = fields
  if ("transcript" in fields) {
    const { transcript: _output, ...rest } = fields
    kept = rest
  }
  // The entry's schema is the event's with these fields omitted (eventEntries): the same shape by construction.
  return { type: eventEntries[_tag].fields.type.literal, ...kept } as NewEntry
}

/** A run's start as recorded: the event's facts, and what only the recorder knows (agent, pid, host, version). */
export const RunStartedEntry = Schema.Struct({
  ...common,
  type: Schema.Literal("run-started"),
  ...Struct.pick(RunStarted.fields, [
    "runId",
    "objective",
    "maxRounds",
    "config",
    "workspace",
    "guards",
    "fallbackAgents"
  ]),
  /** The agent's settings the run was started with, so a resume starts the same agent. */
  agent: AgentConfig,
  /** The fallback agents' settings, by name (env values never: only their names), for a resume. */
  agents: Schema.optionalKey(Schema.Record(Schema.String, AgentConfig)),
  gitHead: Schema.NullOr(Schema.String),
  pid: Schema.Int,
  /** The machine the pid is on (absent in records written before it was kept). */
  host: Schema.optionalKey(Schema.String),
  version: Schema.String
})

/** One line of a run's journal. Every line read back is decoded with this schema. */
export const JournalEntry = Schema.Union([
  RunStartedEntry,
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
  ...Object.values(eventEntries),
  Schema.Struct({
    ...common,
    type: Schema.Literal("run-failed"),
    /** The error as its tag, message and own fields (an error this ralph does not know stays readable). */
    error: Schema.Struct({
      _tag: Schema.String,
      message: Schema.String,
      fields: Schema.Record(Schema.String, Schema.Unknown)
    })
  }),
  /** A notification (--notify) sent or not: told of after the event it tells of. */
  Schema.Struct({ ...common, type: Schema.Literal("notification"), ...Delivery.fields }),
  /** A person's answer to the blocker of `round` (`ralph answer`), written by any process sharing the store. */
  Schema.Struct({ ...common, type: Schema.Literal("answer"), round: Schema.Int, text: Schema.String }),
  /** A person's note for the next round (`ralph note`): handed to one child, the next to start. */
  Schema.Struct({ ...common, type: Schema.Literal("note"), text: Schema.String })
])
export type JournalEntry = typeof JournalEntry.Type
export type RunStartedEntry = typeof RunStartedEntry.Type
export type NotificationEntry = Extract<JournalEntry, { type: "notification" }>
export type MessageEntry = Extract<JournalEntry, { type: "answer" | "note" }>
/** An entry as it is appended: the store adds its time. */
export type NewEntry = JournalEntry extends infer E ? E extends JournalEntry ? Omit<E, "t"> : never : never

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

/** What the record of a run's start holds that its event does not: only the recording process knows it. */
export interface StartFacts {
  /** The agent's settings, without env values. */
  readonly agent: AgentConfig
  /** The fallback agents' settings by name, without env values. */
  readonly agents?: Readonly<Record<string, AgentConfig>>
  readonly gitHead: string | null
  readonly pid: number
  readonly host: string
  readonly version: string
}

/** The entry of a run's start: `run-started`, or `run-resumed` for a continued run. */
export const startEntry = (event: RunStarted, facts: StartFacts): NewEntry =>
  event.resumedAfterRound === undefined
    ? {
      type: "run-started",
      runId: event.runId,
      objective: event.objective,
      maxRounds: event.maxRounds,
      config: event.config,
      agent: facts.agent,
      workspace: event.workspace,
      ...(event.guards === undefined ? {} : { guards: event.guards }),
      ...(event.fallbackAgents === undefined ? {} : { fallbackAgents: event.fallbackAgents }),
      ...(facts.agents === undefined ? {} : { agents: facts.agents }),
      gitHead: facts.gitHead,
      pid: facts.pid,
      host: facts.host,
      version: facts.version
    }
    : {
      type: "run-resumed",
      afterRound: event.resumedAfterRound,
      rerunsRound: event.rerunsRound ?? null,
      stoppedStalePid: event.stoppedStalePid ?? null,
      pid: facts.pid,
      host: facts.host
    }

/** The entry of a run's failure: the error's tag, message and own fields. */
export const failedEntry = (error: RalphError): NewEntry => ({
  type: "run-failed",
  error: { _tag: error._tag, message: error.message, fields: errorFields(error) }
})

/** The entry of any event: how the record keeps it, and how the live view folds it. */
export const entryOfEvent = (event: RunEvent, facts: StartFacts): NewEntry =>
  event._tag === "RunStarted"
    ? startEntry(event, facts)
    : event._tag === "RunFailed"
    ? failedEntry(event.error)
    : entryOf(event)

// Object.entries types its keys as strings: they are eventEntries' keys, the recorded events' tags.
const tagOfEntry: ReadonlyMap<string, RecordedEvent["_tag"]> = new Map(
  Object.entries(eventEntries).map(([tag, schema]) => [schema.fields.type.literal, tag as RecordedEvent["_tag"]])
)
const decodeError = Schema.decodeUnknownResult(RalphError)

/**
 * The event an entry records, for a watcher of the run (`started`: the run's start entry): the
 * inverse of `entryOfEvent`, but for what an entry does not keep (the child's output). A failure
 * whose error this ralph does not know gives no event.
 */
export const eventOfEntry = (entry: JournalEntry, started: RunStartedEntry): RunEvent | undefined => {
  const runId = started.runId
  switch (entry.type) {
    case "run-started":
    case "run-resumed":
      return {
        _tag: "RunStarted",
        runId,
        objective: started.objective,
        maxRounds: started.maxRounds,
        provider: started.config.subagentProvider,
        config: started.config,
        workspace: started.workspace,
        ...(started.guards === undefined ? {} : { guards: started.guards }),
        ...(started.fallbackAgents === undefined ? {} : { fallbackAgents: started.fallbackAgents }),
        ...(entry.type === "run-started" ? {} : {
          resumedAfterRound: entry.afterRound,
          ...(entry.rerunsRound === null ? {} : { rerunsRound: entry.rerunsRound }),
          ...(entry.stoppedStalePid === null ? {} : { stoppedStalePid: entry.stoppedStalePid })
        })
      }
    case "run-failed": {
      const error = decodeError({ _tag: entry.error._tag, ...entry.error.fields })
      return Result.isSuccess(error) ? { _tag: "RunFailed", runId, error: error.success } : undefined
    }
    case "round-started":
      // A journal written before child-spawned existed holds the pid here: the event has no place for it.
      return {
        _tag: "RoundStarted",
        runId,
        round: entry.round,
        attempt: entry.attempt,
        ...(entry.notes === undefined ? {} : { notes: entry.notes }),
        ...(entry.agent === undefined ? {} : { agent: entry.agent })
      }
    default: {
      const { t: _t, type, ...fields } = entry
      const tag = tagOfEntry.get(type)
      // A notification, or a person's answer or note: entries of no event.
      if (tag === undefined) return undefined
      // The entry's schema is the event's without its tag and run id (eventEntries): the same shape by construction.
      return { _tag: tag, runId, ...fields } as RunEvent
    }
  }
}
