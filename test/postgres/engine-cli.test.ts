/**
 * The postgres engine through the binary: a run started by one process and SIGKILLed mid-round is
 * listed and shown by a second process and taken over (resumed) by a third, from the same
 * database; finished rounds are not run again; the password never appears in any output.
 */
import { assert, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { finish, hangsInRound2, isAlive, ralph, readText, scratch, start, waitFor } from "../durability/harness.ts"
import * as PgTest from "./harness.ts"

const passwordOf = (url: string) => decodeURIComponent(new URL(url).password)

PgTest.describe("the postgres engine, through the binary", () => {
  it.live(
    "a run SIGKILLed in round 2 is listed, shown and taken over by other processes",
    () =>
      Effect.gen(function*() {
        const database = yield* PgTest.freshDatabase({ prefix: "cli" })
        const url = Redacted.value(database.url)
        const password = passwordOf(url)
        assert.isAbove(password.length, 0)
        const dirs = scratch()
        const env = {
          RALPH_LOCK_DIR: dirs.locks,
          RALPH_ENGINE: "postgres",
          RALPH_DATABASE_URL: url,
          RALPH_STATE_DIR: dirs.state
        }
        const agent = hangsInRound2(dirs)
        const outputs: Array<string> = []
        const runCli = (args: ReadonlyArray<string>) =>
          Effect.promise(() => ralph(args, env)).pipe(
            Effect.tap((r) => Effect.sync(() => outputs.push(r.stdout, r.stderr)))
          )

        const first = start(
          ["run", "pg crash test", "--agent-cmd", agent, "--workspace", dirs.workspace, "--json"],
          env
        )
        const done = finish(first)
        yield* Effect.promise(() => waitFor(() => existsSync(join(dirs.root, "hung")), 15_000, "round 2 to hang"))
        first.kill("SIGKILL")
        outputs.push((yield* Effect.promise(() => done)).stderr)

        const listed = yield* runCli(["runs", "--json"])
        assert.strictEqual(listed.code, 0, listed.stderr)
        const [run] = JSON.parse(listed.stdout) as Array<{ runId: string; state: string; rounds: number }>
        assert.strictEqual(run!.state, "interrupted")
        assert.strictEqual(run!.rounds, 1)
        const shown = yield* runCli(["show", run!.runId])
        assert.strictEqual(shown.code, 0, shown.stderr)
        assert.include(shown.stdout, "round 1: finished")

        const resumed = yield* runCli(["resume", run!.runId, "--json"])
        assert.strictEqual(resumed.code, 0, resumed.stderr)
        const envelope = JSON.parse(resumed.stdout)
        assert.strictEqual(envelope.result.status, "complete")
        assert.deepStrictEqual(readText(join(dirs.root, "rounds.log")).trim().split("\n"), ["1", "2", "2", "3"])
        assert.strictEqual(envelope.agentsStarted, 4)
        assert.isFalse(isAlive(Number(readText(join(dirs.root, "hung")))))

        for (const text of outputs) assert.notInclude(text, password)
      }).pipe(Effect.scoped),
    90_000
  )

  it.live(
    "a wrong password: StateUnavailable naming the database without its password, exit 1",
    () =>
      Effect.gen(function*() {
        const good = PgTest.requireUrl()
        const wrong = new URL(good)
        wrong.password = "not-the-password-x7Q"
        const dirs = scratch()
        const result = yield* Effect.promise(() =>
          ralph([
            "runs",
            "--json",
            "--engine",
            "postgres",
            "--database-url",
            wrong.toString(),
            "--state-dir",
            dirs.state
          ])
        )
        assert.strictEqual(result.code, 1, result.stderr)
        const error = JSON.parse(result.stdout).error
        assert.strictEqual(error._tag, "StateUnavailable")
        assert.notInclude(result.stdout + result.stderr, "not-the-password-x7Q")
        assert.notInclude(result.stdout + result.stderr, passwordOf(good))
      }),
    30_000
  )
})
