import { Effect, Option } from "effect"
import { Command, Flag } from "effect/cli"
import { InvalidArguments } from "../../domain/errors.ts"
import { elapsed } from "../../domain/render.ts"
import { isLive, runStates } from "../../domain/runView.ts"
import { escapeLine } from "../../domain/terminalText.ts"
import type { FleetRun } from "../../fleet/FleetQueue.ts"
import type { RunListing } from "../../record/RunStore.ts"
import { listedId, newestFirst, workspaceAround } from "../findRun.ts"
import { optionalString, readFlags } from "../flags.ts"
import { fleetRows, type QueuedRun, queuedRuns } from "../fleet.ts"
import { listingJson } from "../present/json.ts"
import { answerCommandAt } from "../present/output.ts"
import { printRead } from "../present/print.ts"
import { loadLocation } from "../settings.ts"
import { type StoreLocation, withRecords } from "../store.ts"

/** A screenful. */
const defaultLimit = 20

const states = [...runStates, "damaged"] as const

const flags = {
  ...readFlags,
  workspace: optionalString(
    "workspace",
    "DIR",
    "Only the runs of this workspace, whose ralph.config.json names the state dir (default: the workspace " +
      "the current directory lies in, when a recorded run has one; else every workspace)"
  ),
  allWorkspaces: Flag.Boolean("all-workspaces").pipe(
    Flag.withDescription("The runs of every workspace recorded in the state dir"),
    Flag.withDefault(false)
  ),
  status: Flag.Literals("status", states).pipe(
    Flag.withMetavar("STATE"),
    Flag.withDescription("Only the runs in this state"),
    Flag.optional
  ),
  limit: Flag.Int("limit").pipe(
    Flag.withMetavar("N"),
    Flag.withDescription(`At most this many runs, newest first (default ${defaultLimit})`),
    Flag.optional
  ),
  all: Flag.Boolean("all").pipe(Flag.withDescription("Every matching run, however many"), Flag.withDefault(false))
}

/** The runs a listing shows, and what it says about the ones it leaves out. */
interface Selection {
  readonly shown: ReadonlyArray<RunListing>
  readonly matching: number
  /** The workspace the runs are of, or undefined for every workspace. */
  readonly workspace: string | undefined
  /** Whether that workspace was chosen because the current directory lies in it. */
  readonly implied: boolean
  readonly status: string | undefined
  readonly where: string
  /** The shown runs that wait for an answer: what each waits on. */
  readonly waits: ReadonlyArray<{ readonly runId: string; readonly blocker: string }>
  /** Where the runs are recorded, for the commands that answer them. */
  readonly location: StoreLocation
  /** The fleet's runs (src/cli/fleet.ts): those queued with no record yet, and where the running ones run. */
  readonly fleet?: FleetListing
}

interface FleetListing {
  readonly queued: ReadonlyArray<QueuedRun>
  readonly placed: ReadonlyMap<string, { readonly worker: string; readonly branch: string }>
}

/** The fleet's side of a listing: runs without a record are queued (or cancelled before they started). */
const fleetListing = (
  fleet: { readonly runs: ReadonlyArray<FleetRun> },
  listing: ReadonlyArray<RunListing>,
  /** The recorded runs listed (the filters and the limit applied): only theirs get a worker line. */
  shown: ReadonlyArray<RunListing>,
  status: string | undefined
): FleetListing => {
  const recorded = new Map(shown.map((run) => [listedId(run), run]))
  const queued = queuedRuns(fleet.runs, listing).filter((q) => status === undefined || q.state === status)
  const placed = new Map(fleet.runs.flatMap((run) => {
    const found = recorded.get(run.queued.submission.runId)
    return found !== undefined && stateOf(found) === "running" && run.worker !== null && run.branch !== null
      ? [[run.queued.submission.runId, { worker: run.worker, branch: run.branch }] as const]
      : []
  }))
  return { queued, placed }
}

/** The fleet's lines under the table: queued runs, and the worker and branch of each running one. */
const fleetLines = (fleet: FleetListing | undefined): ReadonlyArray<string> =>
  fleet === undefined ? [] : [
    ...fleet.queued.map((q) =>
      row([
        q.runId.padEnd(22),
        q.state.padEnd(14),
        q.notBefore === null ? "" : `not before ${q.notBefore.slice(0, 19).replace("T", " ")}`,
        escapeLine(q.objective.replace(/\s+/g, " ")).slice(0, 60)
      ])
    ),
    ...[...fleet.placed].map(([runId, p]) =>
      `${runId}: on worker ${escapeLine(p.worker)}, branch ${escapeLine(p.branch)}`
    )
  ]

const stateOf = (run: RunListing): string => run._tag === "Damaged" ? "damaged" : run.summary.state

const row = (cells: ReadonlyArray<string>) => cells.join("  ").trimEnd()
const header = row([
  "RUN".padEnd(22),
  "STATE".padEnd(14),
  "ROUNDS".padEnd(8),
  "STARTED (UTC)".padEnd(19),
  "  TOOK",
  "OBJECTIVE"
])

