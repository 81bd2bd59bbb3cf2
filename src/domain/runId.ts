/**
 * How ralph names a run: sortable by when it started, readable, unique enough for one store
 * (24 random bits a second).
 */
import { Effect, Random } from "effect"

const pad = (n: number, width = 2) => String(n).padStart(width, "0")

/** A sortable, readable run id: UTC time to the second plus random hex. */
export const makeRunId = Effect.gen(function*() {
  const now = new Date(yield* Effect.clockWith((clock) => clock.currentTimeMillis))
  const suffix = yield* Random.nextIntBetween(0, 0xffffff)
  return `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}-` +
    `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}-` +
    suffix.toString(16).padStart(6, "0")
})
