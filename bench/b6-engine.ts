/**
 * B6 — ralph's own durable workflow engine (src/engine/DurableEngine.ts): its cost per instant
 * activity on each store, against effect's engines, for a workflow of instant activities.
 *
 * Variants (each timed run on a fresh engine and, for SQLite, a fresh database file; variants
 * alternated run by run):
 *   effect-layerMemory   effect's WorkflowEngine.layerMemory (not durable): the baseline
 *   ralph-memory         DurableEngine.layerMemory (Maps; not durable)
 *   ralph-sqlite         DurableEngine.layerSql over ralph's node:sqlite client, its defaults (WAL,
 *                        synchronous=FULL: a recorded step survives a power loss; one fsync a step)
 *   ralph-sqlite-normal  the same with synchronous=NORMAL (survives a crash of the process; a power
 *                        loss may lose the last steps): the engine's cost without the fsync
 *   ralph-sqlite-:memory: the same on an in-memory SQLite database (the engine and SQLite, no disk)
 *   cluster-sqlite       effect's ClusterWorkflowEngine on a single runner (test/support/clusterEngine.ts)
 *                        over the same client and defaults, for comparison
 * and two floors, engines that are not engines, to tell what any engine pays from what it adds:
 *   floor-no-body        every activity answered at once (its body never runs, nothing stored): the
 *                        cost of effect's own Activity/WorkflowEngine.makeUnsafe code around the engine
 *   floor-body           every activity's body run (`executeEncoded`), nothing stored: the floor of
 *                        any engine that runs activities through effect/workflow
 *
 * Each run times the same workflow twice: its steps made with a new `Activity.make` each (as B5 and
 * a ralph round do: schemas included), and the steps made once before the runs ("premade": the
 * engine's cost without `Activity.make`'s).
 *
 * Also, for ralph's engines: the cost per *replayed* activity (an execution interrupted after all its
 * activities finished, executed again: every activity's exit comes from the store), and the cost of
 * an `execute` whose result is stored.
 *
 * Prints one JSON document on stdout, a summary on stderr. Runs as it is with Node ≥ 22.18
 * (`node bench/b6-engine.ts '{"activities":200}'`), or bundled by esbuild as bench/run.mjs does for
 * B1. Options (JSON in argv[2]): activities (per workflow, default 200), runs (default 5: a fresh
 * engine each, variants alternated), warmup (activities of the untimed warm-up workflow of each run,
 * default 200), repeat (timed executions of each shape per run, the fastest kept; default 10, 1 for
 * cluster-sqlite), cluster (include cluster-sqlite, default true), only (variant names to run, e.g.
 * `["ralph-memory"]`: one engine per process measures it without the others' effect on the JIT and
 * the heap, which here slows the fastest variants by up to ×1.5), dir (where database files go,
 * default the system temp dir). Figures are medians over the runs.
 */
