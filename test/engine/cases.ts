/**
 * The engine's contract, as test cases that run against any store: `engineCases(place)` registers
 * them for one kind of store. memory.test.ts and sqlite.test.ts run them on the memory store and
 * on SQLite; a Postgres tier runs them by passing a {@link StorePlace} over `@effect/sql-pg` (a
 * fresh table prefix per place on one database): see the comment on {@link StorePlace}.
 */
import { assert, describe, it } from "@effect/vitest"
import { Cause, Deferred, Effect, Exit, Fiber, Layer, Option, Schema } from "effect"
import { TestClock } from "effect/testing"
import { Activity, DurableClock, DurableDeferred, Workflow } from "effect/workflow"
import type { WorkflowEngine } from "effect/workflow/WorkflowEngine"
import * as DurableEngine from "../../src/engine/DurableEngine.ts"
import {
  activityKey,
  WorkflowStore,
  WorkflowStoreError,
  type WorkflowStoreService
} from "../../src/engine/WorkflowStore.ts"

/**
 * Where executions live for one test: a new empty place per call of `makePlace`. `connect()` gives a
 * store on it; every call is a new connection (as a restarted process would open), and a place
 * outlives its connections. Examples:
 *
 * - memory: one `makeMemory()` store; `connect = () => Layer.succeed(WorkflowStore, store)`.
 * - SQLite: a fresh file; `connect = () => SqlWorkflowStore.layer().pipe(Layer.provide(NodeSqliteClient.layer({ filename })))`.
 * - Postgres: one database, a fresh table prefix per place;
 *   `connect = () => SqlWorkflowStore.layer({ tablePrefix }).pipe(Layer.provide(PgClient.layer({ url })))`.
 */
export interface StorePlace {
  readonly connect: () => Layer.Layer<WorkflowStore, unknown>
}

export interface StoreUnderTest {
  readonly name: string
  readonly makePlace: () => StorePlace
}

// ---------------------------------------------------------------- workflows and their probe

export class Oops extends Schema.TaggedError<Oops>()("Oops", { code: Schema.Number }) {}
export class PipelineFailed extends Schema.TaggedError<PipelineFailed>()("PipelineFailed", {
  reason: Schema.String
}) {}

const Steps = Workflow.make("EngineSteps", {
  payload: { id: Schema.String, note: Schema.optional(Schema.String) },
  success: Schema.Struct({ note: Schema.String, outputs: Schema.Array(Schema.String) }),
  idempotencyKey: ({ id }) => id
})

const Failing = Workflow.make("EngineFailing", {
  payload: { id: Schema.String, fatal: Schema.Boolean },
  success: Schema.String,
  error: PipelineFailed,
  idempotencyKey: ({ id }) => id
})

const Retrying = Workflow.make("EngineRetrying", {
  payload: { id: Schema.String },
  success: Schema.Number,
  error: Oops,
  idempotencyKey: ({ id }) => id
})

const Sleeper = Workflow.make("EngineSleeper", {
  payload: { id: Schema.String },
  success: Schema.String,
  idempotencyKey: ({ id }) => id
})

const approval = DurableDeferred.make("approval", { success: Schema.String })

const Signal = Workflow.make("EngineSignal", {
  payload: { id: Schema.String },
  success: Schema.String,
  idempotencyKey: ({ id }) => id
})

const Parked = Workflow.make("EngineParked", {
  payload: { id: Schema.String },
  success: Schema.String,
  idempotencyKey: ({ id }) => id
})

const Fragile = Workflow.make("EngineFragile", {
  payload: { id: Schema.String },
  success: Schema.String,
  error: Oops,
  idempotencyKey: ({ id }) => id
}).annotate(Workflow.SuspendOnFailure, true)

const Twice = Workflow.make("EngineTwice", {
  payload: { id: Schema.String },
  success: Schema.Array(Schema.String),
  idempotencyKey: ({ id }) => id
})

const Outer = Workflow.make("EngineOuter", {
  payload: { id: Schema.String },
  success: Schema.Struct({ note: Schema.String, outputs: Schema.Array(Schema.String) }),
  idempotencyKey: ({ id }) => id
})

