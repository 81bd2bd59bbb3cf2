/** An OTLP endpoint that fails is said once on stderr and costs ralph's exit no wait. */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { type AddressInfo, createServer, type Server } from "node:net"
import { ensureCli, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"

beforeAll(() => void ensureCli(), 180_000)
const servers: Array<Server> = []
afterAll(() => {
  for (const server of servers) server.close()
  removeWorkspaces()
})

/** A TCP server on a free loopback port: one that never answers, or (closed at once) a port that refuses. */
const listen = async (): Promise<Server> => {
  const server = createServer(() => {})
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return server
}
const portOf = (server: Server) => (server.address() as AddressInfo).port

const timed = async (endpoint: string, env: Record<string, string> = {}) => {
  const { ws } = newWorkspace()
  const started = Date.now()
  const result = await runCli(["runs"], { cwd: ws, env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, ...env } })
  return { result, ms: Date.now() - started }
}

describe.concurrent("an OTLP endpoint that fails", () => {
  it("refused: one warning naming it and why, and no retries at exit", async () => {
    const closed = await listen()
    const port = portOf(closed)
    await new Promise((resolve) => closed.close(resolve))
    const { result, ms } = await timed(`http://127.0.0.1:${port}`)
    assert.strictEqual(result.code, 0, result.stderr)
    const warnings = result.stderr.split("\n").filter((line) => line.includes("telemetry export"))
    assert.strictEqual(warnings.length, 1, result.stderr)
    assert.match(
      warnings[0]!,
      new RegExp(
        `^ralph: telemetry export to http://127\\.0\\.0\\.1:${port}/v1/\\w+ failed \\(connect ECONNREFUSED .*\\); ralph goes on without exporting$`
      )
    )
    // effect's exporter retries a refused export three times a second apart (3 s) when left to itself.
    assert.isBelow(ms, 2000)
  })

  it("no answer: one warning, within the OTLP timeout", async () => {
    const silent = await listen()
    const { result, ms } = await timed(`http://127.0.0.1:${portOf(silent)}`, { OTEL_EXPORTER_OTLP_TIMEOUT: "1500" })
    assert.strictEqual(result.code, 0, result.stderr)
    const warnings = result.stderr.split("\n").filter((line) => line.includes("telemetry export"))
    assert.strictEqual(warnings.length, 1, result.stderr)
    assert.include(warnings[0], "failed (it did not answer within 1s)")
    assert.isBelow(ms, 3000)
  })
})
