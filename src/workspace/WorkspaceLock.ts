import { Context, Effect, Layer, Predicate, type Scope } from "effect"
import { createHash, randomUUID } from "node:crypto"
import * as fs from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { StateUnavailable, WorkspaceLocked } from "../domain/errors.ts"
import { thrownCode, thrownMessage } from "../domain/thrown.ts"
import { readUntrusted } from "../io/untrustedFile.ts"
import { isProcessAlive } from "../process/liveness.ts"

interface LockContent {
  readonly workspace: string
  /** Absent until the run's id is chosen (`setRunId`). */
  readonly runId?: string
  readonly pid: number
  readonly startedAt: string
  /** The {@link thisProcess} of the ralph that wrote it (absent in locks of older ralphs). */
  readonly instance?: string
}

/**
 * This process among all that have had its pid: a lock naming this pid is a run of this process
 * (any instance of the service: a server runs several calls, and they too may not share a
 * workspace) only when it names this instance too; otherwise it is a dead ralph's whose pid was
 * reused. A constant of the process, read from the lock file itself — no table of held locks.
 */
const thisProcess = randomUUID()

/** Whether the lock's process still runs (this one counts only for locks it wrote). */
const holderAlive = (holder: LockContent): boolean =>
  holder.pid === process.pid ? holder.instance === thisProcess : isProcessAlive(holder.pid)

/** The lock of one active run: the run id is filled in once the engine has chosen it (a new run's). */
export interface LockHandle {
  readonly setRunId: (runId: string) => Effect.Effect<void>
}

/**
 * Every ralph of one user must agree on where locks are, whatever state directory each run uses,
 * so the default ignores TMPDIR and per-run settings. It is made 0700, and refused when anyone else
 * owns it or may write in it.
 */
export const defaultLockDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.RALPH_LOCK_DIR !== undefined && env.RALPH_LOCK_DIR !== ""
    ? env.RALPH_LOCK_DIR
    : join(process.platform === "win32" ? tmpdir() : "/tmp", `ralph-locks-${process.getuid?.() ?? "user"}`)

/**
 * Why a lock directory cannot be trusted, or undefined when it can: whoever else may write in it could
 * delete a live lock or plant one, and the default path in /tmp is one anybody may create first.
 */
const untrustedLockDir = (dir: string): string | undefined => {
  const uid = process.getuid?.()
  if (uid === undefined) return undefined // Windows: no owners or modes to check.
  const entry = fs.lstatSync(dir)
  const target = entry.isSymbolicLink() ? fs.statSync(dir) : entry
  const fix = `set RALPH_LOCK_DIR to a directory only you can write`
  if (!target.isDirectory()) return `the lock directory is not a directory; remove it or ${fix}`
  // A link to it counts as much as the directory: whoever owns either decides where locks go.
  const owner = [entry.uid, target.uid].find((id) => id !== uid)
  if (owner !== undefined) {
    return `the lock directory belongs to uid ${owner}, not to you (uid ${uid}), so its owner could take or forge ` +
      `workspace locks; ${fix}`
  }
  if ((target.mode & 0o022) !== 0) {
    return `the lock directory can be written by others (mode ${
      (target.mode & 0o777).toString(8)
    }), so they could take ` +
      `or forge workspace locks; run \`chmod 700 ${dir}\` or ${fix}`
  }
  return undefined
}

const readLock = (file: string): LockContent | undefined => {
  // Any process of the user can swap a lock for a FIFO or a device: one that is not a small regular file is no lock.
  const read = readUntrusted(file, { maxBytes: 64 * 1024 })
  if (read._tag !== "Read") return undefined
  try {
    const parsed: unknown = JSON.parse(read.value.toString("utf8"))
    // The decoded boundary: a lock file is JSON of a LockContent when its pid and run id have their types.
    if (!Predicate.isObject(parsed) || typeof parsed.pid !== "number") return undefined
    const { instance, pid, runId } = parsed
    if (runId !== undefined && typeof runId !== "string") return undefined
    return {
      workspace: String(parsed.workspace),
      startedAt: String(parsed.startedAt),
      pid,
      ...(runId === undefined ? {} : { runId }),
      ...(typeof instance === "string" ? { instance } : {})
    }
  } catch {
    return undefined
  }
}