/** What the activities did, and knobs the tests turn. Body code (not activities) notes replays. */
class Probe {
  readonly runs = new Map<string, number>()
  /** When set, activity `two` (and `after` of EngineFailing) waits for it after starting. */
  gate: Deferred.Deferred<void> | undefined
  readonly started = new Map<string, Deferred.Deferred<void>>()
  /** Attempts of `flaky` that fail. */
  flakyFailures = 2
  /** Times the Sleeper body reached its clock. */
  reachedClock = 0
  /** Whether the `fragile` activity fails. */
  fragileFails = true
  /** Activities whose body was interrupted. */
  readonly interrupted: Array<string> = []
  count(name: string): number {
    return this.runs.get(name) ?? 0
  }
  startedOf(name: string): Deferred.Deferred<void> {
    let deferred = this.started.get(name)
    if (deferred === undefined) {
      deferred = Deferred.makeUnsafe<void>()
      this.started.set(name, deferred)
    }
    return deferred
  }
  /** Forks `effect` and waits until activity `name` has started in it. */
  forkUntilStarted<A, E, R>(effect: Effect.Effect<A, E, R>, name: string): Effect.Effect<Fiber.Fiber<A, E>, never, R> {
    return Effect.tap(Effect.forkChild(effect), () => Deferred.await(this.startedOf(name)))
  }
  /** Effect run at an activity's start. */
  enter(name: string): Effect.Effect<void> {
    return Effect.suspend(() => {
      this.runs.set(name, this.count(name) + 1)
      Deferred.doneUnsafe(this.startedOf(name), Exit.void)
      const gate = this.gate
      return (name === "two" || name === "after") && gate !== undefined
        ? Effect.onInterrupt(Deferred.await(gate), () => Effect.sync(() => this.interrupted.push(name)))
        : Effect.void
    })
  }
}

const workflowsLive = (probe: Probe) => {
  const step = (name: string) =>
    Activity.make({
      name,
      success: Schema.String,
      execute: Effect.as(probe.enter(name), `${name} done`)
    })
  const stepsLive = Steps.toLayer(Effect.fn(function*({ note }) {
    const one = yield* step("one")
    const two = yield* step("two")
    const three = yield* step("three")
    return { note: note ?? "none", outputs: [one, two, three] }
  }))
  const failingLive = Failing.toLayer(Effect.fn(function*({ fatal }) {
    const risky = Activity.make({
      name: "risky",
      success: Schema.String,
      error: Oops,
      execute: Effect.andThen(probe.enter("risky"), Effect.fail(new Oops({ code: 42 })))
    })
    const caught = yield* risky.pipe(
      Effect.catchTag(
        "Oops",
        (oops) => Effect.succeed(`caught Oops ${oops.code} (${oops instanceof Oops ? "an Oops" : "not an Oops"})`)
      )
    )
    if (fatal) return yield* new PipelineFailed({ reason: caught })
    const after = yield* step("after")
    return `${caught}; ${after}`
  }))
  const retryingLive = Retrying.toLayer(Effect.fn(function*() {
    const flaky = Activity.make({
      name: "flaky",
      success: Schema.Number,
      error: Oops,
      execute: Effect.gen(function*() {
        const attempt = yield* Activity.CurrentAttempt
        yield* probe.enter(`flaky#${attempt}`)
        if (attempt <= probe.flakyFailures) return yield* new Oops({ code: attempt })
        return attempt
      })
    })
    const attempt = yield* flaky.pipe(Activity.retry({ times: 4 }))
    yield* step("two")
    return attempt
  }))
  const sleeperLive = Sleeper.toLayer(Effect.fn(function*() {
    yield* step("before")
    probe.reachedClock++
    yield* DurableClock.sleep({ name: "backoff", duration: "10 minutes", inMemoryThreshold: 0 })
    return yield* step("after")
  }))
  const signalLive = Signal.toLayer(Effect.fn(function*() {
    yield* step("one")
    return yield* DurableDeferred.await(approval)
  }))
  const parkedLive = Parked.toLayer(Effect.fn(function*() {
    // Activity two starts first; the await, finding no completion, parks until two ends (effect's
    // `wrapActivityResult` waits for running activities before the run suspends).
    const [two, approved] = yield* Effect.all([step("two"), DurableDeferred.await(approval)], {
      concurrency: "unbounded"
    })
    return `${approved}; ${two}`
  }))
  const fragileLive = Fragile.toLayer(Effect.fn(function*() {
    const fragile = Activity.make({
      name: "fragile",
      success: Schema.String,
      error: Oops,
      execute: Effect.andThen(
        probe.enter("fragile"),
        Effect.suspend(() => probe.fragileFails ? Effect.fail(new Oops({ code: 7 })) : Effect.succeed("fragile done"))
      )
    })
    return yield* fragile
  }))
  // The same activity (a Date: its value goes through its schema both ways) asked for twice in one run.
  const twiceLive = Twice.toLayer(Effect.fn(function*() {
    const stamp = () =>
      Activity.make({
        name: "stamp",
        success: Schema.Date,
        execute: Effect.andThen(probe.enter("stamp"), Effect.sync(() => new Date(probe.count("stamp") * 1000)))
      })
    const first = yield* stamp()
    const second = yield* stamp()
    return [first, second].map((date) => date instanceof Date ? date.toISOString() : `not a Date: ${String(date)}`)
  }))
  const outerLive = Outer.toLayer(Effect.fn(function*({ id }) {
    return yield* Steps.execute({ id: `${id}-inner` })
  }))
  return Layer.mergeAll(
    stepsLive,
    failingLive,
    retryingLive,
    sleeperLive,
    signalLive,
    parkedLive,
    fragileLive,
    twiceLive,
    outerLive
  )
}

