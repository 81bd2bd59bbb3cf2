import { Effect } from "effect"
import { Command } from "effect/cli"
import { describeGuards } from "../../domain/guards.ts"
import type { NotificationEntry } from "../../domain/journal.ts"
import { elapsed, formatDuration, limitWaitText, renderEnvelope } from "../../domain/render.ts"
import { isLive, type RoundReview, type RunView, summarize } from "../../domain/runView.ts"
import { escapeBlock, escapeLine } from "../../domain/terminalText.ts"
import { formatTotals, formatUsage } from "../../domain/usage.ts"
import { branchOf } from "../../workspace/runBranch.ts"
import { withFoundRun } from "../findRun.ts"
import { readFlags, runIdArgument } from "../flags.ts"
import { fleetRows } from "../fleet.ts"
import { showJson } from "../present/json.ts"
import { answerCommandAt, resumeCommand } from "../present/output.ts"
import { printRead } from "../present/print.ts"
import { roundDiffstats } from "../runCheckpoints.ts"
import { loadLocation } from "../settings.ts"
import type { StoreLocation } from "../store.ts"

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
  return `verification: ${escapeLine(v.command.join(" "))} · ${how} · ${formatDuration(v.durationMs)} · claim ${
    claim.status === "held" ? "verified" : "rejected"
  }`
}

/** Lines of a failed verification's output tail `show` prints; the whole tail is in --json. */
const shownTailLines = 20

/** A round's review in words (issue 20): an accept is a model's opinion, and said so. */
const reviewLine = (review: RoundReview, ended: boolean): string => {
  const who = `review by ${escapeLine(review.agent)}`
  switch (review.status) {
    case "reviewing":
      return `${who}: running`
    case "interrupted":
      return ended
        ? `${who}: cut short (the run ended during it)`
        : `${who}: interrupted (a resume reviews the claim again)`
    case "failed":
    case "malformed":
      return `${who}: ${review.status === "failed" ? "failed" : "malformed verdict"} · ${escapeLine(review.problem)}`
    case "accepted":
    case "rejected": {
      const findings = review.verdict.findings.map((finding) => `\n      - ${escapeLine(finding)}`).join("")
      return `${who}: ${review.status === "accepted" ? "accepted (a model's opinion, not a check)" : "rejected"} · ${
        formatDuration(review.durationMs)
      } · ${formatUsage(review.usage)}${findings}`
    }
  }
}

/** The end of what a verification that rejected the claim printed, indented under its line. */
const failedOutput = (claim: NonNullable<RunView["rounds"][number]["claim"]>): ReadonlyArray<string> => {
  if (!("check" in claim) || claim.status === "held") return []
  const tail = claim.check.verification?.outputTail.trimEnd() ?? ""
  if (tail === "") return []
  const all = tail.split("\n")
  const shown = all.slice(-shownTailLines)
  return [
    `      its output${
      all.length > shown.length ? `, last ${shown.length} lines (--json has all that was kept)` : ""
    }:`,
    ...shown.map((line) => `      | ${escapeLine(line)}`)
  ]
}

/** "notified https://hooks.slack.com/*** of finished: sent (200, 1 try)", or why it failed. */
const notificationLine = (n: NotificationEntry): string => {
  const tries = `${n.attempts} ${n.attempts === 1 ? "try" : "tries"}`
  const how = n.outcome === "sent"
    ? `sent (${n.status ?? "?"}, ${tries})`
    : `failed after ${tries}: ${n.error ?? `answered ${n.status ?? "?"}`}`
  return `notified ${escapeLine(n.url)} of ${n.event}: ${escapeLine(how)}`
}

/** The wait for a rate limit the run is in, or was in when its ralph stopped (its resume goes on with it). */
const limitWaitLine = (view: RunView): string | undefined => {
  const wait = view.limitWait
  if (wait === null) return undefined
  const what = `round ${wait.round}: ${
    limitWaitText(wait.until)
  } (${wait.reason}, reset at ${wait.resetAt}), then attempt ${wait.attempt}`
  return view.state === "running"
    ? `  ${what}`
    : `  ${what}; stopped during the wait: \`ralph resume ${view.started.runId}\` goes on with it`
}

