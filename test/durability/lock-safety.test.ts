/**
 * The workspace lock lets no one else in: its directory is made 0700 and refused when another user
 * owns it or anyone else may write in it (the default path in /tmp is one anybody could create
 * first); lock files are 0600.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { join } from "node:path"
import { StateUnavailable, WorkspaceLocked } from "../../src/domain/errors.ts"
import { WorkspaceLock } from "../../src/workspace/WorkspaceLock.ts"
import { cleanup, makeTempDir, printJson, sq, writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { completeReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const dirs: Array<string> = []
afterAll(() => {
  dirs.forEach(cleanup)
  removeWorkspaces()
})
const tempDir = () => {
  const dir = makeTempDir("ralph-lock-safety-")
  dirs.push(dir)
  return dir
}

const nobody = 65534
/** A directory another user owns: as root, one given to nobody; otherwise root's own `/`. */
const foreignDir = (): string => {
  if (process.getuid!() !== 0) return "/"
  const dir = join(tempDir(), "locks")
  mkdirSync(dir, { mode: 0o700 })
  chownSync(dir, nobody, nobody)
  return dir
}

const refusal = (lockDir: string) =>
  Effect.scoped(WorkspaceLock.make(lockDir).acquire(tempDir(), "20250101-000000-abcdef")).pipe(Effect.flip)

describe("the lock directory", () => {
  it.effect("a fresh one is made 0700 (parents too), and its lock files 0600", () =>
    Effect.gen(function*() {
      const lockDir = join(tempDir(), "a", "locks")
      yield* Effect.scoped(Effect.gen(function*() {
        yield* WorkspaceLock.make(lockDir).acquire(tempDir(), "20250101-000000-abcdef")
        const files = readdirSync(lockDir)
        assert.strictEqual(files.length, 1)
        assert.strictEqual(statSync(join(lockDir, files[0]!)).mode & 0o777, 0o600)
      }))
      assert.strictEqual(statSync(lockDir).mode & 0o777, 0o700)
      assert.strictEqual(statSync(join(lockDir, "..")).mode & 0o777, 0o700)
    }))

  it.effect("one anybody may write in is refused, saying what to do", () =>
    Effect.gen(function*() {
      const lockDir = join(tempDir(), "locks")
      mkdirSync(lockDir)
      chmodSync(lockDir, 0o777)
      const error = yield* refusal(lockDir)
      assert.instanceOf(error, StateUnavailable)
      assert.strictEqual(error.path, lockDir)
      assert.include(error.message, "can be written by others (mode 777)")
      assert.include(error.message, `chmod 700 ${lockDir}`)
      assert.include(error.message, "RALPH_LOCK_DIR")
      assert.deepStrictEqual(readdirSync(lockDir), [], "no lock was written there")
    }))

  it.effect("one writable by its group is refused", () =>
    Effect.gen(function*() {
      const lockDir = join(tempDir(), "locks")
      mkdirSync(lockDir)
      chmodSync(lockDir, 0o770)
      const error = yield* refusal(lockDir)
      assert.include(error.message, "mode 770")
    }))

  it.effect("one another user owns is refused, naming the owner", () =>
    Effect.gen(function*() {
      const lockDir = foreignDir()
      const owner = statSync(lockDir).uid
      const error = yield* refusal(lockDir)
      assert.instanceOf(error, StateUnavailable)
      assert.include(error.message, `belongs to uid ${owner}, not to you (uid ${process.getuid!()})`)
      assert.include(error.message, "RALPH_LOCK_DIR")
    }))

  it.effect("a link of one's own to another user's directory is refused", () =>
    Effect.gen(function*() {
      const link = join(tempDir(), "locks")
      symlinkSync(foreignDir(), link)
      const error = yield* refusal(link)
      assert.include(error.message, "not to you")
    }))
})

