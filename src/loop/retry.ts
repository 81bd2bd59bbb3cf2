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