import { Deferred, Effect, Exit, Fiber, Layer, Schema, Scope } from "effect"
import { Activity, Workflow, WorkflowEngine } from "effect/workflow"
import { mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import { join } from "node:path"
import * as DurableEngine from "../src/engine/DurableEngine.ts"
import * as NodeSqliteClient from "../src/sql/NodeSqliteClient.ts"
import * as SqlWorkflowEngine from "../test/support/clusterEngine.ts"
import { log, median } from "./stats.ts"

const options = JSON.parse(process.argv[2] ?? "{}") as {
  readonly activities?: number
  readonly runs?: number
  readonly warmup?: number
  readonly repeat?: number
  readonly cluster?: boolean
  readonly only?: ReadonlyArray<string>
  readonly dir?: string
}
const activities = options.activities ?? 200
const runs = options.runs ?? 5
const warmup = options.warmup ?? 200
const repeat = options.repeat ?? 10
const baseDir = options.dir ?? os.tmpdir()

const round = (x: number, digits = 1) => Number(x.toFixed(digits))

// ---------------------------------------------------------------- the workflow

const Steps = Workflow.make("BenchSteps", {
  payload: { id: Schema.String, n: Schema.Number, premade: Schema.Boolean },
  success: Schema.Number,
  idempotencyKey: ({ id }) => id
})

/** When set, the workflow signals it and waits forever after its activities (to be interrupted there). */
let hangAfterActivities: Deferred.Deferred<void> | undefined

const makeStep = (i: number) => Activity.make({ name: `step-${i}`, success: Schema.Number, execute: Effect.succeed(i) })
/** The same activities made once, before any run (`premade`): the cost of `Activity.make` left out. */
const premadeSteps = Array.from({ length: Math.max(activities, warmup) }, (_, i) => makeStep(i))

const stepsLive = Steps.toLayer(Effect.fn(function*({ n, premade }) {
  let total = 0
  // As B5 (and a ralph round) does: a new Activity per step, its schemas built each time.
  for (let i = 0; i < n; i++) total += yield* (premade ? premadeSteps[i]! : makeStep(i))
  if (hangAfterActivities !== undefined) {
    yield* Deferred.succeed(hangAfterActivities, undefined)
    yield* Effect.never
  }
  return total
}))

interface Variant {
  readonly name: string
  readonly engine: "effect-memory" | "ralph-memory" | "ralph-sql" | "cluster" | "floor-no-body" | "floor-body"
  readonly sqlite?: Partial<NodeSqliteClient.NodeSqliteClientConfig> & { readonly inMemory?: boolean }
  /** Measure replays (ralph's engines only). */
  readonly replay?: boolean
}

const allVariants: ReadonlyArray<Variant> = [
  { name: "floor-no-body", engine: "floor-no-body" },
  { name: "floor-body", engine: "floor-body" },
  { name: "effect-layerMemory", engine: "effect-memory" },
  { name: "ralph-memory", engine: "ralph-memory", replay: true },
  { name: "ralph-sqlite", engine: "ralph-sql", sqlite: {}, replay: true },
  { name: "ralph-sqlite-normal", engine: "ralph-sql", sqlite: { synchronous: "normal" }, replay: true },
  { name: "ralph-sqlite-:memory:", engine: "ralph-sql", sqlite: { inMemory: true }, replay: true },
  ...(options.cluster === false ? [] : [{ name: "cluster-sqlite", engine: "cluster", sqlite: {} } as const])
]
const variants = options.only === undefined
  ? allVariants
  : allVariants.filter((variant) => options.only!.includes(variant.name))
if (variants.length === 0) throw new Error(`no variant among ${JSON.stringify(options.only)}`)

const expected = (n: number) => (n * (n - 1)) / 2

/**
 * A `WorkflowEngine` that is only effect's `makeUnsafe` around activities answered at once (`runBody`
 * false: with 0) or by running their body: no state, no durability, no suspension; enough for a
 * workflow of activities.
 */
const floorEngine = (runBody: boolean): Layer.Layer<WorkflowEngine.WorkflowEngine> =>
  Layer.sync(WorkflowEngine.WorkflowEngine)(() => {
    const handlers = new Map<string, (payload: object, executionId: string) => Effect.Effect<unknown, unknown, any>>()
    const engine: WorkflowEngine.WorkflowEngine["Service"] = WorkflowEngine.makeUnsafe({
      register: (workflow, execute) => Effect.sync(() => void handlers.set(workflow._tag, execute)),
      execute: ((workflow: Workflow.Any, options: { readonly executionId: string; readonly payload: object }) =>
        handlers.get(workflow._tag)!(options.payload, options.executionId).pipe(
          Workflow.intoResult,
          Effect.provideService(WorkflowEngine.WorkflowEngine, engine),
          Effect.provideService(
            WorkflowEngine.WorkflowInstance,
            WorkflowEngine.WorkflowInstance.initial(workflow, options.executionId)
          )
        )) as unknown as WorkflowEngine.Encoded["execute"],
      poll: () =>
        Effect.succeedNone,
      interrupt: () => Effect.void,
      interruptUnsafe: () => Effect.void,
      resume: () => Effect.void,
      activityExecute: (activity) =>
        runBody
          ? Effect.map(
            Effect.exit(Effect.provideService(activity.executeEncoded, Scope.Scope, Scope.makeUnsafe())),
            (exit) => new Workflow.Complete({ exit })
          )
          : Effect.succeed(new Workflow.Complete({ exit: Exit.succeed(0) })),
      deferredResult: () => Effect.succeedNone,
      deferredDone: () => Effect.void,
      scheduleClock: () => Effect.void
    })
    return engine
  })

interface Sample {
  readonly usPerActivity: number
  readonly usPerPremadeActivity: number
  readonly usPerReplayedActivity?: number
  readonly usStoredResult?: number
}

/** One timed workflow of `activities` steps on a fresh engine (and database). */
const timeOnce = (variant: Variant, runIndex: number): Promise<Sample> => {
  const dir = mkdtempSync(join(baseDir, "ralph-b6-"))
  const { inMemory, ...sqliteConfig } = variant.sqlite ?? {}
  const client = () =>
    NodeSqliteClient.layer({ filename: inMemory === true ? ":memory:" : join(dir, "engine.db"), ...sqliteConfig })
  const engine: Layer.Layer<WorkflowEngine.WorkflowEngine, unknown> = variant.engine === "floor-no-body"
    ? floorEngine(false)
    : variant.engine === "floor-body"
    ? floorEngine(true)
    : variant.engine === "effect-memory"
    ? WorkflowEngine.layerMemory
    : variant.engine === "ralph-memory"
    ? DurableEngine.layerMemory
    : variant.engine === "ralph-sql"
    ? DurableEngine.layerSql().pipe(Layer.provide(client()))
    : SqlWorkflowEngine.layer().pipe(Layer.provide(client()))
  const layer = stepsLive.pipe(Layer.provideMerge(engine))
  return Effect.runPromise(
    Effect.gen(function*() {
      hangAfterActivities = undefined
      const check = variant.engine !== "floor-no-body"
      const warm = yield* Steps.execute({ id: `warmup-${runIndex}`, n: warmup, premade: false })
      if (check && warm !== expected(warmup)) throw new Error(`${variant.name}: unexpected warm-up result ${warm}`)

      // `repeat` timed executions of each shape on this engine (fresh ids); the fastest of them (the
      // least disturbed by GC pauses and the machine's load).
      const made: Array<number> = []
      const premadeTimes: Array<number> = []
      const times = variant.engine === "cluster" ? 1 : repeat
      for (let k = 0; k < times; k++) {
        const t0 = performance.now()
        const total = yield* Steps.execute({ id: `timed-${runIndex}-${k}`, n: activities, premade: false })
        made.push(performance.now() - t0)
        if (check && total !== expected(activities)) throw new Error(`${variant.name}: unexpected result ${total}`)
        const tp = performance.now()
        yield* Steps.execute({ id: `premade-${runIndex}-${k}`, n: activities, premade: true })
        premadeTimes.push(performance.now() - tp)
      }
      const usPerActivity = (Math.min(...made) * 1000) / activities
      const usPerPremadeActivity = (Math.min(...premadeTimes) * 1000) / activities
      if (variant.replay !== true) return { usPerActivity, usPerPremadeActivity }

      // A stored result: no activity runs.
      const t1 = performance.now()
      yield* Steps.execute({ id: `timed-${runIndex}-0`, n: activities, premade: false })
      const storedMs = performance.now() - t1

      // Replays: run every activity, stop the run before it completes, execute it again.
      const reached = yield* Deferred.make<void>()
      hangAfterActivities = reached
      const fiber = yield* Effect.forkChild(Steps.execute({ id: `replayed-${runIndex}`, n: activities, premade: true }))
      yield* Deferred.await(reached)
      yield* Fiber.interrupt(fiber)
      hangAfterActivities = undefined
      const t2 = performance.now()
      const replayed = yield* Steps.execute({ id: `replayed-${runIndex}`, n: activities, premade: true })
      const replayMs = performance.now() - t2
      if (replayed !== expected(activities)) throw new Error(`${variant.name}: unexpected replay ${replayed}`)
      return {
        usPerActivity,
        usPerPremadeActivity,
        usPerReplayedActivity: (replayMs * 1000) / activities,
        usStoredResult: storedMs * 1000
      }
    }).pipe(Effect.scoped, Effect.provide(layer))
  ).finally(() => rmSync(dir, { recursive: true, force: true }))
}

// ---------------------------------------------------------------- main

const loadAtStart = os.loadavg()
log(
  `B6 durable engines: ${activities} instant activities per workflow, ${runs} alternated runs, node ${process.version}, ` +
    `files in ${baseDir}, load ${loadAtStart.map((x) => x.toFixed(2)).join(" ")}`
)

const samples = new Map<string, Array<Sample>>()
for (let r = 0; r < runs; r++) {
  // Rotate which variant goes first, so none always runs on a cold or a hot process.
  for (let k = 0; k < variants.length; k++) {
    const variant = variants[(k + r) % variants.length]!
    const sample = await timeOnce(variant, r)
    const list = samples.get(variant.name) ?? []
    list.push(sample)
    samples.set(variant.name, list)
  }
}

const results: Record<string, unknown> = {}
const medianOf = (name: string, pick: (sample: Sample) => number) => {
  const list = samples.get(name)
  return list === undefined ? NaN : median(list.map(pick))
}
const baseline = medianOf("effect-layerMemory", (s) => s.usPerActivity)
const baselinePremade = medianOf("effect-layerMemory", (s) => s.usPerPremadeActivity)
log(
  `  ${"".padEnd(22)} ${"µs/activity".padStart(12)} ${"premade".padStart(9)} ${"replayed".padStart(9)}  stored result`
)
for (const variant of variants) {
  const list = samples.get(variant.name)!
  const us = median(list.map((s) => s.usPerActivity))
  const premade = median(list.map((s) => s.usPerPremadeActivity))
  const replay = variant.replay === true ? median(list.map((s) => s.usPerReplayedActivity!)) : undefined
  const stored = variant.replay === true ? median(list.map((s) => s.usStoredResult!)) : undefined
  results[variant.name] = {
    usPerActivity: round(us),
    ...(Number.isNaN(baseline) ? {} : { vsEffectLayerMemory: round(us / baseline, 2) }),
    usPerPremadeActivity: round(premade),
    ...(Number.isNaN(baselinePremade) ? {} : { premadeVsEffectLayerMemory: round(premade / baselinePremade, 2) }),
    ...(replay !== undefined ? { usPerReplayedActivity: round(replay) } : {}),
    ...(stored !== undefined ? { usExecuteStoredResult: round(stored) } : {}),
    runsUsPerActivity: list.map((s) => round(s.usPerActivity)),
    runsUsPerPremadeActivity: list.map((s) => round(s.usPerPremadeActivity))
  }
  log(
    `  ${variant.name.padEnd(22)} ${us.toFixed(1).padStart(12)} ${premade.toFixed(1).padStart(9)} ` +
      (replay === undefined ? "".padStart(9) : replay.toFixed(1).padStart(9)) +
      (stored === undefined ? "" : `  ${stored.toFixed(0)} µs`)
  )
}
log(
  `  (µs/activity: a new Activity.make per step, as B5 and a ralph round do; premade: the activities made once; ` +
    `ralph-memory ×effect's layerMemory: ${
      (medianOf("ralph-memory", (s) => s.usPerActivity) / baseline).toFixed(2)
    }, ` +
    `premade ${(medianOf("ralph-memory", (s) => s.usPerPremadeActivity) / baselinePremade).toFixed(2)})`
)

process.stdout.write(
  `${
    JSON.stringify(
      {
        node: process.version,
        activities,
        runs,
        warmup,
        repeat,
        dir: baseDir,
        loadAverageAtStart: loadAtStart,
        variants: results
      },
      null,
      2
    )
  }\n`
)
