/**
 * A fleet run's branch (issue 18, "Workspaces"): the repository checked at submit time, the run's
 * clone prepared on a worker (a fresh branch `ralph/RUN_ID` from the base, or the pushed branch of
 * a run taken over), and one commit per finished round pushed to it. The push is leased on the tip
 * this clone knows: a worker whose run moved on elsewhere is fenced out. Layout and the git that
 * runs: see runGitDir.ts.
 */
import { Effect, Random } from "effect"
import { existsSync, lstatSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs"
import { resolve } from "node:path"
import { InvalidArguments } from "../domain/errors.ts"
import type { Report } from "../domain/report.ts"
import type { GitFailed } from "./git.ts"
import { checkBaseSyntax, isCommitId, lsRemote, repoUrl } from "./remoteRepo.ts"
import { parseRoundMessage, roundMessage } from "./roundMessage.ts"
import { BaseUnknown, RepoUnusable, RunBranchForeign, RunBranchMoved, WorkDirUnusable } from "./runBranchErrors.ts"
import {
  commitOf,
  failed,
  gitIn,
  gitOk,
  gitSays,
  IndexMemo,
  ralphIdentity,
  readCommit,
  rebuildView,
  remoteBounds,
  resetTree,
  runPaths,
  scrubGitDir,
  temporaryIndex
} from "./runGitDir.ts"

export { checkRepo } from "./remoteRepo.ts"
export { BaseUnknown, RepoUnusable, RunBranchForeign, RunBranchMoved, WorkDirUnusable } from "./runBranchErrors.ts"

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
  /** This worker's claim on the run (see PrepareInput.epoch). */
  readonly epoch: number
}

export interface PrepareInput {
  readonly repo: string
  readonly base?: string | undefined
  readonly runId: string
  readonly workDir: string
  /**
   * This worker's claim on the run, higher for every takeover (the fleet's lease epoch; default 0).
   * Rounds that a worker with a lower claim pushed after this clone's starting tip (it was paused,
   * lost the run, and pushed anyway) are replaced by this clone's; a push under a higher claim
   * fences this clone out.
   */
  readonly epoch?: number | undefined
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
    // The work dir may be a link to a folder (the operator's choice), never a file.
    if (existsSync(workDir) && !statSync(workDir).isDirectory()) {
      return yield* new WorkDirUnusable({
        path: workDir,
        problem: "it is a file, not a folder: give a folder (--work-dir)"
      })
    }
    yield* Effect.try({
      try: () => mkdirSync(workDir, { recursive: true }),
      catch: (error) => new WorkDirUnusable({ path: workDir, problem: String(error) })
    })
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
        problem: `could not be fetched (${gitSays(result)})`,
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
    cloneId,
    epoch: input.epoch ?? 0
  }
  return clone
})

/** The round the branch's tip commits, which must be one of this run's. */
const roundOfTip = (gitDir: string, branch: string, runId: string, tip: string) =>
  Effect.gen(function*() {
    const parsed = parseRoundMessage((yield* readCommit(gitDir, tip)).message)
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
    const parsed = parseRoundMessage((yield* readCommit(clone.gitDir, tip)).message)
    const ours = parsed !== undefined && parsed.runId === clone.runId &&
      (tip === clone.startTip || parsed.cloneId === clone.cloneId)
    if (!ours) return yield* replacing(clone, round, tip, moved)
    if (parsed.round > round) return yield* moved
    if (parsed.round === round) return { _tag: "Done", commit: tip } satisfies Decision
    return { _tag: "Commit", parent: tip, lease: tip } satisfies Decision
  })

/** How many commits of a stale holder ralph looks through for the point it builds on. */
const maxReplaced = 1000

/**
 * A tip that is not this clone's: if every commit from it down to this clone's starting tip (or
 * its own last push) is this run's and made under a lower claim, round `round` replaces them; a
 * round of this run made under the same or a higher claim fences this clone out; a commit that is
 * no round of this run is refused as foreign.
 */
const replacing = (clone: RunClone, round: number, tip: string, moved: RunBranchMoved) =>
  Effect.gen(function*() {
    const on = (parent: string, parentRound: number) =>
      parentRound < round
        ? Effect.succeed({ _tag: "Commit", parent, lease: tip } satisfies Decision)
        : Effect.fail(moved)
    let at: string | undefined = tip
    for (let seen = 0; seen < maxReplaced && at !== undefined; seen++) {
      if (at === clone.startTip) return yield* on(at, clone.pushedRounds)
      if (clone.startTip === undefined && at === clone.baseCommit) return yield* on(at, 0)
      const read: { readonly parent: string | undefined; readonly message: string } = yield* readCommit(
        clone.gitDir,
        at
      )
      const parsed = parseRoundMessage(read.message)
      // Not ralph's round of this run: someone (the worker itself, with the machine's credentials)
      // pushed to the branch. Nobody else drives the run, so waiting would be forever.
      if (parsed === undefined || parsed.runId !== clone.runId) {
        return yield* new RunBranchForeign({ branch: clone.branch, commit: at })
      }
      if (parsed.cloneId === clone.cloneId) return yield* on(at, parsed.round)
      if (parsed.epoch >= clone.epoch) return yield* moved
      at = read.parent
    }
    return yield* moved
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
  if (!Number.isInteger(input.round) || input.round < 1) {
    return yield* new InvalidArguments({ argument: "round", problem: `${input.round} is no round number (1, 2, …)` })
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
      { gitDir: clone.gitDir, env: ralphIdentity, stdin: roundMessage(input, clone) },
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
  | InvalidArguments
  | RepoUnusable
  | BaseUnknown
  | WorkDirUnusable
  | RunBranchMoved
  | RunBranchForeign
  | GitFailed
