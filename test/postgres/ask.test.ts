/**
 * `--on-blocked ask` on the postgres engine: the run waits, a second process (sharing only the
 * database) sees it waiting, leaves a note and answers it, and the run goes on with both — the
 * answer read by the waiting ralph from the shared record.
 */
import { afterAll, assert, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { readFileSync } from "node:fs"
import { sq, waitFor, writeAgent } from "../support/agents.ts"
import { execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli, startCli } from "../support/cli.ts"
import { blockedReport, completeReport } from "../support/reports.ts"
import * as PgTest from "./harness.ts"

afterAll(removeWorkspaces)

const blocker = "Which region should the bucket live in?"

PgTest.describe("asking on the postgres engine", () => {
  it.live(
    "a run waiting for an answer is answered (and noted) from a second process; it goes on with both",
    () =>
      Effect.gen(function*() {
        const database = yield* PgTest.freshDatabase({ prefix: "ask" })
        const env = { RALPH_ENGINE: "postgres", RALPH_DATABASE_URL: Redacted.value(database.url) }
        const { root, ws } = newWorkspace()
        const agent = writeAgent(
          root,
          "agent.sh",
          [
            `cat > ${sq(root)}/prompt-"$RALPH_ROUND".txt`,
            `if [ "$RALPH_ROUND" = 1 ]; then`,
            `  printf '%s' ${sq(JSON.stringify({ ...blockedReport, blocker }))} > "$RALPH_REPORT_FILE"`,
            `else printf '%s' ${sq(JSON.stringify(completeReport))} > "$RALPH_REPORT_FILE"; fi`
          ].join("\n")
        )
        const running = startCli([...execArgs(agent, "--on-blocked", "ask", "--json"), "Store the files"], {
          cwd: ws,
          env
        })
        // The second process: another workspace's directory, the same database.
        const other = newWorkspace().ws
        const cli = (args: ReadonlyArray<string>) => Effect.promise(() => runCli(args, { cwd: other, env }))
        // Its id from its progress: polling before it has made the tables would race their creation.
        let progress = ""
        running.child.stderr!.on("data", (chunk: string) => (progress += chunk))
        const runId = yield* Effect.promise(() =>
          waitFor("the run's start", () => /run (\d{8}-\d{6}-[0-9a-f]+) started/.exec(progress)?.[1], 30_000)
        )
        for (let tries = 0;; tries++) {
          const listed = yield* cli(["runs", "--json", "--all-workspaces", "--status", "waiting"])
          const waiting = listed.code === 0 ? JSON.parse(listed.stdout) as Array<{ runId: string }> : []
          if (waiting.some((run) => run.runId === runId)) break
          if (tries > 100) assert.fail(`the run never waited: ${listed.stdout}${listed.stderr}\n${progress}`)
          yield* Effect.sleep("100 millis")
        }
        const shown = yield* cli(["show", runId, "--json"])
        assert.strictEqual(jsonDocument(shown).waiting.blocker, blocker)
        const noted = yield* cli(["note", runId, "Mind the egress costs."])
        assert.strictEqual(noted.code, 0, noted.stderr)
        const answered = yield* cli(["answer", runId, "eu-west-1"])
        assert.strictEqual(answered.code, 0, answered.stderr)
        assert.include(answered.stdout, "The run goes on.")
        const result = yield* Effect.promise(() => running.result)
        assert.strictEqual(result.code, 0, result.stderr)
        assert.strictEqual(jsonDocument(result).result.status, "complete")
        const prompt = yield* Effect.promise(() =>
          waitFor("round 2's prompt", () => {
            try {
              return readFileSync(`${root}/prompt-2.txt`, "utf8")
            } catch {
              return undefined
            }
          })
        )
        assert.include(prompt, "eu-west-1")
        assert.include(prompt, "Mind the egress costs.")
        const done = jsonDocument(yield* cli(["show", runId, "--json"]))
        assert.deepStrictEqual(done.messages.map((m: any) => m.type), ["note", "answer"])
        assert.deepStrictEqual(done.pendingNotes, [])
      }).pipe(Effect.scoped),
    90_000
  )
})
