/** Helpers shared by the TypeScript benches (bundled with each by bench/run.mjs). */

/** The median of `xs` (NaN when empty). */
export const median = (xs: ReadonlyArray<number>): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length === 0 ? NaN : s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

/** Progress goes to stderr: stdout carries the bench's JSON document. */
export const log = (line: string): void => {
  process.stderr.write(`${line}\n`)
}
