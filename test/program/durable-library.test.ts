/**
 * Durability is part of the library: a program composing Ralph.layer with a RunStore and a SQL
 * engine gets the record of each run, the workspace lock and resume by run id — real exec agents,
 * a real SQLite file, two Ralph instances in turn as two processes would be.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { execAgent } from "../../src/agents/presets/exec.ts"
import { makeProcessProvider } from "../../src/agents/process/processAgent.ts"
import { SubagentProvider } from "../../src/agents/SubagentProvider.ts"
import { RunSupervisor } from "../../src/engine/RunSupervisor.ts"
import { Ralph } from "../../src/loop/Ralph.ts"
import { RunEvents } from "../../src/loop/RunEvents.ts"
import { RunStore } from "../../src/record/RunStore.ts"
import { layerSqlRunStore } from "../../src/record/SqlRunStore.ts"
import * as NodeSqliteClient from "../../src/sql/NodeSqliteClient.ts"
import { WorkspaceLock } from "../../src/workspace/WorkspaceLock.ts"
import { makeTempDir, printJson, sq, writeAgent } from "../support/agents.ts"
import { completeReport, continueReport } from "../support/reports.ts"

/** A scratch folder: a workspace, a database, a lock dir, and an exec agent that fails round 2 while `fail` exists. */
const setup = () => {
  const root = makeTempDir("ralph-library-")
  const ws = join(root, "ws")
  mkdirSync(ws)
  const fail = join(root, "fail")
  writeFileSync(fail, "")
  const agent = writeAgent(
    root,
    "agent.sh",
    [
      "cat > /dev/null",
      `echo "$RALPH_ROUND" >> ${sq(join(root, "rounds.log"))}`,
      `if [ "$RALPH_ROUND" = 2 ] && [ -e ${sq(fail)} ]; then echo broken >&2; exit 3; fi`,
      `if [ "$RALPH_ROUND" -lt 3 ]; then ${printJson(continueReport)}; else ${printJson(completeReport)}; fi`
    ].join("\n")
  )
  return { root, ws, fail, agent, db: join(root, "ralph.db"), locks: join(root, "locks") }
}

/** What a program composes: Ralph over a SQLite file, its record and its engine in one database. */
const durableRalph = (dirs: ReturnType<typeof setup>) => {
  const providers = Layer.effect(
    SubagentProvider,
    Effect.map(makeProcessProvider(execAgent([dirs.agent])), (exec) => SubagentProvider.make([exec]))
  )
  return Ralph.layer({ subagentProvider: "exec", maxRounds: 5, workspace: dirs.ws }).pipe(
    Layer.provide(RunSupervisor.layerSql()),
    Layer.provide(providers),
    Layer.provide(RunEvents.layerSilent),
    Layer.provide(WorkspaceLock.layer(dirs.locks)),
    Layer.provideMerge(layerSqlRunStore(dirs.db)),
    Layer.provide(NodeSqliteClient.layer({ filename: dirs.db }))
  )
}

/** Uses a fresh Ralph (and its store) on the database, as a new process would. */
const using = <A, E>(
  dirs: ReturnType<typeof setup>,
  use: (ralph: Ralph["Service"], store: RunStore["Service"]) => Effect.Effect<A, E>
) =>
  Effect.gen(function*() {
    return yield* use(yield* Ralph, yield* RunStore)
  }).pipe(Effect.provide(durableRalph(dirs)))

const rounds = (dirs: ReturnType<typeof setup>) =>
  readFileSync(join(dirs.root, "rounds.log"), "utf8").trim().split("\n")

describe("Ralph.layer with a RunStore and the sqlite engine", () => {
  it.live("records the run, and a second instance resumes it by id from the store", () =>
    Effect.gen(function*() {
      const dirs = setup()
      const failed = yield* Effect.flip(
        using(dirs, (ralph) => ralph.run({ objective: "library run" }))
      )
      assert.strictEqual(failed._tag, "RoundFailed")
      const listing = yield* using(dirs, (_, store) => store.list)
      assert.strictEqual(listing.length, 1)
      const only = listing[0]!
      assert.strictEqual(only._tag, "Readable")
      const runId = only._tag === "Readable" ? only.summary.runId : ""

      rmSync(dirs.fail)
      const resumed = yield* using(dirs, (ralph) => ralph.resume(runId))
      assert.strictEqual(resumed.runId, runId)
      assert.deepInclude(resumed.result, { status: "complete", roundsStarted: 3 })
      // Round 1 was not run again; the failed round 2 was, then round 3.
      assert.deepStrictEqual(rounds(dirs), ["1", "2", "2", "3"])
      assert.strictEqual(resumed.agentsStarted, 4)

      // The record says how it went, and resuming the finished run again starts nothing.
      const again = yield* using(dirs, (ralph) => ralph.resume(runId))
      assert.deepStrictEqual(again, resumed)
      assert.deepStrictEqual(rounds(dirs), ["1", "2", "2", "3"])
      const view = yield* using(dirs, (_, store) => store.read(runId))
      assert.strictEqual(view.state, "complete")
      assert.deepStrictEqual(view.rounds.map((r) => `${r.round}:${r.status}`), [
        "1:finished",
        "2:failed",
        "2:finished",
        "3:finished"
      ])
    }))

  it.live(
    "holds the workspace lock while a run is driven: a second run on the workspace is WorkspaceLocked",
    () =>
      Effect.gen(function*() {
        const dirs = setup()
        // Round 1 waits for the file `go`.
        writeAgent(
          dirs.root,
          "agent.sh",
          `cat > /dev/null; while [ ! -e ${sq(join(dirs.root, "go"))} ]; do sleep 0.05; done; ${
            printJson(completeReport)
          }`
        )
        const first = yield* using(dirs, (ralph) => ralph.run({ objective: "first" })).pipe(Effect.forkChild)
        yield* Effect.promise(async () => {
          for (let i = 0; i < 200 && !existsSync(dirs.locks); i++) await new Promise((r) => setTimeout(r, 25))
        })
        yield* Effect.sleep("300 millis")
        const second = yield* Effect.flip(
          using(dirs, (ralph) => ralph.run({ objective: "second" }))
        )
        assert.strictEqual(second._tag, "WorkspaceLocked")
        writeFileSync(join(dirs.root, "go"), "")
        const envelope = yield* Fiber.join(first)
        assert.strictEqual(envelope.result.status, "complete")
      }),
    30_000
  )
})
