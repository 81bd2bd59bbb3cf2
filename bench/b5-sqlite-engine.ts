/**
 * B5 — the durable engine's cost per step: effect/workflow on ClusterWorkflowEngine (single runner,
 * SQL runner storage, SqlMessageStorage) over ralph's node:sqlite SqlClient, for a workflow of
 * instant activities, against the in-memory `WorkflowEngine.layerMemory` as a baseline.
 *
 * Variants (each timed run on a fresh database file, variants alternated round by round):
 *   memory-engine   WorkflowEngine.layerMemory (not durable)
 *   cluster-:memory: the cluster engine on an in-memory SQLite database (the engine without the disk)
 *   sqlite-defaults rollback journal (DELETE), synchronous=FULL: SQLite's own defaults, untuned
 *   wal-full        WAL, synchronous=FULL (ralph's default: a commit survives a power loss)
 *   wal-normal      WAL, synchronous=NORMAL (survives a process crash; a power loss may lose the tail)
 *   wal-normal+tx   wal-normal, activities annotated ClusterSchema.WithTransaction ("one transaction
 *                   a step": the handler and its reply in one storage transaction)
 *   …-lean          ShardingConfig.simulateRemoteSerialization = false (local messages are not
 *                   encoded and decoded through their schemas on the way to the entity)
 *   …-16shards      ShardingConfig.shardsPerGroup = 16 instead of 300 (smaller shard lists in the
 *                   polling queries; a persistent choice: see the report)
 * and, to explain the disk part, the cost of one small write transaction in each journal setting.
 *
 * Prints one JSON document on stdout, a summary on stderr. Runs as it is with Node ≥ 22.18
 * (`node bench/b5-sqlite-engine.ts '{"activities":200}'`) or bundled by esbuild as bench/run.mjs
 * does for B1. Options (JSON in argv[2]): activities (per workflow, default 200), runs (default 5),
 * warmup (activities of the untimed warm-up workflow, default 20), dir (where the database files
 * go, default the system temp dir).
 */
import { Effect, Layer, Logger, Schema } from "effect"
import * as ClusterSchema from "effect/cluster/ClusterSchema"
import * as SqlClient from "effect/sql/SqlClient"
import { Activity, Workflow, WorkflowEngine } from "effect/workflow"
import { mkdtempSync, rmSync, statfsSync } from "node:fs"
import os from "node:os"
import { join } from "node:path"
import type { StatementSync } from "node:sqlite"
import * as NodeSqliteClient from "../src/sql/NodeSqliteClient.ts"
import { loadNodeSqlite } from "../src/sql/nodeSqliteModule.ts"
import * as SqlWorkflowEngine from "../test/support/clusterEngine.ts"
import { log, median } from "./stats.ts"

const options = JSON.parse(process.argv[2] ?? "{}") as {
  readonly activities?: number
  readonly runs?: number
  readonly warmup?: number
  readonly dir?: string
  readonly commits?: number
}
const activities = options.activities ?? 200
const runs = options.runs ?? 5
const warmup = options.warmup ?? 20
const commitCount = options.commits ?? 500
const baseDir = options.dir ?? os.tmpdir()

const round = (x: number, digits = 3) => Number(x.toFixed(digits))

// ---------------------------------------------------------------- statement counters

/**
 * Counts statements executed and COMMITs, and the time spent inside SQLite (prepare and step), by
 * wrapping node:sqlite's DatabaseSync.prepare and StatementSync's execution methods.
 */
const counters = { statements: 0, commits: 0, sqliteMs: 0 }
{
  const { DatabaseSync } = loadNodeSqlite()
  const probe = new DatabaseSync(":memory:")
  const statementProto = Object.getPrototypeOf(probe.prepare("SELECT 1")) as StatementSync
  probe.close()
  const wrap = (proto: object, method: string, count: boolean) => {
    const original = (proto as Record<string, (...args: Array<unknown>) => unknown>)[method]!
    Object.defineProperty(proto, method, {
      configurable: true,
      writable: true,
      value: function(this: StatementSync, ...args: Array<unknown>) {
        if (count) {
          counters.statements++
          if (this.sourceSQL.startsWith("COMMIT")) counters.commits++
        }
        const t0 = performance.now()
        try {
          return original.apply(this, args)
        } finally {
          counters.sqliteMs += performance.now() - t0
        }
      }
    })
  }
  for (const method of ["all", "run", "get"]) wrap(statementProto, method, true)
  wrap(DatabaseSync.prototype, "prepare", false)
  wrap(DatabaseSync.prototype, "exec", false)
}

