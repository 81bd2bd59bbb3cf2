/**
 * A fleet run's branch (issue 18, "Workspaces"): the repository checked at submit time, the run's
 * clone prepared on a worker (a fresh branch `ralph/RUN_ID` from the base, or the pushed branch of
 * a run taken over), and one commit per finished round pushed to it. The push is leased on the tip
 * this clone knows: a worker whose run moved on elsewhere is fenced out. Layout and the git that
 * runs: see runGitDir.ts.
 */
import { Effect, Random, Schema } from "effect"
import { existsSync, lstatSync, mkdirSync, renameSync, rmSync } from "node:fs"
import { dirname, isAbsolute, resolve } from "node:path"
import type { Report } from "../domain/report.ts"
import type { GitFailed } from "./git.ts"
import { parseRoundMessage, roundMessage } from "./roundMessage.ts"
import {
  commitMessage,
  commitOf,
  failed,
  gitIn,
  gitOk,
  gitOutside,
  IndexMemo,
  ralphIdentity,
  rebuildView,
  remoteBounds,
  resetTree,
  runPaths,
  scrubGitDir,
  temporaryIndex
} from "./runGitDir.ts"

/** `--repo` is no URL git can use, or git cannot reach it. */
export class RepoUnusable extends Schema.TaggedError<RepoUnusable>()("RepoUnusable", {
  repo: Schema.String,
  problem: Schema.String,
  hint: Schema.String
}) {
  override get message(): string {
    return `The repository ${JSON.stringify(this.repo)} ${this.problem}; ${this.hint}`
  }
}

/** `--base` names no branch, tag or commit of the repository. */
export class BaseUnknown extends Schema.TaggedError<BaseUnknown>()("BaseUnknown", {
  repo: Schema.String,
  base: Schema.String,
  problem: Schema.String
}) {
  override get message(): string {
    return `The base ${JSON.stringify(this.base)} ${this.problem} in ${this.repo}; ` +
      "give a branch, a tag or a full commit id of that repository"
  }
}

/** The work dir (or the run id naming a folder in it) cannot hold the run's clone. */
export class WorkDirUnusable extends Schema.TaggedError<WorkDirUnusable>()("WorkDirUnusable", {
  path: Schema.String,
  problem: Schema.String
}) {
  override get message(): string {
    return `ralph cannot keep a run's clone in ${this.path}: ${this.problem}`
  }
}

/** The run's branch on the remote is not where this clone left it: another worker drives the run now. */
export class RunBranchMoved extends Schema.TaggedError<RunBranchMoved>()("RunBranchMoved", {
  branch: Schema.String,
  expected: Schema.String,
  found: Schema.String
}) {
  override get message(): string {
    return `The run's branch ${this.branch} is at ${this.found || "nothing"}, not ${this.expected || "absent"} ` +
      "as this worker left it: another worker took the run over, and this one records nothing more for it"
  }
}

/** The run's branch exists but its tip is no round commit of the run: ralph will not build on it. */
export class RunBranchForeign extends Schema.TaggedError<RunBranchForeign>()("RunBranchForeign", {
  branch: Schema.String,
  commit: Schema.String
}) {
  override get message(): string {
    return `The branch ${this.branch} ends in ${this.commit}, which is not a round commit of this run; ` +
      "ralph only continues its own branch: move that commit elsewhere or delete the branch"
  }
}

/** The run's clone, prepared on this worker. Plain data: it can be kept between rounds or made again. */
export interface RunClone {
  /** The worker's working directory: the clone's files. */
  readonly dir: string
  /** `ralph/RUN_ID`. */
  readonly branch: string
  /** The last round committed on the branch when the clone was prepared (0 when none). */
  readonly pushedRounds: number
  readonly runId: string
  /** The URL every fetch and push goes to (the configured remote of the clone is never read). */
  readonly repo: string
  /** ralph's own git directory of the clone. */
  readonly gitDir: string
  /** The branch's tip on the remote when the clone was prepared; undefined: no branch yet. */
  readonly startTip: string | undefined
  /** The commit round 1 builds on when the branch is new. */
  readonly baseCommit: string
  /** Names this clone in its commits' trailers: how it tells its own pushes from another worker's. */
  readonly cloneId: string
}

