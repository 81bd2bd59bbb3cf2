import { existsSync, statSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { readUntrusted } from "../io/untrustedFile.ts"

/** How much of a git file ralph reads (packed-refs of a large repository included). */
const maxGitFileBytes = 16 * 1024 * 1024

/** A file of the workspace's git directory, read safely: a worker may have made it a FIFO. */
const read = (file: string): string | undefined => {
  const found = readUntrusted(file, { maxBytes: maxGitFileBytes, followLinks: true })
  return found._tag === "Read" ? found.value.toString("utf8").trim() : undefined
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
