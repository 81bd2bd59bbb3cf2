/**
 * Checkpoints: the workspace recorded as a commit on a hidden ref, `refs/ralph/RUN_ID/N`, after
 * round N (0: as the run started). Built in a temporary index outside the workspace, so the user's
 * branch, index, stash and working tree are untouched; every git command goes through `runGit`,
 * which switches hooks (reference-transaction and post-index-change included), filters and other
 * repository-configured programs off. Restoring writes the workspace's files back, never HEAD,
 * branches or the index.
 */
import { Context, Effect, Layer, Schema } from "effect"
import { mkdtempSync, readdirSync, rmdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve, sep } from "node:path"
import {
  defaultGitBounds,
  filterOverrides,
  GitFailed,
  type GitResult,
  type GitSetting,
  repositoryRoot,
  runGit
} from "./git.ts"

/** The hidden ref of a run's checkpoint after round `round`. */
export const checkpointRef = (runId: string, round: number): string => `refs/ralph/${runId}/${round}`

/** One checkpoint of a run, as its ref holds it. */
export interface Checkpoint {
  readonly round: number
  readonly commit: string
  readonly tree: string
}

/** A file restore had to remove (the checkpoint lacks it) could not be removed. */
export class RestoreFailed extends Schema.TaggedError<RestoreFailed>()("RestoreFailed", {
  path: Schema.String,
  detail: Schema.String
}) {
  override get message(): string {
    return `ralph could not remove ${this.path}, which the checkpoint does not have: ${this.detail}`
  }
}

/** A fixed author, so that no user config is needed (nor read). */
const author = {
  GIT_AUTHOR_NAME: "ralph",
  GIT_AUTHOR_EMAIL: "ralph@localhost",
  GIT_COMMITTER_NAME: "ralph",
  GIT_COMMITTER_EMAIL: "ralph@localhost"
}

/** How much of a patch or diffstat ralph reads back. */
export const maxPatchBytes = 16 * 1024 * 1024

/** A git command that must succeed: its stdout, or GitFailed naming the command and its exit. */
const git = (
  cwd: string,
  args: ReadonlyArray<string>,
  env: Readonly<Record<string, string>> = {},
  options: {
    readonly stdin?: string
    readonly maxOutputBytes?: number
    /** Configuration for this command (the filter drivers switched off, see filterOverrides). */
    readonly settings?: ReadonlyArray<GitSetting>
  } = {}
): Effect.Effect<string, GitFailed> =>
  runGit(
    cwd,
    args,
    { ...defaultGitBounds, maxOutputBytes: options.maxOutputBytes ?? defaultGitBounds.maxOutputBytes },
    options.settings ?? [],
    {
      env,
      ...(options.stdin === undefined ? {} : { stdin: options.stdin })
    }
  ).pipe(Effect.flatMap((result: GitResult) =>
    result.code === 0
      ? Effect.succeed(result.stdout)
      : Effect.fail(new GitFailed({ command: args.join(" "), detail: `exited with ${result.code}` }))
  ))

/** A temporary index file outside the workspace, removed with the scope. */
const temporaryIndex = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "ralph-index-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
).pipe(Effect.map((dir) => ({ GIT_INDEX_FILE: join(dir, "index") })))

/** The commit HEAD names, or undefined in a repository with no commit yet. */
const headCommit = (workspace: string) =>
  Effect.map(
    runGit(workspace, ["rev-parse", "-q", "--verify", "HEAD^{commit}"]),
    (result) => result.code === 0 ? result.stdout.trim() : undefined
  )

/**
 * The workspace's files as a tree: HEAD's files read into a temporary index, then every tracked
 * and untracked non-ignored file of the workspace added to it (filter drivers off: the blobs are
 * the bytes on disk). Writes objects, no ref and no index of the user's.
 */
const snapshot = (workspace: string, known?: ReadonlyArray<GitSetting>) =>
  Effect.scoped(Effect.gen(function*() {
    const index = yield* temporaryIndex
    const head = yield* headCommit(workspace)
    // Every command that reads the index may run a filter (write-tree does, on a racy entry).
    const filters = known ?? (yield* filterOverrides(workspace))
    if (head !== undefined) yield* git(workspace, ["read-tree", head], index, { settings: filters })
    yield* git(workspace, ["add", "-A", "--", "."], index, { settings: filters })
    const tree = (yield* git(workspace, ["write-tree"], index, { settings: filters })).trim()
    return { tree, head, filters }
  }))

/** Paths (relative to the workspace) of files in `to` that `from` lacks; gitlinks (nested repositories) left out. */
const addedFiles = (workspace: string, from: string, to: string) =>
  Effect.map(
    git(workspace, ["diff-tree", "-r", "-z", "--no-renames", "--diff-filter=A", "--relative", from, to]),
    (raw) => {
      const fields = raw.split("\0")
      const paths: Array<string> = []
      // Raw output: ":old new oldsha newsha A\0path\0" per entry.
      for (let i = 0; i + 1 < fields.length; i += 2) {
        const mode = fields[i]!.split(" ")[1]
        if (mode !== "160000") paths.push(fields[i + 1]!)
      }
      return paths
    }
  )

/** Removes a file ralph found in the workspace but not in the checkpoint, then the folders it emptied. */
const removeFile = (workspace: string, path: string): Effect.Effect<void, RestoreFailed> =>
  Effect.try({
    try: () => removeWithFolders(resolve(workspace), resolve(workspace, path)),
    catch: (error) => new RestoreFailed({ path, detail: String(error) })
  })

