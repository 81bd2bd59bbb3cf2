import { Duration } from "effect"

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** Parses "1500ms", "90s", "10m", "2h" (or a bare number of seconds) into a positive duration. */
export const parseDuration = (text: string): Duration.Duration | undefined => {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text)
  if (match === null) return undefined
  const millis = Number(match[1]) * units[match[2] ?? "s"]!
  return millis > 0 && Number.isFinite(millis) ? Duration.millis(millis) : undefined
}