describe("locks naming this process's pid", () => {
  it.effect("two instances of the service in one process: the second is WorkspaceLocked until the first lets go", () =>
    Effect.gen(function*() {
      const lockDir = join(tempDir(), "locks")
      const workspace = tempDir()
      yield* Effect.scoped(Effect.gen(function*() {
        yield* WorkspaceLock.make(lockDir).acquire(workspace, "20250101-000000-aaaaaa")
        const error = yield* Effect.flip(
          Effect.scoped(WorkspaceLock.make(lockDir).acquire(workspace, "20250101-000000-bbbbbb"))
        )
        assert.instanceOf(error, WorkspaceLocked)
        assert.strictEqual(error.pid, process.pid)
        assert.strictEqual(error.runId, "20250101-000000-aaaaaa")
      }))
      assert.deepStrictEqual(readdirSync(lockDir), [], "the first one's lock is removed with its scope")
      yield* Effect.scoped(WorkspaceLock.make(lockDir).acquire(workspace, "20250101-000000-bbbbbb"))
    }))

  it.effect("a run still starting (its id not chosen yet) is named as starting, with no run id", () =>
    Effect.gen(function*() {
      const lockDir = join(tempDir(), "locks")
      const workspace = tempDir()
      yield* Effect.scoped(Effect.gen(function*() {
        const handle = yield* WorkspaceLock.make(lockDir).acquire(workspace, undefined)
        const starting = yield* Effect.flip(
          Effect.scoped(WorkspaceLock.make(lockDir).acquire(workspace, "20250101-000000-bbbbbb"))
        )
        assert.instanceOf(starting, WorkspaceLocked)
        assert.isUndefined(starting.runId)
        assert.include(starting.message, `Another ralph run (starting, pid ${process.pid})`)
        yield* handle.setRunId("20250101-000000-aaaaaa")
        const started = yield* Effect.flip(
          Effect.scoped(WorkspaceLock.make(lockDir).acquire(workspace, "20250101-000000-bbbbbb"))
        )
        assert.instanceOf(started, WorkspaceLocked)
        assert.strictEqual(started.runId, "20250101-000000-aaaaaa")
      }))
    }))

  it.effect("one this process did not write (a dead ralph whose pid was reused) is taken over", () =>
    Effect.gen(function*() {
      const lockDir = join(tempDir(), "locks")
      const workspace = tempDir()
      // The lock's file name for the workspace: take and let go once, then plant a stale one there.
      yield* Effect.scoped(WorkspaceLock.make(lockDir).acquire(workspace, "20250101-000000-aaaaaa"))
      yield* Effect.scoped(Effect.gen(function*() {
        yield* WorkspaceLock.make(lockDir).acquire(workspace, "20250101-000000-aaaaaa")
        const [file] = readdirSync(lockDir)
        const stale = { workspace, runId: "old", pid: process.pid, startedAt: "2026-01-01T00:00:00Z" }
        writeFileSync(join(lockDir, file!), JSON.stringify(stale))
      }))
      const [file] = readdirSync(lockDir)
      assert.include(readFileSync(join(lockDir, file!), "utf8"), `"runId":"old"`, "a lock it did not write is left")
      yield* Effect.scoped(Effect.gen(function*() {
        yield* WorkspaceLock.make(lockDir).acquire(workspace, "20250101-000000-cccccc")
        assert.include(readFileSync(join(lockDir, file!), "utf8"), `"runId":"20250101-000000-cccccc"`)
      }))
    }))
})

describe("ralph run with an unsafe RALPH_LOCK_DIR", () => {
  it("fails before any child starts: StateUnavailable, exit 1, with the remedy", async () => {
    const { root, ws } = newWorkspace()
    const lockDir = join(root, "locks")
    mkdirSync(lockDir)
    chmodSync(lockDir, 0o777)
    const started = join(root, "started")
    const agent = writeAgent(root, "agent.sh", [`touch ${sq(started)}`, printJson(completeReport)].join("\n"))
    const result = await runCli(["run", "--json", "--agent", "exec", "--agent-cmd", agent, "objective"], {
      cwd: ws,
      env: { RALPH_LOCK_DIR: lockDir }
    })
    assert.strictEqual(result.code, 1)
    const error = jsonDocument(result).error
    assert.strictEqual(error._tag, "StateUnavailable")
    assert.strictEqual(error.path, lockDir)
    assert.include(error.message, `chmod 700 ${lockDir}`)
    assert.isFalse(existsSync(started))
  })
})
