import { assert, describe, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { checkReport, Report, reportJsonSchema } from "../../src/domain/report.ts"
import {
  blockedReport,
  completeReport,
  continueReport,
  referenceIsReport,
  reportKeys,
  reportOfLength
} from "../support/reports.ts"

const limit = 16384

const expectValid = (value: unknown, max = limit) => {
  const checked = checkReport(value, max)
  assert.strictEqual(checked._tag, "Valid", `expected valid: ${JSON.stringify(value)} -> ${JSON.stringify(checked)}`)
  if (checked._tag === "Valid") assert.deepStrictEqual(checked.report, value)
}

const expectMalformed = (value: unknown, mentions: RegExp) => {
  const checked = checkReport(value, limit)
  assert.strictEqual(checked._tag, "Malformed", `expected malformed: ${JSON.stringify(value)}`)
  if (checked._tag === "Malformed") {
    assert.match(checked.problem, mentions)
    assert.notInclude(checked.problem, "\n", "the problem is one line")
  }
}

describe("report rules", () => {
  it("accepts a well-formed report of each status", () => {
    expectValid(continueReport)
    expectValid(completeReport)
    expectValid(blockedReport)
    // blocked allows evidence and nextSteps, both possibly empty
    expectValid({ ...blockedReport, evidence: ["tried npm ci"], nextSteps: [] })
  })

  describe("exactly five keys", () => {
    for (const key of reportKeys) {
      it(`rejects a report missing ${key}`, () => {
        const { [key]: _, ...rest } = continueReport
        expectMalformed(rest, new RegExp(key))
      })
    }
    it("rejects an extra key, naming it", () => {
      expectMalformed({ ...continueReport, confidence: 0.9 }, /confidence/)
    })
    it("rejects an own __proto__ key from JSON", () => {
      const value = JSON.parse(`{"__proto__":{},${JSON.stringify(continueReport).slice(1)}`)
      assert.strictEqual(checkReport(value, limit)._tag, "Malformed")
    })
    it("rejects values that are not objects", () => {
      for (const value of [null, undefined, 1, "continue", true, [], [continueReport]]) {
        assert.strictEqual(checkReport(value, limit)._tag, "Malformed", JSON.stringify(value))
      }
    })
  })

  describe("each key's type", () => {
    it("status is one of continue, complete, blocked", () => {
      for (const status of ["done", "Continue", "", "complete ", 1, null]) {
        expectMalformed({ ...completeReport, status }, /status/)
      }
    })
    it("summary is a string", () => {
      for (const summary of [1, null, ["x"], { text: "x" }]) expectMalformed({ ...continueReport, summary }, /summary/)
    })
    it("evidence and nextSteps are arrays of strings", () => {
      for (const bad of ["x", [1], [null], [["x"]], { 0: "x" }]) {
        expectMalformed({ ...continueReport, evidence: bad }, /evidence/)
        expectMalformed({ ...continueReport, nextSteps: bad }, /nextSteps/)
      }
    })
    it("blocker is a string", () => {
      for (const blocker of [null, 0, false, ["x"]]) expectMalformed({ ...blockedReport, blocker }, /blocker/)
    })
  })

  describe("normalized strings", () => {
    it("summary must be non-empty and trimmed", () => {
      expectMalformed({ ...continueReport, summary: "" }, /summary/)
      for (const summary of [" x", "x ", "\nx", "x\t", "\u00a0x", " "]) {
        expectMalformed({ ...continueReport, summary }, /summary/)
      }
      expectValid({ ...continueReport, summary: "inner  spaces\nand lines are fine" })
    })
    it("evidence and nextSteps items must be non-empty and trimmed, naming the item", () => {
      expectMalformed({ ...completeReport, evidence: ["ok", ""] }, /evidence.*1/)
      expectMalformed({ ...completeReport, evidence: [" padded"] }, /evidence/)
      expectMalformed({ ...continueReport, nextSteps: ["fine", "next "] }, /nextSteps.*1/)
      expectMalformed({ ...continueReport, nextSteps: [""] }, /nextSteps/)
    })
    it("blocker must be trimmed (empty is allowed where the status allows it)", () => {
      expectMalformed({ ...blockedReport, blocker: " no token" }, /blocker/)
      expectMalformed({ ...continueReport, blocker: " " }, /blocker/)
    })
  })

  describe("status rules", () => {
    it("continue needs at least one nextStep and an empty blocker", () => {
      expectMalformed({ ...continueReport, nextSteps: [] }, /continue.*nextSteps/)
      expectMalformed({ ...continueReport, blocker: "something" }, /continue.*blocker/)
      expectValid({ ...continueReport, evidence: [] })
    })
    it("complete needs evidence, no nextSteps and an empty blocker", () => {
      expectMalformed({ ...completeReport, evidence: [] }, /complete.*evidence/)
      expectMalformed({ ...completeReport, nextSteps: ["more"] }, /complete.*nextSteps/)
      expectMalformed({ ...completeReport, blocker: "but" }, /complete.*blocker/)
    })
    it("blocked needs a non-empty blocker", () => {
      expectMalformed({ ...blockedReport, blocker: "" }, /blocked.*blocker/)
    })
  })

  describe("maxHandoffChars bounds JSON.stringify(report).length, for every status", () => {
    for (const status of ["continue", "complete", "blocked"] as const) {
      it(`${status}: at the bound is valid, one over is oversized with chars and limit`, () => {
        const max = 200
        expectValid(reportOfLength(status, max), max)
        const over = reportOfLength(status, max + 1)
        const checked = checkReport(over, max)
        assert.deepStrictEqual(checked, { _tag: "Oversized", chars: max + 1, limit: max })
      })
    }
    it("counts UTF-16 code units of the compact serialization (escapes included)", () => {
      const report = { ...completeReport, summary: "quote \" and 😀" }
      const chars = JSON.stringify(report).length
      assert.strictEqual(checkReport(report, chars)._tag, "Valid")
      assert.deepStrictEqual(checkReport(report, chars - 1), { _tag: "Oversized", chars, limit: chars - 1 })
    })
    it("a malformed report is malformed, whatever its size", () => {
      const big = { ...continueReport, nextSteps: [], summary: "x".repeat(500) }
      assert.strictEqual(checkReport(big, 100)._tag, "Malformed")
    })
  })

  it("never repairs: the valid report is the value itself, key for key", () => {
    const checked = checkReport({ ...continueReport }, limit)
    assert.strictEqual(checked._tag, "Valid")
    if (checked._tag === "Valid") assert.deepStrictEqual(Object.keys(checked.report).sort(), [...reportKeys])
  })

  it("the JSON Schema given to children names the five keys, all required, no others", () => {
    const schema = reportJsonSchema() as Record<string, any>
    assert.strictEqual(schema.type, "object")
    assert.deepStrictEqual(Object.keys(schema.properties).sort(), [...reportKeys])
    assert.deepStrictEqual([...(schema.required as ReadonlyArray<string>)].sort(), [...reportKeys])
    assert.strictEqual(schema.additionalProperties, false)
    assert.deepStrictEqual([...(schema.properties.status.enum as ReadonlyArray<string>)].sort(), [
      "blocked",
      "complete",
      "continue"
    ])
    assert.strictEqual(schema.properties.evidence.type, "array")
    assert.strictEqual(schema.properties.evidence.items.type, "string")
  })
})

// ---------------------------------------------------------------------------------------------
// Random JSON values, accepted iff they satisfy the rules (by the reference predicate above).

/** Strings biased towards the edge cases: empty, padded, whitespace-only, plus random text. */
const Text = Schema.Union([
  Schema.String,
  Schema.Literals(["", " ", "ok", " ok", "ok ", "\tx", "x\n", "\u00a0", "two words", "😀", "a\u2028"])
])
const Strings = Schema.Array(Text)
const Status = Schema.Literals(["continue", "complete", "blocked", "done", ""])

/** Objects shaped like reports, with each key sometimes missing, mistyped, or joined by an extra key. */
const NearReport = Schema.Struct({
  status: Status,
  summary: Text,
  evidence: Strings,
  nextSteps: Strings,
  blocker: Text,
  drop: Schema.Literals(["none", "none2", "none3", "none4", "status", "summary", "evidence", "nextSteps", "blocker"]),
  extra: Schema.Literals(["none", "none2", "none3", "none4", "extra", "mistype"])
})

const nearReport = Arbitrary.schema(NearReport).pipe(
  Arbitrary.map(({ drop, extra, ...report }): unknown => {
    const value: Record<string, unknown> = { ...report }
    if (!drop.startsWith("none")) delete value[drop]
    if (extra === "extra") value.note = "x"
    if (extra === "mistype") value.evidence = report.evidence.length === 0 ? "none" : report.evidence.length
    return value
  })
)

/** Nearly valid reports: generated valid, then maybe one field's emptiness flipped. */
const Valid = Schema.Struct({
  status: Schema.Literals(["continue", "complete", "blocked"]),
  summary: Schema.String,
  items: Schema.Array(Schema.String),
  blocker: Schema.String,
  flip: Schema.Literals(["no", "no2", "no3", "items", "blocker"])
})
const tidy = (s: string, fallback: string) => (s.trim() === "" ? fallback : s.trim())
const almostValid = Arbitrary.schema(Valid).pipe(
  Arbitrary.map(({ blocker, flip, items, status, summary }): unknown => {
    const lines = items.map((s, i) => tidy(s, `item ${i}`))
    const some = lines.length === 0 ? ["one"] : lines
    const report = status === "continue"
      ? { status, summary: tidy(summary, "s"), evidence: lines, nextSteps: some, blocker: "" }
      : status === "complete"
      ? { status, summary: tidy(summary, "s"), evidence: some, nextSteps: [], blocker: "" }
      : { status, summary: tidy(summary, "s"), evidence: lines, nextSteps: lines, blocker: tidy(blocker, "b") }
    if (flip === "items") return { ...report, evidence: [], nextSteps: [] }
    if (flip === "blocker") return { ...report, blocker: report.blocker === "" ? "now blocked" : "" }
    return report
  })
)

const Limit = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 400 }))

