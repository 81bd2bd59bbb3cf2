/**
 * A fleet run's branch against real git, local bare repositories as remotes: the clone and its
 * branch, one commit per round, a takeover and a retry that never commit a round twice, the fence,
 * and a worker's planted git programs never run by ralph.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Report } from "../../src/domain/report.ts"
import { parseRoundMessage } from "../../src/workspace/roundMessage.ts"
import { checkRepo, commitRound, IndexMemo, prepareClone, type RunClone } from "../../src/workspace/runBranch.ts"
import { git, gitWithHooks } from "../support/userRepository.ts"

/** A remote (bare, default branch main, a branch dev and a tag v1) with a few files, in a fresh folder. */
const makeRemote = () => {
  const root = mkdtempSync(join(tmpdir(), "ralph-branch-"))
  const bare = join(root, "remote.git")
  const seed = join(root, "seed")
  mkdirSync(seed)
  git(root, "init", "-q", "--bare", bare)
  git(bare, "symbolic-ref", "HEAD", "refs/heads/main")
  git(seed, "init", "-q")
  writeFileSync(join(seed, "a.txt"), "a\n")
  writeFileSync(join(seed, ".gitignore"), "*.log\n")
  git(seed, "add", ".")
  git(seed, "commit", "-qm", "start")
  git(seed, "push", "-q", bare, "HEAD:refs/heads/main")
  git(seed, "checkout", "-qb", "dev")
  writeFileSync(join(seed, "dev.txt"), "dev\n")
  git(seed, "add", ".")
  git(seed, "commit", "-qm", "dev")
  git(seed, "push", "-q", bare, "HEAD:refs/heads/dev")
  git(seed, "tag", "v1")
  git(seed, "push", "-q", bare, "v1")
  const tip = (ref: string) => git(bare, "rev-parse", ref).trim()
  return { root, bare, seed, tip, work: (name: string) => join(root, name) }
}

/** The remote, removed with the test's scope. */
const remote = () =>
  Effect.acquireRelease(
    Effect.sync(makeRemote),
    (r) => Effect.sync(() => rmSync(r.root, { recursive: true, force: true }))
  )

const report = (summary: string): Report => ({
  status: "continue",
  summary,
  evidence: [],
  nextSteps: ["go on"],
  blocker: ""
})

const round = (clone: RunClone, n: number, summary = `did ${n}`, memo?: IndexMemo) =>
  commitRound(clone, { runId: clone.runId, round: n, summary, report: report(summary) }, memo)

/** The branch on the remote, newest first: subject lines. */
const subjects = (bare: string, branch: string) => git(bare, "log", "--format=%s", branch).trim().split("\n")

const files = (bare: string, commit: string) => git(bare, "ls-tree", "-r", "--name-only", commit).trim().split("\n")

