/**
 * What ralph reads of a workspace, never writing to it: a fingerprint of its contents (to tell
 * whether a round changed anything) and the files that glob patterns match (to protect them).
 */
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import { isAbsolute, join, relative, sep } from "node:path"
import { repositoryRoot } from "./git.ts"

/** How many entries a walk of a workspace reads at most. */
export const maxWalkEntries = 100_000

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex")

/** A file's content hash, or undefined when it cannot be read (gone, not a file). */
const hashFile = (path: string): string | undefined => {
  try {
    return sha256(fs.readFileSync(path))
  } catch {
    return undefined
  }
}

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
const lstatOf = (path: string): fs.Stats | undefined => {
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

const globChars = /[*?]/

/** A glob as a regular expression over workspace-relative paths: `**` any depth, `*` and `?` within one name. */
export const globRegExp = (pattern: string): RegExp => {
  let source = ""
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === "*" && pattern[i + 1] === "*") {
      const slash = pattern[i + 2] === "/"
      source += slash ? "(?:.*/)?" : ".*"
      i += slash ? 2 : 1
    } else if (c === "*") source += "[^/]*"
    else if (c === "?") source += "[^/]"
    else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&")
  }
  // A pattern without wildcards names a file, or a folder and everything in it.
  return new RegExp(`^${source}${globChars.test(pattern) ? "" : "(?:/.*)?"}$`)
}

/** The part of a pattern before its first wildcard's folder: only folders on that path need walking. */
const staticPrefix = (pattern: string): string => {
  const wild = pattern.search(globChars)
  if (wild === -1) return pattern
  const cut = pattern.lastIndexOf("/", wild)
  return cut === -1 ? "" : pattern.slice(0, cut)
}

/** The patterns match too many files, or their walk reads too many entries: what to do is in the message. */
export class TooManyFiles extends Error {}

/** How far a search for protected files goes: files matched, entries read. */
export interface SearchBounds {
  readonly files: number
  readonly entries: number
}

/** At most 10,000 protected files, found reading at most `maxWalkEntries` entries. */
const protectBounds: SearchBounds = { files: 10_000, entries: maxWalkEntries }

/**
 * The files (workspace-relative, `/`-separated) that the patterns match. Only folders on a
 * pattern's static prefix are walked, never `.git`, and `node_modules` only when a pattern names
 * it. Throws TooManyFiles past the bounds' files or entries read (a file past the walk's bound must
 * not go unprotected without a word).
 */
export const matchingFiles = (
  workspace: string,
  patterns: ReadonlyArray<string>,
  bounds: SearchBounds = protectBounds
): Array<string> => {
  if (patterns.length === 0) return []
  const regexps = patterns.map(globRegExp)
  const prefixes = patterns.map(staticPrefix)
  const found: Array<string> = []
  const namesDependencies = patterns.some((pattern) => pattern.includes("node_modules"))
  let entriesRead = 0
  const wanted = (rel: string) =>
    prefixes.some((prefix) =>
      prefix === "" || prefix === rel || prefix.startsWith(`${rel}/`) || rel.startsWith(`${prefix}/`)
    )
  const walk = (dir: string, rel: string): void => {
    let entries: Array<fs.Dirent>
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (++entriesRead > bounds.entries) {
        throw new TooManyFiles(
          `finding the files they match reads more than ${bounds.entries} entries; start each pattern with its folder (tests/**, not **/*.test.ts)`
        )
      }
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`
      if (entry.isDirectory()) {
        const skipped = entry.name === ".git" || (entry.name === "node_modules" && !namesDependencies)
        if (!skipped && wanted(path)) walk(join(dir, entry.name), path)
      } else if (regexps.some((regexp) => regexp.test(path))) {
        found.push(path)
        if (found.length > bounds.files) {
          throw new TooManyFiles(
            `they match more than ${bounds.files} files; protect fewer (the tests, the verify script)`
          )
        }
      }
    }
  }
  walk(workspace, "")
  return found.sort()
}

/** Fingerprints of the files given (workspace-relative). */
export const hashFiles = (workspace: string, files: ReadonlyArray<string>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const file of files) {
    const hash = hashFile(join(workspace, ...file.split("/")))
    if (hash !== undefined) out[file] = hash
  }
  return out
}

/**
 * The files of a baseline that changed or went away, and the files the patterns match now that it
 * lacks. A search that outgrew its bounds during the run (files added where the patterns look)
 * cannot tell new files from none: it is a change, named, never a clean check.
 */
export const changedFiles = (
  workspace: string,
  baseline: Readonly<Record<string, string>>,
  patterns: ReadonlyArray<string>,
  bounds: SearchBounds = protectBounds
): Array<string> => {
  const now = new Set<string>(Object.keys(baseline))
  let outgrown: string | undefined
  try {
    for (const file of matchingFiles(workspace, patterns, bounds)) now.add(file)
  } catch (error) {
    if (!(error instanceof TooManyFiles)) throw error
    outgrown = `(new files under ${
      patterns.join(" ")
    }: more than ${bounds.files} files match, or more than ${bounds.entries} entries must be read, to check them; remove what was added)`
  }
  const current = hashFiles(workspace, [...now])
  const changed = [...now].filter((file) => current[file] !== baseline[file]).sort()
  return outgrown === undefined ? changed : [...changed, outgrown]
}

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