const removeWithFolders = (top: string, file: string): void => {
  if (!file.startsWith(top + sep)) return
  // A symlink goes as a link: rmSync does not follow it.
  rmSync(file, { force: true })
  for (let dir = dirname(file); dir !== top && dir.startsWith(top + sep); dir = dirname(dir)) {
    try {
      if (readdirSync(dir).length > 0) return
      rmdirSync(dir)
    } catch {
      return
    }
  }
}

export class Checkpoints extends Context.Service<Checkpoints, {
  /** Whether the workspace is in a git repository (outside one, checkpoints are skipped). */
  readonly applies: (workspace: string) => boolean
  /**
   * Records the workspace as `refs/ralph/RUN_ID/ROUND`; its commit id, or undefined outside git.
   * `filters`: the repository's filter drivers switched off, when the caller just read them.
   */
  readonly record: (
    workspace: string,
    runId: string,
    round: number,
    filters?: ReadonlyArray<GitSetting>
  ) => Effect.Effect<string | undefined, GitFailed>
  /** The run's checkpoints in the workspace's repository, by round. */
  readonly list: (workspace: string, runId: string) => Effect.Effect<ReadonlyArray<Checkpoint>, GitFailed>
  /** The patch (or, with `stat`, the diffstat) from one commit to another, within the workspace. */
  readonly diff: (
    workspace: string,
    from: string,
    to: string,
    stat: boolean
  ) => Effect.Effect<string, GitFailed>
  /** The tree of the workspace's files now. */
  readonly currentTree: (workspace: string) => Effect.Effect<string, GitFailed>
  /**
   * Writes the checkpoint's files back into the workspace and removes those it did not have.
   * `current`: the workspace's tree, when the caller just took it (`currentTree`).
   */
  readonly restore: (
    workspace: string,
    commit: string,
    current?: string
  ) => Effect.Effect<void, GitFailed | RestoreFailed>
  /** Deletes the run's refs; how many there were. */
  readonly prune: (workspace: string, runId: string) => Effect.Effect<number, GitFailed>
}>()("ralph/Checkpoints") {
  static readonly make = (): Checkpoints["Service"] => {
    const applies = (workspace: string) => repositoryRoot(workspace) !== undefined

    const record = Effect.fn("Checkpoints.record")(function*(
      workspace: string,
      runId: string,
      round: number,
      filters?: ReadonlyArray<GitSetting>
    ) {
      if (!applies(workspace)) return undefined
      const { head, tree } = yield* snapshot(workspace, filters)
      const commit = (yield* git(
        workspace,
        [
          "commit-tree",
          "--no-gpg-sign",
          tree,
          ...(head === undefined ? [] : ["-p", head]),
          "-m",
          `ralph ${runId} round ${round}`
        ],
        author
      )).trim()
      yield* git(workspace, ["update-ref", checkpointRef(runId, round), commit])
      return commit
    })

    const list = Effect.fn("Checkpoints.list")(function*(workspace: string, runId: string) {
      if (!applies(workspace)) return []
      const out = yield* git(workspace, [
        "for-each-ref",
        "--format=%(refname) %(objectname) %(tree)",
        `refs/ralph/${runId}/`
      ])
      const found: Array<Checkpoint> = []
      for (const line of out.split("\n")) {
        const [ref, commit, tree] = line.split(" ")
        const round = Number(ref?.slice(`refs/ralph/${runId}/`.length))
        if (commit !== undefined && tree !== undefined && Number.isInteger(round)) found.push({ round, commit, tree })
      }
      return found.sort((a, b) => a.round - b.round)
    })

    const diff = Effect.fn("Checkpoints.diff")(function*(workspace: string, from: string, to: string, stat: boolean) {
      return yield* git(
        workspace,
        [
          "diff",
          "--no-textconv",
          "--no-ext-diff",
          "--no-color",
          "--relative",
          ...(stat ? ["--stat"] : []),
          from,
          to,
          "--"
        ],
        {},
        { maxOutputBytes: maxPatchBytes }
      )
    })

    const currentTree = Effect.fn("Checkpoints.currentTree")(function*(workspace: string) {
      return (yield* snapshot(workspace)).tree
    })

    const restore = Effect.fn("Checkpoints.restore")(function*(workspace: string, commit: string, current?: string) {
      // The tree and the filter list once each: from one snapshot, or the caller's tree and one read.
      const taken = current === undefined ? yield* snapshot(workspace) : { tree: current, filters: undefined }
      const target = `${commit}^{tree}`
      // Files first, so that a folder where the checkpoint has a file (or the reverse) is out of the way.
      for (const path of yield* addedFiles(workspace, target, taken.tree)) yield* removeFile(workspace, path)
      yield* Effect.scoped(Effect.gen(function*() {
        const index = yield* temporaryIndex
        const filters = taken.filters ?? (yield* filterOverrides(workspace))
        yield* git(workspace, ["read-tree", target], index, { settings: filters })
        // Run in the workspace, `-a` writes the entries under it only.
        yield* git(workspace, ["checkout-index", "-a", "-f"], index, { settings: filters })
      }))
    })

    const prune = Effect.fn("Checkpoints.prune")(function*(workspace: string, runId: string) {
      const refs = yield* list(workspace, runId)
      if (refs.length === 0) return 0
      yield* git(workspace, ["update-ref", "--stdin"], {}, {
        stdin: refs.map((c) => `delete ${checkpointRef(runId, c.round)}\n`).join("")
      })
      return refs.length
    })

    return Checkpoints.of({ applies, record, list, diff, currentTree, restore, prune })
  }

  static readonly layer = Layer.sync(Checkpoints, Checkpoints.make)
}
