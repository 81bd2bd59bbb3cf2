/**
 * The protected files of a workspace, read and never written: the protect patterns as one
 * decision (`!` exclusions, the last match deciding, as in `.gitignore`), the bounded search for
 * the paths they protect, and each path's fingerprint (type, mode, content).
 */
import * as fs from "node:fs"
import { join } from "node:path"
import { hashUntrusted } from "../io/untrustedFile.ts"
import { lstatOf, maxWalkEntries, realOr } from "./files.ts"

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

/** A folder and the folders above it, innermost last: `a/b` → `a`, `a/b`. */
const selfAndAbove = (dir: string): Array<string> => {
  const names = dir.split("/")
  return names.map((_, i) => names.slice(0, i + 1).join("/"))
}

/** One protect pattern: a glob that protects what it matches, or (`!glob`) excludes it. */
interface Rule {
  readonly excludes: boolean
  readonly matches: (path: string) => boolean
  /** Whether the glob could match a path inside `dir` (only such folders are walked). */
  readonly reaches: (dir: string) => boolean
  /** Whether the glob matches every path inside `dir` (an exclusion that covers a folder spares its walk). */
  readonly covers: (dir: string) => boolean
  /** Whether `dir` is on the glob's path before its first wildcard (`tests` for `tests/t.sh`). */
  readonly names: (dir: string) => boolean
}

const ruleOf = (pattern: string): Rule => {
  const excludes = pattern.startsWith("!")
  const glob = excludes ? pattern.slice(1) : pattern
  const regexp = globRegExp(glob)
  const prefix = staticPrefix(glob)
  // `x`, `x/**`, `**`: everything under a folder the stem matches.
  const stem = !globChars.test(glob) ? glob : glob === "**" ? "" : glob.endsWith("/**") ? glob.slice(0, -3) : undefined
  const stemRegExp = stem === undefined || stem === "" ? undefined : globRegExp(stem)
  return {
    excludes,
    matches: (path) => regexp.test(path),
    reaches: (dir) => prefix === "" || prefix === dir || prefix.startsWith(`${dir}/`) || dir.startsWith(`${prefix}/`),
    names: (dir) => prefix === dir || prefix.startsWith(`${dir}/`),
    covers: (dir) =>
      stem === "" || (stemRegExp !== undefined && selfAndAbove(dir).some((above) => stemRegExp.test(above)))
  }
}

/**
 * The protect patterns as one decision, as in `.gitignore`: a path is protected when the last
 * pattern matching it is not a `!` exclusion.
 */
