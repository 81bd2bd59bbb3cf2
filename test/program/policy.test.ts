/**
 * The Ralph policy against a small reference model: random scripts of child outcomes, random
 * budgets and retry counts; the run must end as the model says (terminal status, rounds started,
 * agents started, last report, failed round, error tag).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result, Schema } from "effect"
import type { ScriptStep } from "../../src/agents/scripted.ts"
import type { FailureReason } from "../../src/domain/errors.ts"
import { Ralph } from "../../src/loop/Ralph.ts"
import { reportOfLength } from "../support/reports.ts"
import { fastRetry, recordingLayer } from "../support/scripted.ts"

const maxHandoffChars = 400

/** One generated child: `roll` picks the kind, `pick` a variant, `text` feeds the report's summary. */
const Step = Schema.Struct({
  roll: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 19 })),
  pick: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 5 })),
  text: Schema.String
})
type Step = typeof Step.Type

type Report = {
  status: "continue" | "complete" | "blocked"
  summary: string
  evidence: Array<string>
  nextSteps: Array<string>
  blocker: string
}

type Kind =
  | { readonly _tag: "report"; readonly report: Report }
  | { readonly _tag: "transient"; readonly reason: FailureReason }
  | { readonly _tag: "permanent"; readonly reason: FailureReason }
  | { readonly _tag: "malformed"; readonly value: unknown }
  | { readonly _tag: "oversized"; readonly value: Report }

const transient = ["rate-limit", "overloaded", "network", "tempfail"] as const
const permanent = ["crashed", "no-report", "timeout", "auth", "output-limit", "idle-timeout"] as const

const summaryOf = (text: string, i: number) => {
  const trimmed = text.trim().slice(0, 40).trim()
  return trimmed === "" ? `step ${i}` : trimmed
}

const kindOf = (step: Step, i: number): Kind => {
  const summary = summaryOf(step.text, i)
  if (step.roll <= 12) {
    return {
      _tag: "report",
      report: { status: "continue", summary, evidence: [], nextSteps: [`next ${i}`], blocker: "" }
    }
  }
  if (step.roll === 13) {
    return {
      _tag: "report",
      report: { status: "complete", summary, evidence: [`checked ${i}`], nextSteps: [], blocker: "" }
    }
  }
  if (step.roll === 14) {
    return {
      _tag: "report",
      report: { status: "blocked", summary, evidence: [], nextSteps: [], blocker: `stuck ${i}` }
    }
  }
  if (step.roll === 15 || step.roll === 16) {
    return { _tag: "transient", reason: transient[step.pick % transient.length]! }
  }
  if (step.roll === 17) return { _tag: "permanent", reason: permanent[step.pick % permanent.length]! }
  if (step.roll === 18) {
    const broken: ReadonlyArray<unknown> = [
      { status: "continue", summary, evidence: [], nextSteps: [], blocker: "" },
      { status: "complete", summary, evidence: [], nextSteps: [], blocker: "" },
      { status: "blocked", summary, evidence: [], nextSteps: [], blocker: "" },
      { status: "done", summary, evidence: ["e"], nextSteps: [], blocker: "" },
      { status: "continue", summary: ` ${summary}`, evidence: [], nextSteps: ["n"], blocker: "" },
      { status: "continue", summary, evidence: [], nextSteps: ["n"], blocker: "", extra: 1 }
    ]
    return { _tag: "malformed", value: broken[step.pick % broken.length] }
  }
  const status = (["continue", "complete", "blocked"] as const)[step.pick % 3]!
  return { _tag: "oversized", value: reportOfLength(status, maxHandoffChars + 1 + step.pick) }
}

const scriptOf = (kinds: ReadonlyArray<Kind>): Array<ScriptStep> =>
  kinds.map((kind) => {
    switch (kind._tag) {
      case "report":
        return { value: kind.report }
      case "transient":
      case "permanent":
        return { fail: kind.reason }
      case "malformed":
      case "oversized":
        return { value: kind.value }
    }
  })

type Outcome =
  | { readonly _tag: "Success"; readonly status: string; readonly roundsStarted: number; readonly report: Report }
  | {
    readonly _tag: "RoundFailed"
    readonly round: number
    readonly reason: string
    readonly lastReport: Report | null
  }
  | { readonly _tag: "MalformedReport"; readonly round: number }
  | { readonly _tag: "OversizedReport"; readonly round: number; readonly chars: number }

