/**
 * The real proof of the client: effect/workflow on effect/cluster's ClusterWorkflowEngine, a single
 * runner with SQL runner storage and SqlMessageStorage, all over ralph's node:sqlite SqlClient.
 * A workflow of three activities runs to its result; it is replayed from storage, not re-run; stray
 * `PORT`/`HOST` variables cannot break the layers; and a process SIGKILLed in the middle of
 * activity 2 is resumed by another process without running activity 1 again.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { Activity, Workflow } from "effect/workflow"
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import * as NodeSqliteClient from "../../src/sql/NodeSqliteClient.ts"
import * as SqlWorkflowEngine from "../support/clusterEngine.ts"

const root = resolve(import.meta.dirname, "../..")
const fixture = join(root, "test", "sql", "fixtures", "three-step-workflow.ts")

const dirs: Array<string> = []
const children: Array<ChildProcess> = []
const tempDir = (): string => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "ralph-wf-")))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const ThreeSteps = Workflow.make("ThreeSteps", {
  payload: { id: Schema.String },
  success: Schema.Array(Schema.String),
  idempotencyKey: ({ id }) => id
})

/** The workflow's layer, counting the executions of each activity in `runs`. */
const threeStepsLive = (runs: Map<string, number>) => {
  const step = (name: string) =>
    Activity.make({
      name,
      success: Schema.String,
      execute: Effect.sync(() => {
        runs.set(name, (runs.get(name) ?? 0) + 1)
        return `${name} done`
      })
    })
  return ThreeSteps.toLayer(Effect.fn(function*({ id }) {
    const one = yield* step("one")
    const two = yield* step("two")
    const three = yield* step("three")
    return [id, one, two, three]
  }))
}

const engineOn = (filename: string, runs: Map<string, number>) =>
  threeStepsLive(runs).pipe(
    Layer.provideMerge(SqlWorkflowEngine.layer()),
    Layer.provide(NodeSqliteClient.layer({ filename }))
  )

describe("effect/workflow on the cluster engine over node:sqlite", () => {
  it.live(
    "a workflow of three activities runs to its result, and is replayed from storage afterwards",
    () =>
      Effect.gen(function*() {
        const filename = join(tempDir(), "engine.db")
        const runs = new Map<string, number>()
        const first = yield* ThreeSteps.execute({ id: "w1" }).pipe(Effect.provide(engineOn(filename, runs)))
        assert.deepStrictEqual(first, ["w1", "one done", "two done", "three done"])
        assert.deepStrictEqual(Object.fromEntries(runs), { one: 1, two: 1, three: 1 })

        // A new engine on the same file: the result comes from storage, no activity runs again.
        const again = yield* ThreeSteps.execute({ id: "w1" }).pipe(Effect.provide(engineOn(filename, runs)))
        assert.deepStrictEqual(again, first)
        assert.deepStrictEqual(Object.fromEntries(runs), { one: 1, two: 1, three: 1 })

        // The engine's tables are in the database.
        const tables = yield* Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          return yield* sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`
        }).pipe(Effect.provide(NodeSqliteClient.layer({ filename })))
        const names = tables.map((t) => t.name)
        for (const table of ["cluster_locks", "cluster_messages", "cluster_replies", "cluster_runners"]) {
          assert.include(names, table)
        }
      }),
    30_000
  )
})

/** Spawns the fixture; resolves with its exit and output. */
const runChild = (
  db: string,
  log: string,
  mode: "hang" | "finish",
  options?: { readonly engine?: "ralph" | "effect"; readonly env?: Record<string, string> }
) => {
  const child = spawn(process.execPath, [fixture, db, log, mode, options?.engine ?? "ralph"], {
    cwd: root,
    env: { ...process.env, ...options?.env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  children.push(child)
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk) => (stdout += chunk))
  child.stderr.on("data", (chunk) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolveExit) => child.on("close", (code, signal) => resolveExit({ code, signal, stdout, stderr }))
  )
  return { child, exited }
}

const logLines = (log: string): Array<[string, number]> =>
  existsSync(log)
    ? readFileSync(log, "utf8").trim().split("\n").filter((l) => l !== "").map((line) => {
      const [name, pid] = line.split(" ")
      return [name!, Number(pid)]
    })
    : []

const waitFor = async (check: () => boolean, timeoutMs: number, what: string): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe("the environment", () => {
  // effect's ShardingConfig.configFromEnv reads process.env once, when effect/cluster/ShardingConfig
  // is imported: the variables must be in the environment the process starts with.
  const stray = { PORT: "abc", HOST: "", SHARDS_PER_GROUP: "many", SHARD_LOCK_EXPIRATION: "soon" }

  it("stray PORT/HOST/SHARDS_PER_GROUP break effect's SingleRunner.layer, not ralph's layer", async () => {
    const dir = tempDir()
    const effects = await runChild(join(dir, "effect.db"), join(dir, "effect.log"), "finish", {
      engine: "effect",
      env: stray
    }).exited
    assert.notStrictEqual(effects.code, 0, "effect's SingleRunner.layer fails")
    assert.include(effects.stderr, "ConfigError")

    const ralphs = await runChild(join(dir, "ralph.db"), join(dir, "ralph.log"), "finish", { env: stray }).exited
    assert.strictEqual(ralphs.code, 0, ralphs.stderr)
    assert.deepStrictEqual(JSON.parse(ralphs.stdout), ["one done", "two done", "three done"])
  }, 60_000)
})

describe("a crash in the middle of an activity", () => {
  it(
    "SIGKILL during activity 2; a second process resumes: activity 1 is not run again, the workflow completes",
    async () => {
      const dir = tempDir()
      const db = join(dir, "engine.db")
      const log = join(dir, "executions.log")

      const first = runChild(db, log, "hang")
      await waitFor(() => logLines(log).some(([name]) => name === "two"), 20_000, "activity two to start").catch(
        async (error) => {
          first.child.kill("SIGKILL")
          const out = await first.exited
          throw new Error(`${String(error)}; child stderr: ${out.stderr}`)
        }
      )
      assert.isTrue(first.child.kill("SIGKILL"))
      const killed = await first.exited
      assert.strictEqual(killed.signal, "SIGKILL")
      assert.strictEqual(killed.stdout, "", "the first process printed no result")

      const second = runChild(db, log, "finish")
      const done = await second.exited
      assert.strictEqual(done.code, 0, done.stderr)
      assert.deepStrictEqual(JSON.parse(done.stdout), ["one done", "two done", "three done"])

      const firstPid = first.child.pid!
      const secondPid = second.child.pid!
      assert.deepStrictEqual(logLines(log), [
        ["one", firstPid],
        ["two", firstPid],
        ["two", secondPid], // the activity in flight at the crash runs again
        ["three", secondPid]
      ])
    },
    60_000
  )
})
