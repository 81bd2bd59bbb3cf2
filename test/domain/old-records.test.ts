/**
 * Records written by ralph before the events became schemas (journals made by the code of commit
 * af06092, a complete run with a retry and a verified claim, and a cancelled run resumed) read as
 * they did, and every entry is exactly what the derived entry schemas write for its event.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { entryOfEvent, eventOfEntry, type JournalEntry, parseJournal } from "../../src/domain/journal.ts"
import { viewRun } from "../../src/domain/runFold.ts"

const fixture = (name: string): ReadonlyArray<JournalEntry> => {
  const parsed = parseJournal(readFileSync(join(import.meta.dirname, "..", "fixtures", "records", name), "utf8"))
  assert.isTrue(Result.isSuccess(parsed), `${name} decodes`)
  return Result.getOrThrow(parsed)
}

const gone = () => false

describe("records written before the record model", () => {
  it("a complete run with a retried attempt and a verified claim reads as it did", () => {
    const view = viewRun(fixture("claim-retry.jsonl"), gone)
    assert.strictEqual(view.state, "complete")
    assert.deepStrictEqual(view.rounds.map((r) => [r.round, r.attempt, r.status]), [
      [1, 1, "failed"],
      [1, 2, "finished"],
      [2, 1, "finished"]
    ])
    assert.strictEqual(view.rounds[2]!.claim?.status, "held")
    // Round 1's failed attempt reported its spend: it counts toward its round.
    assert.deepStrictEqual(view.usage.map((r) => [r.round, r.costUsd]), [[1, 0.02], [2, 0.01]])
    assert.closeTo(view.envelope?.result.usage?.costUsd ?? 0, 0.03, 1e-9)
  })

  it("a cancelled run, resumed, reads as it did", () => {
    const view = viewRun(fixture("cancelled-resumed.jsonl"), gone)
    assert.strictEqual(view.state, "budget-limited")
    assert.deepStrictEqual(view.rounds.map((r) => [r.round, r.status]), [
      [1, "finished"],
      [2, "cancelled"],
      [2, "finished"],
      [3, "finished"]
    ])
    assert.strictEqual(view.agentsStarted, 4)
  })

  it("every entry is what the entry schemas derived from the events write", () => {
    for (const name of ["claim-retry.jsonl", "cancelled-resumed.jsonl"]) {
      const entries = fixture(name)
      const started = entries[0]
      assert.strictEqual(started?.type, "run-started")
      if (started?.type !== "run-started") return
      const facts = { agent: started.agent, gitHead: started.gitHead, pid: 0, host: "", version: started.version }
      for (const entry of entries) {
        if (entry.type === "run-started" || entry.type === "run-resumed") continue
        const event = eventOfEntry(entry, started)
        if (event === undefined) throw new Error(`${name}: ${entry.type} is no event`)
        const { t: _t, ...written } = entry
        assert.deepStrictEqual(entryOfEvent(event, facts), written, `${name}: ${entry.type}`)
      }
    }
  })
})
