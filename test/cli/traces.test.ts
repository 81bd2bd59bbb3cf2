/** OTLP traces and metrics of a real `ralph run`, received by a loopback OTLP/HTTP receiver. */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { writeAgent } from "../support/agents.ts"
import { claudeStandIn, standInUsage } from "../support/claudeStandIn.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli } from "../support/cli.ts"

interface Span {
  readonly name: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly traceId: string
  readonly status?: { readonly code?: number; readonly message?: string }
  readonly attributes: Record<string, unknown>
}

/** Collects every span POSTed to /v1/traces (OTLP JSON), with its attributes made plain. */
const receiver = () => {
  const spans: Array<Span> = []
  const paths: Array<string> = []
  const metrics: Array<any> = []
  /** The last value exported of a metric's data point with these attributes (a histogram's: its count). */
  const metric = (name: string, attributes: Record<string, string>): number | undefined => {
    let found: number | undefined
    for (const document of metrics) {
      for (const resource of document.resourceMetrics ?? []) {
        for (const scope of resource.scopeMetrics ?? []) {
          for (const m of scope.metrics ?? []) {
            if (m.name !== name) continue
            for (const point of m.sum?.dataPoints ?? m.histogram?.dataPoints ?? []) {
              const attrs = Object.fromEntries((point.attributes ?? []).map((a: any) => [a.key, a.value.stringValue]))
              if (Object.entries(attributes).every(([k, v]) => attrs[k] === v)) {
                found = point.asDouble ?? (point.asInt === undefined ? Number(point.count) : Number(point.asInt))
              }
            }
          }
        }
      }
    }
    return found
  }
  const server: Server = createServer((request, response) => {
    let body = ""
    request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk))
    request.on("end", () => {
      paths.push(request.url ?? "")
      if (request.url === "/v1/metrics") {
        metrics.push(JSON.parse(body))
        response.writeHead(200, { "content-type": "application/json" }).end("{}")
        return
      }
      const document = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<any> }> }> }
      for (const resource of document.resourceSpans) {
        for (const scope of resource.scopeSpans) {
          for (const span of scope.spans) {
            const attributes: Record<string, unknown> = {}
            for (const { key, value } of span.attributes ?? []) {
              attributes[key] = value.stringValue ?? value.boolValue ?? value.doubleValue ??
                (value.intValue === undefined ? undefined : Number(value.intValue))
            }
            spans.push({ ...span, attributes })
          }
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  const listening = new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  )
  return { spans, paths, metric, listening, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const receivers: Array<ReturnType<typeof receiver>> = []
beforeAll(() => void ensureCli(), 180_000)
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()))
  removeWorkspaces()
})

