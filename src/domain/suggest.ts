/** "Did you mean …?" for a mistyped name: the closest known one. */

/** Edits from one word to another: insertions, deletions, substitutions and swaps of neighbours. */
const editDistance = (a: string, b: string): number => {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i + j))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = i === 0 || j === 0 ? i + j : Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? d[i - 2]![j - 2]! + 1 : Infinity
      )
    }
  }
  return d[a.length]![b.length]!
}

/** The closest of `known` to a mistyped `name` (at most a third of its letters off), to suggest. */
export const closest = (name: string, known: ReadonlyArray<string>): string | undefined =>
  known.map((k) => ({ k, d: editDistance(name.toLowerCase(), k.toLowerCase()) }))
    .filter(({ d, k }) => d <= Math.max(1, Math.floor(k.length / 3)))
    .sort((a, b) => a.d - b.d)[0]?.k

/** "unknown key \"modle\" (did you mean model?); the keys of claude are …" for a name not in `known`. */
export const unknownKey = (what: "key" | "agent", name: string, known: ReadonlyArray<string>, of = ""): string => {
  const near = closest(name, known)
  return `unknown ${what} ${JSON.stringify(name)}${
    near === undefined ? "" : ` (did you mean ${near}?)`
  }; the ${what}s${of} are ${known.join(", ")}`
}
