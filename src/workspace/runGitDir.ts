/**
 * ralph's git for a fleet run's clone. A run's folder holds `git/`, a bare repository of ralph's
 * own (objects, the remote's refs, ralph's config), and `tree/`, the worker's working directory.
 * Every command of ralph's names that git directory and that work tree explicitly, so nothing the
 * worker left in `tree/.git` (config, hooks, HEAD, index, excludes, objects) is read by it; the
 * worker's `tree/.git` is a view ralph rebuilds (see `rebuildView`). Remote commands take the URL
 * ralph was given, never a configured remote.
 */
import { Duration, Effect } from "effect"
import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defaultGitBounds, type GitBounds, GitFailed, type GitResult, type GitSetting, runGit } from "./git.ts"

/** The folders of a run's clone. */
export interface RunPaths {
  /** The run's folder under the work dir. */
  readonly runDir: string
  /** ralph's bare repository. */
  readonly gitDir: string
  /** The worker's working directory (the clone's files). */
  readonly tree: string
}

export const runPaths = (workDir: string, runId: string): RunPaths => {
  const runDir = join(workDir, runId)
  return { runDir, gitDir: join(runDir, "git"), tree: join(runDir, "tree") }
}

/** ralph's own identity on its commits: no user config is needed, nor read. */
export const ralphIdentity = {
  GIT_AUTHOR_NAME: "ralph",
  GIT_AUTHOR_EMAIL: "ralph@localhost",
  GIT_COMMITTER_NAME: "ralph",
  GIT_COMMITTER_EMAIL: "ralph@localhost"
}

/**
 * Over git.ts's neutral config: the transports a `--repo` URL may use (git.ts allows none; `ext::`
 * stays off, it runs a command); ssh without `~/.ssh/config` (a worker with ralph's uid can give
 * it a ProxyCommand; GIT_SSH_COMMAND in the worker's environment still overrides); and no excludes
 * or attributes file from the home folder (git reads `~/.config/git/ignore` and `attributes`
 * without any config naming them: a worker could hide files from a round's commit). No automatic
 * gc or maintenance in ralph's repository: it would run (detached, outliving the command) after a
 * fetch or a commit, in the middle of a round.
 */
const settings: ReadonlyArray<GitSetting> = [
  ["protocol.file.allow", "always"],
  ["protocol.https.allow", "always"],
  ["protocol.http.allow", "always"],
  ["protocol.ssh.allow", "always"],
  ["protocol.git.allow", "always"],
  ["core.sshCommand", "ssh -F /dev/null"],
  ["core.excludesFile", "/dev/null"],
  ["core.attributesFile", "/dev/null"],
  ["gc.auto", "0"],
  ["maintenance.auto", "false"]
]

/** Clones and fetches may take long on a large repository or a slow network. */
export const remoteBounds: GitBounds = { ...defaultGitBounds, timeout: Duration.minutes(10) }

export interface GitCall {
  /** The git directory (ralph's, or the view's when rebuilding it). */
  readonly gitDir: string
  /** The work tree, for commands that read or write files. */
  readonly tree?: string
  /** An index file of ralph's (temporary). */
  readonly index?: string
  readonly env?: Readonly<Record<string, string>>
  readonly stdin?: string
  readonly bounds?: GitBounds
  /** Where git runs, when the git dir does not exist yet (init): default the work tree, else the git dir. */
  readonly cwd?: string
}

/**
 * One git command on the run's repository: the git dir, work tree and index named (variables
 * from ralph's own environment do not pick others), the settings above. A non-zero exit is a
 * result.
 */
export const gitIn = (call: GitCall, args: ReadonlyArray<string>): Effect.Effect<GitResult, GitFailed> =>
  runGit(call.cwd ?? call.tree ?? call.gitDir, args, call.bounds ?? defaultGitBounds, settings, {
    env: {
      GIT_DIR: call.gitDir,
      ...(call.tree === undefined ? {} : { GIT_WORK_TREE: call.tree }),
      ...(call.index === undefined ? {} : { GIT_INDEX_FILE: call.index }),
      GIT_NO_REPLACE_OBJECTS: "1",
      ...call.env
    },
    ...(call.stdin === undefined ? {} : { stdin: call.stdin })
  })

/** A git command that must succeed: its stdout, or GitFailed with git's own words. */
export const gitOk = (call: GitCall, args: ReadonlyArray<string>): Effect.Effect<string, GitFailed> =>
  Effect.flatMap(gitIn(call, args), (result) =>
    result.code === 0
      ? Effect.succeed(result.stdout)
      : Effect.fail(failed(args, result)))

export const failed = (args: ReadonlyArray<string>, result: GitResult): GitFailed =>
  new GitFailed({
    command: args.join(" "),
    detail: `exited with ${result.code}${result.stderr === "" ? "" : `: ${result.stderr}`}`
  })

/** git run outside any repository (checking a URL): in an empty temporary folder, no repository above it found. */
export const gitOutside = (args: ReadonlyArray<string>, bounds: GitBounds = remoteBounds) =>
  Effect.scoped(Effect.gen(function*() {
    const dir = yield* Effect.acquireRelease(
      Effect.sync(() => mkdtempSync(join(tmpdir(), "ralph-git-"))),
      (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
    )
    return yield* runGit(dir, args, bounds, settings, { env: { GIT_CEILING_DIRECTORIES: tmpdir() } })
  }))

/** A value in git's config file syntax: quoted, `\\` and `"` escaped, line breaks as `\\n`. */
const configValue = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, "\\\"").replace(/\n/g, "\\n")}"`