export interface PrepareInput {
  readonly repo: string
  readonly base?: string | undefined
  readonly runId: string
  readonly workDir: string
}

export interface RoundInput {
  readonly runId: string
  readonly round: number
  readonly summary: string
  readonly report: Report
}

export const branchOf = (runId: string): string => `ralph/${runId}`

/** A run id names a folder and a branch: letters, digits, `.`, `_`, `-`, not starting with `.` or `-`. */
const runIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

const checkRunId = (runId: string) =>
  runIdPattern.test(runId) && !runId.includes("..") && !runId.endsWith(".lock")
    ? Effect.void
    : Effect.fail(
      new WorkDirUnusable({
        path: runId,
        problem: "the run id is no safe folder and branch name (letters, digits, . _ -)"
      })
    )

/** A URL-looking string git cannot mistake for an option; a local path made absolute (workers elsewhere read it). */
const repoUrl = (repo: string) => {
  if (repo.trim() === "") {
    return Effect.fail(new RepoUnusable({ repo, problem: "is empty", hint: "give a git URL or a local path" }))
  }
  if (repo.startsWith("-")) {
    return Effect.fail(
      new RepoUnusable({
        repo,
        problem: "starts with '-'",
        hint: "git would read it as an option; give a URL or ./path"
      })
    )
  }
  // An scp-like `host:path` or a URL with a scheme stays as it is; a path is made absolute.
  const remote = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(repo) || /^[^/]*:/.test(repo)
  return Effect.succeed(remote || isAbsolute(repo) ? repo : resolve(repo))
}

/** Whether `base` is a name git accepts for a branch or tag, or a commit id. */
const checkBaseSyntax = (repo: string, base: string) =>
  Effect.gen(function*() {
    if (base.startsWith("-")) return yield* new BaseUnknown({ repo, base, problem: "starts with '-'" })
    const checked = yield* gitOutside(["check-ref-format", `refs/heads/${base}`])
    if (checked.code !== 0) return yield* new BaseUnknown({ repo, base, problem: "is no valid branch or tag name" })
  })

/** `git ls-remote` of the URL: ref → commit, and where HEAD points. */
const lsRemote = (repo: string, patterns: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const result = yield* gitOutside(["ls-remote", "--symref", "--", repo, ...patterns])
    if (result.code !== 0) {
      return yield* new RepoUnusable({
        repo,
        problem: `cannot be read by git (${result.stderr.split("\n").at(-1) ?? `exit ${result.code}`})`,
        hint: "check the URL, that this machine can reach it and its credentials (ssh agent, GIT_SSH_COMMAND)"
      })
    }
    const refs = new Map<string, string>()
    let head: string | undefined
    for (const line of result.stdout.split("\n")) {
      const [left = "", name = ""] = line.split("\t")
      if (left.startsWith("ref: ") && name === "HEAD") head = left.slice(5)
      else if (name !== "") refs.set(name, left)
    }
    return { refs, head }
  })

const isCommitId = (base: string) => /^[0-9a-f]{40}$/.test(base)

/**
 * For `ralph submit`: the URL is one git can use and reach, and `base` (when given) is a branch,
 * tag or commit there. The URL to record (a local path made absolute) and the branch a run starts
 * from when no base is given.
 */