// ---------------------------------------------------------------- the workflow

const Steps = Workflow.make("BenchSteps", {
  payload: { id: Schema.String, n: Schema.Number },
  success: Schema.Number,
  idempotencyKey: ({ id }) => id
})

const stepsLive = (withTransaction: boolean) =>
  Steps.toLayer(Effect.fn(function*({ n }) {
    let total = 0
    for (let i = 0; i < n; i++) {
      const activity = Activity.make({ name: `step-${i}`, success: Schema.Number, execute: Effect.succeed(i) })
      total += yield* (withTransaction ? activity.annotate(ClusterSchema.WithTransaction, true) : activity)
    }
    return total
  }))

interface Variant {
  readonly name: string
  readonly engine: "memory" | "cluster"
  readonly sqlite?: Partial<NodeSqliteClient.NodeSqliteClientConfig> & { readonly inMemory?: boolean }
  readonly sharding?: SqlWorkflowEngine.SingleRunnerOptions["shardingConfig"]
  readonly withTransaction?: boolean
}

const walFull = { journalMode: "wal", synchronous: "full" } as const
const walNormal = { journalMode: "wal", synchronous: "normal" } as const
/** Engine-side tuning: local messages are not round-tripped through their schemas (see the report). */
const lean = { simulateRemoteSerialization: false } as const

const variants: ReadonlyArray<Variant> = [
  { name: "memory-engine", engine: "memory" },
  { name: "cluster-:memory:", engine: "cluster", sqlite: { inMemory: true } },
  { name: "cluster-:memory:-lean", engine: "cluster", sqlite: { inMemory: true }, sharding: lean },
  { name: "sqlite-defaults", engine: "cluster", sqlite: { journalMode: "delete", synchronous: "full" } },
  { name: "wal-full", engine: "cluster", sqlite: walFull },
  { name: "wal-normal", engine: "cluster", sqlite: walNormal },
  { name: "wal-normal+tx", engine: "cluster", sqlite: walNormal, withTransaction: true },
  { name: "wal-full-lean", engine: "cluster", sqlite: walFull, sharding: lean },
  { name: "wal-normal-lean", engine: "cluster", sqlite: walNormal, sharding: lean },
  { name: "wal-normal-lean-16shards", engine: "cluster", sqlite: walNormal, sharding: { ...lean, shardsPerGroup: 16 } }
]

const expected = (n: number) => (n * (n - 1)) / 2

/** One timed workflow of `activities` steps on a fresh engine (and database): ms, statements, commits. */
const timeOnce = (variant: Variant, runIndex: number) => {
  const dir = mkdtempSync(join(baseDir, "ralph-b5-"))
  const filename = variant.sqlite?.inMemory === true ? ":memory:" : join(dir, "engine.db")
  const { inMemory: _, ...sqliteConfig } = variant.sqlite ?? {}
  const engine = variant.engine === "memory"
    ? WorkflowEngine.layerMemory
    : SqlWorkflowEngine.layer({ shardingConfig: variant.sharding }).pipe(
      Layer.provide(NodeSqliteClient.layer({ filename, ...sqliteConfig }))
    )
  const layer = stepsLive(variant.withTransaction === true).pipe(Layer.provideMerge(engine))
  return Effect.runPromise(
    Effect.gen(function*() {
      const warm = yield* Steps.execute({ id: `warmup-${runIndex}`, n: warmup })
      if (warm !== expected(warmup)) throw new Error(`${variant.name}: unexpected warm-up result ${warm}`)
      const before = { ...counters }
      const cpu0 = process.cpuUsage()
      const t0 = performance.now()
      const total = yield* Steps.execute({ id: `timed-${runIndex}`, n: activities })
      const ms = performance.now() - t0
      const cpu = process.cpuUsage(cpu0)
      if (total !== expected(activities)) throw new Error(`${variant.name}: unexpected result ${total}`)
      return {
        ms,
        cpuMs: (cpu.user + cpu.system) / 1000,
        statements: counters.statements - before.statements,
        commits: counters.commits - before.commits,
        sqliteMs: counters.sqliteMs - before.sqliteMs
      }
    }).pipe(
      Effect.scoped,
      Effect.provide(layer),
      // The cluster's own warnings ("No healthy runners available") go to stderr: stdout is the JSON.
      Effect.provideService(Logger.LogToStderr, true)
    )
  ).finally(() => rmSync(dir, { recursive: true, force: true }))
}