/** The engine (one "process") on a place, with the test's workflows. */
const engineOn = (place: StorePlace, probe: Probe) =>
  workflowsLive(probe).pipe(
    Layer.provideMerge(DurableEngine.layer),
    Layer.provideMerge(place.connect())
  )

type EngineServices = WorkflowEngine | WorkflowStore

const within = <A, E>(
  place: StorePlace,
  probe: Probe,
  body: Effect.Effect<A, E, EngineServices>
): Effect.Effect<A, unknown> => Effect.scoped(body.pipe(Effect.provide(engineOn(place, probe)))) as any

/** Real time, whatever clock the test runs on. */
const realPause = (ms: number) => Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/** Waits (in real time) until `check` holds. */
const eventually = <E, R>(check: Effect.Effect<boolean, E, R>, what: string, timeoutMs = 5_000) =>
  Effect.gen(function*() {
    const deadline = Date.now() + timeoutMs
    while (!(yield* check)) {
      if (Date.now() > deadline) return yield* Effect.die(new Error(`timed out waiting for ${what}`))
      yield* realPause(5)
    }
  })

const storedResult = (workflow: Workflow.Any, executionId: string) =>
  Effect.flatMap(
    WorkflowStore,
    (store) => Effect.map(store.load(workflow, executionId), Option.flatMap((execution) => execution.result))
  )

const storedSteps = (workflow: Workflow.Any, executionId: string) =>
  Effect.flatMap(
    WorkflowStore,
    (store) => Effect.map(store.load(workflow, executionId), (execution) => Option.getOrThrow(execution).steps)
  )

/** A store that fails `putActivity` for the activity named `name`. */
const failingPutActivity = (place: StorePlace, name: string): StorePlace => ({
  connect: () =>
    Layer.effect(WorkflowStore)(Effect.gen(function*() {
      const store = yield* WorkflowStore
      const wrapped: WorkflowStoreService = {
        ...store,
        putActivity: (executionId, activityName, attempt, exit) =>
          activityName === name
            ? Effect.fail(
              new WorkflowStoreError({
                operation: "putActivity",
                executionId,
                cause: new Error(`disk full while recording ${activityName}`)
              })
            )
            : store.putActivity(executionId, activityName, attempt, exit)
      }
      return wrapped
    })).pipe(Layer.provide(place.connect()))
})

// ---------------------------------------------------------------- the cases

