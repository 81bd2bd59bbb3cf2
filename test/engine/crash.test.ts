/**
 * Real crashes: child Node processes (test/engine/fixtures/engine-process.ts) run executions on
 * ralph's DurableEngine over one SQLite file and are SIGKILLed mid-activity or mid-wait; other
 * processes go on from the file.
 *
 * - killed in the middle of activity two: the next process does not run activity one again, runs
 *   two again and completes;
 * - killed during a durable clock's wait: the next process waits only what was left;
 * - the finding that made ralph write its own engine: effect's cluster engine on a single runner
 *   resumes every unfinished execution in its storage as soon as any runner starts. Here a process
 *   running an unrelated execution on the same database runs none of the crashed one's activities.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { loadNodeSqlite } from "../../src/sql/nodeSqliteModule.ts"
import { cleanup, makeTempDir } from "../support/agents.ts"

const root = resolve(import.meta.dirname, "../..")
const fixture = join(root, "test", "engine", "fixtures", "engine-process.ts")

const dirs: Array<string> = []
const children: Array<ChildProcess> = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
  for (const dir of dirs) cleanup(dir)
})
const tempDir = () => {
  const dir = makeTempDir("ralph-engine-crash-")
  dirs.push(dir)
  return dir
}

interface Exited {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

/** Spawns the fixture; `startedAt` is the epoch ms just before the spawn. */
const runChild = (db: string, log: string, workflow: "steps" | "sleeper", id: string, mode: "hang" | "finish") => {
  const startedAt = Date.now()
  const child = spawn(process.execPath, [fixture, db, log, workflow, id, mode], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"]
  })
  children.push(child)
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk) => (stdout += chunk))
  child.stderr.on("data", (chunk) => (stderr += chunk))
  const exited = new Promise<Exited>((resolveExit) =>
    child.on("close", (code, signal) => resolveExit({ code, signal, stdout, stderr }))
  )
  return { child, exited, startedAt }
}

interface LogLine {
  readonly name: string
  readonly pid: number
  readonly at: number
  readonly executionId: string
}

const logLines = (log: string): Array<LogLine> =>
  existsSync(log)
    ? readFileSync(log, "utf8").trim().split("\n").filter((line) => line !== "").map((line) => {
      const [name, pid, at, executionId] = line.split(" ")
      return { name: name!, pid: Number(pid), at: Number(at), executionId: executionId! }
    })
    : []

const waitFor = async (check: () => boolean, timeoutMs: number, what: string): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Waits for `check`, SIGKILLing the child (and saying what it printed) if it never holds. */
const waitOrKill = async (run: ReturnType<typeof runChild>, check: () => boolean, what: string) => {
  try {
    await waitFor(check, 30_000, what)
  } catch (error) {
    run.child.kill("SIGKILL")
    const out = await run.exited
    throw new Error(`${String(error)}; child stderr: ${out.stderr}`, { cause: error })
  }
}

const kill = async (run: ReturnType<typeof runChild>) => {
  assert.isTrue(run.child.kill("SIGKILL"))
  const killed = await run.exited
  assert.strictEqual(killed.signal, "SIGKILL")
  assert.strictEqual(killed.stdout, "", "the killed process printed no result")
}

/** The wake time stored for a clock, read straight from the file (read-only). */
const storedWakeAt = (db: string, clock: string): number | undefined => {
  if (!existsSync(db)) return undefined
  const { DatabaseSync } = loadNodeSqlite()
  const handle = new DatabaseSync(db, { readOnly: true })
  try {
    // The child may be writing (or still creating the file in WAL mode): wait for it, as ralph does.
    handle.exec("PRAGMA busy_timeout = 5000")
    const tables = handle.prepare("SELECT name FROM sqlite_master WHERE name = 'ralph_wf_clocks'").all()
    if (tables.length === 0) return undefined
    const row = handle.prepare("SELECT wake_at FROM ralph_wf_clocks WHERE clock_name = ?").get(clock) as
      | { readonly wake_at: number }
      | undefined
    return row?.wake_at
  } finally {
    handle.close()
  }
}