export const checkRepo = Effect.fn("RunBranch.checkRepo")(function*(repo: string, base?: string) {
  const url = yield* repoUrl(repo)
  if (base !== undefined) yield* checkBaseSyntax(url, base)
  const remote = yield* lsRemote(url, [])
  if (base === undefined && (remote.head === undefined || !remote.refs.has(remote.head))) {
    return yield* new RepoUnusable({
      repo: url,
      problem: "has no default branch (an empty repository, or HEAD names no branch)",
      hint: "push a branch to it, or give --base"
    })
  }
  if (base !== undefined && !remote.refs.has(`refs/heads/${base}`) && !remote.refs.has(`refs/tags/${base}`)) {
    const advertised = [...remote.refs.values()].includes(base)
    if (!isCommitId(base)) return yield* new BaseUnknown({ repo: url, base, problem: "is no branch or tag" })
    if (!advertised && !(yield* commitExists(url, base))) {
      return yield* new BaseUnknown({ repo: url, base, problem: "is no commit git can fetch" })
    }
  }
  return { repo: url, defaultBranch: remote.head?.replace(/^refs\/heads\//, "") }
})

/** Whether a commit id not at any ref's tip can be fetched from the repository (a shallow fetch into a scratch repository). */
const commitExists = (repo: string, commit: string) =>
  Effect.scoped(Effect.gen(function*() {
    const index = yield* temporaryIndex
    const gitDir = `${index}.git`
    yield* gitOk({ gitDir, cwd: dirname(index) }, ["init", "-q", "--bare", "--template=", gitDir])
    const fetched = yield* gitIn({ gitDir, bounds: remoteBounds }, ["fetch", "-q", "--depth=1", "--", repo, commit])
    return fetched.code === 0
  }))

/** Whether `path` is a directory itself (not a link to one). */
const isDirectory = (path: string): boolean => {
  try {
    return lstatSync(path).isDirectory()
  } catch {
    return false
  }
}

/** The run's folder: reused when it is this run's clone of this repository, else moved aside (nothing is deleted). */
const runFolder = (input: PrepareInput, repo: string) =>
  Effect.gen(function*() {
    const workDir = resolve(input.workDir)
    yield* Effect.try({
      try: () => mkdirSync(workDir, { recursive: true }),
      catch: (error) => new WorkDirUnusable({ path: workDir, problem: String(error) })
    })
    if (!isDirectory(workDir)) {
      return yield* new WorkDirUnusable({ path: workDir, problem: "it is no directory" })
    }
    const paths = runPaths(workDir, input.runId)
    if (existsSync(paths.runDir) && !(yield* isRunClone(paths.gitDir, input.runId, repo))) {
      const aside = `${paths.runDir}.moved-${yield* Random.nextIntBetween(0, 0xffffff)}`
      yield* Effect.sync(() => renameSync(paths.runDir, aside))
      yield* Effect.logWarning(`${paths.runDir} was no clone of run ${input.runId}; moved to ${aside}`)
    }
    if (!existsSync(paths.gitDir)) {
      yield* Effect.sync(() => mkdirSync(paths.runDir, { recursive: true }))
      yield* gitOk({ gitDir: paths.gitDir, cwd: paths.runDir }, ["init", "-q", "--bare", "--template=", paths.gitDir])
    }
    // Also the marks of the run (runId, repo): a folder without them is no finished clone of the run.
    yield* scrubGitDir(paths.gitDir, { runId: input.runId, repo })
    yield* Effect.sync(() => {
      if (existsSync(paths.tree) && !isDirectory(paths.tree)) rmSync(paths.tree, { force: true })
      mkdirSync(paths.tree, { recursive: true })
    })
    return paths
  })

const isRunClone = (gitDir: string, runId: string, repo: string) =>
  Effect.gen(function*() {
    if (!isDirectory(gitDir)) return false
    const run = yield* gitIn({ gitDir }, ["config", "--get", "ralph.run"])
    const url = yield* gitIn({ gitDir }, ["config", "--get", "ralph.repo"])
    return run.code === 0 && run.stdout.trim() === runId && url.stdout.trim() === repo
  })

/** Every branch and tag of the remote into ralph's repository, as `refs/remotes/origin/*` and `refs/tags/*`. */
const fetchAll = (gitDir: string, repo: string) =>
  gitIn({ gitDir, bounds: remoteBounds }, [
    "fetch",
    "-q",
    "--no-tags",
    "--prune",
    "--",
    repo,
    "+refs/heads/*:refs/remotes/origin/*",
    "+refs/tags/*:refs/tags/*"
  ]).pipe(Effect.flatMap((result) =>
    result.code === 0 ? Effect.void : Effect.fail(
      new RepoUnusable({
        repo,
        problem: `could not be fetched (${result.stderr.split("\n").at(-1) ?? `exit ${result.code}`})`,
        hint: "check that this worker can reach it and its credentials"
      })
    )
  ))

/** The commit a new branch starts from: `base` (branch, tag or commit), or the remote's default branch. */
const baseCommitOf = (gitDir: string, repo: string, base: string | undefined) =>
  Effect.gen(function*() {
    if (base === undefined) {
      const { head } = yield* lsRemote(repo, ["HEAD"])
      const commit = head === undefined
        ? undefined
        : yield* commitOf(gitDir, head.replace(/^refs\/heads\//, "refs/remotes/origin/"))
      if (commit === undefined) {
        return yield* new RepoUnusable({
          repo,
          problem: "has no default branch",
          hint: "push a branch to it, or give --base"
        })
      }
      return commit
    }
    yield* checkBaseSyntax(repo, base)
    for (const candidate of [`refs/remotes/origin/${base}`, `refs/tags/${base}`, ...(isCommitId(base) ? [base] : [])]) {
      const commit = yield* commitOf(gitDir, candidate)
      if (commit !== undefined) return commit
    }
    return yield* new BaseUnknown({ repo, base, problem: "is no branch, tag or fetched commit" })
  })

/**
 * Clones `repo` for run `runId` under `workDir` (or reuses that run's clone there), with the run's
 * branch checked out: continued from its pushed tip when the remote has it, else new from `base`.
 * The files are exactly the tip's: a round's leftovers that never reached a push are gone.
 */
export const prepareClone = Effect.fn("RunBranch.prepareClone")(function*(
  input: PrepareInput,
  memo: IndexMemo = new IndexMemo()
) {
  yield* checkRunId(input.runId)
  const repo = yield* repoUrl(input.repo)
  const paths = yield* runFolder(input, repo)
  const branch = branchOf(input.runId)
  yield* fetchAll(paths.gitDir, repo)
  const startTip = yield* commitOf(paths.gitDir, `refs/remotes/origin/${branch}`)
  const baseCommit = startTip ?? (yield* baseCommitOf(paths.gitDir, repo, input.base))
  const pushedRounds = startTip === undefined ? 0 : yield* roundOfTip(paths.gitDir, branch, input.runId, startTip)
  yield* Effect.scoped(Effect.gen(function*() {
    const index = yield* temporaryIndex
    yield* resetTree(paths, index, baseCommit)
    yield* Effect.sync(() => memo.keep(baseCommit, index))
    yield* rebuildView(paths, branch, index, baseCommit)
  }))
  const cloneId = (yield* Random.nextIntBetween(0, 0x7fffffff)).toString(16).padStart(8, "0") +
    (yield* Random.nextIntBetween(0, 0x7fffffff)).toString(16).padStart(8, "0")
  const clone: RunClone = {
    dir: paths.tree,
    branch,
    pushedRounds,
    runId: input.runId,
    repo,
    gitDir: paths.gitDir,
    startTip,
    baseCommit,
    cloneId
  }
  return clone
})

/** The round the branch's tip commits, which must be one of this run's. */
const roundOfTip = (gitDir: string, branch: string, runId: string, tip: string) =>
  Effect.gen(function*() {
    const parsed = parseRoundMessage(yield* commitMessage(gitDir, tip))
    if (parsed === undefined || parsed.runId !== runId) return yield* new RunBranchForeign({ branch, commit: tip })
    return parsed.round
  })

/** The tip of the run's branch on the remote now, or undefined when it has none. */
const remoteTip = (clone: RunClone) =>
  Effect.map(lsRemote(clone.repo, [`refs/heads/${clone.branch}`]), (r) => r.refs.get(`refs/heads/${clone.branch}`))

type Decision =
  | { readonly _tag: "Done"; readonly commit: string }
  | { readonly _tag: "Commit"; readonly parent: string; readonly lease: string }

/**
 * What round `round` does given the remote's tip: it is already there (a push that succeeded
 * before a crash or a lost answer: no second commit), or it builds on the tip this clone started
 * from or last pushed; any other tip is another worker's.
 */
const decide = (clone: RunClone, round: number, tip: string | undefined) =>
  Effect.gen(function*() {
    const moved = new RunBranchMoved({ branch: clone.branch, expected: clone.startTip ?? "", found: tip ?? "" })
    if (tip === undefined) {
      if (clone.startTip !== undefined) return yield* moved
      return { _tag: "Commit", parent: clone.baseCommit, lease: "" } satisfies Decision
    }
    if (tip !== clone.startTip && (yield* commitOf(clone.gitDir, tip)) === undefined) {
      const fetched = yield* gitIn({ gitDir: clone.gitDir, bounds: remoteBounds }, [
        "fetch",
        "-q",
        "--no-tags",
        "--",
        clone.repo,
        `+refs/heads/${clone.branch}:refs/remotes/origin/${clone.branch}`
      ])
      if (fetched.code !== 0) return yield* failed(["fetch", clone.repo, clone.branch], fetched)
    }
    const parsed = parseRoundMessage(yield* commitMessage(clone.gitDir, tip))
    const ours = parsed !== undefined && parsed.runId === clone.runId &&
      (tip === clone.startTip || parsed.cloneId === clone.cloneId)
    if (!ours || parsed.round > round) return yield* moved
    if (parsed.round === round) return { _tag: "Done", commit: tip } satisfies Decision
    return { _tag: "Commit", parent: tip, lease: tip } satisfies Decision
  })

/**
 * Commits every file of the clone (tracked and untracked, not ignored) as round `round`'s one
 * commit, even when nothing changed, and pushes the branch, leased on the tip this clone expects.
 * The commit id (the one already pushed, when round `round` reached the remote before).
 */
export const commitRound = Effect.fn("RunBranch.commitRound")(function*(
  clone: RunClone,
  input: RoundInput,
  memo: IndexMemo = new IndexMemo()
) {
  if (input.runId !== clone.runId) {
    return yield* new WorkDirUnusable({
      path: clone.dir,
      problem: `it is run ${clone.runId}'s clone, not ${input.runId}'s`
    })
  }
  const decision = yield* decide(clone, input.round, yield* remoteTip(clone))
  if (decision._tag === "Done") return decision.commit
  // The worker's folder itself, not wherever a link put there would lead.
  if (!isDirectory(clone.dir)) {
    return yield* new WorkDirUnusable({ path: clone.dir, problem: "the clone's folder was replaced by something else" })
  }
  yield* scrubGitDir(clone.gitDir, clone)
  const paths = { runDir: resolve(clone.dir, ".."), gitDir: clone.gitDir, tree: clone.dir }
  return yield* Effect.scoped(Effect.gen(function*() {
    const index = yield* temporaryIndex
    const call = { gitDir: clone.gitDir, tree: clone.dir, index }
    if (!(yield* Effect.sync(() => memo.restore(decision.parent, index)))) {
      yield* gitOk(call, ["read-tree", decision.parent])
    }
    yield* gitOk(call, ["add", "-A", "--", "."])
    const tree = (yield* gitOk(call, ["write-tree"])).trim()
    const commit = (yield* gitOk(
      { gitDir: clone.gitDir, env: ralphIdentity, stdin: roundMessage(input, clone.cloneId) },
      ["commit-tree", "--no-gpg-sign", tree, "-p", decision.parent]
    )).trim()
    yield* push(clone, commit, decision.lease)
    yield* Effect.sync(() => memo.keep(commit, index))
    yield* rebuildView(paths, clone.branch, index, commit)
    return commit
  }))
})

/** Pushes `commit` as the run's branch if the remote's tip is still `lease` ("": no branch). */
const push = (clone: RunClone, commit: string, lease: string) =>
  Effect.gen(function*() {
    const ref = `refs/heads/${clone.branch}`
    const args = ["push", "--porcelain", `--force-with-lease=${ref}:${lease}`, "--", clone.repo, `${commit}:${ref}`]
    const result = yield* gitIn({ gitDir: clone.gitDir, bounds: remoteBounds }, args)
    if (result.code === 0) return
    if (/\[rejected\]|stale info|fetch first|non-fast-forward/.test(result.stdout + result.stderr)) {
      const found = yield* remoteTip(clone)
      return yield* new RunBranchMoved({ branch: clone.branch, expected: lease, found: found ?? "" })
    }
    return yield* failed(args, result)
  })

export { IndexMemo }

export type RunBranchError =
  | RepoUnusable
  | BaseUnknown
  | WorkDirUnusable
  | RunBranchMoved
  | RunBranchForeign
  | GitFailed