const listingRow = (now: string) => (run: RunListing) => {
  if (run._tag === "Damaged") return row([run.runId.padEnd(22), "damaged".padEnd(14), escapeLine(run.problem)])
  const s = run.summary
  const objective = escapeLine(s.objective.replace(/\s+/g, " "))
  return row([
    s.runId.padEnd(22),
    s.state.padEnd(14),
    `${s.rounds}/${s.maxRounds}`.padEnd(8),
    s.startedAt.slice(0, 19).replace("T", " "),
    // A run still going has taken until now, not until its last record.
    elapsed(s.startedAt, isLive(s.state) ? now : s.updatedAt).padStart(6),
    objective.length > 60 ? `${objective.slice(0, 59)}…` : objective
  ])
}

/** The line above the table: which runs these are, where they were recorded, and how to see the rest. */
const caption = (s: Selection): string => {
  const which = `${s.status === undefined ? "" : `${s.status} `}runs ${
    s.workspace === undefined ? "of every workspace" : `of ${escapeLine(s.workspace)}`
  }`
  const count = s.shown.length === s.matching ? `${s.matching}` : `newest ${s.shown.length} of ${s.matching}`
  const more = s.shown.length < s.matching
    ? `; ${s.matching - s.shown.length} more: --limit N or --all`
    : ""
  const others = s.implied ? "; --all-workspaces for every workspace's" : ""
  return `${count} ${which} recorded in ${escapeLine(s.where)}, newest first${more}${others}`
}

const listingText = (s: Selection): string => [recordedText(s), ...fleetLines(s.fleet)].join("\n")

const recordedText = (s: Selection): string => {
  if (s.matching === 0) {
    const which = `${s.status === undefined ? "" : `${s.status} `}runs${
      s.workspace === undefined ? "" : ` of ${escapeLine(s.workspace)}`
    }`
    return `No ${which} recorded in ${escapeLine(s.where)}.${
      s.implied ? " --all-workspaces lists every workspace's." : ""
    }`
  }
  const now = new Date().toISOString()
  return [
    caption(s),
    header,
    ...s.shown.map(listingRow(now)),
    ...s.waits.map((w) =>
      `${w.runId} waits for an answer to: ${escapeLine(w.blocker.replace(/\s+/g, " "))} · ${
        answerCommandAt(w.runId, s.location)
      }`
    )
  ].join("\n")
}

export const runs = Command.make("runs", flags, (flags) =>
  printRead(
    flags.json,
    Effect.gen(function*() {
      if (Option.isSome(flags.limit) && flags.limit.value < 1) {
        return yield* new InvalidArguments({ argument: "--limit", problem: "expected a positive whole number" })
      }
      const location = yield* loadLocation(flags, process.env)
      const dir = location.workspace
      const { listing, where, waiting } = yield* withRecords(
        location,
        (store) =>
          Effect.gen(function*() {
            const listing = yield* store.list
            // The few runs waiting for an answer: what each waits on is in its record, not the listing.
            const waiting = new Map<string, string>()
            for (const run of listing) {
              if (run._tag !== "Readable" || run.summary.state !== "waiting") continue
              const view = yield* store.read(run.summary.runId)
              if (view.waiting !== null) waiting.set(run.summary.runId, view.waiting.blocker)
            }
            return { listing, where: store.root, waiting }
          })
      )
      const around = flags.allWorkspaces ? undefined : workspaceAround(listing, dir)
      // A workspace named on the command line lists its runs, even none; the current directory only
      // narrows the listing when a recorded run's workspace holds it.
      const workspace = flags.allWorkspaces ? undefined : around ?? (Option.isSome(flags.workspace) ? dir : undefined)
      const status = Option.getOrUndefined(flags.status)
      // A damaged run's workspace is unknown: it is listed with every workspace's, never hidden.
      const matching = newestFirst(listing).filter((run) =>
        (workspace === undefined || run._tag === "Damaged" || run.summary.workspace === workspace) &&
        (status === undefined || stateOf(run) === status)
      )
      const limit = flags.all ? matching.length : Option.getOrElse(flags.limit, () => defaultLimit)
      const shown = matching.slice(0, limit)
      const fleet = fleetListing(yield* fleetRows(location), listing, shown, status)
      return {
        ...(fleet.queued.length === 0 && fleet.placed.size === 0 ? {} : { fleet }),
        shown,
        waits: shown.flatMap((run) => {
          const runId = listedId(run)
          const blocker = waiting.get(runId)
          return blocker === undefined ? [] : [{ runId, blocker }]
        }),
        matching: matching.length,
        workspace,
        implied: workspace !== undefined && Option.isNone(flags.workspace),
        status,
        where,
        location
      } satisfies Selection
    }),
    listingText,
    (selection) => [
      ...selection.shown.map((run) => ({ ...listingJson(run), ...selection.fleet?.placed.get(listedId(run)) })),
      ...(selection.fleet?.queued ?? [])
    ]
  )).pipe(
    Command.withDescription(
      "List recorded runs, newest first: those of the current workspace, or every one; a run whose record cannot be read is listed as damaged"
    )
  )
