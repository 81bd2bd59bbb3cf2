/** The live view's status line, driven with events on a stand-in terminal stream. */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { liveView, statusText } from "../../src/cli/present/liveView.ts"
import { plainStyle, styleFor } from "../../src/cli/present/output.ts"
import { makeSession } from "../../src/cli/session.ts"
import { defaultConfig } from "../../src/domain/config.ts"
import { Cancelled } from "../../src/domain/errors.ts"
import type { RunEvent } from "../../src/domain/events.ts"
import type { JournalEntry } from "../../src/domain/journal.ts"
import type { Usage } from "../../src/domain/usage.ts"
import { completeReport, continueReport } from "../support/reports.ts"

/** A terminal `columns` wide that keeps what is written to it. */
const terminal = (columns = 100) => {
  const writes: Array<string> = []
  const stream = {
    isTTY: true,
    columns,
    write: (text: string) => {
      writes.push(text)
      return true
    }
  } as unknown as NodeJS.WriteStream
  return { stream, writes, last: () => writes.at(-1) ?? "" }
}

const runId = "20261201-000000-abcdef"
const started: RunEvent = {
  _tag: "RunStarted",
  runId,
  objective: "x",
  maxRounds: 5,
  provider: "claude",
  config: { ...defaultConfig, subagentProvider: "claude" },
  workspace: "/ws",
  guards: {}
}
const env = { TERM: "xterm" }

/** The record of a run whose round `round` finished, reporting `usage`, and the event of its resume. */
const resumedAfter = (round: number, usage: Usage) => {
  const t = "2026-12-01T00:00:00.000Z"
  const recorded: Array<JournalEntry> = [
    {
      t,
      type: "run-started",
      runId,
      objective: "x",
      maxRounds: 5,
      config: { ...defaultConfig, subagentProvider: "claude" },
      agent: {},
      workspace: "/ws",
      guards: {},
      gitHead: null,
      pid: 1,
      version: "0"
    },
    { t, type: "round-started", round, attempt: 1 },
    { t, type: "round-finished", round, attempt: 1, report: continueReport, durationMs: 1_000, usage }
  ]
  const resumed: RunEvent = { ...started, resumedAfterRound: round }
  return { recorded, resumed }
}