/** For a person: what the journal holds (worker text included) is escaped, so it cannot drive the terminal. */
const showText = (view: RunView, diffstats: ReadonlyMap<number, string>, location: StoreLocation) => {
  const s = summarize(view)
  const lines = [
    `run ${s.runId}: ${s.state}, ${s.rounds} of ${s.maxRounds} rounds finished, ${view.agentsStarted} agents started`,
    `objective: ${escapeBlock(s.objective)}`,
    `agent: ${s.agent} · workspace: ${escapeLine(s.workspace)} · started ${s.startedAt} · ${
      // A run still going has taken until now, not until its last record.
      elapsed(s.startedAt, isLive(s.state) ? new Date().toISOString() : s.updatedAt)}`
  ]
  const guards = describeGuards(view.started.guards ?? {})
  if (guards !== "") lines.push(`guards: ${escapeLine(guards)}`)
  for (const round of view.rounds) {
    const head = `round ${round.round}${round.attempt > 1 ? ` (attempt ${round.attempt})` : ""}: ${round.status}${
      round.agent === null ? "" : ` · ${escapeLine(round.agent)}`
    }`
    const took = round.durationMs === null ? "" : ` · ${formatDuration(round.durationMs)}`
    const usage = round.usage === null ? "" : ` · ${formatUsage(round.usage)}`
    const what = round.report !== null
      ? ` · ${round.report.status} · ${escapeLine(round.report.summary)}${usage}`
      : round.failure !== null
      ? ` · ${round.failure.reason}: ${escapeLine(round.failure.detail)}${usage}`
      : round.problem !== null
      ? ` · ${escapeLine(round.problem)}${usage}`
      : usage
    const changed = round.workspaceChanged === null
      ? ""
      : round.workspaceChanged
      ? " · changed the workspace"
      : " · workspace unchanged"
    const guarded = round.protectedChanged === null || round.protectedChanged.length === 0
      ? ""
      : ` · protected files changed: ${round.protectedChanged.map(escapeLine).join(", ")}`
    lines.push(`  ${head}${took}${what}${changed}${guarded}`)
    if (round.claim !== null) {
      lines.push(`    ${claimLine(round.claim, view.envelope !== null)}`, ...failedOutput(round.claim))
    }
    if (round.review !== undefined) lines.push(`    ${reviewLine(round.review, view.envelope !== null)}`)
    const stat = diffstats.get(round.round)
    if (stat !== undefined) lines.push(...escapeBlock(stat).split("\n").map((line) => `    ${line}`))
  }
  const waiting = limitWaitLine(view)
  if (waiting !== undefined) lines.push(waiting)
  if (view.spent.length > 0) lines.push(`spend: ${formatTotals(view.spent)}`)
  if (view.envelope !== null) lines.push(escapeBlock(renderEnvelope(view.envelope, view.started.config.maxResultChars)))
  if (view.error !== null) lines.push(`ended with ${view.error._tag}: ${escapeLine(view.error.message)}`)
  for (const n of view.notifications) lines.push(notificationLine(n))
  lines.push(...messageLines(view, location))
  return lines.join("\n")
}

/** What people told the run (answers, notes), and the wait for an answer it is in. */
const messageLines = (view: RunView, location: StoreLocation): ReadonlyArray<string> => {
  const lines = view.messages.map((m) =>
    m.type === "answer"
      ? `answer to round ${m.round} (${m.t}): ${escapeLine(m.text.replace(/\s+/g, " "))}`
      : `note (${m.t}): ${escapeLine(m.text.replace(/\s+/g, " "))}`
  )
  if (view.pendingNotes.length > 0) lines.push(`notes not yet handed to a worker: ${view.pendingNotes.length}`)
  const wait = view.waiting
  if (wait === null) return lines
  const since = new Date(wait.since).toISOString()
  const runId = view.started.runId
  lines.push(
    `waiting since ${since} for an answer to round ${wait.round}'s blocker: ${escapeLine(wait.blocker)}`,
    wait.answer !== null
      ? isLive(view.state)
        ? "  answered: the run goes on"
        : `  answered; no ralph drives the run now: ${resumeCommand(runId, location)}`
      : `  answer it with: ${answerCommandAt(runId, location)}${
        wait.timeoutMs === null ? "" : ` (within ${formatDuration(wait.timeoutMs)} of the start)`
      }${isLive(view.state) ? "" : `; no ralph drives the run now: ${resumeCommand(runId, location)} waits again`}`
  )
  return lines
}

export const show = Command.make("show", { ...readFlags, runId: runIdArgument }, (flags) => {
  return printRead(
    flags.json,
    Effect.flatMap(
      loadLocation(flags, process.env),
      (location) =>
        withFoundRun(location, flags.runId, (store, runId) => store.read(runId)).pipe(
          // Each round's diffstat comes from its checkpoint; JSON gives the commits instead.
          Effect.flatMap((view) =>
            flags.json
              ? Effect.succeed({ view, diffstats: new Map<number, string>(), location })
              : Effect.map(roundDiffstats(view), (diffstats) => ({ view, diffstats, location }))
          ),
          // A fleet run's result is its branch on its repository.
          Effect.flatMap((shown) =>
            Effect.map(fleetRows(location), (fleet) => {
              const queued = fleet.runs.find((run) => run.queued.submission.runId === shown.view.started.runId)
              return queued === undefined
                ? shown
                : {
                  ...shown,
                  fleet: { branch: branchOf(shown.view.started.runId), repo: queued.queued.submission.repo }
                }
            })
          )
        )
    ),
    (shown) =>
      [
        showText(shown.view, shown.diffstats, shown.location),
        ...("fleet" in shown ? [`branch: ${shown.fleet.branch} of ${escapeLine(shown.fleet.repo)}`] : [])
      ].join("\n"),
    (shown) => ({ ...showJson(shown.view), ...("fleet" in shown ? shown.fleet : {}) })
  )
}).pipe(Command.withDescription("Show one run: each round, and how it ended"))
