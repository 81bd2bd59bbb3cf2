import { existsSync, readFileSync, statSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, "utf8").trim()
  } catch {
    return undefined
  }
}

/** The commit checked out in the repository holding `dir`, read from .git without spawning git. */
export const gitHead = (dir: string): string | null => {
  let current = resolve(dir)
  while (true) {
    const dotGit = join(current, ".git")
    if (existsSync(dotGit)) {
      // A worktree or submodule has a .git file pointing at its git directory.
      const gitDir = statSync(dotGit).isFile()
        ? resolve(current, (read(dotGit) ?? "").replace(/^gitdir:\s*/, ""))
        : dotGit
      const head = read(join(gitDir, "HEAD"))
      if (head === undefined) return null
      if (!head.startsWith("ref:")) return head
      const ref = head.slice(4).trim()
      const commonDir = read(join(gitDir, "commondir"))
      const roots = commonDir === undefined ? [gitDir] : [gitDir, resolve(gitDir, commonDir)]
      for (const root of roots) {
        const loose = read(join(root, ref))
        if (loose !== undefined) return loose
        const packed = read(join(root, "packed-refs"))
        const line = packed?.split("\n").find((l) => l.endsWith(` ${ref}`))
        if (line !== undefined) return line.split(" ")[0] ?? null
      }
      return null
    }
    const parent = dirname(current)
    if (parent === current) return null
    current = parent
  }
}
