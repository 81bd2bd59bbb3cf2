import { existsSync, readFileSync, statSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, "utf8").trim()
  } catch {
    return undefined
  }
}

/** The folder holding the `.git` of the repository `dir` is in (itself or one above), if any. */
export const repositoryRoot = (dir: string): string | undefined => {
  for (let at = resolve(dir);; at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return at
    if (dirname(at) === at) return undefined
  }
}

/** The commit checked out in the repository holding `dir`, read from .git without spawning git. */
export const gitHead = (dir: string): string | null => {
  const root = repositoryRoot(dir)
  if (root === undefined) return null
  const dotGit = join(root, ".git")
  // A worktree or submodule has a .git file pointing at its git directory.
  const gitDir = statSync(dotGit).isFile() ? resolve(root, (read(dotGit) ?? "").replace(/^gitdir:\s*/, "")) : dotGit
  const head = read(join(gitDir, "HEAD"))
  if (head === undefined) return null
  if (!head.startsWith("ref:")) return head
  const ref = head.slice(4).trim()
  const commonDir = read(join(gitDir, "commondir"))
  const refRoots = commonDir === undefined ? [gitDir] : [gitDir, resolve(gitDir, commonDir)]
  for (const refRoot of refRoots) {
    const loose = read(join(refRoot, ref))
    if (loose !== undefined) return loose
    const packed = read(join(refRoot, "packed-refs"))
    const line = packed?.split("\n").find((l) => l.endsWith(` ${ref}`))
    if (line !== undefined) return line.split(" ")[0] ?? null
  }
  return null
}