/**
 * ralph's repository put back to what ralph made, before ralph reads a work tree through it: its
 * config rewritten (a worker with ralph's uid can reach it, and a filter driver, `core.autocrlf`,
 * `core.fileMode`, a sparse checkout or `core.worktree` there would change what a commit records),
 * and the files that steer what git sees removed: `info/` (exclude, attributes, sparse-checkout,
 * grafts), hooks, alternates, replace refs, a shallow list, a worktree config. Objects and refs
 * stay (pushes and fetches check them).
 */
export const scrubGitDir = (gitDir: string, marks: { readonly runId: string; readonly repo: string }) =>
  Effect.sync(() => {
    for (const path of ["info", "hooks", "objects/info", "refs/replace", "shallow", "config.worktree"]) {
      rmSync(join(gitDir, path), { recursive: true, force: true })
    }
    const config = "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n" +
      `[ralph]\n\trepo = ${configValue(marks.repo)}\n\trun = ${configValue(marks.runId)}\n`
    // A new file renamed over the old: a link or FIFO the worker put there is replaced, not followed.
    rmSync(join(gitDir, "config.ralph"), { force: true })
    writeFileSync(join(gitDir, "config.ralph"), config, { mode: 0o600, flag: "wx" })
    renameSync(join(gitDir, "config.ralph"), join(gitDir, "config"))
  })

/** A temporary index file outside the clone, removed with the scope. */
export const temporaryIndex = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "ralph-index-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
).pipe(Effect.map((dir) => join(dir, "index")))

/**
 * The index ralph last built for a clone, held in ralph's memory only: a round's commit starts from
 * it, so that `git add` hashes only the files whose stat data changed rather than every file. It is
 * never on disk between rounds: a worker that could write it could pair a changed file's stat data
 * with its old blob and hide the change. Its file time goes back with it (a little earlier, if
 * anything: an entry then counts as racy and is read again), so git's racy-entry check holds.
 */
export class IndexMemo {
  private held: { readonly commit: string; readonly bytes: Uint8Array; readonly mtimeMs: number } | undefined

  /** Remembers `index`, the index of `commit` with the files' stat data. */
  keep(commit: string, index: string): void {
    this.held = { commit, bytes: readFileSync(index), mtimeMs: Math.floor(statSync(index).mtimeMs) }
  }

  /** Writes `commit`'s index to the new file `index` if held; whether it was. */
  restore(commit: string, index: string): boolean {
    if (this.held?.commit !== commit) return false
    writeFileSync(index, this.held.bytes, { flag: "wx", mode: 0o600 })
    const time = new Date(this.held.mtimeMs)
    utimesSync(index, time, time)
    return true
  }
}

/** The commit a ref or revision names in ralph's repository, or undefined. */
export const commitOf = (gitDir: string, revision: string) =>
  Effect.map(
    gitIn({ gitDir }, ["rev-parse", "-q", "--verify", "--end-of-options", `${revision}^{commit}`]),
    (result) => result.code === 0 ? result.stdout.trim() : undefined
  )

/** The message of a commit of ralph's repository, read from the raw object (no config formats it). */
export const commitMessage = (gitDir: string, commit: string) =>
  Effect.map(gitOk({ gitDir }, ["cat-file", "commit", commit]), (raw) => {
    const at = raw.indexOf("\n\n")
    return at < 0 ? "" : raw.slice(at + 2)
  })

/**
 * Makes `tree`'s files exactly `commit`'s: files the commit lacks go (ignored ones and nested
 * repositories included), the commit's are written. `index` ends up holding the commit with the
 * files' stat data.
 */
export const resetTree = (paths: RunPaths, index: string, commit: string) =>
  Effect.gen(function*() {
    const call = { gitDir: paths.gitDir, tree: paths.tree, index }
    yield* gitOk(call, ["read-tree", commit])
    // `.git` itself is never a candidate: git skips every entry of that name.
    yield* gitOk(call, ["clean", "-ffdxq"])
    yield* gitOk(call, ["checkout-index", "-a", "-f", "-u"])
  })

/**
 * The worker's `tree/.git`, made afresh: whatever the worker did to it is gone. A repository whose
 * objects come from ralph's (alternates), its branch and HEAD at `commit`, and `index` (ralph's,
 * holding that commit) as its index, so that the worker's `git status` starts clean. No templates
 * (no sample hooks), no remote.
 */
export const rebuildView = (paths: RunPaths, branch: string, index: string, commit: string) =>
  Effect.gen(function*() {
    const view = join(paths.tree, ".git")
    // rmSync removes a link or a FIFO as itself, and never follows one.
    yield* Effect.sync(() => rmSync(view, { recursive: true, force: true }))
    const call = { gitDir: view, cwd: paths.tree }
    yield* gitOk(call, ["init", "-q", "--template="])
    yield* Effect.sync(() => writeFileSync(join(view, "objects", "info", "alternates"), `${paths.gitDir}/objects\n`))
    yield* gitOk(call, ["update-ref", `refs/heads/${branch}`, commit])
    yield* gitOk(call, ["symbolic-ref", "HEAD", `refs/heads/${branch}`])
    yield* Effect.sync(() => copyFileSync(index, join(view, "index")))
  }).pipe(Effect.asVoid)
