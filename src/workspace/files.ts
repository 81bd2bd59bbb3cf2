/**
 * What ralph reads of a workspace, never writing to it: a fingerprint of its contents (to tell
 * whether a round changed anything). The protected files are in protected.ts.
 */
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import { isAbsolute, join, relative, sep } from "node:path"
import { repositoryRoot } from "./git.ts"

/** How many entries a walk of a workspace reads at most. */
export const maxWalkEntries = 100_000

export const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex")

interface GitResult {
  readonly code: number
  readonly stdout: string
}

/** Runs git read-only: GIT_OPTIONAL_LOCKS=0 keeps `status` from refreshing the index (ralph never writes the workspace). */
const git = (cwd: string, args: ReadonlyArray<string>): Effect.Effect<GitResult> =>
  Effect.callback<GitResult>((resume) => {
    const child = execFile(
      "git",
      [...args],
      { cwd, env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" }, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
      (error, stdout) =>
        resume(Effect.succeed({
          code: error === null ? 0 : typeof error.code === "number" ? error.code : -1,
          stdout
        }))
    )
    return Effect.sync(() => child.kill("SIGKILL"))
  })

/** A path's lstat, or undefined when it is gone (or cannot be read). */
export const lstatOf = (path: string): fs.Stats | undefined => {
  try {
    return fs.lstatSync(path)
  } catch {
    return undefined
  }
}

/** A path's size and modification time (or that it is gone): what tells a change without reading the file. */
const described = (stat: fs.Stats | undefined): string =>
  stat === undefined ? "absent" : `${stat.isDirectory() ? "d" : stat.size}\0${stat.mtimeMs}`

/**
 * A git workspace's fingerprint: the commit checked out, and every tracked or untracked,
 * non-ignored path that differs from it, with its status, size and modification time. Clean
 * tracked files are not looked at (git's own index says they match the commit), and no file is
 * read, so a large repository — or an untracked dependency folder — costs one `git status`.
 */
const gitFingerprint = (workspace: string, top: string) =>
  Effect.gen(function*() {
    const status = yield* git(workspace, [
      "status",
      "--porcelain=v2",
      "--branch",
      "-z",
      "--untracked-files=all",
      "--",
      "."
    ])
    if (status.code !== 0) return undefined
    const hash = createHash("sha256").update("git\0")
    for (const record of status.stdout.split("\0")) {
      if (record === "") continue
      hash.update(record).update("\0")
      // Every change record ends with its path (renames: the new path, then the old in the next record).
      const path = record.startsWith("1 ")
        ? record.split(" ").slice(8).join(" ")
        : record.startsWith("2 ")
        ? record.split(" ").slice(9).join(" ")
        : record.startsWith("? ")
        ? record.slice(2)
        : record.startsWith("u ")
        ? record.split(" ").slice(10).join(" ")
        : undefined
      if (path !== undefined) hash.update(described(lstatOf(join(top, path)))).update("\0")
    }
    return `git:${hash.digest("hex")}`
  })

/**
 * A walk of names, sizes and modification times, sorted, up to `maxWalkEntries` entries (a change
 * past the bound is not seen). Symbolic links are not followed.
 */
const walkFingerprint = (workspace: string): string => {
  const hash = createHash("sha256").update("walk\0")
  let entries = 0
  const walk = (dir: string, rel: string): void => {
    let names: Array<string>
    try {
      names = fs.readdirSync(dir)
    } catch {
      return
    }
    names.sort()
    for (const name of names) {
      if (++entries > maxWalkEntries) return
      const path = join(dir, name)
      const relPath = rel === "" ? name : `${rel}/${name}`
      // One lstat gives what the fingerprint records and whether to go in.
      const stat = lstatOf(path)
      hash.update(`${relPath}\0${described(stat)}\0`)
      if (stat?.isDirectory() === true) walk(path, relPath)
    }
  }
  walk(workspace, "")
  return `walk:${hash.digest("hex")}`
}

/** The top folder of the git repository holding the workspace, or undefined when it is not in one. */
export const gitTopLevel = (workspace: string): Effect.Effect<string | undefined> =>
  // Without a .git here or above, git is not asked (a spawn saved).
  repositoryRoot(workspace) === undefined && process.env.GIT_DIR === undefined
    ? Effect.succeed(undefined)
    : Effect.map(git(workspace, ["rev-parse", "--show-toplevel"]), (top) => {
      const path = top.stdout.trim()
      return top.code === 0 && path !== "" ? path : undefined
    })

/**
 * The workspace's fingerprint, given its repository's top folder (undefined: not in one): equal
 * before and after a round exactly when the round changed nothing ralph can see.
 */
export const fingerprint = (workspace: string, top: string | undefined): Effect.Effect<string> =>
  top === undefined
    ? Effect.sync(() => walkFingerprint(workspace))
    : Effect.map(gitFingerprint(workspace, top), (found) => found ?? walkFingerprint(workspace))

/** A workspace-relative path with `/` separators, or undefined when `path` is outside the workspace. */
export const insideWorkspace = (workspace: string, path: string): string | undefined => {
  const rel = relative(workspace, path)
  return rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)
    ? undefined
    : rel.split(sep).join("/")
}

/** A path's real path, or the path itself when it cannot be resolved (gone). */
export const realOr = (path: string): string => {
  try {
    return fs.realpathSync(path)
  } catch {
    return path
  }
}