const ruleSet = (patterns: ReadonlyArray<string>) => {
  const rules = patterns.map(ruleOf)
  return {
    /**
     * Whether a path is protected, and the patterns that bore on it: those that protect it, or the
     * exclusion that spared it from an earlier pattern.
     */
    verdict: (path: string): { readonly protects: boolean; readonly used: ReadonlyArray<number> } => {
      const matching = rules.flatMap((rule, i) => rule.matches(path) ? [i] : [])
      const last = matching.at(-1)
      if (last === undefined) return { protects: false, used: [] }
      const including = matching.filter((i) => !rules[i]!.excludes)
      if (!rules[last]!.excludes) return { protects: true, used: including }
      return { protects: false, used: including.length > 0 ? [last] : [] }
    },
    /** Whether a protecting pattern names a path through `dir`. */
    namesThrough: (dir: string): boolean => rules.some((rule) => !rule.excludes && rule.names(dir)),
    /**
     * Whether a folder may hold a protected path, and the exclusion that settles that it cannot
     * (-1: none): a pattern reaching into it that no later exclusion covering it overrides.
     */
    intoFolder: (dir: string): { readonly walk: boolean; readonly excludedBy: number } => {
      let walk = false
      let excludedBy = -1
      rules.forEach((rule, i) => {
        if (!rule.excludes && rule.reaches(dir)) [walk, excludedBy] = [true, -1]
        else if (rule.excludes && walk && rule.covers(dir)) [walk, excludedBy] = [false, i]
      })
      return { walk, excludedBy }
    }
  }
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

/** What a search for protected paths found. */
export interface ProtectedSearch {
  /** The protected paths (workspace-relative, `/`-separated, sorted): files, links, anything but a folder. */
  readonly files: Array<string>
  /**
   * The indexes of the patterns that bore on some path: one matching a protected path, an exclusion
   * sparing a path or a folder from an earlier pattern.
   */
  readonly used: ReadonlySet<number>
}

const leadsToFolder = (path: string): boolean => {
  try {
    return fs.statSync(path).isDirectory()
  } catch {
    return false
  }
}

/**
 * The paths the patterns protect (see `ruleSet`). Only folders a protecting pattern reaches are
 * walked, and not those a later exclusion covers; never `.git`, and `node_modules` only when a
 * pattern names it. A link to a folder is walked through (what a tool reads through it is protected
 * under its name here), back into a folder being walked only where a pattern names a path through
 * it. Throws TooManyFiles past the
 * bounds' files or entries read (a file past the walk's bound must not go unprotected without a word).
 */
export const searchProtected = (
  workspace: string,
  patterns: ReadonlyArray<string>,
  bounds: SearchBounds = protectBounds
): ProtectedSearch => {
  const files: Array<string> = []
  const used = new Set<number>()
  const rules = ruleSet(patterns)
  const namesDependencies = patterns.some((pattern) => pattern.includes("node_modules"))
  // The real paths of the folders being walked, outermost first.
  const walking: Array<string> = []
  let entriesRead = 0
  const decide = (path: string) => {
    const verdict = rules.verdict(path)
    for (const i of verdict.used) used.add(i)
    if (!verdict.protects) return
    files.push(path)
    if (files.length > bounds.files) {
      throw new TooManyFiles(
        `they match more than ${bounds.files} files; protect fewer, or exclude folders (!build/**)`
      )
    }
  }
  const walk = (dir: string, rel: string): void => {
    const real = realOr(dir)
    let entries: Array<fs.Dirent>
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    walking.push(real)
    for (const entry of entries) {
      if (++entriesRead > bounds.entries) {
        throw new TooManyFiles(
          `finding the files they match reads more than ${bounds.entries} entries; start each pattern with its folder (tests/**, not **/*.test.ts), or exclude large folders (!build/**)`
        )
      }
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`
      const full = join(dir, entry.name)
      const link = entry.isSymbolicLink()
      // A link is protected as itself (its target), and a link to a folder is walked as well.
      if (link || !entry.isDirectory()) decide(path)
      if (!entry.isDirectory() && !(link && leadsToFolder(full))) continue
      if (entry.name === ".git" || (entry.name === "node_modules" && !namesDependencies)) continue
      const into = rules.intoFolder(path)
      if (into.excludedBy !== -1) used.add(into.excludedBy)
      if (!into.walk) continue
      // A link back into a folder being walked is followed only where a pattern names a path through
      // it (`tests/t.sh` with tests -> .), which ends; `**` would go round for ever.
      if (link && walking.includes(realOr(full)) && !rules.namesThrough(path)) continue
      walk(full, path)
    }
    walking.pop()
  }
  if (patterns.length > 0) walk(workspace, "")
  return { files: files.sort(), used }
}

/** The paths the patterns protect now (see `searchProtected`). */
export const matchingFiles = (
  workspace: string,
  patterns: ReadonlyArray<string>,
  bounds: SearchBounds = protectBounds
): Array<string> => searchProtected(workspace, patterns, bounds).files

/** How large a protected file may be to be hashed; a larger one is fingerprinted by its size alone. */
const maxHashedBytes = 1024 * 1024 * 1024

/**
 * A regular file's content hash, read safely: the path was a regular file when looked at, but a
 * worker can swap it for a FIFO or a link to a device before the open, which must not hang ralph
 * or fill its memory. Undefined when it is gone, too large, or no longer a regular file.
 */
const contentHash = (path: string): string | undefined => {
  const read = hashUntrusted(path, { maxBytes: maxHashedBytes, followLinks: true })
  return read._tag === "Read" ? read.value : undefined
}

const typeOf = (stat: fs.Stats): string =>
  stat.isFile()
    ? "file"
    : stat.isDirectory()
    ? "folder"
    : stat.isSymbolicLink()
    ? "link"
    : stat.isFIFO()
    ? "fifo"
    : stat.isSocket()
    ? "socket"
    : "device"

/** A path's type and permission bits (`chmod -x` is a change), and a regular file's size and content hash; nothing else is read. */
const shapeOf = (stat: fs.Stats, path: string): string =>
  `${typeOf(stat)} ${(stat.mode & 0o7777).toString(8)}${
    // The size too: a file too large to read still changes it when it grows or shrinks.
    stat.isFile() ? ` ${stat.size} ${contentHash(path) ?? "unreadable"}` : ""}`

/**
 * What a protected path is, as one string: its shape, and for a link its target and the shape of
 * what it leads to (a link retargeted, or its target edited, is a change). Undefined when absent.
 */
const pathFingerprint = (path: string): string | undefined => {
  const stat = lstatOf(path)
  if (stat === undefined) return undefined
  if (!stat.isSymbolicLink()) return shapeOf(stat, path)
  let target: string
  try {
    target = fs.readlinkSync(path)
  } catch {
    return undefined
  }
  let leadsTo: fs.Stats | undefined
  try {
    leadsTo = fs.statSync(path)
  } catch {
    leadsTo = undefined
  }
  return `link ${JSON.stringify(target)} to ${leadsTo === undefined ? "nothing" : shapeOf(leadsTo, path)}`
}

/** Fingerprints of the paths given (workspace-relative); an absent path has none. */
export const hashFiles = (workspace: string, files: ReadonlyArray<string>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const file of files) {
    const fingerprint = pathFingerprint(join(workspace, ...file.split("/")))
    if (fingerprint !== undefined) out[file] = fingerprint
  }
  return out
}

/** A baseline recorded before fingerprints had a shape holds the content's hash alone. */
const contentOnly = /^[0-9a-f]{64}$/

/** Whether a path still has the fingerprint it had in the baseline. */
const unchanged = (workspace: string, file: string, was: string | undefined, now: string | undefined): boolean =>
  was !== undefined && contentOnly.test(was)
    ? contentHash(join(workspace, ...file.split("/"))) === was
    : now === was

/**
 * The paths of a baseline that changed or went away, and the paths the patterns protect now that
 * it lacks. A search that outgrew its bounds during the run (files added where the patterns look)
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
  const changed = [...now].filter((file) => !unchanged(workspace, file, baseline[file], current[file])).sort()
  return outgrown === undefined ? changed : [...changed, outgrown]
}
