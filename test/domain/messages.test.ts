/** A person's answers and notes: what is taken (src/domain/messages.ts) and how the record's fold reads them. */
import { assert, describe, it } from "@effect/vitest"
import type { JournalEntry, RunStartedEntry } from "../../src/domain/journal.ts"
import { checkMessage } from "../../src/domain/messages.ts"
import { withNotes } from "../../src/domain/prompt.ts"
import { viewRun } from "../../src/domain/runFold.ts"
import { blockedReport, continueReport } from "../support/reports.ts"

const started: RunStartedEntry = {
  t: "2026-12-01T10:00:00.000Z",
  type: "run-started",
  runId: "r1",
  objective: "x",
  maxRounds: 5,
  config: { subagentProvider: "exec", maxRounds: 5, maxHandoffChars: 16384, maxResultChars: 16384 },
  workspace: "/w",
  agent: {},
  gitHead: null,
  pid: 1,
  version: "0"
}
const at = (n: number) => `2026-12-01T10:00:${String(n).padStart(2, "0")}.000Z`
const finished = (round: number, report: object, t: number): JournalEntry => ({
  t: at(t),
  type: "round-finished",
  round,
  attempt: 1,
  report: report as never,
  durationMs: 1,
  usage: {}
})

describe("checkMessage", () => {
  it("takes text, newlines and tabs, trimmed; refuses empty, control characters, bidi overrides and excess", () => {
    assert.deepStrictEqual(checkMessage("answer", "  use sqlite\n\tplease \r\n"), { text: "use sqlite\n\tplease" })
    for (
      const [raw, problem] of [
        [" \n ", "empty"],
        ["a\u001b[31mb", "U+001b at 1"],
        ["a\u202eb", "U+202e"],
        ["a\u0000", "U+0000"],
        ["bad \uFFFD bytes", "not valid UTF-8"],
        ["x".repeat(16385), "16385 characters; at most 16384"]
      ] as const
    ) {
      const checked = checkMessage("note", raw)
      assert.isTrue(
        "problem" in checked && checked.problem.includes(problem),
        `${JSON.stringify(raw)}: ${JSON.stringify(checked)}`
      )
    }
    assert.deepStrictEqual(checkMessage("note", "x".repeat(16384)), { text: "x".repeat(16384) })
  })
})

describe("the fold of a run's wait and notes", () => {
  const isAlive = () => true
  const waiting: JournalEntry = { t: at(2), type: "waiting", round: 1, blocker: "which?", since: 1000 }

  it("a wait shows until the next round starts; its first answer is the one taken; a resumed wait keeps it", () => {
    const base = [started, finished(1, blockedReport, 1), waiting]
    const waits = viewRun(base, isAlive)
    assert.strictEqual(waits.state, "waiting")
    assert.deepStrictEqual(waits.waiting, { round: 1, blocker: "which?", since: 1000, timeoutMs: null, answer: null })
    const answered = [
      ...base,
      { t: at(3), type: "answer", round: 1, text: "first" },
      { t: at(4), type: "answer", round: 1, text: "second" }
    ] as const satisfies ReadonlyArray<JournalEntry>
    assert.strictEqual(viewRun(answered, isAlive).state, "running")
    assert.strictEqual(viewRun(answered, isAlive).waiting?.answer, "first")
    assert.strictEqual(viewRun(answered, () => false).state, "interrupted")
    // A resume tells the wait again: the answer given meanwhile stays.
    const resumed = [
      ...answered,
      { t: at(5), type: "run-resumed", afterRound: 1, rerunsRound: null, stoppedStalePid: null, pid: 2 },
      { ...waiting, t: at(6) }
    ] as const satisfies ReadonlyArray<JournalEntry>
    assert.strictEqual(viewRun(resumed, isAlive).waiting?.answer, "first")
    const next = [...resumed, { t: at(7), type: "round-started", round: 2, attempt: 1 }] as const
    assert.strictEqual(viewRun(next, isAlive).waiting, null)
    assert.strictEqual(viewRun(next, isAlive).messages.length, 2)
  })

  it("notes wait for a child; a round-started entry takes the oldest it was handed", () => {
    const entries: Array<JournalEntry> = [
      started,
      finished(1, continueReport, 1),
      { t: at(2), type: "note", text: "one" },
      { t: at(3), type: "note", text: "two" }
    ]
    assert.deepStrictEqual(viewRun(entries, isAlive).pendingNotes, ["one", "two"])
    entries.push({ t: at(4), type: "round-started", round: 2, attempt: 1, notes: 2 })
    entries.push({ t: at(5), type: "note", text: "three" })
    assert.deepStrictEqual(viewRun(entries, isAlive).pendingNotes, ["three"])
    entries.push({ t: at(6), type: "round-started", round: 2, attempt: 2 })
    assert.deepStrictEqual(viewRun(entries, isAlive).pendingNotes, ["three"], "an attempt handed none takes none")
  })

  it("notes go after the handoff, fenced so their text cannot close the fence", () => {
    const prompt = withNotes("## Handoff\n\nreport", ["see ```code``` here"])
    assert.isAbove(prompt.indexOf("## A note from a person"), prompt.indexOf("## Handoff"))
    assert.include(prompt, "````text\nsee ```code``` here\n````")
    assert.strictEqual(withNotes("p", []), "p")
  })
})
