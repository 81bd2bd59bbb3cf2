/**
 * A `--repo` URL and a `--base` as git sees them, from outside any repository: the URL's form
 * (no option injection; a local path made absolute), what `git ls-remote` advertises, and whether
 * a base is a branch, tag or commit there. `checkRepo` is `ralph submit`'s check.
 */
import { Effect } from "effect"
import { dirname, isAbsolute, resolve } from "node:path"
import { BaseUnknown, RepoUnusable } from "./runBranchErrors.ts"
import { gitIn, gitOk, gitOutside, gitSays, remoteBounds, temporaryIndex } from "./runGitDir.ts"

/** A URL-looking string git cannot mistake for an option; a local path made absolute (workers elsewhere read it). */
export const repoUrl = (repo: string) => {
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
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/@]*:[^/@]*@/.test(repo)) {
    return Effect.fail(
      new RepoUnusable({
        repo: repo.replace(/:\/\/([^/@:]*):[^/@]*@/, "://$1:***@"),
        problem: "holds a password",
        hint: "the run's record would keep it; give the workers' git its credentials another way (an ssh key or agent)"
      })
    )
  }
  // An scp-like `host:path` or a URL with a scheme stays as it is; a path is made absolute.
  const remote = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(repo) || /^[^/]*:/.test(repo)
  return Effect.succeed(remote || isAbsolute(repo) ? repo : resolve(repo))
}

/** Whether `base` is a name git accepts for a branch or tag, or a commit id. */
export const checkBaseSyntax = (repo: string, base: string) =>
  Effect.gen(function*() {
    if (base.startsWith("-")) return yield* new BaseUnknown({ repo, base, problem: "starts with '-'" })
    const checked = yield* gitOutside(["check-ref-format", `refs/heads/${base}`])
    if (checked.code !== 0) return yield* new BaseUnknown({ repo, base, problem: "is no valid branch or tag name" })
  })

/** `git ls-remote` of the URL: ref → commit, and where HEAD points. */
export const lsRemote = (repo: string, patterns: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const result = yield* gitOutside(["ls-remote", "--symref", "--", repo, ...patterns])
    if (result.code !== 0) {
      return yield* new RepoUnusable({
        repo,
        problem: `cannot be read by git (${gitSays(result)})`,
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

export const isCommitId = (base: string) => /^[0-9a-f]{40}$/.test(base)

/**
 * For `ralph submit`: the URL is one git can use and reach, and `base` (when given) is a branch,
 * tag or commit there. The URL to record (a local path made absolute) and the branch a run starts
 * from when no base is given.
 */
export const checkRepo = Effect.fn("RunBranch.checkRepo")(function*(repo: string, base?: string) {
  const url = yield* repoUrl(repo)
  if (base !== undefined) yield* checkBaseSyntax(url, base)
  // A commit id can only be looked for among every advertised ref; a name, among its own two.
  const patterns = base === undefined
    ? ["HEAD"]
    : isCommitId(base)
    ? []
    : ["HEAD", `refs/heads/${base}`, `refs/tags/${base}`]
  const remote = yield* lsRemote(url, patterns)
  if (base === undefined && (remote.head === undefined || !remote.refs.has("HEAD"))) {
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
