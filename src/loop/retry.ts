import { Duration } from "effect"
import { type FailureReason, isTransient } from "../domain/errors.ts"
import { defaults } from "../domain/settings.ts"

/** How transient child failures are retried within a round. */
export interface RetryPolicy {
  /** Retries per round after the first attempt. */
  readonly retries: number
  readonly baseDelay: Duration.Duration
  /** Cap on one backoff delay. */
  readonly maxDelay: Duration.Duration
  /**
   * Bound on the waits of one round's retries, added up: a retry that would pass it (a far-off
   * rate-limit reset, say) is not made, and the round fails with the last failure.
   */
  readonly maxTotalWait: Duration.Duration
  /**
   * How far off a rate limit's reset may lie for the round to wait it out (--wait-limits), when it
   * lies past `maxDelay`: the round's limit waits, added up, stay within it. Absent: no such wait,
   * and a reset is honoured only within `maxTotalWait`, as a retry.
   */
  readonly waitLimits?: Duration.Duration | undefined
}

export const defaultRetryPolicy: RetryPolicy = {
  retries: defaults.retries,
  baseDelay: defaults.retryDelay,
  maxDelay: defaults.retryMaxDelay,
  maxTotalWait: defaults.retryMaxTotalWait
}

/** What the decision needs to know of a failed attempt. */
export interface FailedAttempt {
  readonly reason: FailureReason
  /** When the agent said a rate limit resets (ISO 8601). */
  readonly resetAt?: string | undefined
  /** The attempt that failed: 1 for a round's first child. */
  readonly attempt: number
  /** The round's waits so far, in milliseconds. */
  readonly waitedMillis: number
  /** The round's limit waits so far (see `limitWait`), in milliseconds. */
  readonly limitWaitedMillis?: number
}

/**
 * How long to wait before retrying a failed attempt, or undefined when it is not retried: only
 * transient failures are, at most `retries` times, each wait exponential from `baseDelay` with
 * ±20 % jitter (`random` in [0, 1)), capped at `maxDelay` but never before a reported reset, and
 * never past `maxTotalWait` in all. Decided where clocks and randomness may be read — inside the
 * attempt's activity — so a replayed run takes the same decision.
 */
export const retryDelayMillis = (
  policy: RetryPolicy,
  failed: FailedAttempt,
  now: number,
  random: number
): number | undefined => {
  if (!isTransient(failed.reason) || failed.attempt > policy.retries) return undefined
  const backoff = Duration.toMillis(policy.baseDelay) * 2 ** (failed.attempt - 1) * (0.8 + 0.4 * random)
  let delay = Math.min(backoff, Duration.toMillis(policy.maxDelay))
  if (failed.resetAt !== undefined) {
    const untilReset = Date.parse(failed.resetAt) - now
    if (Number.isFinite(untilReset)) delay = Math.max(delay, untilReset)
  }
  delay = Math.round(delay)
  return failed.waitedMillis + delay <= Duration.toMillis(policy.maxTotalWait) ? delay : undefined
}

/** Whether a failure is the kind a limit wait, or a fallback agent, is for. */
export const isLimited = (reason: FailureReason): boolean => reason === "rate-limit" || reason === "overloaded"

/**
 * The decision for a limit the agent said resets past the usual retry waits, under `waitLimits`:
 * `wait` until the reset plus jitter (`random` in [0, 1): up to `limitWaitJitter` of the wait, at
 * most `limitWaitJitterMax`), `beyond` when the reset lies past what is left of `waitLimits` (then
 * the round is not retried at all), or undefined when it is no such case (the retry decision
 * stands). Decided in the attempt's activity, like `retryDelayMillis`.
 */
export const limitWait = (
  policy: RetryPolicy,
  failed: FailedAttempt,
  now: number,
  random: number
):
  | { readonly _tag: "wait"; readonly until: number; readonly ms: number; readonly resetAt: string }
  | { readonly _tag: "beyond" }
  | undefined =>
{
  if (policy.waitLimits === undefined || !isLimited(failed.reason) || failed.resetAt === undefined) return undefined
  const untilReset = Date.parse(failed.resetAt) - now
  if (!Number.isFinite(untilReset) || untilReset <= Duration.toMillis(policy.maxDelay)) return undefined
  const jitter = Math.min(untilReset * defaults.limitWaitJitter, Duration.toMillis(defaults.limitWaitJitterMax))
  const ms = Math.round(untilReset + jitter * random)
  return (failed.limitWaitedMillis ?? 0) + untilReset <= Duration.toMillis(policy.waitLimits)
    ? { _tag: "wait", until: now + ms, ms, resetAt: failed.resetAt }
    : { _tag: "beyond" }
}