/** ms per small write transaction (BEGIN IMMEDIATE; INSERT; COMMIT) in one journal setting. */
const commitCost = (config: Partial<NodeSqliteClient.NodeSqliteClientConfig>) => {
  const dir = mkdtempSync(join(baseDir, "ralph-b5-"))
  return Effect.runPromise(
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`
      const t0 = performance.now()
      for (let i = 0; i < commitCount; i++) {
        yield* sql.withTransaction(sql`INSERT INTO t (v) VALUES (${"x".repeat(200)})`)
      }
      return (performance.now() - t0) / commitCount
    }).pipe(Effect.provide(NodeSqliteClient.layer({ filename: join(dir, "commits.db"), ...config })))
  ).finally(() => rmSync(dir, { recursive: true, force: true }))
}

// ---------------------------------------------------------------- main

const fsType = (() => {
  try {
    return `0x${statfsSync(baseDir).type.toString(16)}`
  } catch {
    return "unknown"
  }
})()
const loadAtStart = os.loadavg()
log(
  `B5 durable engine: ${activities} instant activities per workflow, ${runs} alternated runs, node ${process.version}, ` +
    `files in ${baseDir} (statfs type ${fsType}), load ${loadAtStart.map((x) => x.toFixed(2)).join(" ")}`
)

const samples = new Map<
  string,
  Array<{ ms: number; cpuMs: number; statements: number; commits: number; sqliteMs: number }>
>()
for (let r = 0; r < runs; r++) {
  for (const variant of variants) {
    const sample = await timeOnce(variant, r)
    const list = samples.get(variant.name) ?? []
    list.push(sample)
    samples.set(variant.name, list)
  }
}

const results: Record<string, unknown> = {}
const baseline = median(samples.get("memory-engine")!.map((s) => s.ms)) / activities
for (const variant of variants) {
  const list = samples.get(variant.name)!
  const msPerActivity = median(list.map((s) => s.ms)) / activities
  const statementsPerActivity = median(list.map((s) => s.statements)) / activities
  const commitsPerActivity = median(list.map((s) => s.commits)) / activities
  const sqliteMsPerActivity = median(list.map((s) => s.sqliteMs)) / activities
  const cpuMsPerActivity = median(list.map((s) => s.cpuMs)) / activities
  results[variant.name] = {
    msPerActivity: round(msPerActivity),
    cpuMsPerActivity: round(cpuMsPerActivity),
    overMemoryEngineMs: round(msPerActivity - baseline),
    sqliteMsPerActivity: round(sqliteMsPerActivity),
    statementsPerActivity: round(statementsPerActivity, 1),
    commitsPerActivity: round(commitsPerActivity, 2),
    runsMs: list.map((s) => round(s.ms, 1))
  }
  log(
    `  ${variant.name.padEnd(26)} ${msPerActivity.toFixed(3)} ms/activity, cpu ${cpuMsPerActivity.toFixed(3)}` +
      (variant.engine === "cluster"
        ? `, in SQLite ${sqliteMsPerActivity.toFixed(3)} · ${statementsPerActivity.toFixed(1)} statements, ` +
          `${commitsPerActivity.toFixed(2)} commits per activity`
        : "")
  )
}

const commits: Record<string, number> = {}
for (
  const [name, config] of [
    ["delete+full", { journalMode: "delete", synchronous: "full" }],
    ["wal+full", { journalMode: "wal", synchronous: "full" }],
    ["wal+normal", { journalMode: "wal", synchronous: "normal" }]
  ] as const
) {
  commits[name] = round(await commitCost(config))
  log(`  one write transaction, ${name.padEnd(11)} ${commits[name].toFixed(3)} ms`)
}

process.stdout.write(
  `${
    JSON.stringify(
      {
        node: process.version,
        activities,
        runs,
        warmup,
        dir: baseDir,
        statfsType: fsType,
        loadAverageAtStart: loadAtStart,
        variants: results,
        msPerWriteTransaction: commits
      },
      null,
      2
    )
  }\n`
)
