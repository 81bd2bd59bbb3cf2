/**
 * The activities a run replayed or recorded, as 30-bit hashes of their keys (small integers): a run
 * of many rounds keeps a number a round, not a string. Two keys may share a hash; the second one,
 * new, then reads the store before it runs (the store has nothing for it): a wasted read, never a
 * wrong exit.
 */
export class DoneActivities {
  private readonly hashes = new Set<number>()
  add(key: string): void {
    this.hashes.add(hashOf(key))
  }
  mayHave(key: string): boolean {
    return this.hashes.has(hashOf(key))
  }
}

/** FNV-1a, cut to 30 bits (a small integer, kept unboxed). */
const hashOf = (key: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193)
  return hash & 0x3fffffff
}
