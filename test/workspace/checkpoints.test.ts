/**
 * The checkpoint service against real git: a checkpoint holds the workspace's tracked and
 * untracked non-ignored files, leaves the user's branch, index, stash and working tree as they
 * were, runs no hook of any kind, and restores the files (only the files) of a checkpoint.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { checkpointRef, Checkpoints } from "../../src/workspace/checkpoints.ts"
import { git, gitWithHooks, hooks, userGit, userRepository } from "../support/userRepository.ts"

/** A user's repository in a fresh folder. */
const repository = () => {
  const root = mkdtempSync(join(tmpdir(), "ralph-checkpoints-"))
  const ws = join(root, "ws")
  mkdirSync(ws)
  const markers = join(root, "markers")
  userRepository(ws, markers)
  return { root, ws, markers }
}

/** The user's git, and the status of the working tree. */
const userState = (ws: string) => ({ ...userGit(ws), status: git(ws, "status", "--porcelain") })

const files = (ws: string, commit: string) => git(ws, "ls-tree", "-r", "--name-only", commit).trim().split("\n")

const service = Checkpoints.make()

describe("checkpoints", () => {
  it.effect("records tracked and untracked non-ignored files on a hidden ref, touching nothing of the user's", () =>
    Effect.gen(function*() {
      const { markers, root, ws } = repository()
      writeFileSync(join(ws, "new.txt"), "new\n")
      const before = userState(ws)
      const commit = yield* service.record(ws, "run-1", 0)
      assert.isDefined(commit)
      assert.strictEqual(git(ws, "rev-parse", checkpointRef("run-1", 0)).trim(), commit)
      assert.deepStrictEqual(files(ws, commit), [".gitignore", "a.txt", "new.txt", "staged.txt"])
      assert.strictEqual(git(ws, "show", `${commit}:a.txt`), "a\n")
      assert.strictEqual(git(ws, "rev-parse", `${commit}^`).trim(), before.head.trim())
      assert.strictEqual(git(ws, "log", "-1", "--format=%an <%ae>", commit).trim(), "ralph <ralph@localhost>")
      assert.deepStrictEqual(userState(ws), before)
      for (const hook of hooks) assert.isFalse(existsSync(join(markers, hook)), `the ${hook} hook ran`)
      rmSync(root, { recursive: true, force: true })
    }))

  it.effect("the hooks would have run for git itself (the markers can appear)", () =>
    Effect.gen(function*() {
      const { markers, root, ws } = repository()
      gitWithHooks(ws, "update-ref", "refs/x", "HEAD")
      assert.isTrue(existsSync(join(markers, "reference-transaction")))
      writeFileSync(join(ws, "b.txt"), "b\n")
      gitWithHooks(ws, "add", "b.txt")
      assert.isTrue(existsSync(join(markers, "post-index-change")))
      gitWithHooks(ws, "commit", "-qm", "b")
      assert.isTrue(existsSync(join(markers, "pre-commit")))
      assert.isTrue(existsSync(join(markers, "post-commit")))
      rmSync(root, { recursive: true, force: true })
    }))

  it.effect("lists, diffs and restores a run's checkpoints; restore leaves HEAD, branch and index", () =>
    Effect.gen(function*() {
      const { markers, root, ws } = repository()
      const zero = (yield* service.record(ws, "run-2", 0))!
      writeFileSync(join(ws, "a.txt"), "round one\n")
      mkdirSync(join(ws, "dir"))
      writeFileSync(join(ws, "dir", "made.txt"), "made\n")
      const one = (yield* service.record(ws, "run-2", 1))!
      const listed = yield* service.list(ws, "run-2")
      assert.deepStrictEqual(listed.map((c) => [c.round, c.commit]), [[0, zero], [1, one]])
      const patch = yield* service.diff(ws, zero, one, false)
      assert.include(patch, "+round one")
      assert.include(patch, "dir/made.txt")
      assert.include(yield* service.diff(ws, zero, one, true), "2 files changed")
      // Round two's state; then back to checkpoint 0: the made file and folder go, a.txt comes back.
      writeFileSync(join(ws, "later.txt"), "later\n")
      const before = userState(ws)
      yield* service.restore(ws, zero)
      assert.strictEqual(readFileSync(join(ws, "a.txt"), "utf8"), "a\n")
      assert.isFalse(existsSync(join(ws, "dir")))
      assert.isFalse(existsSync(join(ws, "later.txt")))
      assert.isTrue(existsSync(join(ws, "ignored.log")), "an ignored file is not the checkpoint's to remove")
      assert.strictEqual(yield* service.currentTree(ws), listed[0]!.tree)
      const after = userState(ws)
      assert.strictEqual(after.head, before.head)
      assert.strictEqual(after.branch, before.branch)
      assert.strictEqual(after.stash, before.stash)
      assert.strictEqual(after.index, before.index)
      yield* service.restore(ws, one)
      assert.strictEqual(readFileSync(join(ws, "dir", "made.txt"), "utf8"), "made\n")
      assert.strictEqual(yield* service.currentTree(ws), listed[1]!.tree)
      for (const hook of hooks) assert.isFalse(existsSync(join(markers, hook)), `the ${hook} hook ran`)
      assert.strictEqual(yield* service.prune(ws, "run-2"), 2)
      assert.deepStrictEqual(yield* service.list(ws, "run-2"), [])
      rmSync(root, { recursive: true, force: true })
    }))

  it.effect("a file where the checkpoint had a folder, and the reverse, are restored", () =>
    Effect.gen(function*() {
      const { root, ws } = repository()
      mkdirSync(join(ws, "x"))
      writeFileSync(join(ws, "x", "inner.txt"), "inner\n")
      writeFileSync(join(ws, "y"), "file y\n")
      const zero = (yield* service.record(ws, "run-3", 0))!
      rmSync(join(ws, "x"), { recursive: true })
      writeFileSync(join(ws, "x"), "now a file\n")
      rmSync(join(ws, "y"))
      mkdirSync(join(ws, "y"))
      writeFileSync(join(ws, "y", "deep.txt"), "deep\n")
      yield* service.restore(ws, zero)
      assert.strictEqual(readFileSync(join(ws, "x", "inner.txt"), "utf8"), "inner\n")
      assert.strictEqual(readFileSync(join(ws, "y"), "utf8"), "file y\n")
      rmSync(root, { recursive: true, force: true })
    }))

  it.effect("restore through a worker's symlinks: the links go, nothing outside the workspace is written or removed", () =>
    Effect.gen(function*() {
      const { root, ws } = repository()
      const outside = join(root, "outside")
      mkdirSync(outside)
      writeFileSync(join(outside, "keep.txt"), "outside\n")
      mkdirSync(join(ws, "d"))
      writeFileSync(join(ws, "d", "f.txt"), "in d\n")
      const zero = (yield* service.record(ws, "run-6", 0))!
      // The worker swaps the folder for a link to a folder outside, and adds a link of its own.
      rmSync(join(ws, "d"), { recursive: true })
      symlinkSync(outside, join(ws, "d"))
      symlinkSync(outside, join(ws, "escape"))
      yield* service.restore(ws, zero)
      assert.isFalse(lstatSync(join(ws, "d")).isSymbolicLink())
      assert.strictEqual(readFileSync(join(ws, "d", "f.txt"), "utf8"), "in d\n")
      assert.isFalse(existsSync(join(ws, "escape")))
      assert.deepStrictEqual(readdirSync(outside), ["keep.txt"])
      assert.strictEqual(readFileSync(join(outside, "keep.txt"), "utf8"), "outside\n")
      rmSync(root, { recursive: true, force: true })
    }))

  it.effect("a workspace in a subfolder: its files only are diffed and restored", () =>
    Effect.gen(function*() {
      const { root, ws } = repository()
      const sub = join(ws, "sub")
      mkdirSync(sub)
      writeFileSync(join(sub, "in.txt"), "in\n")
      const zero = (yield* service.record(sub, "run-5", 0))!
      writeFileSync(join(sub, "in.txt"), "changed\n")
      writeFileSync(join(sub, "extra.txt"), "extra\n")
      writeFileSync(join(ws, "outside.txt"), "outside\n")
      writeFileSync(join(ws, "a.txt"), "edited outside\n")
      const one = (yield* service.record(sub, "run-5", 1))!
      const patch = yield* service.diff(sub, zero, one, false)
      assert.include(patch, "+++ b/in.txt")
      assert.include(patch, "+++ b/extra.txt")
      assert.notInclude(patch, "outside")
      yield* service.restore(sub, zero)
      assert.strictEqual(readFileSync(join(sub, "in.txt"), "utf8"), "in\n")
      assert.isFalse(existsSync(join(sub, "extra.txt")))
      assert.strictEqual(readFileSync(join(ws, "outside.txt"), "utf8"), "outside\n")
      assert.strictEqual(readFileSync(join(ws, "a.txt"), "utf8"), "edited outside\n")
      rmSync(root, { recursive: true, force: true })
    }))

  it.effect("a repository without a commit yet, and a folder outside git", () =>
    Effect.gen(function*() {
      const root = mkdtempSync(join(tmpdir(), "ralph-checkpoints-"))
      const plain = join(root, "plain")
      mkdirSync(plain)
      assert.isFalse(service.applies(plain))
      assert.isUndefined(yield* service.record(plain, "run-4", 0))
      const fresh = join(root, "fresh")
      mkdirSync(fresh)
      git(fresh, "init", "-q")
      writeFileSync(join(fresh, "f.txt"), "f\n")
      const commit = (yield* service.record(fresh, "run-4", 0))!
      assert.deepStrictEqual(files(fresh, commit), ["f.txt"])
      assert.strictEqual(git(fresh, "status", "--porcelain"), "?? f.txt\n")
      rmSync(root, { recursive: true, force: true })
    }))
})