export const engineCases = (store: StoreUnderTest): void => {
  describe(`DurableEngine on the ${store.name} store`, () => {
    it.effect("a workflow of several activities runs to its result; each activity runs once", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const result = yield* Steps.execute({ id: "w1", note: "first" })
            assert.deepStrictEqual(result, { note: "first", outputs: ["one done", "two done", "three done"] })
            const executionId = yield* Steps.executionId({ id: "w1", note: "first" })
            const polled = yield* Steps.poll(executionId)
            assert.isTrue(Option.isSome(polled) && polled.value._tag === "Complete")
            const stored = yield* storedResult(Steps, executionId)
            assert.isTrue(Option.isSome(stored) && Exit.isSuccess(stored.value))
          })
        )
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { one: 1, two: 1, three: 1 })
      }))

    it.effect("an activity asked for again in the same run runs once: both get its value, decoded by its schema", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        const result = yield* within(place, probe, Twice.execute({ id: "t1" }))
        assert.deepStrictEqual(result, ["1970-01-01T00:00:01.000Z", "1970-01-01T00:00:01.000Z"])
        assert.strictEqual(probe.count("stamp"), 1)
      }))

    it.effect("a stored result is returned without running anything, by the same engine and by a new one", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        const first = yield* within(place, probe, Steps.execute({ id: "w2", note: "kept" }))
        const again = yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const same = yield* Steps.execute({ id: "w2", note: "kept" })
            // The same id with another payload: the execution keeps what it was created with.
            const other = yield* Steps.execute({ id: "w2", note: "ignored" })
            return [same, other]
          })
        )
        assert.deepStrictEqual(again, [first, first])
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { one: 1, two: 1, three: 1 })
      }))

    it.effect("a typed activity failure is stored and replayed (not run again), as the same typed error", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        probe.gate = Deferred.makeUnsafe<void>()
        // First process: `risky` fails, the workflow catches it, `after` hangs; the process stops.
        yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const fiber = yield* probe.forkUntilStarted(Failing.execute({ id: "f1", fatal: false }), "after")
            yield* Fiber.interrupt(fiber)
            const executionId = yield* Failing.executionId({ id: "f1", fatal: false })
            const steps = yield* storedSteps(Failing, executionId)
            const risky = steps.activities.get(activityKey("risky", 1))
            assert.isDefined(risky)
            assert.isTrue(risky !== undefined && Exit.isFailure(risky))
            assert.isFalse(steps.activities.has(activityKey("after", 1)), "an interrupted activity is not recorded")
          })
        )
        probe.gate = undefined
        const result = yield* within(place, probe, Failing.execute({ id: "f1", fatal: false }))
        assert.strictEqual(result, "caught Oops 42 (an Oops); after done")
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { risky: 1, after: 2 })
      }))

    it.effect("a workflow's typed failure is its stored result, decoded as the same error by a new engine", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        const first = yield* within(place, probe, Effect.flip(Failing.execute({ id: "f2", fatal: true })))
        const again = yield* within(place, probe, Effect.flip(Failing.execute({ id: "f2", fatal: true })))
        for (const error of [first, again]) {
          assert.instanceOf(error, PipelineFailed)
          assert.strictEqual(error.reason, "caught Oops 42 (an Oops)")
        }
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { risky: 1 })
      }))

    it.effect("Activity.retry: each attempt is recorded under its number; a replay runs none of them", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        probe.gate = Deferred.makeUnsafe<void>()
        yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const fiber = yield* probe.forkUntilStarted(Retrying.execute({ id: "r1" }), "two")
            yield* Fiber.interrupt(fiber)
            const steps = yield* storedSteps(Retrying, yield* Retrying.executionId({ id: "r1" }))
            const attempts = [1, 2, 3].map((attempt) => steps.activities.get(activityKey("flaky", attempt)))
            assert.isTrue(attempts[0] !== undefined && Exit.isFailure(attempts[0]))
            assert.isTrue(attempts[1] !== undefined && Exit.isFailure(attempts[1]))
            assert.deepStrictEqual(attempts[2], Exit.succeed(3))
          })
        )
        probe.gate = undefined
        const result = yield* within(place, probe, Retrying.execute({ id: "r1" }))
        assert.strictEqual(result, 3)
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { "flaky#1": 1, "flaky#2": 1, "flaky#3": 1, two: 2 })
      }))

    it.effect("Activity.retry that runs out of attempts: the workflow fails with the last typed error", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        probe.flakyFailures = 10
        const error = yield* within(place, probe, Effect.flip(Retrying.execute({ id: "r2" })))
        assert.instanceOf(error, Oops)
        assert.strictEqual(error.code, 5)
        assert.strictEqual(probe.count("flaky#5"), 1)
        assert.strictEqual(probe.count("two"), 0)
      }))

    it.effect("a durable clock: the wake time is stored once; after a stop the next run waits only the rest", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const fiber = yield* Effect.forkChild(Sleeper.execute({ id: "s1" }))
            const executionId = yield* Sleeper.executionId({ id: "s1" })
            yield* eventually(
              Effect.flatMap(WorkflowStore, (store) =>
                Effect.map(
                  store.load(Sleeper, executionId),
                  (execution) => Option.isSome(execution) && execution.value.steps.clocks.has("backoff")
                )),
              "the clock to be stored"
            )
            const steps = yield* storedSteps(Sleeper, executionId)
            assert.strictEqual(steps.clocks.get("backoff"), 10 * 60_000, "wake time = start (0) + 10 minutes")
            yield* TestClock.adjust("4 minutes")
            assert.isUndefined(fiber.pollUnsafe(), "still waiting after 4 of 10 minutes")
            yield* Fiber.interrupt(fiber)
          })
        )
        assert.strictEqual(probe.count("after"), 0)
        // A new engine at minute 4: 6 minutes remain, not 10.
        const result = yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const fiber = yield* Effect.forkChild(Sleeper.execute({ id: "s1" }))
            yield* eventually(Effect.sync(() => probe.reachedClock === 2), "the second run to reach the clock")
            yield* realPause(20)
            yield* TestClock.adjust("5 minutes")
            yield* realPause(20)
            assert.isUndefined(fiber.pollUnsafe(), "still waiting at minute 9")
            yield* TestClock.adjust("1 minute")
            return yield* Fiber.join(fiber)
          })
        )
        assert.strictEqual(result, "after done")
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { before: 1, after: 1 })
      }))

    it.effect("an interrupted execution stays resumable: nothing recorded as complete, finished steps kept", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        probe.gate = Deferred.makeUnsafe<void>()
        yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const fiber = yield* probe.forkUntilStarted(Steps.execute({ id: "i1" }), "two")
            yield* Fiber.interrupt(fiber)
            // Interrupting the only caller stops the run, and waits for it: activity two is gone.
            assert.deepStrictEqual(probe.interrupted, ["two"])
            const exit = yield* Fiber.await(fiber)
            assert.isTrue(
              Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause),
              "the caller sees an interruption"
            )
            const executionId = yield* Steps.executionId({ id: "i1" })
            assert.isTrue(Option.isNone(yield* Steps.poll(executionId)), "poll: not complete")
            assert.isTrue(Option.isNone(yield* storedResult(Steps, executionId)), "no stored result")
            const steps = yield* storedSteps(Steps, executionId)
            assert.deepStrictEqual([...steps.activities.keys()], [activityKey("one", 1)])
          })
        )
        probe.gate = undefined
        const result = yield* within(place, probe, Steps.execute({ id: "i1" }))
        assert.deepStrictEqual(result.outputs, ["one done", "two done", "three done"])
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { one: 1, two: 2, three: 1 })
      }))

    it.effect("Workflow.interrupt stops the run in this process and waits; the execution stays resumable", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        probe.gate = Deferred.makeUnsafe<void>()
        yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const fiber = yield* probe.forkUntilStarted(Steps.execute({ id: "i2" }), "two")
            const executionId = yield* Steps.executionId({ id: "i2" })
            yield* Steps.interrupt(executionId)
            assert.deepStrictEqual(probe.interrupted, ["two"], "interrupt waits until the run is gone")
            const exit = yield* Fiber.await(fiber)
            assert.isTrue(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause))
            assert.isTrue(Option.isNone(yield* storedResult(Steps, executionId)))
            // Executing it again in the same engine runs it on.
            probe.gate = undefined
            const result = yield* Steps.execute({ id: "i2" })
            assert.deepStrictEqual(result.outputs, ["one done", "two done", "three done"])
          })
        )
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { one: 1, two: 2, three: 1 })
      }))

    it.effect("nothing starts that was not asked for: a new engine, or another execution, leaves a stopped one alone", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        probe.gate = Deferred.makeUnsafe<void>()
        yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const fiber = yield* probe.forkUntilStarted(Steps.execute({ id: "stopped" }), "two")
            yield* Fiber.interrupt(fiber)
          })
        )
        probe.gate = undefined
        const before = Object.fromEntries(probe.runs)
        // Another engine on the same store runs another execution, then idles.
        yield* within(
          place,
          probe,
          Effect.gen(function*() {
            yield* Failing.execute({ id: "unrelated", fatal: false })
            yield* realPause(100)
          })
        )
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { ...before, risky: 1, after: 1 })
        assert.strictEqual(probe.count("two"), 1, "the stopped execution's activity two did not run again")
        // Asked for, it resumes (resume: with its stored payload, without waiting).
        yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const executionId = yield* Steps.executionId({ id: "stopped" })
            yield* Steps.resume(executionId)
            yield* eventually(
              Effect.map(Steps.poll(executionId), (polled) => Option.isSome(polled)),
              "the resumed execution to complete"
            )
          })
        )
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { one: 1, two: 2, three: 1, risky: 1, after: 1 })
      }))

    it.effect("a durable deferred: the run suspends; a completion by token resumes its waiting caller", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        const result = yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const fiber = yield* Effect.forkChild(Signal.execute({ id: "d1" }))
            const executionId = yield* Signal.executionId({ id: "d1" })
            yield* eventually(
              Effect.map(
                Signal.poll(executionId),
                (polled) => Option.isSome(polled) && polled.value._tag === "Suspended"
              ),
              "the run to suspend"
            )
            const token = yield* DurableDeferred.tokenFromPayload(approval, { workflow: Signal, payload: { id: "d1" } })
            yield* DurableDeferred.done(approval, { token, exit: Exit.succeed("approved") })
            return yield* Fiber.join(fiber)
          })
        )
        assert.strictEqual(result, "approved")
        assert.strictEqual(probe.count("one"), 1, "the activity before the wait is replayed, not run again")
      }))

    it.effect("a completion preempts a run parked on its deferred; the waiting caller runs it again", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        probe.gate = Deferred.makeUnsafe<void>()
        const result = yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const fiber = yield* probe.forkUntilStarted(Parked.execute({ id: "p1" }), "two")
            const token = yield* DurableDeferred.tokenFromPayload(approval, { workflow: Parked, payload: { id: "p1" } })
            yield* DurableDeferred.done(approval, { token, exit: Exit.succeed("approved") })
            yield* Deferred.succeed(probe.gate!, undefined)
            return yield* Fiber.join(fiber)
          })
        )
        assert.strictEqual(result, "approved; two done")
        // The preempted run's activity was interrupted (not recorded) and ran again in the replay.
        assert.strictEqual(probe.count("two"), 2)
      }))

    it.effect("two callers of one execution at once share one run", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        probe.gate = Deferred.makeUnsafe<void>()
        const results = yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const first = yield* probe.forkUntilStarted(Steps.execute({ id: "c1" }), "two")
            const second = yield* Effect.forkChild(Steps.execute({ id: "c1" }))
            yield* realPause(20)
            // The first caller leaves; the run goes on for the second one.
            yield* Fiber.interrupt(first)
            assert.deepStrictEqual(probe.interrupted, [])
            yield* Deferred.succeed(probe.gate!, undefined)
            return yield* Fiber.join(second)
          })
        )
        assert.deepStrictEqual(results.outputs, ["one done", "two done", "three done"])
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { one: 1, two: 1, three: 1 })
      }))

    it.effect("discard runs in the background; SuspendOnFailure holds a failed run until resume", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        yield* within(
          place,
          probe,
          Effect.gen(function*() {
            const executionId = yield* Fragile.execute({ id: "h1" }, { discard: true })
            assert.strictEqual(executionId, yield* Fragile.executionId({ id: "h1" }))
            yield* eventually(
              Effect.map(
                Fragile.poll(executionId),
                (polled) => Option.isSome(polled) && polled.value._tag === "Suspended" && polled.value.failed === true
              ),
              "the failed run to be held"
            )
            // Held: executing it again does not run it (it waits for an explicit resume).
            const again = yield* Effect.forkChild(Fragile.execute({ id: "h1" }))
            yield* realPause(50)
            assert.strictEqual(probe.count("fragile"), 1)
            probe.fragileFails = false
            yield* Fragile.resume(executionId)
            assert.strictEqual(yield* Fiber.join(again), "fragile done")
          })
        )
        // The failure suspended the activity instead of recording it: resume ran it again.
        assert.strictEqual(probe.count("fragile"), 2)
      }))

    it.effect("a store that cannot record a step fails the execute (a defect) and records no result", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const probe = new Probe()
        const exit = yield* within(failingPutActivity(place, "two"), probe, Effect.exit(Steps.execute({ id: "e1" })))
        assert.isTrue(Exit.isFailure(exit) && Cause.hasDies(exit.cause))
        assert.include(Cause.pretty((exit as Exit.Failure<unknown, unknown>).cause), "disk full while recording two")
        // A healthy store later: activity one is replayed, two runs again, the execution completes.
        const result = yield* within(place, probe, Steps.execute({ id: "e1" }))
        assert.deepStrictEqual(result.outputs, ["one done", "two done", "three done"])
        assert.deepStrictEqual(Object.fromEntries(probe.runs), { one: 1, two: 2, three: 1 })
      }))

    it.effect("child workflows are refused with a defect that says so", () =>
      Effect.gen(function*() {
        const place = store.makePlace()
        const exit = yield* within(place, new Probe(), Effect.exit(Outer.execute({ id: "o1" })))
        assert.isTrue(Exit.isFailure(exit))
        assert.include(Cause.pretty((exit as Exit.Failure<unknown, unknown>).cause), "child workflows")
      }))
  })
}
