/**
 * A fleet run's repository: checked at submit time, cloned into a worker's work dir on the branch
 * `ralph/RUN_ID` (from the base, or from the branch's last pushed round when another worker drove
 * it before), and one commit per finished round, pushed. The branch's commits are the run's
 * checkpoints: a round is on it exactly once, its report in the commit's body.
 *
 * Every git command goes through `runGit` (hooks, filters, pagers and the user's config off); only
 * the transports are allowed back, for clone, fetch and push.
 */
import { Effect, Schema } from "effect"
import { existsSync, mkdirSync } from "node:fs"
import { tmpdir } from "node:os"
import { isAbsolute, join, resolve } from "node:path"
import { InvalidArguments } from "../domain/errors.ts"
import { Report } from "../domain/report.ts"
import { defaultGitBounds, filterOverrides, GitFailed, type GitSetting, runGit } from "../workspace/git.ts"

/** The transports a fleet's clone needs (runGit's neutral config allows none). */
const transports: ReadonlyArray<GitSetting> = [["protocol.allow", "always"]]

const author = {
  GIT_AUTHOR_NAME: "ralph",
  GIT_AUTHOR_EMAIL: "ralph@localhost",
  GIT_COMMITTER_NAME: "ralph",
  GIT_COMMITTER_EMAIL: "ralph@localhost"
}

/** A git command that must succeed: its stdout, or GitFailed naming it. */
const git = (cwd: string, args: ReadonlyArray<string>, settings: ReadonlyArray<GitSetting> = []) =>
  Effect.flatMap(
    runGit(cwd, args, defaultGitBounds, [...transports, ...settings], { env: author }),
    (result) =>
      result.code === 0
        ? Effect.succeed(result.stdout)
        : Effect.fail(new GitFailed({ command: args.join(" "), detail: `exited with ${result.code}` }))
  )

/** The branch of a run. */
export const branchOf = (runId: string): string => `ralph/${runId}`

/** A local path is given to git as an absolute one (the worker's cwd is not the submitter's). */
const repoUrl = (repo: string): string =>
  !/^[a-z][a-z0-9+.-]*:\/\//i.test(repo) && !/^[^/]+@[^/]+:/.test(repo) && !isAbsolute(repo) ? resolve(repo) : repo

/** The repository as a worker will reach it; an unreachable one, or a missing base, is refused now. */
export const checkRepo = Effect.fnUntraced(function*(
  repo: string,
  base?: string
): Effect.fn.Return<string, InvalidArguments> {
  const url = repoUrl(repo)
  const listed = yield* runGit(tmpdir(), ["ls-remote", "--", url], defaultGitBounds, transports).pipe(
    Effect.catchTag("GitFailed", (error) => Effect.succeed({ code: null, stdout: error.message }))
  )
  if (listed.code !== 0) {
    return yield* new InvalidArguments({
      argument: "--repo",
      problem: `git cannot read ${repo} (git ls-remote failed); give a URL or path git can clone`
    })
  }
  if (base !== undefined) {
    const refs = listed.stdout.split("\n").map((line) => line.split("\t")[1] ?? "")
    const found = refs.some((ref) => ref === `refs/heads/${base}` || ref === `refs/tags/${base}`) ||
      /^[0-9a-f]{7,40}$/.test(base)
    if (!found) {
      return yield* new InvalidArguments({
        argument: "--base",
        problem: `${repo} has no branch or tag ${base}`
      })
    }
  }
  return url
})

/** A round the branch holds: its commit and the report in its body. */
export interface PushedRound {
  readonly round: number
  readonly commit: string
  readonly report: Report
}

export interface Clone {
  readonly dir: string
  readonly branch: string
  readonly pushedRounds: ReadonlyArray<PushedRound>
}

const decodeReport = Schema.decodeUnknownOption(Schema.fromJsonString(Report))

/** The rounds on the branch, oldest first, read from its commits' messages. */
const roundsOn = Effect.fnUntraced(function*(dir: string, runId: string, ref: string) {
  const log = yield* git(dir, ["log", "--reverse", "--format=%H%x00%B%x1e", ref])
  const rounds: Array<PushedRound> = []
  const subject = new RegExp(`^ralph ${runId.replace(/[.]/g, "\\.")} round (\\d+): `)
  for (const entry of log.split("\x1e")) {
    const [commit, message] = entry.trim().split("\x00")
    if (commit === undefined || message === undefined) continue
    const [first, ...rest] = message.split("\n")
    const match = subject.exec(first ?? "")
    const report = decodeReport(rest.join("\n").trim())
    if (match !== null && report._tag === "Some") rounds.push({ round: Number(match[1]), commit, report: report.value })
  }
  return rounds
})

/**
 * The run's clone in `workDir`, on its branch: the remote's branch when it exists (another worker
 * pushed rounds), else a new one from `base` (default: the remote's HEAD). What an unfinished round
 * left in the working tree is dropped: it runs again.
 */
export const prepareClone = Effect.fnUntraced(function*(
  options: {
    readonly repo: string
    readonly base: string | undefined
    readonly runId: string
    readonly workDir: string
  }
): Effect.fn.Return<Clone, GitFailed> {
  const dir = join(options.workDir, options.runId)
  const branch = branchOf(options.runId)
  if (!existsSync(join(dir, ".git"))) {
    mkdirSync(options.workDir, { recursive: true, mode: 0o700 })
    yield* git(options.workDir, ["clone", "--no-checkout", "--", options.repo, dir])
  } else {
    yield* git(dir, ["fetch", "--prune", "origin"])
  }
  const filters = yield* filterOverrides(dir)
  const remote = yield* runGit(dir, ["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${branch}`])
  const start = remote.code === 0 ? `origin/${branch}` : options.base === undefined
    ? "origin/HEAD"
    : (yield* runGit(dir, ["rev-parse", "--verify", "--quiet", `origin/${options.base}`])).code === 0
    ? `origin/${options.base}`
    : options.base
  yield* git(dir, ["checkout", "--force", "-B", branch, start], filters)
  yield* git(dir, ["clean", "-ffdx"], filters)
  const pushedRounds = remote.code === 0 ? yield* roundsOn(dir, options.runId, `origin/${branch}`) : []
  return { dir, branch, pushedRounds }
})

/** The first line of a commit message: the summary on one line. */
const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim()

/**
 * Commits everything the round changed (an empty commit when it changed nothing: every finished
 * round is on the branch once) and pushes the branch; a push another worker got ahead of fails.
 */
export const commitRound = Effect.fnUntraced(function*(
  clone: Pick<Clone, "dir" | "branch">,
  round: { readonly runId: string; readonly round: number; readonly summary: string; readonly report: Report }
): Effect.fn.Return<string, GitFailed> {
  const filters = yield* filterOverrides(clone.dir)
  yield* git(clone.dir, ["add", "--all", "--", "."], filters)
  yield* git(clone.dir, [
    "commit",
    "--allow-empty",
    "--no-verify",
    "--quiet",
    "-m",
    `ralph ${round.runId} round ${round.round}: ${oneLine(round.summary)}`,
    "-m",
    JSON.stringify(round.report)
  ], filters)
  const commit = (yield* git(clone.dir, ["rev-parse", "HEAD"])).trim()
  yield* git(clone.dir, ["push", "--quiet", "origin", `${clone.branch}:refs/heads/${clone.branch}`])
  return commit
})