describe("DurableEngine across processes (SQLite)", () => {
  it("SIGKILL during activity two; the next process runs two again, not one, and completes", async () => {
    const dir = tempDir()
    const db = join(dir, "engine.db")
    const log = join(dir, "activities.log")

    const first = runChild(db, log, "steps", "crash-1", "hang")
    await waitOrKill(first, () => logLines(log).some((line) => line.name === "two"), "activity two to start")
    await kill(first)

    const second = runChild(db, log, "steps", "crash-1", "finish")
    const done = await second.exited
    assert.strictEqual(done.code, 0, done.stderr)
    assert.deepStrictEqual(JSON.parse(done.stdout), ["one done", "two done", "three done"])
    assert.deepStrictEqual(logLines(log).map((line) => [line.name, line.pid]), [
      ["one", first.child.pid],
      ["two", first.child.pid],
      ["two", second.child.pid], // the activity in flight at the crash runs again
      ["three", second.child.pid]
    ])

    // Once complete, another process gets the stored result and runs nothing.
    const third = runChild(db, log, "steps", "crash-1", "finish")
    const replayed = await third.exited
    assert.strictEqual(replayed.code, 0, replayed.stderr)
    assert.deepStrictEqual(JSON.parse(replayed.stdout), ["one done", "two done", "three done"])
    assert.strictEqual(logLines(log).length, 4)
  }, 90_000)

  it("SIGKILL during a durable clock's wait of 5 s; the next process waits only what was left", async () => {
    const dir = tempDir()
    const db = join(dir, "engine.db")
    const log = join(dir, "activities.log")

    const first = runChild(db, log, "sleeper", "sleep-1", "finish")
    await waitOrKill(first, () => storedWakeAt(db, "wait") !== undefined, "the clock to be stored")
    const wakeAt = storedWakeAt(db, "wait")!
    const before = logLines(log).find((line) => line.name === "before")!
    assert.isDefined(before)
    assert.approximately(wakeAt - before.at, 5_000, 500, "wake time = when it was scheduled + 5 s")
    // Kill it 2 s into the wait: 3 s remain.
    await waitFor(() => Date.now() >= wakeAt - 3_000, 10_000, "2 s of the wait")
    await kill(first)
    assert.isFalse(logLines(log).some((line) => line.name === "after"))

    const second = runChild(db, log, "sleeper", "sleep-1", "finish")
    const done = await second.exited
    assert.strictEqual(done.code, 0, done.stderr)
    assert.deepStrictEqual(JSON.parse(done.stdout), ["before done", "after done"])
    const lines = logLines(log)
    assert.deepStrictEqual(lines.map((line) => [line.name, line.pid]), [
      ["before", first.child.pid],
      ["after", second.child.pid]
    ])
    const after = lines[1]!
    assert.isAtLeast(after.at, wakeAt, "it did not wake early")
    // A full new wait would end 5 s after the second process started, at the earliest; the rest of
    // the old one ends ~3 s after (or as soon as the process is up, if it took longer to start).
    assert.isBelow(after.at - second.startedAt, 5_000 - 500, "it waited only the remainder")
  }, 90_000)

  it(
    "the finding: a process running an unrelated execution on the same database does not run the crashed one",
    async () => {
      const dir = tempDir()
      const db = join(dir, "engine.db")
      const log = join(dir, "activities.log")

      const crashed = runChild(db, log, "steps", "workspace-a", "hang")
      await waitOrKill(crashed, () => logLines(log).some((line) => line.name === "two"), "activity two to start")
      await kill(crashed)

      // Another run (another workspace, another execution) on the same database, workflow and store.
      const other = runChild(db, log, "steps", "workspace-b", "finish")
      const done = await other.exited
      assert.strictEqual(done.code, 0, done.stderr)
      assert.deepStrictEqual(JSON.parse(done.stdout), ["one done", "two done", "three done"])
      const crashedId = logLines(log)[0]!.executionId
      const byOther = logLines(log).filter((line) => line.pid === other.child.pid)
      // Exactly its own three activities: had it picked up "workspace-a", its two and three would run too.
      assert.deepStrictEqual(byOther.map((line) => line.name), ["one", "two", "three"])
      assert.isFalse(byOther.some((line) => line.executionId === crashedId), "nothing of the crashed execution ran")
      assert.strictEqual(logLines(log).length, 2 + 3)

      // The crashed execution is still there, unfinished, for whoever asks for it.
      const resumed = runChild(db, log, "steps", "workspace-a", "finish")
      const finished = await resumed.exited
      assert.strictEqual(finished.code, 0, finished.stderr)
      assert.deepStrictEqual(
        logLines(log).filter((line) => line.pid === resumed.child.pid).map((line) => [line.name, line.executionId]),
        [["two", crashedId], ["three", crashedId]]
      )
    },
    90_000
  )
})
