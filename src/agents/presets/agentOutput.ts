/**
 * Pure helpers shared by the agent presets: reading a report out of a final message, classifying
 * HTTP failures the CLIs pass on, reset times, usage. No I/O, no clock (callers pass `now`).
 *
 * Rule for every classifier here: a reason is derived from structure the CLI itself produced —
 * exit codes, JSON fields, HTTP status codes and error types it copied from the API — never by
 * searching text that the model or the workspace could have written.
 */
import { Predicate } from "effect"
import type { FailureReason } from "../../domain/errors.ts"
import { thrownMessage } from "../../domain/thrown.ts"
import type { Usage } from "../../domain/usage.ts"
import type { Interpretation } from "../process/processAgent.ts"

export type Failure = Extract<Interpretation, { _tag: "Failure" }>

export const failure = (reason: FailureReason, detail: string, resetAt?: string): Failure =>
  resetAt === undefined ? { _tag: "Failure", reason, detail } : { _tag: "Failure", reason, detail, resetAt }

export const value = (report: unknown, usage: Usage): Interpretation => ({ _tag: "Value", value: report, usage })

/**
 * Told to agents whose report travels as plain text (codex, gemini, opencode), after the round
 * prompt: their last message is read as JSON, so it must hold nothing else.
 */
export const textReportInstruction = [
  "",
  "",
  "## How to deliver the report",
  "",
  "Your final message is read by a program as JSON. Make it the report object alone: no words before",
  "or after it and no code fence around it."
].join("\n")

// ---------------------------------------------------------------------------------------------
// Reports carried as text.

const FENCED = /^```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*```$/

export type TextReport =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problem: string }

/**
 * The JSON value a final message carries. The message must be exactly one JSON value, or exactly
 * one fenced code block (```json … ```) holding one — models wrap JSON in a fence so often that
 * the fence is taken as framing. Anything else (prose around the JSON, two values, a truncated
 * value) is not a report: ralph never searches a message for something that looks like JSON.
 */
export const parseReportText = (text: string): TextReport => {
  const trimmed = text.trim()
  if (trimmed === "") return { ok: false, problem: "the final message is empty" }
  const fenced = FENCED.exec(trimmed)
  const body = fenced === null ? trimmed : fenced[1]!.trim()
  try {
    const value: unknown = JSON.parse(body)
    return { ok: true, value }
  } catch (error) {
    const shown = trimmed.length > 120 ? `${trimmed.slice(0, 120)}…` : trimmed
    return {
      ok: false,
      problem: `the final message is not one JSON value (${thrownMessage(error)}): ${JSON.stringify(shown)}`
    }
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP failures.

/** Error types/codes the three API families put in their error bodies, by the reason they mean. */
const errorTypeReasons: Readonly<Record<string, FailureReason>> = {
  // Anthropic `error.type`
  authentication_error: "auth",
  permission_error: "auth",
  billing_error: "budget",
  rate_limit_error: "rate-limit",
  overloaded_error: "overloaded",
  // OpenAI `error.code` / `error.type`
  invalid_api_key: "auth",
  insufficient_quota: "budget",
  rate_limit_exceeded: "rate-limit",
  server_is_overloaded: "overloaded",
  // Google `error.status`
  UNAUTHENTICATED: "auth",
  PERMISSION_DENIED: "auth",
  RESOURCE_EXHAUSTED: "rate-limit",
  UNAVAILABLE: "overloaded"
}

/**
 * The reason an HTTP failure of a model API means. A typed error body wins over the bare status
 * (OpenAI's 429 `insufficient_quota` is an empty balance, not a rate limit).
 */
export const classifyHttp = (
  status: number | undefined,
  errorTypes: ReadonlyArray<string | undefined> = []
): FailureReason => {
  for (const type of errorTypes) {
    if (type !== undefined && Object.hasOwn(errorTypeReasons, type)) return errorTypeReasons[type]!
  }
  if (status === undefined) return "crashed"
  if (status === 401 || status === 403) return "auth"
  if (status === 402) return "budget"
  if (status === 429) return "rate-limit"
  if (status === 408 || status === 504) return "network"
  if (status >= 500 && status <= 599) return "overloaded"
  return "crashed"
}

/** `error.type`, `error.code` and `error.status` of an API error body (any of the three families). */
export const errorBodyTypes = (body: unknown): ReadonlyArray<string | undefined> => {
  const parsed = typeof body === "string" ? tryJson(body) : body
  const error = record(record(parsed)?.error)
  if (error === undefined) return []
  return [error.type, error.code, error.status].map((v) => (typeof v === "string" ? v : undefined))
}

// ---------------------------------------------------------------------------------------------
// Reset times.

/** "1s", "6m0s", "20ms", "1h2m3.5s" (OpenAI's `x-ratelimit-reset-*`, Google's `retryDelay`), in ms. */
export const parseDurationMs = (text: string): number | undefined => {
  const trimmed = text.trim()
  if (!/^(\d+(\.\d+)?(h|ms|m|s))+$/.test(trimmed)) return undefined
  let total = 0
  for (const match of trimmed.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)) {
    const amount = Number(match[1])
    const unit = match[2]
    total += unit === "h" ? amount * 3_600_000 : unit === "m" ? amount * 60_000 : unit === "s" ? amount * 1000 : amount
  }
  return total
}

/**
 * When a rate limit resets, from the response headers a CLI passed on, as ISO 8601: the first of
 * `retry-after-ms`, `retry-after` (seconds or an HTTP date), Anthropic's `anthropic-ratelimit-*-reset`
 * (epoch seconds or RFC 3339) and OpenAI's `x-ratelimit-reset-*` (durations) that lies in the
 * future; undefined when none does ("retry now" is no reset time). `now` is when the response
 * arrived (ms since the epoch).
 */
export const resetAtFromHeaders = (
  headers: Readonly<Record<string, unknown>> | undefined,
  now: number
): string | undefined => {
  if (headers === undefined) return undefined
  const get = (name: string): string | undefined => {
    for (const [key, v] of Object.entries(headers)) {
      if (key.toLowerCase() === name && typeof v === "string") return v.trim()
    }
    return undefined
  }
  const isNumber = (text: string | undefined): text is string => text !== undefined && /^\d+(\.\d+)?$/.test(text)
  const date = (text: string | undefined): number | undefined => {
    if (text === undefined) return undefined
    const parsed = Date.parse(text)
    return Number.isNaN(parsed) ? undefined : parsed
  }
  const retryAfterMs = get("retry-after-ms")
  const retryAfter = get("retry-after")
  const candidates: Array<number | undefined> = [
    isNumber(retryAfterMs) ? now + Number(retryAfterMs) : undefined,
    isNumber(retryAfter) ? now + Number(retryAfter) * 1000 : date(retryAfter)
  ]
  for (
    const name of [
      "anthropic-ratelimit-unified-reset",
      "anthropic-ratelimit-requests-reset",
      "anthropic-ratelimit-tokens-reset"
    ]
  ) {
    const text = get(name)
    candidates.push(isNumber(text) ? Number(text) * 1000 : date(text))
  }
  for (const name of ["x-ratelimit-reset-requests", "x-ratelimit-reset-tokens"]) {
    const text = get(name)
    const ms = text === undefined ? undefined : parseDurationMs(text)
    candidates.push(ms === undefined ? undefined : now + ms)
  }
  const first = candidates.find((ms) => ms !== undefined && Number.isFinite(ms) && ms > now)
  return first === undefined ? undefined : new Date(first).toISOString()
}

// ---------------------------------------------------------------------------------------------
// Small readers.

export const record = (v: unknown): Record<string, unknown> | undefined => Predicate.isObject(v) ? v : undefined

export const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined)

