/**
 * `--on-blocked ask` on the postgres engine: the run waits, a second process (sharing only the
 * database) sees it waiting, leaves a note and answers it, and the run goes on with both — the
 * answer read by the waiting ralph from the shared record.
 */
import { afterAll, assert, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { readdirSync, readFileSync } from "node:fs"
import { sq, waitFor, writeAgent } from "../support/agents.ts"
import { execArgs, jsonDocument, newWorkspace, removeWorkspaces, runCli, startCli } from "../support/cli.ts"
import { blockedReport, completeReport, continueReport } from "../support/reports.ts"
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

  it.live(
    "notes written by other processes while rounds append their entries: the run never fails, each note goes to one child",
    () =>
      Effect.gen(function*() {
        const database = yield* PgTest.freshDatabase({ prefix: "notes" })
        const env = { RALPH_ENGINE: "postgres", RALPH_DATABASE_URL: Redacted.value(database.url) }
        const { root, ws } = newWorkspace()
        const rounds = 8
        const agent = writeAgent(
          root,
          "agent.sh",
          [
            `cat > ${sq(root)}/prompt-"$RALPH_ROUND"-"$RALPH_ATTEMPT".txt`,
            `sleep 0.2`,
            `if [ "$RALPH_ROUND" -lt ${rounds} ]; then`,
            `  printf '%s' ${sq(JSON.stringify(continueReport))} > "$RALPH_REPORT_FILE"`,
            `else printf '%s' ${sq(JSON.stringify(completeReport))} > "$RALPH_REPORT_FILE"; fi`
          ].join("\n")
        )
        const running = startCli([...execArgs(agent, "--json"), "Build it"], { cwd: ws, env })
        let progress = ""
        running.child.stderr!.on("data", (chunk: string) => (progress += chunk))
        const runId = yield* Effect.promise(() =>
          waitFor("the run's start", () => /run (\d{8}-\d{6}-[0-9a-f]+) started/.exec(progress)?.[1], 30_000)
        )
        const other = newWorkspace().ws
        const notes = Array.from({ length: 6 }, (_, i) => `note number ${i + 1}`)
        const given = yield* Effect.forEach(
          notes,
          (text) => Effect.promise(() => runCli(["note", runId, text], { cwd: other, env })),
          { concurrency: "unbounded" }
        )
        for (const noted of given) assert.strictEqual(noted.code, 0, noted.stderr)
        const result = yield* Effect.promise(() => running.result)
        assert.strictEqual(result.code, 0, result.stderr)
        const done = jsonDocument(yield* Effect.promise(() => runCli(["show", runId, "--json"], { cwd: other, env })))
        const byText = (a: string, b: string) => a.localeCompare(b)
        assert.deepStrictEqual(done.messages.map((m: any) => m.text as string).sort(byText), [...notes].sort(byText))
        const prompts = readdirSync(root).filter((name) => name.startsWith("prompt-")).map((name) =>
          readFileSync(`${root}/${name}`, "utf8")
        )
        assert.strictEqual(prompts.length, rounds)
        // Each note was handed to exactly one child, unless the run ended before one started after it.
        for (const text of notes) {
          const holders = prompts.filter((prompt) => prompt.includes(text)).length
          assert.isAtMost(holders, 1, text)
          if (!done.pendingNotes.includes(text)) assert.strictEqual(holders, 1, text)
        }
      }).pipe(Effect.scoped),
    120_000
  )
})