/** The reference model of the policy. `agents` counts every child started, whatever the outcome. */
const model = (kinds: ReadonlyArray<Kind>, maxRounds: number, retries: number) => {
  let next = 0
  let last: Report | null = null
  for (let round = 1; round <= maxRounds; round++) {
    let failures = 0
    for (;;) {
      const kind = kinds[next++]
      if (kind === undefined) {
        return {
          agents: next,
          outcome: { _tag: "RoundFailed", round, reason: "no-report", lastReport: last } as Outcome
        }
      }
      if (kind._tag === "transient" && failures < retries) {
        failures++
        continue
      }
      if (kind._tag === "transient" || kind._tag === "permanent") {
        return {
          agents: next,
          outcome: { _tag: "RoundFailed", round, reason: kind.reason, lastReport: last } as Outcome
        }
      }
      if (kind._tag === "malformed") return { agents: next, outcome: { _tag: "MalformedReport", round } as Outcome }
      if (kind._tag === "oversized") {
        return {
          agents: next,
          outcome: { _tag: "OversizedReport", round, chars: JSON.stringify(kind.value).length } as Outcome
        }
      }
      last = kind.report
      if (kind.report.status !== "continue") {
        return {
          agents: next,
          outcome: { _tag: "Success", status: kind.report.status, roundsStarted: round, report: kind.report } as Outcome
        }
      }
      break
    }
  }
  return {
    agents: next,
    outcome: { _tag: "Success", status: "budget-limited", roundsStarted: maxRounds, report: last! } as Outcome
  }
}

describe("the policy against a reference model", () => {
  it.live.prop(
    "random scripts, budgets and retry counts end as the model says",
    {
      steps: Schema.Array(Step).check(Schema.isMaxLength(30)),
      maxRounds: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 16 })),
      retries: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 })),
      passMaxRounds: Schema.Boolean
    },
    ({ maxRounds, passMaxRounds, retries, steps }) =>
      Effect.gen(function*() {
        const kinds = steps.map(kindOf)
        const expected = model(kinds, maxRounds, retries)
        const { layer, requests } = recordingLayer(scriptOf(kinds), {
          retry: fastRetry(retries),
          maxHandoffChars,
          // Either the call asks for maxRounds, or the deployment's ceiling is maxRounds and the call asks nothing.
          maxRounds: passMaxRounds ? 64 : maxRounds
        })
        const result = yield* Effect.gen(function*() {
          const ralph = yield* Ralph
          return yield* Effect.result(
            ralph.run({ objective: "reach the goal", ...(passMaxRounds ? { maxRounds } : {}) })
          )
        }).pipe(Effect.provide(layer))

        const context = JSON.stringify({ kinds: kinds.map((k) => k._tag), maxRounds, retries, expected })
        assert.strictEqual(requests.length, expected.agents, `children started: ${context}`)
        const outcome = expected.outcome
        if (outcome._tag === "Success") {
          assert.isTrue(Result.isSuccess(result), `expected success: ${context}`)
          if (Result.isSuccess(result)) {
            const envelope = result.success
            assert.strictEqual(envelope.result.status, outcome.status, context)
            assert.strictEqual(envelope.result.roundsStarted, outcome.roundsStarted, context)
            assert.deepStrictEqual(envelope.result.report, outcome.report, context)
            assert.strictEqual(envelope.agentsStarted, expected.agents, context)
          }
        } else {
          assert.isTrue(Result.isFailure(result), `expected ${outcome._tag}: ${context}`)
          if (Result.isFailure(result)) {
            const error = result.failure
            assert.strictEqual(error._tag, outcome._tag, context)
            if (error._tag === "RoundFailed" && outcome._tag === "RoundFailed") {
              assert.strictEqual(error.round, outcome.round, context)
              assert.strictEqual(error.reason, outcome.reason, context)
              assert.deepStrictEqual(error.lastReport, outcome.lastReport, context)
            }
            if (error._tag === "MalformedReport" && outcome._tag === "MalformedReport") {
              assert.strictEqual(error.round, outcome.round, context)
            }
            if (error._tag === "OversizedReport" && outcome._tag === "OversizedReport") {
              assert.deepStrictEqual([error.round, error.chars, error.limit], [
                outcome.round,
                outcome.chars,
                maxHandoffChars
              ])
            }
          }
        }
        // Every child of a round got that round's number; rounds only go up by one.
        const rounds = requests.map((r) => r.round)
        rounds.forEach((round, i) => assert.isTrue(i === 0 ? round === 1 : round - rounds[i - 1]! <= 1, context))
      }),
    { timeout: 60_000, arbitrary: { runs: 300, size: 30 } }
  )
})