describe("report rules, property", () => {
  it.prop(
    "near-reports are accepted iff the reference predicate holds",
    { value: nearReport, max: Limit },
    ({ max, value }) => {
      const checked = checkReport(value, max)
      assert.strictEqual(
        checked._tag === "Valid",
        referenceIsReport(value, max),
        JSON.stringify({ value, max, checked })
      )
      if (checked._tag === "Oversized") assert.strictEqual(checked.chars, JSON.stringify(value).length)
    },
    { timeout: 20_000, arbitrary: { runs: 1500, size: 12 } }
  )

  it.prop(
    "almost-valid reports are accepted iff the reference predicate holds",
    { value: almostValid, max: Limit },
    ({ max, value }) => {
      const checked = checkReport(value, max)
      assert.strictEqual(
        checked._tag === "Valid",
        referenceIsReport(value, max),
        JSON.stringify({ value, max, checked })
      )
      if (referenceIsReport(value, Number.MAX_SAFE_INTEGER) && !referenceIsReport(value, max)) {
        assert.deepStrictEqual(checked, { _tag: "Oversized", chars: JSON.stringify(value).length, limit: max })
      }
    },
    { timeout: 20_000, arbitrary: { runs: 1500, size: 20 } }
  )

  it.prop(
    "arbitrary JSON values are accepted iff the reference predicate holds",
    { value: Schema.Json },
    ({ value }) => {
      assert.strictEqual(checkReport(value, limit)._tag === "Valid", referenceIsReport(value, limit))
    },
    { timeout: 20_000, arbitrary: { runs: 500, size: 30 } }
  )

  it.prop(
    "every generated valid report survives a JSON round trip unchanged",
    { value: almostValid },
    ({ value }) => {
      if (!referenceIsReport(value, limit)) return
      const checked = checkReport(JSON.parse(JSON.stringify(value)), limit)
      assert.strictEqual(checked._tag, "Valid")
      if (checked._tag === "Valid") {
        assert.deepStrictEqual(checked.report, value)
        assert.deepStrictEqual(Schema.decodeUnknownSync(Report)(checked.report), value)
      }
    },
    { timeout: 20_000, arbitrary: { runs: 300, size: 20 } }
  )
})