/** One active run per workspace (by real path): a second run or resume fails at once. */
export class WorkspaceLock extends Context.Service<WorkspaceLock, {
  /**
   * Takes the workspace's lock for the life of the scope; a lock whose process is dead is taken over.
   * `runId` is `undefined` for a new run, whose id is chosen after (`LockHandle.setRunId`).
   */
  readonly acquire: (
    workspace: string,
    runId: string | undefined
  ) => Effect.Effect<LockHandle, WorkspaceLocked | StateUnavailable, Scope.Scope>
}>()("ralph/WorkspaceLock") {
  static readonly layer = (lockDir: string = defaultLockDir()) =>
    Layer.sync(WorkspaceLock, () => WorkspaceLock.make(lockDir))

  static readonly make = (lockDir: string): WorkspaceLock["Service"] => {
    const lockFile = (workspace: string) =>
      join(lockDir, `${createHash("sha256").update(workspace).digest("hex").slice(0, 32)}.lock`)

    /** Writes the content to a temporary file and links it into place: atomic, and never over another lock. */
    const tryCreate = (file: string, content: LockContent): boolean => {
      const temporary = `${file}.${process.pid}.${Math.random().toString(16).slice(2)}`
      fs.writeFileSync(temporary, JSON.stringify(content), { mode: 0o600 })
      try {
        fs.linkSync(temporary, file)
        return true
      } catch (error) {
        if (thrownCode(error) === "EEXIST") return false
        throw error
      } finally {
        fs.rmSync(temporary, { force: true })
      }
    }

    const take = (
      workspace: string,
      runId: string | undefined
    ): Effect.Effect<LockContent, WorkspaceLocked | StateUnavailable> =>
      Effect.suspend((): Effect.Effect<LockContent, WorkspaceLocked | StateUnavailable> => {
        const file = lockFile(workspace)
        const content: LockContent = {
          workspace,
          ...(runId === undefined ? {} : { runId }),
          pid: process.pid,
          startedAt: new Date().toISOString(),
          instance: thisProcess
        }
        try {
          fs.mkdirSync(lockDir, { recursive: true, mode: 0o700 })
          const untrusted = untrustedLockDir(lockDir)
          if (untrusted !== undefined) return Effect.fail(new StateUnavailable({ path: lockDir, problem: untrusted }))
          for (let tries = 0; tries < 5; tries++) {
            if (tryCreate(file, content)) return Effect.succeed(content)
            const holder = readLock(file)
            if (holder !== undefined && holderAlive(holder)) {
              const { pid, runId: holding } = holder
              return Effect.fail(
                new WorkspaceLocked({ workspace, ...(holding === undefined ? {} : { runId: holding }), pid })
              )
            }
            const stat = fs.statSync(file, { throwIfNoEntry: false })
            // A lock being written right now has no content yet; give its writer a moment.
            if (holder === undefined && stat !== undefined && Date.now() - stat.mtimeMs < 2000) {
              return Effect.fail(new WorkspaceLocked({ workspace, pid: 0 }))
            }
            // Its process is gone: take it over, unless another ralph took it over first.
            if (JSON.stringify(readLock(file)) === JSON.stringify(holder)) fs.rmSync(file, { force: true })
          }
          return Effect.fail(new StateUnavailable({ path: file, problem: "the workspace lock keeps changing hands" }))
        } catch (error) {
          return Effect.fail(
            new StateUnavailable({
              path: lockDir,
              problem: `cannot write the workspace lock: ${thrownMessage(error)}`
            })
          )
        }
      })

    const acquire = Effect.fn("WorkspaceLock.acquire")(function*(workspace: string, runId: string | undefined) {
      const file = lockFile(workspace)
      let current = yield* Effect.acquireRelease(take(workspace, runId), () =>
        Effect.sync(() => {
          const holder = readLock(file)
          if (holder?.pid === process.pid && holder.instance === thisProcess) fs.rmSync(file, { force: true })
        }))
      const handle: LockHandle = {
        setRunId: (id) =>
          Effect.sync(() => {
            current = { ...current, runId: id }
            const temporary = `${file}.${process.pid}.update`
            fs.writeFileSync(temporary, JSON.stringify(current), { mode: 0o600 })
            fs.renameSync(temporary, file)
          }).pipe(Effect.ignore)
      }
      return handle
    })

    return WorkspaceLock.of({ acquire })
  }
}
