/**
 * What ralph tells a person's webhook (`--notify URL`): one JSON document per event — `waiting` (a
 * run waits for a person's answer), `finished` (the envelope's status, rounds, spend and
 * verification) and `failed` (the error's tag and message). Each carries `text`, one human line, so
 * a Slack-style incoming webhook shows it as it is, and structured fields beside it. Built only from
 * the run's result and its error: never an environment value, never the database's URL. Pure.
 */
import { Schema } from "effect"
import type { RalphError } from "./errors.ts"
import { verificationPassed } from "./guards.ts"
import { BudgetLimit, type Envelope } from "./outcome.ts"

/** Bounds on what a notification repeats of text it did not write (an error's message, a blocker). */
const maxText = 500
const maxMessage = 2000

const common = {
  /** One human line, for a chat webhook to show as is. */
  text: Schema.String,
  runId: Schema.String,
  workspace: Schema.String,
  /** When ralph sent it (ISO-8601). */
  at: Schema.String
}

/** What the run spent: each quantity null when some round did not report it (unknown, never 0). */
export const NotifiedSpend = Schema.Struct({
  inputTokens: Schema.NullOr(Schema.Number),
  outputTokens: Schema.NullOr(Schema.Number),
  costUsd: Schema.NullOr(Schema.Number)
})

/** The verify command's last run: passed, failed, or cut by the run's time budget (the claim unchecked). */
export const NotifiedVerification = Schema.Struct({
  command: Schema.Array(Schema.String),
  exitCode: Schema.NullOr(Schema.Int),
  outcome: Schema.Literals(["passed", "failed", "cut"])
})

/** One notification, as its JSON body: the receiver may decode it with this Schema. */
export const Notification = Schema.Union([
  Schema.Struct({
    /**
     * The run waits for a person (issue 19's `--on-blocked ask`): sent when the wait begins, with
     * the worker's blocker and the command that answers it. Defined here, sent by the waiting run.
     */
    event: Schema.Literal("waiting"),
    ...common,
    /** The round that reported blocked. */
    round: Schema.Int,
    /** The worker's words for what it needs (bounded). */
    blocker: Schema.String,
    /** The command that answers it: `ralph answer RUN "TEXT"`. */
    answer: Schema.String
  }),
  Schema.Struct({
    event: Schema.Literal("finished"),
    ...common,
    status: Schema.Literals(["complete", "blocked", "budget-limited"]),
    /** The budget that ran out, when budget-limited. */
    limit: Schema.NullOr(BudgetLimit),
    rounds: Schema.Int,
    agentsStarted: Schema.Int,
    spend: NotifiedSpend,
    /** Null when no verify command ran. */
    verification: Schema.NullOr(NotifiedVerification)
  }),
  Schema.Struct({
    event: Schema.Literal("failed"),
    ...common,
    error: Schema.Struct({ _tag: Schema.String, message: Schema.String })
  })
])
export type Notification = typeof Notification.Type
export type NotificationEvent = Notification["event"]

/** How one notification went to one URL, as the run's record keeps it. */
export const Delivery = Schema.Struct({
  /** The URL with its path and query masked (it may hold a token): see maskUrl. */
  url: Schema.String,
  event: Schema.Literals(["waiting", "finished", "failed"]),
  outcome: Schema.Literals(["sent", "failed"]),
  /** The HTTP status of the last answer, when one came. */
  status: Schema.optionalKey(Schema.Int),
  /** Why it failed, in words (no answer, the connection refused, a status that is not retried). */
  error: Schema.optionalKey(Schema.String),
  attempts: Schema.Int
})
export type Delivery = typeof Delivery.Type

/**
 * A webhook URL as it may be shown: its scheme and host, the rest masked — a chat webhook's path or
 * query is its secret (`https://hooks.slack.com/***`), as a database URL's password is.
 */
export const maskUrl = (raw: string): string => {
  if (!URL.canParse(raw)) return "<not a URL>"
  const url = new URL(raw)
  const userinfo = url.username !== "" || url.password !== "" ? "***@" : ""
  const rest = url.pathname !== "/" || url.search !== "" || url.hash !== "" ? "/***" : ""
  return `${url.protocol}//${userinfo}${url.host}${rest}`
}

/** Text the run did not write, on one line and bounded. */
const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, " ").trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`

const spendText = (spend: typeof NotifiedSpend.Type): string =>
  spend.costUsd !== null
    ? `$${spend.costUsd.toFixed(2)}`
    : spend.inputTokens !== null && spend.outputTokens !== null
    ? `${spend.inputTokens + spend.outputTokens} tokens, cost unknown`
    : "spend unknown"

const verificationText = (v: typeof NotifiedVerification.Type): string => {
  const command = oneLine(v.command.join(" "), 80)
  return v.outcome === "passed"
    ? `verified by ${command}`
    : v.outcome === "cut"
    ? `${command} cut by the time budget`
    : `${command} failed${v.exitCode === null ? "" : ` (exit ${v.exitCode})`}`
}

/** `finished`: the envelope's status, rounds, spend and verification. */
export const finishedNotification = (envelope: Envelope, workspace: string, at: string): Notification => {
  const result = envelope.result
  const usage = result.usage
  const spend = {
    inputTokens: usage?.inputTokens ?? null,
    outputTokens: usage?.outputTokens ?? null,
    costUsd: usage?.costUsd ?? null
  }
  const verification = result.verification === undefined ? null : {
    command: result.verification.command,
    exitCode: result.verification.exitCode,
    outcome: result.verification.cut === true
      ? "cut" as const
      : verificationPassed(result.verification)
      ? "passed" as const
      : "failed" as const
  }
  const limit = result.status === "budget-limited" ? result.limit : null
  const status = limit === null ? result.status : `budget-limited (${limit})`
  const text = [
    `ralph run ${envelope.runId}: ${status} after ${plural(result.roundsStarted, "round")}`,
    ...(verification === null ? [] : [verificationText(verification)]),
    // A reviewer's verdict (issue 20) is a model's opinion: said so, never as a check.
    ...(result.review === undefined
      ? []
      : [
        `${
          result.review.verdict === "accept" ? "accepted" : "rejected"
        } by the reviewer ${result.review.agent} (an opinion)`
      ]),
    spendText(spend)
  ].join(", ")
  return {
    event: "finished",
    text: oneLine(text, maxText),
    runId: envelope.runId,
    workspace,
    at,
    status: result.status,
    limit,
    rounds: result.roundsStarted,
    agentsStarted: envelope.agentsStarted,
    spend,
    verification
  }
}

/** `failed`: the error's tag and message. */
export const failedNotification = (
  runId: string,
  error: RalphError,
  workspace: string,
  at: string
): Notification => ({
  event: "failed",
  text: oneLine(`ralph run ${runId} failed: ${error._tag}: ${error.message}`, maxText),
  runId,
  workspace,
  at,
  error: { _tag: error._tag, message: oneLine(error.message, maxMessage) }
})

/** `waiting`: the round that reported blocked, its blocker, and the command that answers it. */
export const waitingNotification = (
  wait: { readonly runId: string; readonly round: number; readonly blocker: string; readonly answer: string },
  workspace: string,
  at: string
): Notification => ({
  event: "waiting",
  text: oneLine(
    `ralph run ${wait.runId} waits for an answer (round ${wait.round}): ${oneLine(wait.blocker, 200)} — ${wait.answer}`,
    maxText
  ),
  runId: wait.runId,
  workspace,
  at,
  round: wait.round,
  blocker: oneLine(wait.blocker, maxMessage),
  answer: wait.answer
})
