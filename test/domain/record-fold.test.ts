/**
 * One record model: a run's events, as the live view folds them, and as the record keeps them (in
 * a real journal on disk, read back and folded), give the same view — for random runs with
 * failures, rejections, stops, cancellations, retries, claim checks, crashes and resumes. And what
 * a watcher tells (the record's entries as events) folds to it too.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { LiveFold } from "../../src/cli/present/liveView.ts"
import { defaultConfig } from "../../src/domain/config.ts"
import { Cancelled, FailureReason, MalformedVerdict, RoundFailed } from "../../src/domain/errors.ts"
import type { RunEvent } from "../../src/domain/events.ts"
import { eventOfEntry } from "../../src/domain/journal.ts"
import type { RunView } from "../../src/domain/runView.ts"
import { ReportedUsage } from "../../src/domain/usage.ts"
import { isProcessAlive } from "../../src/process/liveness.ts"
import { recordRun } from "../../src/record/RunRecorder.ts"
import { RunStore } from "../../src/record/RunStore.ts"
import { makeSqlRunStore } from "../../src/record/SqlRunStore.ts"
import * as NodeSqliteClient from "../../src/sql/NodeSqliteClient.ts"
import { completeReport, continueReport } from "../support/reports.ts"

/** What an agent may report; JSON keeps no negative zero (a -0 is read back as 0, the same amount). */
const Spent = ReportedUsage.check(Schema.makeFilter((usage) => Object.values(usage).every((n) => !Object.is(n, -0))))
const duration = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100_000 }))

/** One step of a run, as a test picks it; `run` turns the steps into a coherent event sequence. */
const Step = Schema.Union([
  Schema.TaggedStruct("Finish", {
    complete: Schema.Boolean,
    usage: Spent,
    changed: Schema.Boolean,
    durationMs: duration,
    /** A claimed completion's check, when there is one: whether it held. */
    claim: Schema.optionalKey(Schema.Boolean),
    /**
     * A review of a claim the check let pass (issue 20): its verdict, a malformed one (the run
     * fails), or cut by a crash of ralph; with what the reviewer spent.
     */
    review: Schema.optionalKey(Schema.Struct({
      outcome: Schema.Literals(["accept", "reject", "malformed", "cut"]),
      usage: Spent,
      durationMs: duration
    }))
  }),
  Schema.TaggedStruct("Fail", {
    reason: FailureReason,
    usage: Schema.optionalKey(Spent),
    durationMs: duration,
    /** How many attempts fail before this one, each retried (so rounds of many attempts are common). */
    before: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 3 })),
    /** Retried (a RetryScheduled follows), else the run ends failed. */
    retried: Schema.Boolean
  }),
  Schema.TaggedStruct("Reject", { oversized: Schema.Boolean, usage: Spent, durationMs: duration }),
  /** The attempt is stopped from outside: cancelled (the run ends so), or cut by the time budget. */
  Schema.TaggedStruct("Stop", { usage: Schema.optionalKey(Spent), cancelled: Schema.Boolean }),
  /** ralph dies mid-round (nothing more recorded), after its child started or not. */
  Schema.TaggedStruct("Crash", { spawned: Schema.Boolean }),
  /** The run is continued (after an end that is not final, or a crash). */
  Schema.TaggedStruct("Resume", {})
])
type Step = typeof Step.Type

const runId = "20261201-000000-prop00"

