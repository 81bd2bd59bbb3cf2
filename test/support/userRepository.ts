/**
 * A user's git repository for the checkpoint tests: a commit, a stash, a staged file, an ignored
 * file and hooks that leave a marker when they run; and what the user sees of it.
 */
import { execFileSync } from "node:child_process"
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"

/** git with hooks as the repository has them (and no index refresh by `status`). */
export const gitWithHooks = (cwd: string, ...args: Array<string>): string =>
  execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], {
    cwd,
    stdio: "pipe",
    env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" }
  }).toString()

/** The test's own git, hooks off: only ralph could run a hook or write the index. */
export const git = (cwd: string, ...args: Array<string>): string =>
  gitWithHooks(cwd, "-c", "core.hooksPath=/dev/null", ...args)

export const hooks = ["reference-transaction", "post-index-change", "pre-commit", "post-commit", "post-checkout"]

/** Makes `ws` (an empty folder) such a repository; its hooks touch files in `markers`, which is made. */
export const userRepository = (ws: string, markers: string): void => {
  git(ws, "init", "-q")
  writeFileSync(join(ws, "a.txt"), "a\n")
  writeFileSync(join(ws, ".gitignore"), "ignored.log\n")
  git(ws, "add", ".")
  git(ws, "commit", "-qm", "start")
  writeFileSync(join(ws, "a.txt"), "stashed\n")
  git(ws, "stash", "-q")
  writeFileSync(join(ws, "staged.txt"), "staged\n")
  git(ws, "add", "staged.txt")
  writeFileSync(join(ws, "ignored.log"), "noise\n")
  mkdirSync(markers)
  for (const hook of hooks) {
    const path = join(ws, ".git", "hooks", hook)
    writeFileSync(path, `#!/bin/sh\ntouch '${join(markers, hook)}'\n`)
    chmodSync(path, 0o755)
  }
}

/** What the user has of their git: the index's bytes and mtime, HEAD, branch, stash, branches and tags. */
export const userGit = (ws: string) => ({
  // Read before the git below runs, which (optional locks off) does not write it either.
  index: readFileSync(join(ws, ".git", "index")).toString("base64"),
  indexMtime: statSync(join(ws, ".git", "index")).mtimeMs,
  head: git(ws, "rev-parse", "HEAD"),
  branch: git(ws, "symbolic-ref", "HEAD"),
  stash: git(ws, "stash", "list"),
  refs: git(ws, "for-each-ref", "--format=%(refname)", "refs/heads", "refs/tags")
})
