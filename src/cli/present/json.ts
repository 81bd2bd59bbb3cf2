import { answerCommand } from "../../domain/messages.ts"
import { type RunView, summarize } from "../../domain/runView.ts"
import { summarizeUsage } from "../../domain/usage.ts"
import type { RunListing } from "../../record/RunStore.ts"

/** A run in `ralph runs --json` (and the MCP resource ralph://runs). */
export const listingJson = (run: RunListing) =>
  run._tag === "Damaged" ? { runId: run.runId, state: "damaged", problem: run.problem } : run.summary

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
    ...(round.agent === null ? {} : { agent: round.agent }),
    durationMs: round.durationMs,
    usage: round.usage,
    ...(round.report === null ? {} : { report: round.report }),
    ...(round.failure === null ? {} : { failure: round.failure }),
    ...(round.problem === null ? {} : { problem: round.problem }),
    ...(round.workspaceChanged === null ? {} : { workspaceChanged: round.workspaceChanged }),
    ...(round.protectedChanged === null ? {} : { protectedChanged: round.protectedChanged }),
    ...(round.checkpoint === null ? {} : { checkpoint: round.checkpoint }),
    ...(round.claim === null ? {} : { claim: round.claim }),
    ...(round.review === undefined ? {} : { review: round.review })
  })),
  usage: summarizeUsage(view.spent),
  guards: view.started.guards ?? {},
  result: view.envelope,
  error: view.error === null ? null : { _tag: view.error._tag, message: view.error.message, ...view.error.fields },
  notifications: view.notifications.map(({ t, type: _, ...delivery }) => ({ at: t, ...delivery })),
  waiting: view.waiting === null ? null : {
    ...view.waiting,
    since: new Date(view.waiting.since).toISOString(),
    answerCommand: answerCommand(view.started.runId)
  },
  messages: view.messages.map(({ t, ...message }) => ({ at: t, ...message })),
  pendingNotes: view.pendingNotes,
  ...(view.limitWait === null ? {} : { limitWait: view.limitWait })
})

/**
 * A run in the dashboard's list: its listing as `ralph runs --json` gives it, with what it spent
 * in all (the fold's, without the rounds) and how long it took — until now while it runs.
 */
export const listRowJson = (run: RunListing, view: RunView | null, now: string) => {
  if (run._tag === "Damaged" || view === null) return listingJson(run)
  const { rounds: _, ...spend } = summarizeUsage(view.spent)
  const until = run.summary.state === "running" ? now : run.summary.updatedAt
  return {
    ...run.summary,
    spend,
    durationMs: Math.max(0, Date.parse(until) - Date.parse(run.summary.startedAt))
  }
}
