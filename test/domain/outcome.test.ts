import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { Envelope } from "../../src/domain/outcome.ts"
import { ralphTool } from "../../src/domain/tool.ts"
import { blockedReport, completeReport, continueReport } from "../support/reports.ts"

const decode = (value: unknown) => Schema.decodeUnknownSync(Envelope)(value)

describe("the envelope", () => {
  it("is { runId, agentsStarted, result: { status, roundsStarted, report } }", () => {
    const value = {
      runId: "r",
      agentsStarted: 3,
      result: { status: "complete", roundsStarted: 2, report: completeReport }
    }
    assert.deepStrictEqual<unknown>(decode(value), value)
    assert.deepStrictEqual(
      decode({ runId: "r", agentsStarted: 1, result: { status: "blocked", roundsStarted: 1, report: blockedReport } })
        .result.report,
      blockedReport
    )
  })

  it("budget-limited carries the last continue report and which budget ran out", () => {
    const value = {
      runId: "r",
      agentsStarted: 5,
      result: { status: "budget-limited", limit: "rounds", roundsStarted: 5, report: continueReport }
    }
    assert.deepStrictEqual<unknown>(decode(value), value)
    assert.throws(() => decode({ ...value, result: { ...value.result, limit: undefined } }))
  })

  it("rejects other statuses, missing fields and broken reports (decode, don't trust)", () => {
    const good = {
      runId: "r",
      agentsStarted: 1,
      result: { status: "complete", roundsStarted: 1, report: completeReport }
    }
    assert.throws(() => decode({ ...good, result: { ...good.result, status: "continue" } }))
    assert.throws(() => decode({ ...good, runId: undefined }))
    assert.throws(() => decode({ ...good, agentsStarted: 1.5 }))
    assert.throws(() => decode({ ...good, result: { ...good.result, roundsStarted: "1" } }))
    assert.throws(() => decode({ ...good, result: { ...good.result, report: { ...completeReport, evidence: [] } } }))
  })
})

describe("the model-facing tool", () => {
  it("is named ralph, with objective required and maxRounds optional", () => {
    assert.strictEqual(ralphTool.name, "ralph")
    assert.strictEqual(ralphTool.parameters.type, "object")
    assert.strictEqual(ralphTool.parameters.properties.objective.type, "string")
    assert.strictEqual(ralphTool.parameters.properties.maxRounds.type, "number")
    assert.deepStrictEqual([...ralphTool.parameters.required], ["objective"])
    assert.isFalse(ralphTool.parameters.additionalProperties)
  })

  it("guidance: only when explicitly asked for a ralph loop; completion is a worker's report", () => {
    assert.match(ralphTool.guidance, /only when/i)
    assert.match(ralphTool.guidance, /explicitly asks/i)
    assert.match(ralphTool.guidance, /Ralph loop/i)
    assert.match(ralphTool.guidance, /not an\s+independent check/i)
    assert.isAbove(ralphTool.description.length, 40)
  })

  it("presents a generic card titled ralph whose raw input is the objective", () => {
    assert.strictEqual(ralphTool.presentation.kind, "generic")
    assert.strictEqual(ralphTool.presentation.title, "ralph")
    assert.strictEqual(ralphTool.presentation.rawInput({ objective: "do the thing" }), "do the thing")
  })
})
