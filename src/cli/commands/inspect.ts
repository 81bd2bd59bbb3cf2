import { Effect } from "effect"
import { Command } from "effect/cli"
import type { RalphError } from "../../domain/errors.ts"
import { describeGuards } from "../../domain/guards.ts"
import { type RunView, summarize } from "../../domain/journal.ts"
import { renderEnvelope } from "../../domain/render.ts"
import { escapeBlock, escapeLine } from "../../domain/terminalText.ts"
import { formatTotals, formatUsage, summarizeUsage } from "../../domain/usage.ts"
import type { RunListing } from "../../record/RunStore.ts"
import { readFlags, runIdArgument } from "../flags.ts"
import { roundDiffstats } from "../runCheckpoints.ts"
import { CliSession, settleFailure } from "../session.ts"
import { loadLocation } from "../settings.ts"
import { withStore } from "../store.ts"

const duration = (from: string, to: string) => {
  const seconds = Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000)
  return seconds < 60
    ? `${seconds.toFixed(1)}s`
    : seconds < 3600
    ? `${(seconds / 60).toFixed(1)}m`
    : `${(seconds / 3600).toFixed(1)}h`
}

const report = <A>(
  json: boolean,
  effect: Effect.Effect<A, RalphError>,
  render: (a: A) => string,
  toJson: (a: A) => unknown
) =>
  CliSession.use((session) => {
    session.output({ json })
    return effect.pipe(
      Effect.tap((value) =>
        Effect.sync(() => {
          process.stdout.write(`${json ? JSON.stringify(toJson(value)) : render(value)}\n`)
        })
      ),
      Effect.catch((error) => Effect.sync(() => settleFailure(session, error))),
      Effect.asVoid
    )
  })

const listingRow = (run: RunListing) => {
  if (run._tag === "Damaged") return [run.runId, "damaged".padEnd(14), escapeLine(run.problem)].join("  ")
  const s = run.summary
  const objective = escapeLine(s.objective.replace(/\s+/g, " "))
  return [
    s.runId,
    s.state.padEnd(14),
    `${s.rounds}/${s.maxRounds}`.padEnd(8),
    s.startedAt.slice(0, 19).replace("T", " "),
    duration(s.startedAt, s.updatedAt).padStart(6),
    objective.length > 60 ? `${objective.slice(0, 59)}…` : objective
  ].join("  ")
}

/** A run in `ralph runs --json` (and the MCP resource ralph://runs). */
export const listingJson = (run: RunListing) =>
  run._tag === "Damaged" ? { runId: run.runId, state: "damaged", problem: run.problem } : run.summary

export const runs = Command.make("runs", readFlags, (flags) => {
  return report(
    flags.json,
    Effect.flatMap(loadLocation(flags, process.env), (location) => withStore(location, (store) => store.list)),
    (listing) => listing.length === 0 ? "No runs recorded yet." : listing.map(listingRow).join("\n"),
    (listing) => listing.map(listingJson)
  )
}).pipe(
  Command.withDescription("List recorded runs, oldest first; a run whose record cannot be read is listed as damaged")
)

/** One run as `ralph show --json` gives it (and the MCP resource ralph://runs/RUN_ID). */
export const showJson = (view: RunView) => ({
  ...summarize(view),
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
    ...(round.failure === null ? {} : { failure: round.failure }),
    ...(round.problem === null ? {} : { problem: round.problem }),
    ...(round.workspaceChanged === null ? {} : { workspaceChanged: round.workspaceChanged }),
    ...(round.protectedChanged === null ? {} : { protectedChanged: round.protectedChanged }),
    ...(round.checkpoint === null ? {} : { checkpoint: round.checkpoint }),
    ...(round.claim === null ? {} : { claim: round.claim })
  })),
  usage: summarizeUsage(view.usage),
  guards: view.started.guards ?? {},
  result: view.envelope,
  error: view.error === null ? null : { _tag: view.error._tag, message: view.error.message, ...view.error.fields }
})

/** A round's claim check in words; `ended`: the run has its result, so no resume checks a cut claim again. */
const claimLine = (claim: NonNullable<RunView["rounds"][number]["claim"]>, ended: boolean): string => {
  if (!("check" in claim)) {
    return claim.status === "checking"
      ? "claim check: running"
      : ended
      ? "claim check: cut short (the run ended during it)"
      : "claim check: interrupted (a resume checks the claim again)"
  }
  const { protectedChanged, verification: v } = claim.check
  if (protectedChanged.length > 0) {
    return `claim rejected: protected files changed: ${protectedChanged.map(escapeLine).join(", ")}`
  }
  if (v === null) return `claim ${claim.status === "held" ? "accepted" : "rejected"}`
  const how = v.timedOut ? "timed out" : `exit ${v.exitCode ?? "by signal"}`
  return `verification: ${escapeLine(v.command.join(" "))} · ${how} · ${(v.durationMs / 1000).toFixed(1)}s · claim ${
    claim.status === "held" ? "verified" : "rejected"
  }`
}

