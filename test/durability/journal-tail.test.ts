/**
 * A crash never leaves the history unreadable: a torn last journal line is cut off (durably) before a
 * resume appends, and `ralph runs` lists a run it cannot read as damaged, never skips it.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { killGroup, printJson, sq, waitForPid, writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli, startCli } from "../support/cli.ts"
import { completeReport, continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const leftovers: Array<number> = []
afterAll(() => {
  leftovers.forEach(killGroup)
  removeWorkspaces()
})

/** A run SIGKILLed while its round 2 hangs (the first time only); the agent completes round 3. */
const crashedRun = async () => {
  const { root, ws } = newWorkspace()
  const state = join(root, "state")
  const agent = writeAgent(
    root,
    "agent.sh",
    [
      "cat > /dev/null",
      `if [ "$RALPH_ROUND" = 2 ] && [ ! -f ${sq(join(root, "hung.pid"))} ]; then echo $$ > ${
        sq(join(root, "hung.pid"))
      }; exec sleep 60; fi`,
      `if [ "$RALPH_ROUND" -lt 3 ]; then ${printJson(continueReport)}; else ${printJson(completeReport)}; fi`
    ].join("\n")
  )
  const running = startCli(
    [
      "run",
      "--json",
      "--agent",
      "exec",
      "--agent-cmd",
      agent,
      "--max-rounds",
      "3",
      "--state-dir",
      state,
      "--engine",
      "journal",
      "tail test"
    ],
    { cwd: ws }
  )
  leftovers.push(await waitForPid(join(root, "hung.pid"), 15_000))
  running.child.kill("SIGKILL")
  await running.result
  const [runId] = readdirSync(join(state, "runs"))
  return { ws, state, runId: runId!, journal: join(state, "runs", runId!, "journal.jsonl") }
}

/** Every line of the journal is complete JSON: nothing torn was left in the middle. */
const assertWhole = (journal: string) => {
  const text = readFileSync(journal, "utf8")
  assert.isTrue(text.endsWith("\n"), "the journal ends with a complete line")
  for (const line of text.slice(0, -1).split("\n")) JSON.parse(line)
}

/** The journal engine's own file is what these tests tear. */
const ralph = (args: ReadonlyArray<string>, ws: string, state: string) =>
  runCli([...args, "--state-dir", state, "--engine", "journal"], { cwd: ws })

describe.concurrent("a torn journal tail", () => {
  it("a torn last line is cut off before resume appends: show, runs and a second resume still work", async () => {
    const { journal, runId, state, ws } = await crashedRun()
    appendFileSync(journal, `{"t":"2026-01-01T00:00:00Z","type":"round-fini`)

    const resumed = await ralph(["resume", runId, "--json", "--kill-grace", "300ms"], ws, state)
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    const envelope = jsonDocument(resumed)
    assert.strictEqual(envelope.result.status, "complete")

    const shown = await ralph(["show", runId, "--json"], ws, state)
    assert.strictEqual(shown.code, 0, shown.stdout + shown.stderr)
    assert.strictEqual(jsonDocument(shown).state, "complete")
    const shownText = await ralph(["show", runId], ws, state)
    assert.strictEqual(shownText.code, 0, shownText.stderr)

    const listed = await ralph(["runs", "--json"], ws, state)
    assert.strictEqual(listed.code, 0, listed.stderr)
    assert.deepStrictEqual(JSON.parse(listed.stdout).map((run: any) => [run.runId, run.state]), [[runId, "complete"]])

    const again = await ralph(["resume", runId, "--json"], ws, state)
    assert.strictEqual(again.code, 0, again.stdout + again.stderr)
    assert.deepStrictEqual(jsonDocument(again), envelope)
    assertWhole(journal)
    assert.notInclude(readFileSync(journal, "utf8"), "round-fini\"", "the fragment is gone")
  })

  it("a last line that lost only its newline is kept and completed, not merged with the next", async () => {
    const { journal, runId, state, ws } = await crashedRun()
    const text = readFileSync(journal, "utf8")
    writeFileSync(journal, text.slice(0, -1))
    const startedBefore = text.split("\n").filter((line) => line.includes("\"round-started\"")).length

    const resumed = await ralph(["resume", runId, "--json", "--kill-grace", "300ms"], ws, state)
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    assertWhole(journal)
    const lines = readFileSync(journal, "utf8").trim().split("\n").map((line) => JSON.parse(line))
    // The kept round-started of the cut round 2, plus round 2 again and round 3.
    assert.strictEqual(lines.filter((entry) => entry.type === "round-started").length, startedBefore + 2)
    const shown = await ralph(["show", runId, "--json"], ws, state)
    assert.strictEqual(shown.code, 0, shown.stdout)
    assert.deepStrictEqual(
      jsonDocument(shown).rounds.map((r: any) => [r.round, r.status]),
      [[1, "finished"], [2, "interrupted"], [2, "finished"], [3, "finished"]]
    )
  })
})

describe("ralph runs and a damaged journal", () => {
  it("a run it cannot read is listed as damaged with the reason, in text and --json", async () => {
    const { root, ws } = newWorkspace()
    const state = join(root, "state")
    const agent = writeAgent(root, "agent.sh", `cat > /dev/null; ${printJson(completeReport)}`)
    const ids: Array<string> = []
    for (const objective of ["first", "second"]) {
      const run = await ralph(["run", "--json", "--agent", "exec", "--agent-cmd", agent, objective], ws, state)
      assert.strictEqual(run.code, 0, run.stderr)
      ids.push(jsonDocument(run).runId)
    }
    const damaged = join(state, "runs", ids[1]!, "journal.jsonl")
    const lines = readFileSync(damaged, "utf8").split("\n")
    lines.splice(1, 0, "{not json")
    writeFileSync(damaged, lines.join("\n"))

    const listed = await ralph(["runs", "--json"], ws, state)
    assert.strictEqual(listed.code, 0, listed.stderr)
    // Run ids sort by the second they started in, then at random: find each by its id.
    const runs: Array<Record<string, string>> = JSON.parse(listed.stdout)
    assert.strictEqual(runs.length, 2)
    assert.deepInclude(runs.find((run) => run.runId === ids[0]), { state: "complete" })
    const listedDamaged = runs.find((run) => run.runId === ids[1])
    assert.strictEqual(listedDamaged?.state, "damaged")
    assert.match(listedDamaged?.problem ?? "", /corrupt at line 2/)

    const text = await ralph(["runs"], ws, state)
    assert.strictEqual(text.code, 0, text.stderr)
    const row = text.stdout.split("\n").find((line) => line.startsWith(ids[1]!)) ?? ""
    assert.match(row, /damaged/, text.stdout)
    assert.match(row, /corrupt at line 2/)

    // Resuming it stays refused: ralph will not guess what happened.
    const resumed = await ralph(["resume", ids[1]!, "--json"], ws, state)
    assert.strictEqual(resumed.code, 1)
    assert.strictEqual(jsonDocument(resumed).error._tag, "StateUnavailable")
  })
})
