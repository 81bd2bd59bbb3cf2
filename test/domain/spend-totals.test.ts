/**
 * The caps read a run's spend from running totals (`Spend.totals`), kept as rounds finish: they must
 * equal the totals of every round's spend added up again (`totalsOf(soFar())`), whatever the order
 * of attempts, unknown spends and rounds finished again (a resume).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { Spend, totalsOf } from "../../src/domain/spend.ts"
import type { Usage } from "../../src/domain/usage.ts"

const Amount = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 5000 }))
const Step = Schema.Struct({
  kind: Schema.Literals(["attempt", "finish", "again"]),
  /** 0: said nothing of its spend; else the tokens and cents it said. */
  tokens: Amount,
  cents: Amount,
  costKnown: Schema.Boolean
})

const usageOf = (step: typeof Step.Type): Usage | undefined =>
  step.tokens === 0 ? undefined : {
    inputTokens: step.tokens,
    outputTokens: step.tokens >> 1,
    ...(step.costKnown ? { costUsd: step.cents / 100 } : {})
  }

describe("spend totals", () => {
  it.effect.prop(
    "the running totals equal the totals added up again over every round so far",
    { steps: Schema.Array(Step) },
    ({ steps }) =>
      Effect.sync(() => {
        const spend = new Spend([], { round: 1, attempts: [{ inputTokens: 3, outputTokens: 1 }] })
        let round = 1
        for (const step of steps) {
          if (step.kind === "attempt") spend.attempt(round, usageOf(step))
          else if (step.kind === "finish") spend.finish(round++, usageOf(step) ?? {}, 1)
          // A round that finished finishes again (a resume after a crash): its spend is replaced.
          else if (round > 1) spend.finish(round - 1, usageOf(step) ?? {}, 1)
          assert.deepStrictEqual(spend.totals(), totalsOf(spend.soFar()))
        }
      }),
    { arbitrary: { runs: 200, size: 40 } }
  )

  it("a round whose spend is unknown counts as an unknown round, never as zero", () => {
    const spend = new Spend()
    spend.finish(1, { inputTokens: 10, outputTokens: 2, costUsd: 0.5 }, 1)
    spend.attempt(2, undefined)
    assert.deepStrictEqual(spend.totals(), {
      cost: { known: 0.5, unknownRounds: 1 },
      tokens: { known: 12, unknownRounds: 1 }
    })
  })
})
