/**
 * A command opens its store once: `resume` finds the run in the store it continues it on, and the
 * MCP server's resources read one store opened for the server. Counted through the CLI's
 * StoreOpener, in process.
 */
import * as NodeServices from "@effect/platform-node/NodeServices"
import { afterAll, assert, beforeAll, describe, it, vi } from "@effect/vitest"
import { ConfigProvider, Effect, Exit, Scope } from "effect"
import { McpServerClient } from "effect/ai/McpSchema"
import * as McpServer from "effect/ai/McpServer"
import { Command } from "effect/cli"
import { join } from "node:path"
import { ralph } from "../../src/cli/commands.ts"
import { records } from "../../src/cli/mcp/server.ts"
import { CliSession, makeSession } from "../../src/cli/session.ts"
import { settingsProvider } from "../../src/cli/settingSources.ts"
import { type StoreLocation, storeOnce, StoreOpener } from "../../src/cli/store.ts"
import { StateUnavailable } from "../../src/domain/errors.ts"
import { version } from "../../src/version.ts"
import { printJson, writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"
import { completeReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** The real opener, counting each open. */
const counting = (opens: Array<StoreLocation>) => {
  const open = StoreOpener.defaultValue()
  return (location: StoreLocation) => Effect.andThen(Effect.sync(() => void opens.push(location)), open(location))
}

/** Runs `ralph ARGV` in this process, its stdout kept; the exit code it set. */
const inProcess = (argv: ReadonlyArray<string>, opens: Array<StoreLocation>) =>
  Effect.gen(function*() {
    const stdout: Array<string> = []
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      stdout.push(String(chunk))
      return true
    })
    const exit = yield* Command.runWith(ralph, { version })(argv).pipe(
      Effect.provideService(ConfigProvider.ConfigProvider, settingsProvider(process.env, {})),
      Effect.provideService(CliSession, makeSession(argv.includes("--json"), 16384)),
      Effect.provideService(StoreOpener, counting(opens)),
      Effect.provide(NodeServices.layer),
      Effect.exit,
      Effect.ensuring(Effect.sync(() => spy.mockRestore()))
    )
    const code = process.exitCode
    process.exitCode = undefined
    assert.isTrue(Exit.isSuccess(exit), String(exit))
    return { code, stdout: stdout.join("") }
  })

describe("the store a command opens", () => {
  it.live("ralph resume opens the store once: the run is found and continued on it", () =>
    Effect.gen(function*() {
      const { root, ws } = newWorkspace()
      const state = join(root, "state")
      // Fails once (its first round), then completes.
      const agent = writeAgent(
        root,
        "agent.sh",
        `cat > /dev/null; if [ ! -e ${root}/failed ]; then touch ${root}/failed; exit 1; fi; ${
          printJson(completeReport)
        }`
      )
      const failed = yield* Effect.promise(() =>
        runCli(
          ["run", "--json", "--retries", "0", "--agent", "exec", "--agent-cmd", agent, "--state-dir", state, "x"],
          {
            cwd: ws
          }
        )
      )
      assert.strictEqual(jsonDocument(failed).error._tag, "RoundFailed", failed.stdout)
      const opens: Array<StoreLocation> = []
      const resumed = yield* inProcess(["resume", "last", "--json", "--workspace", ws, "--state-dir", state], opens)
      assert.strictEqual(JSON.parse(resumed.stdout).result.status, "complete", resumed.stdout)
      assert.strictEqual(resumed.code, 0)
      assert.strictEqual(opens.length, 1, "one open for finding the run and continuing it")
    }), 60_000)

  it.live("ralph show opens it once, for a run named by `last`", () =>
    Effect.gen(function*() {
      const { root, ws } = newWorkspace()
      const state = join(root, "state")
      const agent = writeAgent(root, "agent.sh", `cat > /dev/null; ${printJson(completeReport)}`)
      const run = yield* Effect.promise(() =>
        runCli(["run", "--json", "--agent", "exec", "--agent-cmd", agent, "--state-dir", state, "x"], { cwd: ws })
      )
      const opens: Array<StoreLocation> = []
      const shown = yield* inProcess(["show", "last", "--json", "--workspace", ws, "--state-dir", state], opens)
      assert.strictEqual(JSON.parse(shown.stdout).runId, jsonDocument(run).runId)
      assert.strictEqual(opens.length, 1)
    }), 60_000)

  it.live("a server's store is opened on its first read and kept for the rest; a failed open is tried again", () =>
    Effect.gen(function*() {
      const { root } = newWorkspace()
      const opens: Array<StoreLocation> = []
      const location: StoreLocation = { engine: "sqlite", stateDir: join(root, "state"), databaseUrl: undefined }
      const scope = yield* Scope.make()
      const store = yield* storeOnce(location).pipe(
        Scope.provide(scope),
        Effect.provideService(StoreOpener, counting(opens))
      )
      assert.strictEqual(opens.length, 0, "nothing is opened before a read")
      for (let i = 0; i < 3; i++) assert.deepStrictEqual(yield* Effect.flatMap(store, (s) => s.list), [])
      assert.strictEqual(opens.length, 1)
      yield* Scope.close(scope, Exit.void)

      let tries = 0
      const real = StoreOpener.defaultValue()
      const flaky = (at: StoreLocation) =>
        ++tries === 1
          ? Effect.fail(new StateUnavailable({ path: at.stateDir, problem: "the database is not up yet" }))
          : real(at)
      const second = yield* Scope.make()
      const again = yield* storeOnce(location).pipe(Scope.provide(second), Effect.provideService(StoreOpener, flaky))
      assert.isTrue(Exit.isFailure(yield* Effect.exit(again)))
      assert.deepStrictEqual(yield* Effect.flatMap(again, (s) => s.list), [])
      assert.deepStrictEqual(yield* Effect.flatMap(again, (s) => s.list), [])
      assert.strictEqual(tries, 2)
      yield* Scope.close(second, Exit.void)
    }))
})

describe("the MCP server's resources", () => {
  it.live("read one store, opened on the first read, however many reads there are", () =>
    Effect.gen(function*() {
      const { root, ws } = newWorkspace()
      const opens: Array<StoreLocation> = []
      const location: StoreLocation = { engine: "sqlite", stateDir: join(root, "state"), databaseUrl: undefined }
      const client = McpServerClient.of({
        clientId: 1,
        protocolVersion: "2025-06-18",
        clientCapabilities: {},
        clientInfo: { name: "test", version: "1" },
        initializePayload: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "test", version: "1" }
        },
        getClient: Effect.die("no reverse client in this test")
      })
      yield* Effect.gen(function*() {
        yield* records(location, ws)
        const server = yield* McpServer.McpServer
        for (let i = 0; i < 3; i++) {
          const read = yield* server.findResource("ralph://runs").pipe(Effect.provideService(McpServerClient, client))
          assert.deepStrictEqual(JSON.parse((read.contents[0] as { text: string }).text), [])
        }
        const unknown = yield* Effect.exit(
          server.findResource("ralph://runs/nope").pipe(Effect.provideService(McpServerClient, client))
        )
        assert.isTrue(Exit.isFailure(unknown))
      }).pipe(
        Effect.provide(McpServer.McpServer.layer),
        Effect.provideService(StoreOpener, counting(opens)),
        Effect.scoped
      )
      assert.strictEqual(opens.length, 1)
    }))
})