/** For a person: what the journal holds (worker text included) is escaped, so it cannot drive the terminal. */
const showText = (view: RunView, diffstats: ReadonlyMap<number, string> = new Map()) => {
  const s = summarize(view)
  const lines = [
    `run ${s.runId}: ${s.state}, ${s.rounds} of ${s.maxRounds} rounds finished, ${view.agentsStarted} agents started`,
    `objective: ${escapeBlock(s.objective)}`,
    `agent: ${s.agent} · workspace: ${escapeLine(s.workspace)} · started ${s.startedAt} · ${
      duration(s.startedAt, s.updatedAt)
    }`
  ]
  const guards = describeGuards(view.started.guards ?? {})
  if (guards !== "") lines.push(`guards: ${escapeLine(guards)}`)
  for (const round of view.rounds) {
    const head = `round ${round.round}${round.attempt > 1 ? ` (attempt ${round.attempt})` : ""}: ${round.status}`
    const took = round.durationMs === null ? "" : ` · ${(round.durationMs / 1000).toFixed(1)}s`
    const usage = round.usage === null ? "" : ` · ${formatUsage(round.usage)}`
    const what = round.report !== null
      ? ` · ${round.report.status} · ${escapeLine(round.report.summary)}${usage}`
      : round.failure !== null
      ? ` · ${round.failure.reason}: ${escapeLine(round.failure.detail)}`
      : round.problem !== null
      ? ` · ${escapeLine(round.problem)}${usage}`
      : ""
    const changed = round.workspaceChanged === null
      ? ""
      : round.workspaceChanged
      ? " · changed the workspace"
      : " · workspace unchanged"
    const guarded = round.protectedChanged === null || round.protectedChanged.length === 0
      ? ""
      : ` · protected files changed: ${round.protectedChanged.map(escapeLine).join(", ")}`
    lines.push(`  ${head}${took}${what}${changed}${guarded}`)
    if (round.claim !== null) lines.push(`    ${claimLine(round.claim, view.envelope !== null)}`)
    const stat = diffstats.get(round.round)
    if (stat !== undefined) lines.push(...escapeBlock(stat).split("\n").map((line) => `    ${line}`))
  }
  if (view.usage.length > 0) lines.push(`spend: ${formatTotals(view.usage)}`)
  if (view.envelope !== null) lines.push(escapeBlock(renderEnvelope(view.envelope, view.started.config.maxResultChars)))
  if (view.error !== null) lines.push(`ended with ${view.error._tag}: ${escapeLine(view.error.message)}`)
  return lines.join("\n")
}

export const show = Command.make("show", { ...readFlags, runId: runIdArgument }, (flags) => {
  return report(
    flags.json,
    Effect.flatMap(
      loadLocation(flags, process.env),
      (location) => withStore(location, (store) => store.read(flags.runId))
    ).pipe(
      Effect.flatMap((view) =>
        flags.json ? Effect.succeed({ view, diffstats: new Map<number, string>() }) : Effect.map(
          roundDiffstats(view),
          (diffstats) => ({ view, diffstats })
        )
      )
    ),
    ({ diffstats, view }) => showText(view, diffstats),
    ({ view }) => showJson(view)
  )
}).pipe(Command.withDescription("Show one run: each round, and how it ended"))

export const exportRun = Command.make(
  "export",
  { ...readFlags, runId: runIdArgument },
  (flags) =>
    CliSession.use((session) => {
      session.output({ json: flags.json })
      return Effect.flatMap(
        loadLocation(flags, process.env),
        (location) =>
          withStore(
            location,
            (store) => Effect.all({ entries: store.entries(flags.runId), outputs: store.outputs(flags.runId) })
          )
      ).pipe(
        // JSON lines whatever --json says: one entry per line, as the journal keeps them, then each
        // round's kept output as a `round-output` line.
        Effect.tap(({ entries, outputs }) =>
          Effect.sync(() =>
            process.stdout.write(
              [...entries, ...outputs.map((output) => ({ type: "round-output", ...output }))]
                .map((line) => `${JSON.stringify(line)}\n`).join("")
            )
          )
        ),
        Effect.catch((error) => Effect.sync(() => settleFailure(session, error))),
        Effect.asVoid
      )
    })
).pipe(
  Command.withDescription(
    "Write one run's whole record as JSON lines (its entries, then each round's kept output), for grep and jq"
  )
)