export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined)

export const tryJson = (text: string): unknown => {
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed
  } catch {
    return undefined
  }
}

/** The JSON objects of a JSONL stream; lines that are not JSON objects (warnings, blanks) are skipped. */
export const jsonLines = (text: string): Array<Record<string, unknown>> => {
  const out: Array<Record<string, unknown>> = []
  for (const line of text.split("\n")) {
    const trimmed = line.trim()
    if (!trimmed.startsWith("{")) continue
    const parsed = record(tryJson(trimmed))
    if (parsed !== undefined) out.push(parsed)
  }
  return out
}

/** Sums the numbers given; undefined when none was given (unknown stays unknown, never 0). */
export const sum = (values: ReadonlyArray<number | undefined>): number | undefined => {
  const known = values.filter((v): v is number => v !== undefined)
  return known.length === 0 ? undefined : known.reduce((a, b) => a + b, 0)
}

/** A Usage with only the fields that are known. */
export const usageOf = (fields: {
  readonly inputTokens?: number | undefined
  readonly cachedInputTokens?: number | undefined
  readonly outputTokens?: number | undefined
  readonly costUsd?: number | undefined
}): Usage => {
  const out: { -readonly [K in keyof Usage]: Usage[K] } = {}
  if (fields.inputTokens !== undefined) out.inputTokens = fields.inputTokens
  if (fields.cachedInputTokens !== undefined) out.cachedInputTokens = fields.cachedInputTokens
  if (fields.outputTokens !== undefined) out.outputTokens = fields.outputTokens
  if (fields.costUsd !== undefined) out.costUsd = fields.costUsd
  return out
}

/** The last non-empty line of a text, bounded, for failure details. */
export const lastLine = (text: string, max = 300): string => {
  const line = text.trim().split("\n").map((l) => l.trim()).findLast((l) => l !== "") ?? ""
  return line.length > max ? `${line.slice(0, max)}…` : line
}

export const bounded = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max)}…` : text)

/** A failure for a process that ended without the output its CLI promises. */
export const processFailure = (
  agent: string,
  result: { readonly exitCode: number | null; readonly signal: string | null; readonly stderrTail: string },
  what: string
): Failure => {
  if (result.signal !== null) return failure("crashed", `${agent} was killed by ${result.signal}`)
  const said = lastLine(result.stderrTail)
  if (result.exitCode !== 0) {
    return failure("crashed", `${agent} exited with status ${result.exitCode}${said === "" ? "" : `: ${said}`}`)
  }
  return failure("no-report", `${agent} exited 0 but ${what}${said === "" ? "" : ` (stderr: ${said})`}`)
}