describe("traces", () => {
  it(
    "a run exports its span tree — run, rounds, children — with run id, round, agent, status, tokens and cost; and its metrics",
    async () => {
      const otlp = receiver()
      receivers.push(otlp)
      const endpoint = await otlp.listening
      const { root, ws } = newWorkspace()
      claudeStandIn(root, ws)
      // The endpoint alone turns export on.
      const result = await runCli(["run", "--json", "--max-rounds", "3", "Ship it"], {
        cwd: ws,
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }
      })
      assert.strictEqual(result.code, 0, result.stderr)
      const envelope = jsonDocument(result)
      assert.deepStrictEqual([...new Set(otlp.paths)].sort(), ["/v1/metrics", "/v1/traces"])
      const named = (name: string) => otlp.spans.filter((span) => span.name === name)
      const [run, ...otherRuns] = named("ralph.run")
      assert.isDefined(run)
      assert.deepStrictEqual(otherRuns, [])
      assert.strictEqual(run.attributes["ralph.run_id"], envelope.runId)
      assert.strictEqual(run.attributes["ralph.agent"], "claude")
      assert.strictEqual(run.attributes["ralph.status"], "complete")
      assert.strictEqual(run.attributes["ralph.rounds"], 2)
      assert.strictEqual(run.attributes["gen_ai.usage.input_tokens"], 2000)
      assert.strictEqual(run.attributes["gen_ai.usage.output_tokens"], 500)
      assert.closeTo(run.attributes["ralph.cost_usd"] as number, 0.02, 1e-9)

      const rounds = named("ralph.round").sort((a, b) =>
        Number(a.attributes["ralph.round"]) - Number(b.attributes["ralph.round"])
      )
      assert.deepStrictEqual(rounds.map((r) => r.attributes["ralph.round"]), [1, 2])
      assert.deepStrictEqual(rounds.map((r) => r.attributes["ralph.status"]), ["continue", "complete"])
      for (const [i, round] of rounds.entries()) {
        assert.strictEqual(round.parentSpanId, run.spanId)
        assert.strictEqual(round.traceId, run.traceId)
        assert.strictEqual(round.attributes["ralph.run_id"], envelope.runId)
        assert.strictEqual(round.attributes["ralph.agent"], "claude")
        assert.strictEqual(round.attributes["gen_ai.usage.input_tokens"], standInUsage[i]!.input)
        assert.strictEqual(round.attributes["gen_ai.usage.output_tokens"], standInUsage[i]!.output)
        assert.strictEqual(round.attributes["ralph.cost_usd"], standInUsage[i]!.cost)
        const children = named("ralph.child").filter((child) => child.parentSpanId === round.spanId)
        assert.strictEqual(children.length, 1, `one child under round ${i + 1}`)
        assert.isNumber(children[0]!.attributes["process.pid"])
        assert.strictEqual(children[0]!.attributes["ralph.round"], i + 1)
      }
      assert.strictEqual(named("ralph.child").length, 2)
      // And the metrics, flushed as ralph ended.
      const claude = { "ralph.agent": "claude" }
      assert.strictEqual(otlp.metric("ralph.rounds", { ...claude, "ralph.status": "continue" }), 1)
      assert.strictEqual(otlp.metric("ralph.rounds", { ...claude, "ralph.status": "complete" }), 1)
      assert.strictEqual(otlp.metric("ralph.tokens", { ...claude, "ralph.token_type": "input" }), 2000)
      assert.strictEqual(otlp.metric("ralph.tokens", { ...claude, "ralph.token_type": "output" }), 500)
      assert.closeTo(otlp.metric("ralph.cost_usd", claude)!, 0.02, 1e-9)
      assert.strictEqual(otlp.metric("ralph.runs", { ...claude, "ralph.status": "complete" }), 1)
      assert.strictEqual(otlp.metric("ralph.round.duration_ms", claude), 2)
    },
    60_000
  )

  it("a failed round's spans say so, with the reason", async () => {
    const otlp = receiver()
    receivers.push(otlp)
    const endpoint = await otlp.listening
    const { root, ws } = newWorkspace()
    const agent = writeAgent(root, "agent.sh", "echo broken >&2\nexit 3")
    const result = await runCli(["run", "--json", "--agent-cmd", agent, "Ship it"], {
      cwd: ws,
      env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces` }
    })
    assert.strictEqual(result.code, 4, result.stderr)
    const round = otlp.spans.find((span) => span.name === "ralph.round")
    assert.strictEqual(round?.status?.code, 2)
    assert.strictEqual(round?.attributes["ralph.status"], "failed")
    assert.strictEqual(round?.attributes["ralph.failure_reason"], "crashed")
    const run = otlp.spans.find((span) => span.name === "ralph.run")
    assert.strictEqual(run?.status?.code, 2)
    assert.strictEqual(run?.attributes["ralph.status"], "RoundFailed")
  }, 60_000)

  it("exports nothing when OTEL_TRACES_EXPORTER and OTEL_METRICS_EXPORTER say none", async () => {
    const otlp = receiver()
    receivers.push(otlp)
    const endpoint = await otlp.listening
    const { root, ws } = newWorkspace()
    claudeStandIn(root, ws)
    const result = await runCli(["run", "--json", "Ship it"], {
      cwd: ws,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_TRACES_EXPORTER: "none", OTEL_METRICS_EXPORTER: "none" }
    })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.deepStrictEqual(otlp.paths, [])
  }, 60_000)
})