describe("runBranch", () => {
  it.live("clones and makes ralph/RUN_ID from the default branch, or from --base", () =>
    Effect.gen(function*() {
      const r = yield* remote()
      const clone = yield* prepareClone({ repo: r.bare, runId: "run-1", workDir: r.work("w") })
      assert.strictEqual(clone.branch, "ralph/run-1")
      assert.strictEqual(clone.pushedRounds, 0)
      assert.strictEqual(clone.baseCommit, r.tip("main"))
      assert.strictEqual(readFileSync(join(clone.dir, "a.txt"), "utf8"), "a\n")
      assert.isFalse(existsSync(join(clone.dir, "dev.txt")))
      // The worker's own git sees the branch, checked out and clean.
      assert.strictEqual(git(clone.dir, "symbolic-ref", "HEAD").trim(), "refs/heads/ralph/run-1")
      assert.strictEqual(git(clone.dir, "rev-parse", "HEAD").trim(), r.tip("main"))
      assert.strictEqual(git(clone.dir, "status", "--porcelain"), "")
      for (const base of ["dev", "v1", r.tip("dev")]) {
        const other = yield* prepareClone({ repo: r.bare, base, runId: `run-b${base.length}`, workDir: r.work("w") })
        assert.strictEqual(other.baseCommit, r.tip("dev"), base)
        assert.strictEqual(readFileSync(join(other.dir, "dev.txt"), "utf8"), "dev\n")
      }
    }))

  it.live("one commit per round: subject, report in the body, every changed file, ralph as author; empty rounds too", () =>
    Effect.gen(function*() {
      const r = yield* remote()
      const clone = yield* prepareClone({ repo: r.bare, runId: "run-2", workDir: r.work("w") })
      writeFileSync(join(clone.dir, "a.txt"), "changed\n")
      writeFileSync(join(clone.dir, "new.txt"), "new\n")
      writeFileSync(join(clone.dir, "noise.log"), "ignored\n")
      const one = yield* round(clone, 1, "first\nround\u001b[31m")
      assert.strictEqual(r.tip("ralph/run-2"), one)
      assert.strictEqual(git(r.bare, "rev-parse", `${one}^`).trim(), r.tip("main"))
      assert.deepStrictEqual(files(r.bare, one), [".gitignore", "a.txt", "new.txt"])
      assert.strictEqual(git(r.bare, "show", `${one}:a.txt`), "changed\n")
      assert.strictEqual(
        git(r.bare, "log", "-1", "--format=%an <%ae> %cn", one).trim(),
        "ralph <ralph@localhost> ralph"
      )
      const message = git(r.bare, "log", "-1", "--format=%B", one)
      assert.match(message, /^ralph run-2 round 1: first round \[31m\n\n/)
      const parsed = parseRoundMessage(message)
      assert.deepStrictEqual(parsed?.report, report("first\nround\u001b[31m"))
      assert.strictEqual(parsed?.cloneId, clone.cloneId)
      const two = yield* round(clone, 2)
      assert.strictEqual(
        git(r.bare, "rev-parse", `${two}^{tree}`).trim(),
        git(r.bare, "rev-parse", `${one}^{tree}`).trim()
      )
      rmSync(join(clone.dir, "new.txt"))
      const three = yield* round(clone, 3)
      assert.deepStrictEqual(files(r.bare, three), [".gitignore", "a.txt"])
      assert.deepStrictEqual(subjects(r.bare, "ralph/run-2").slice(0, 3), [
        "ralph run-2 round 3: did 3",
        "ralph run-2 round 2: did 2",
        "ralph run-2 round 1: first round [31m"
      ])
      assert.strictEqual(git(clone.dir, "rev-parse", "HEAD").trim(), three)
      assert.strictEqual(git(clone.dir, "status", "--porcelain"), "")
    }))

  it.live("a takeover in another work dir continues from the pushed tip; the old clone is fenced out", () =>
    Effect.gen(function*() {
      const r = yield* remote()
      const first = yield* prepareClone({ repo: r.bare, runId: "run-3", workDir: r.work("w1") })
      writeFileSync(join(first.dir, "one.txt"), "1\n")
      yield* round(first, 1)
      writeFileSync(join(first.dir, "two.txt"), "2\n")
      const two = yield* round(first, 2)
      // Round 3 on the first worker never reaches its push.
      writeFileSync(join(first.dir, "three.txt"), "lost\n")
      const second = yield* prepareClone({ repo: r.bare, runId: "run-3", workDir: r.work("w2") })
      assert.strictEqual(second.pushedRounds, 2)
      assert.strictEqual(second.startTip, two)
      assert.strictEqual(readFileSync(join(second.dir, "two.txt"), "utf8"), "2\n")
      assert.isFalse(existsSync(join(second.dir, "three.txt")))
      writeFileSync(join(second.dir, "three.txt"), "3\n")
      const three = yield* round(second, 3)
      assert.strictEqual(git(r.bare, "rev-parse", `${three}^`).trim(), two)
      // The first worker wakes up and finishes its round 3: refused, nothing pushed.
      const exit = yield* Effect.exit(round(first, 3))
      assert.isTrue(Exit.isFailure(exit))
      assert.include(String(exit), "RunBranchMoved")
      assert.strictEqual(r.tip("ralph/run-3"), three)
      assert.strictEqual(git(r.bare, "show", `${three}:three.txt`), "3\n")
      assert.deepStrictEqual(subjects(r.bare, "ralph/run-3").slice(0, 3), [
        "ralph run-3 round 3: did 3",
        "ralph run-3 round 2: did 2",
        "ralph run-3 round 1: did 1"
      ])
    }))

  it.live("a crash after the push: the retried round does not commit again; a lost answer either", () =>
    Effect.gen(function*() {
      const r = yield* remote()
      const clone = yield* prepareClone({ repo: r.bare, runId: "run-4", workDir: r.work("w") })
      writeFileSync(join(clone.dir, "f.txt"), "1\n")
      const one = yield* round(clone, 1)
      // The same clone asked again (the push's answer was lost): the pushed commit, nothing new.
      assert.strictEqual(yield* round(clone, 1), one)
      // The worker restarts on this machine: its folder is reused, round 1 is there.
      const again = yield* prepareClone({ repo: r.bare, runId: "run-4", workDir: r.work("w") })
      assert.strictEqual(again.dir, clone.dir)
      assert.strictEqual(again.pushedRounds, 1)
      assert.strictEqual(yield* round(again, 1), one)
      assert.strictEqual(r.tip("ralph/run-4"), one)
      assert.strictEqual(subjects(r.bare, "ralph/run-4").filter((s) => s.startsWith("ralph run-4")).length, 1)
    }))

  it.live("prepare discards a round's leftovers that never reached a push", () =>
    Effect.gen(function*() {
      const r = yield* remote()
      const clone = yield* prepareClone({ repo: r.bare, runId: "run-5", workDir: r.work("w") })
      writeFileSync(join(clone.dir, "kept.txt"), "kept\n")
      yield* round(clone, 1)
      writeFileSync(join(clone.dir, "a.txt"), "unpushed edit\n")
      writeFileSync(join(clone.dir, "leftover.txt"), "leftover\n")
      writeFileSync(join(clone.dir, "build.log"), "ignored leftover\n")
      mkdirSync(join(clone.dir, "nested"))
      git(join(clone.dir, "nested"), "init", "-q")
      rmSync(join(clone.dir, "kept.txt"))
      const again = yield* prepareClone({ repo: r.bare, runId: "run-5", workDir: r.work("w") })
      assert.strictEqual(again.pushedRounds, 1)
      assert.strictEqual(readFileSync(join(again.dir, "a.txt"), "utf8"), "a\n")
      assert.strictEqual(readFileSync(join(again.dir, "kept.txt"), "utf8"), "kept\n")
      for (const gone of ["leftover.txt", "build.log", "nested"]) {
        assert.isFalse(existsSync(join(again.dir, gone)), gone)
      }
      assert.strictEqual(git(again.dir, "status", "--porcelain"), "")
    }))

  it.live("a worker's planted hooks, config, fsmonitor, includeIf and HEAD in its .git: nothing runs, the commit is the round's files", () =>
    Effect.gen(function*() {
      const r = yield* remote()
      const clone = yield* prepareClone({ repo: r.bare, runId: "run-6", workDir: r.work("w") })
      const dotGit = join(clone.dir, ".git")
      const markers = plant(r.root, dotGit)
      // The control: for git itself, the planted programs run.
      gitWithHooks(clone.dir, "status")
      gitWithHooks(clone.dir, "commit", "-q", "--allow-empty", "-m", "worker's own")
      assert.includeMembers(readdirSync(markers), ["included-fsmonitor", "pre-commit", "post-commit"])
      rmSync(markers, { recursive: true })
      mkdirSync(markers)
      writeFileSync(join(dotGit, "HEAD"), "0000000000000000000000000000000000000000\n")
      writeRoundFiles(clone.dir)
      const one = yield* round(clone, 1)
      assert.deepStrictEqual(files(r.bare, one), roundFiles)
      assert.strictEqual(git(r.bare, "show", `${one}:hidden.txt`), "hidden\n")
      assert.strictEqual(
        git(r.bare, "rev-parse", `${one}^`).trim(),
        r.tip("main"),
        "the worker's own commit is not on the branch"
      )
      assert.deepStrictEqual(readdirSync(markers), [])
      // The view is ralph's again: the planted config is gone, HEAD is the round's commit.
      assert.strictEqual(git(clone.dir, "rev-parse", "HEAD").trim(), one)
      assert.notInclude(readFileSync(join(dotGit, "config"), "utf8"), "fsmonitor")
      plant(r.root, dotGit)
      const again = yield* prepareClone({ repo: r.bare, runId: "run-6", workDir: r.work("w") })
      assert.strictEqual(again.pushedRounds, 1)
      yield* round(again, 2)
      assert.deepStrictEqual(readdirSync(markers), [])
    }))

  it.live("the same planted in ralph's own git dir beside the tree: scrubbed before the commit, nothing runs", () =>
    Effect.gen(function*() {
      const r = yield* remote()
      const clone = yield* prepareClone({ repo: r.bare, runId: "run-9", workDir: r.work("w") })
      const markers = plant(r.root, clone.gitDir)
      // The control: git reading that directory for the tree runs the planted fsmonitor.
      gitWithHooks(clone.dir, `--git-dir=${clone.gitDir}`, `--work-tree=${clone.dir}`, "status")
      assert.include(readdirSync(markers), "included-fsmonitor")
      rmSync(markers, { recursive: true })
      mkdirSync(markers)
      writeRoundFiles(clone.dir)
      const one = yield* round(clone, 1)
      assert.deepStrictEqual(files(r.bare, one), roundFiles)
      assert.strictEqual(git(r.bare, "show", `${one}:a.txt`), "a\n", "no clean filter ran on a.txt")
      assert.deepStrictEqual(readdirSync(markers), [])
    }))

  it.live("with the index memo: a change that keeps a file's size and mtime is still committed", () =>
    Effect.gen(function*() {
      const r = yield* remote()
      const memo = new IndexMemo()
      const clone = yield* prepareClone({ repo: r.bare, runId: "run-10", workDir: r.work("w") }, memo)
      const file = join(clone.dir, "a.txt")
      const before = statSync(file)
      writeFileSync(file, "b\n")
      utimesSync(file, before.atime, before.mtime)
      const one = yield* round(clone, 1, "same size", memo)
      assert.strictEqual(git(r.bare, "show", `${one}:a.txt`), "b\n")
      writeFileSync(join(clone.dir, "later.txt"), "later\n")
      const two = yield* round(clone, 2, "from the memo", memo)
      assert.deepStrictEqual(files(r.bare, two), [".gitignore", "a.txt", "later.txt"])
      assert.strictEqual(git(r.bare, "show", `${two}:a.txt`), "b\n")
    }))

  it.live("checkRepo: a local path made absolute; bad URLs, unreachable repositories and unknown bases are named", () =>
    Effect.gen(function*() {
      const r = yield* remote()
      const ok = yield* checkRepo(r.bare)
      assert.deepStrictEqual(ok, { repo: r.bare, defaultBranch: "main" })
      yield* checkRepo(r.bare, "dev")
      yield* checkRepo(r.bare, "v1")
      yield* checkRepo(r.bare, r.tip("main"))
      const error = (repo: string, base?: string) =>
        Effect.flip(checkRepo(repo, base)).pipe(Effect.map((e) => ({ tag: e._tag, message: e.message })))
      const option = yield* error("--upload-pack=touch /tmp/x")
      assert.strictEqual(option.tag, "RepoUnusable")
      assert.include(option.message, "option")
      const missing = yield* error(r.work("nothing.git"))
      assert.strictEqual(missing.tag, "RepoUnusable")
      assert.include(missing.message, "cannot be read")
      assert.strictEqual((yield* error(r.bare, "nope")).tag, "BaseUnknown")
      assert.strictEqual((yield* error(r.bare, "-x")).tag, "BaseUnknown")
      assert.strictEqual((yield* error(r.bare, "a..b")).tag, "BaseUnknown")
      assert.strictEqual((yield* error(r.bare, "0".repeat(40))).tag, "BaseUnknown")
      const empty = r.work("empty.git")
      git(r.root, "init", "-q", "--bare", empty)
      assert.include((yield* error(empty)).message, "no default branch")
    }))

  it.live("prepareClone: a work dir that is a file, a bad run id, a folder that is not the run's clone", () =>
    Effect.gen(function*() {
      const r = yield* remote()
      const file = r.work("file")
      writeFileSync(file, "x")
      const failure = yield* Effect.flip(prepareClone({ repo: r.bare, runId: "run-7", workDir: file }))
      assert.strictEqual(failure._tag, "WorkDirUnusable")
      const bad = yield* Effect.flip(prepareClone({ repo: r.bare, runId: "../x", workDir: r.work("w") }))
      assert.strictEqual(bad._tag, "WorkDirUnusable")
      const base = yield* Effect.flip(
        prepareClone({ repo: r.bare, base: "nope", runId: "run-7", workDir: r.work("w") })
      )
      assert.strictEqual(base._tag, "BaseUnknown")
      // Someone's folder where the run's would go: moved aside, not reused, nothing deleted.
      mkdirSync(r.work("w2/run-8"), { recursive: true })
      writeFileSync(r.work("w2/run-8/mine.txt"), "mine\n")
      const clone = yield* prepareClone({ repo: r.bare, runId: "run-8", workDir: r.work("w2") })
      assert.isFalse(existsSync(join(clone.dir, "mine.txt")))
      const aside = readdirNames(r.work("w2")).find((n) => n.startsWith("run-8.moved-"))
      assert.isDefined(aside)
      assert.strictEqual(readFileSync(join(r.work("w2"), aside, "mine.txt"), "utf8"), "mine\n")
    }))
})

const readdirNames = (dir: string) => readdirSync(dir).sort()

/**
 * Plants in a git directory what a worker could: a config (fsmonitor, an includeIf'd one, hooksPath,
 * an excludes file and an info/exclude hiding files, a clean filter the tree's attributes name, a
 * work tree and a remote elsewhere) and hooks; each program touches a marker. The markers' folder.
 */
const plant = (root: string, gitDir: string) => {
  const markers = join(root, "markers")
  mkdirSync(markers, { recursive: true })
  const program = (name: string) => {
    const path = join(root, `${name}.sh`)
    writeFileSync(path, `#!/bin/sh\ntouch '${join(markers, name)}'\ncat\n`)
    chmodSync(path, 0o755)
    return path
  }
  mkdirSync(join(gitDir, "hooks"), { recursive: true })
  for (const hook of ["pre-commit", "post-commit", "reference-transaction", "pre-push", "post-index-change"]) {
    writeFileSync(join(gitDir, "hooks", hook), `#!/bin/sh\ntouch '${join(markers, hook)}'\n`)
    chmodSync(join(gitDir, "hooks", hook), 0o755)
  }
  writeFileSync(join(root, "included"), `[core]\n\tfsmonitor = ${program("included-fsmonitor")}\n`)
  writeFileSync(join(root, "hide"), "secret.txt\n")
  writeFileSync(
    join(gitDir, "config"),
    `${readFileSync(join(gitDir, "config"), "utf8")}[core]\n\tfsmonitor = ${program("fsmonitor")}\n` +
      `\thooksPath = ${join(gitDir, "hooks")}\n\texcludesFile = ${join(root, "hide")}\n` +
      `\tworktree = ${join(root, "seed")}\n` +
      `[includeIf "gitdir:/"]\n\tpath = ${join(root, "included")}\n` +
      `[filter "x"]\n\tclean = ${program("clean-filter")}\n` +
      `[remote "origin"]\n\turl = ${join(root, "elsewhere.git")}\n`
  )
  mkdirSync(join(gitDir, "info"), { recursive: true })
  writeFileSync(join(gitDir, "info", "exclude"), "hidden.txt\n")
  return markers
}

/** A round's files, among them some the planted excludes would hide and an attribute naming the planted filter. */
const writeRoundFiles = (dir: string) => {
  writeFileSync(join(dir, ".gitattributes"), "* filter=x\n")
  writeFileSync(join(dir, "hidden.txt"), "hidden\n")
  writeFileSync(join(dir, "secret.txt"), "secret\n")
}
const roundFiles = [".gitattributes", ".gitignore", "a.txt", "hidden.txt", "secret.txt"]
