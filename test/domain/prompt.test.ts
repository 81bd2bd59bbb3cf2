import { assert, describe, it } from "@effect/vitest"
import { roundPrompt } from "../../src/domain/prompt.ts"
import { continueReport } from "../support/reports.ts"

const objective =
  "Port the parser to Rust.\n  Keep `$HOME` and \"quotes\" and 'single' and \\ backslashes.\nÜnïcödé 😀 — done."

describe("the round prompt", () => {
  const first = roundPrompt({ objective, round: 1, maxRounds: 7, previous: undefined })
  const third = roundPrompt({ objective, round: 3, maxRounds: 7, previous: continueReport })

  it("carries the objective verbatim", () => {
    assert.include(first, `\n${objective}\n`)
    assert.include(third, `\n${objective}\n`)
  })

  it("says round N of M", () => {
    assert.include(first, "round 1 of 7")
    assert.include(third, "round 3 of 7")
    assert.notInclude(third, "round 1 of 7")
  })

  it("says the worker is fresh, has no parent conversation, and must not start another ralph loop", () => {
    assert.match(first, /fresh worker/i)
    assert.match(first, /no access to any parent conversation/i)
    assert.match(first, /must not start\s+another Ralph loop/i)
  })

  it("says the workspace is the source of truth: inspect first, preserve, change concretely, verify", () => {
    assert.match(first, /source of truth/i)
    assert.match(first, /Inspect/)
    assert.match(first, /Preserve/)
    assert.match(first, /concrete changes/i)
    assert.match(first, /verify/i)
  })

  it("round 1 says there is no previous handoff; it carries no report", () => {
    assert.match(first, /first round/i)
    assert.notInclude(first, continueReport.summary)
  })

  it("from round 2 it carries the previous handoff, to be confirmed against the workspace", () => {
    assert.include(third, JSON.stringify(continueReport, null, 2))
    assert.match(third, /confirm it against the\s+workspace/i)
    assert.notMatch(third, /This is the first round/i)
  })

  it("states the report rules: five keys, the statuses and their rules, trimmed non-empty strings", () => {
    for (const key of ["\"status\"", "\"summary\"", "\"evidence\"", "\"nextSteps\"", "\"blocker\""]) {
      assert.include(first, key)
    }
    assert.match(first, /exactly these five keys/)
    assert.match(first, /continue needs at least one nextSteps item and an empty blocker/)
    assert.match(first, /complete needs at least one\s+evidence item, no nextSteps and an empty blocker/)
    assert.match(first, /blocked needs a non-empty blocker/)
    assert.match(first, /whitespace/)
  })

  it("is prefix-stable: the fixed instructions and the objective come first, the round and the handoff after", () => {
    const cut = first.indexOf("round 1 of 7")
    assert.isAbove(cut, first.indexOf(objective))
    assert.isAbove(cut, first.indexOf("exactly these five keys"))
    // Everything before the round number is the same text in every round of the run.
    assert.isTrue(third.startsWith(first.slice(0, cut)))
    assert.strictEqual(third.indexOf("round 3 of 7"), cut)
    assert.isAbove(third.indexOf(JSON.stringify(continueReport, null, 2)), third.indexOf("round 3 of 7"))
  })

  it("depends only on its inputs", () => {
    assert.strictEqual(roundPrompt({ objective, round: 1, maxRounds: 7, previous: undefined }), first)
    assert.notStrictEqual(roundPrompt({ objective: "other", round: 1, maxRounds: 7, previous: undefined }), first)
  })
})