describe("the live status line", () => {
  it("shows the round, agent, time in the round, usage so far and the last summary, and ends cleared", () =>
    Effect.gen(function*() {
      const { last, stream, writes } = terminal()
      const session = makeSession(false, 16384)
      const { recorded, resumed } = resumedAfter(3, { inputTokens: 100, outputTokens: 10, costUsd: 0.5 })
      const publish = liveView(stream, env, session, recorded)
      yield* publish(resumed, 1_000)
      yield* publish({ _tag: "RoundStarted", runId, round: 4, attempt: 1 }, Date.now() - 65_000)
      assert.include(last(), "round 4/5\u001b[22m · claude · 1m 05s in round · 100 in / 10 out tokens, $0.5000")
      yield* publish({
        _tag: "RoundFinished",
        runId,
        round: 4,
        attempt: 1,
        report: { ...continueReport, summary: "Fixed\u001b[2J the\nparser" },
        durationMs: 65_000,
        usage: { inputTokens: 50, outputTokens: 5, costUsd: 0.25 }
      })
      // The summary is escaped and on one line; the usage adds up.
      assert.include(last(), "continue · 150 in / 15 out tokens, $0.7500 · last: Fixed\\u001b[2J the parser")
      yield* publish({ _tag: "RetryScheduled", runId, round: 5, attempt: 2, reason: "rate-limit", delayMs: 30_000 })
      assert.include(last(), "retrying in 30s")
      assert.isDefined(session.endStatus)
      yield* publish({
        _tag: "RunFinished",
        runId,
        envelope: { runId, agentsStarted: 5, result: { status: "complete", roundsStarted: 5, report: completeReport } }
      })
      // Cleared and stopped: what ralph writes next starts a line of its own.
      assert.strictEqual(last(), "\r\u001b[2K")
      assert.isUndefined(session.endStatus)
      const count = writes.length
      yield* Effect.sleep("1100 millis")
      assert.strictEqual(writes.length, count, "no redraw after the run ended")
    }).pipe(Effect.runPromise))

  it("says a round waits for the rate limit until when, and names a fallback agent's attempt", () =>
    Effect.gen(function*() {
      const { last, stream } = terminal()
      const session = makeSession(false, 16384)
      const { recorded, resumed } = resumedAfter(3, {})
      const publish = liveView(stream, env, session, recorded)
      yield* publish(resumed, 1_000)
      const until = new Date(Date.now() + 3 * 3_600_000).toISOString()
      yield* publish({ _tag: "RoundStarted", runId, round: 4, attempt: 1 })
      yield* publish({
        _tag: "LimitWait",
        runId,
        round: 4,
        attempt: 2,
        reason: "rate-limit",
        resetAt: until,
        until
      })
      assert.include(last(), `waiting for the rate limit until ${until.replace(/\.\d+Z$/, "Z")} (in `)
      assert.match(last(), /\(in (3h 00m|2h 59m)\)/)
      yield* publish({ _tag: "RoundStarted", runId, round: 4, attempt: 3, agent: "backup\u001b[2J" })
      assert.include(last(), "round 4/5\u001b[22m · backup\\u001b[2J · 0s in round")
      yield* publish({
        _tag: "RunFinished",
        runId,
        envelope: { runId, agentsStarted: 6, result: { status: "complete", roundsStarted: 4, report: completeReport } }
      })
    }).pipe(Effect.runPromise))

  it("is cut to the terminal's width, counting only what the terminal shows", () => {
    const status = {
      agent: "codex",
      maxRounds: 256,
      round: 12,
      phase: { _tag: "waiting", text: "continue" } as const,
      spent: [],
      summary: "a".repeat(300)
    }
    const text = statusText(status, 0, 90, plainStyle)
    assert.strictEqual(text.length, 90)
    assert.isTrue(text.startsWith("round 12/256 · codex · continue · tokens unknown, cost unknown · last: aaa"))
    assert.isTrue(text.endsWith("…"))
    assert.strictEqual(
      statusText({ ...status, summary: undefined }, 0, 200, plainStyle),
      "round 12/256 · codex · continue · tokens unknown, cost unknown"
    )
    // In colour the round is bold: its escape sequences take no room on the screen.
    const coloured = statusText(status, 0, 90, styleFor(terminal().stream, env))
    assert.isTrue(coloured.startsWith("\u001b[1mround 12/256\u001b[22m · codex"))
    assert.strictEqual(coloured.replace("\u001b[1m", "").replace("\u001b[22m", ""), text)
  })

  it("sums what the rounds reported, and says how many rounds did not (never counted as zero)", () =>
    Effect.gen(function*() {
      const { last, stream } = terminal(200)
      const { recorded, resumed } = resumedAfter(1, { inputTokens: 100, outputTokens: 10, costUsd: 0.5 })
      const publish = liveView(stream, env, makeSession(false, 16384), recorded)
      yield* publish(resumed)
      yield* publish({ _tag: "RoundStarted", runId, round: 2, attempt: 1 })
      // A failed attempt that said nothing of its spend makes its round's unknown, as in the result.
      yield* publish({
        _tag: "RoundFailed",
        runId,
        round: 2,
        attempt: 1,
        reason: "crashed",
        detail: "exit 1",
        durationMs: 10
      })
      assert.include(last(), "100 in / 10 out tokens (+ 1 round unknown), $0.5000 (+ 1 round unknown)")
      const finished = (round: number, usage: Usage): RunEvent => ({
        _tag: "RoundFinished",
        runId,
        round,
        attempt: 2,
        report: continueReport,
        durationMs: 10,
        usage
      })
      yield* publish(finished(2, { inputTokens: 7, outputTokens: 1, costUsd: 0.01 }))
      assert.include(last(), "100 in / 10 out tokens (+ 1 round unknown), $0.5000 (+ 1 round unknown)")
      // A round reporting cost but no tokens counts where it can.
      yield* publish(finished(3, { costUsd: 0.25 }))
      assert.include(last(), "100 in / 10 out tokens (+ 2 rounds unknown), $0.7500 (+ 1 round unknown)")
      yield* publish({ _tag: "RunFailed", runId, error: new Cancelled({ round: 4 }) })
    }).pipe(Effect.runPromise))
})