/** The events of a run that takes `steps` (a step that does not fit where the run is, is skipped). */
const eventsOf = (steps: ReadonlyArray<Step>): Array<RunEvent> => {
  const base = {
    runId,
    objective: "x",
    maxRounds: 256,
    provider: "exec",
    config: { ...defaultConfig, subagentProvider: "exec" },
    workspace: "/ws",
    guards: {}
  } as const
  const events: Array<RunEvent> = [{ _tag: "RunStarted", ...base }]
  let round = 1
  let attempt = 1
  let lastFinished = 0
  let open = true
  let pid = 100
  let reviews = 0
  const start = () => {
    events.push({ _tag: "RoundStarted", runId, round, attempt })
    events.push({ _tag: "ChildSpawned", runId, round, attempt, pid: pid++ })
  }
  for (const step of steps) {
    if (step._tag === "Resume") {
      if (open) continue
      open = true
      events.push({ _tag: "RunStarted", ...base, resumedAfterRound: lastFinished })
      round = lastFinished + 1
      attempt = 1
      continue
    }
    if (!open) continue
    const common = { runId, round, attempt }
    switch (step._tag) {
      case "Finish": {
        start()
        const report = step.complete ? completeReport : continueReport
        events.push({
          _tag: "RoundFinished",
          ...common,
          report,
          durationMs: step.durationMs,
          usage: step.usage,
          workspace: { changed: step.changed, fingerprint: `fp-${round}` },
          transcript: { stdout: "out", stderr: "" }
        })
        if (step.complete && step.claim !== undefined) {
          events.push({ _tag: "ClaimCheckStarted", runId, round })
          events.push({
            _tag: "ClaimChecked",
            runId,
            round,
            check: { protectedChanged: step.claim ? [] : ["tests/a.test.ts"], verification: null },
            holds: step.claim
          })
        }
        lastFinished = round
        if (step.complete && step.claim !== false && step.review !== undefined) {
          const { durationMs, outcome, usage } = step.review
          const review = { runId, round, review: ++reviews, agent: "critic" }
          events.push({ _tag: "ReviewStarted", ...review })
          if (outcome === "accept" || outcome === "reject") {
            const findings = outcome === "reject" ? ["a finding"] : []
            events.push({
              _tag: "ReviewFinished",
              ...review,
              verdict: { verdict: outcome, findings },
              durationMs,
              usage
            })
          } else if (outcome === "malformed") {
            events.push({
              _tag: "ReviewFailed",
              ...review,
              kind: "malformed",
              problem: "not a verdict",
              durationMs,
              usage
            })
            events.push({
              _tag: "RunFailed",
              runId,
              error: new MalformedVerdict({ round, agent: "critic", problem: "not a verdict" })
            })
          }
          // A cut review (ralph crashed) and a malformed one leave the run to be resumed.
          if (outcome === "cut" || outcome === "malformed") {
            open = false
            break
          }
        }
        round++
        attempt = 1
        break
      }
      case "Fail":
        for (let i = 0; i <= step.before; i++) {
          start()
          events.push({
            _tag: "RoundFailed",
            runId,
            round,
            attempt,
            reason: step.reason,
            detail: "it failed",
            durationMs: step.durationMs,
            ...(step.usage === undefined ? {} : { usage: step.usage })
          })
          if (i < step.before || step.retried) {
            attempt++
            events.push({ _tag: "RetryScheduled", runId, round, attempt, reason: step.reason, delayMs: 10 })
          }
        }
        if (!step.retried) {
          events.push({
            _tag: "RunFailed",
            runId,
            error: new RoundFailed({ round, reason: step.reason, detail: "it failed", lastReport: null })
          })
          open = false
        }
        break
      case "Reject":
        start()
        events.push({
          _tag: "RoundRejected",
          ...common,
          kind: step.oversized ? "oversized" : "malformed",
          problem: "bad report",
          durationMs: step.durationMs,
          usage: step.usage
        })
        events.push({
          _tag: "RunFailed",
          runId,
          error: new RoundFailed({ round, reason: "no-report", detail: "rejected", lastReport: null })
        })
        open = false
        break
      case "Stop":
        start()
        events.push({
          _tag: "RoundStopped",
          ...common,
          durationMs: 5,
          ...(step.usage === undefined ? {} : { usage: step.usage })
        })
        events.push(
          step.cancelled || lastFinished === 0
            ? { _tag: "RunFailed", runId, error: new Cancelled({ round }) }
            : {
              _tag: "RunFinished",
              runId,
              envelope: {
                runId,
                agentsStarted: 1,
                result: { status: "budget-limited", limit: "time", roundsStarted: round, report: continueReport }
              }
            }
        )
        open = false
        break
      case "Crash":
        events.push({ _tag: "RoundStarted", runId, round, attempt })
        if (step.spawned) events.push({ _tag: "ChildSpawned", runId, round, attempt, pid: pid++ })
        open = false
        break
    }
  }
  return events
}

/** A view without what only the recording process knows (its agent, host, version) and without times. */
const comparable = (view: RunView) => ({
  ...view,
  started: { runId: view.started.runId, objective: view.started.objective, guards: view.started.guards },
  rounds: view.rounds.map(({ startedAt: _startedAt, ...round }) => round),
  lastTime: null,
  ownerHost: null
})

/** The live path: the events as the live view folds them (`isAlive`: as the store at hand judges its owner). */
const live = (events: ReadonlyArray<RunEvent>, isAlive: (pid: number) => boolean = isProcessAlive): RunView => {
  const fold = new LiveFold()
  events.forEach((event, i) => fold.hear(event, 1_000 + i))
  const view = fold.view(isAlive)
  if (view === undefined) throw new Error("the live view heard no start")
  return view
}

/** The run's events recorded in `store`, then its view and what a watcher tells, each against the live fold. */
const recordAndCompare = Effect.fnUntraced(function*(
  store: RunStore["Service"],
  events: ReadonlyArray<RunEvent>,
  isAlive: (pid: number) => boolean
) {
  yield* store.prepare
  const record = recordRun({
    store,
    lock: { setRunId: () => Effect.void },
    agent: {},
    gitHead: null,
    signal: () => undefined
  })
  for (const event of events) yield* record(event)
  const recorded = yield* store.read(runId)
  assert.deepStrictEqual(comparable(live(events, isAlive)), comparable(recorded))
  // A watcher tells the record's entries as events: folded live, they give the same view.
  const entries = yield* store.entries(runId)
  const told = entries.flatMap((entry) => {
    const event = eventOfEntry(entry, recorded.started)
    return event === undefined ? [] : [event]
  })
  assert.deepStrictEqual(comparable(live(told, isAlive)), comparable(recorded))
})

const scratch = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "ralph-prop-"))),
  (root) => Effect.sync(() => rmSync(root, { recursive: true, force: true }))
)

describe("one record model", () => {
  it.effect.prop(
    "the live view's fold of a run's events equals the fold of its journal, and of what a watcher tells",
    { steps: Schema.Array(Step) },
    ({ steps }) =>
      Effect.flatMap(scratch, (root) => recordAndCompare(RunStore.make(root), eventsOf(steps), isProcessAlive)),
    { arbitrary: { runs: 200, size: 40 } }
  )

  it.effect.prop(
    "the same for a SQLite store (ralph_entries)",
    { steps: Schema.Array(Step) },
    ({ steps }) =>
      Effect.flatMap(scratch, (root) =>
        Effect.flatMap(makeSqlRunStore(join(root, "ralph.db")), (store) =>
          // A run no lease holds is not being driven, whatever its pid.
          recordAndCompare(store, eventsOf(steps), () => false)).pipe(
            Effect.provide(NodeSqliteClient.layer({ filename: join(root, "ralph.db") }))
          )),
    { arbitrary: { runs: 200, size: 40 } }
  )
})
