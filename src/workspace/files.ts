/**
 * What ralph reads of a workspace, never writing to it: a fingerprint of its contents (to tell
 * whether a round changed anything). The protected files are in protected.ts.
 */
import { Effect } from "effect"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import { isAbsolute, join, relative, sep } from "node:path"
import {
  defaultGitBounds,
  filterOverrides,
  type GitBounds,
  type GitFailed,
  type GitSetting,
  repositoryRoot,
  runGit
} from "./git.ts"

/** How many entries a walk of a workspace reads at most. */
export const maxWalkEntries = 100_000

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
const gitFingerprint = (
  workspace: string,
  top: string,
  bounds: GitBounds,
  filters: ReadonlyArray<GitSetting> | undefined
) =>
  Effect.gen(function*() {
    const filtersOff = filters ?? (yield* filterOverrides(workspace, bounds))
    const status = yield* runGit(
      workspace,
      [
        "status",
        "--porcelain=v2",
        "--branch",
        "-z",
        "--untracked-files=all",
        // A submodule's own status would run git in it, under its own config: its checked-out commit is compared, not its files.
        "--ignore-submodules=dirty",
        "--",
        "."
      ],
      bounds,
      filtersOff
    )
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
export const gitTopLevel = (
  workspace: string,
  bounds: GitBounds = defaultGitBounds
): Effect.Effect<string | undefined, GitFailed> =>
  // Without a .git here or above, git is not asked (a spawn saved).
  repositoryRoot(workspace) === undefined && process.env.GIT_DIR === undefined
    ? Effect.succeed(undefined)
    : Effect.map(runGit(workspace, ["rev-parse", "--show-toplevel"], bounds), (top) => {
      const path = top.stdout.trim()
      return top.code === 0 && path !== "" ? path : undefined
    })

/**
 * The workspace's fingerprint, given its repository's top folder (undefined: not in one): equal
 * before and after a round exactly when the round changed nothing ralph can see. `filters`: the
 * repository's filter drivers switched off, when the caller read them already (`filterOverrides`).
 */
export const fingerprint = (
  workspace: string,
  top: string | undefined,
  bounds: GitBounds = defaultGitBounds,
  filters?: ReadonlyArray<GitSetting>
): Effect.Effect<string, GitFailed> =>
  top === undefined
    ? Effect.sync(() => walkFingerprint(workspace))
    : Effect.map(gitFingerprint(workspace, top, bounds, filters), (found) => found ?? walkFingerprint(workspace))

/** Whether `path` is the folder `root` or lies inside it. */
export const isWithin = (path: string, root: string): boolean =>
  relative(root, path) === "" || insideWorkspace(root, path) !== undefined

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
