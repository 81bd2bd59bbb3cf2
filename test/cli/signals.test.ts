/** Ctrl-C and SIGTERM during a round, through the built binary. */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { join } from "node:path"
import { isGone, killGroup, sq, waitForPid, writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli, startCli } from "../support/cli.ts"
import { continueReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const leftovers: Array<number> = []
afterAll(() => {
  leftovers.forEach(killGroup)
  removeWorkspaces()
})

/**
 * A workspace whose agent finishes round 1 with a continue report, then in round 2 records its pid
 * and a grandchild's and hangs (optionally ignoring SIGTERM).
 */
const hangingInRound2 = (options: { ignoreTerm?: boolean } = {}) => {
  const { root, ws } = newWorkspace()
  const agent = writeAgent(
    root,
    "agent.sh",
    [
      `if [ "$RALPH_ROUND" = 1 ]; then printf '%s\\n' ${sq(JSON.stringify(continueReport))}; exit 0; fi`,
      options.ignoreTerm === true ? "trap '' TERM INT" : "",
      `sleep 60 &`,
      `echo $! > ${sq(join(root, "grandchild.pid"))}`,
      `echo $$ > ${sq(join(root, "child.pid"))}`,
      options.ignoreTerm === true ? "while :; do sleep 1; done" : "wait"
    ].join("\n")
  )
  return { root, ws, agent }
}

const interruptDuringRound = async (
  signal: "SIGINT" | "SIGTERM",
  options: { json: boolean; ignoreTerm?: boolean; killGrace?: string }
) => {
  const { agent, root, ws } = hangingInRound2(options)
  const args = [
    "run",
    ...(options.json ? ["--json"] : []),
    "--agent",
    "exec",
    "--agent-cmd",
    agent,
    "--kill-grace",
    options.killGrace ?? "300ms",
    "wait for it"
  ]
  const running = startCli(args, { cwd: ws })
  const child = await waitForPid(join(root, "child.pid"), 15_000)
  const grandchild = await waitForPid(join(root, "grandchild.pid"), 15_000)
  leftovers.push(child, grandchild)
  assert.isFalse(isGone(child), "the round's child is running")
  const sent = Date.now()
  running.child.kill(signal)
  const result = await running.result
  return { result, child, grandchild, took: Date.now() - sent }
}

describe.concurrent("cancelling a run during a round", () => {
  it("Ctrl-C (SIGINT) with --json: one Cancelled document, exit 130, the child tree gone", async () => {
    const { child, grandchild, result } = await interruptDuringRound("SIGINT", { json: true })
    assert.strictEqual(result.code, 130, result.stderr)
    const doc = jsonDocument(result)
    assert.deepStrictEqual(Object.keys(doc), ["error"])
    assert.strictEqual(doc.error._tag, "Cancelled")
    assert.strictEqual(doc.error.signal, "SIGINT")
    assert.strictEqual(doc.error.round, 2)
    assert.match(doc.error.message, /cancelled/i)
    assert.isTrue(isGone(child), `child ${child} outlived ralph`)
    assert.isTrue(isGone(grandchild), `grandchild ${grandchild} outlived ralph`)
  })

  it("SIGTERM with --json: one Cancelled document, exit 143, the child tree gone", async () => {
    const { child, grandchild, result } = await interruptDuringRound("SIGTERM", { json: true })
    assert.strictEqual(result.code, 143, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.error._tag, "Cancelled")
    assert.strictEqual(doc.error.signal, "SIGTERM")
    assert.isTrue(isGone(child))
    assert.isTrue(isGone(grandchild))
  })

  it("Ctrl-C without --json: exit 130, the cancellation told on stderr, nothing on stdout", async () => {
    const { child, result } = await interruptDuringRound("SIGINT", { json: false })
    assert.strictEqual(result.code, 130)
    assert.strictEqual(result.stdout, "")
    assert.match(result.stderr, /cancelled/i)
    assert.isTrue(isGone(child))
  })

  it("a child ignoring SIGTERM is killed after --kill-grace; ralph still settles as Cancelled", async () => {
    const { child, grandchild, result, took } = await interruptDuringRound("SIGINT", {
      json: true,
      ignoreTerm: true,
      killGrace: "600ms"
    })
    assert.strictEqual(result.code, 130, result.stderr)
    assert.strictEqual(jsonDocument(result).error._tag, "Cancelled")
    assert.isAtLeast(took, 550, "ralph waited the grace before SIGKILL")
    assert.isTrue(isGone(child))
    assert.isTrue(isGone(grandchild))
  })

  it("a second signal kills the children at once and exits, still with one Cancelled document", async () => {
    const { agent, root, ws } = hangingInRound2({ ignoreTerm: true })
    const running = startCli(
      ["run", "--json", "--agent", "exec", "--agent-cmd", agent, "--kill-grace", "60s", "wait for it"],
      { cwd: ws }
    )
    const child = await waitForPid(join(root, "child.pid"), 15_000)
    leftovers.push(child)
    running.child.kill("SIGINT")
    await new Promise((resolve) => setTimeout(resolve, 300))
    const sent = Date.now()
    running.child.kill("SIGINT")
    const result = await running.result
    assert.isBelow(Date.now() - sent, 5_000, "did not wait for the 60 s grace")
    assert.strictEqual(result.code, 130, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.error._tag, "Cancelled")
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.isTrue(isGone(child), "the stubborn child was SIGKILLed")
  })
})

describe("a signal to a command that drives no run", () => {
  it("Ctrl-C on ralph watch stops the watching, not the run, and says so", async () => {
    const { agent, root, ws } = hangingInRound2()
    const running = startCli(["run", "--json", "--agent", "exec", "--agent-cmd", agent, "wait for it"], { cwd: ws })
    const child = await waitForPid(join(root, "child.pid"), 15_000)
    leftovers.push(child)
    const [listed] = JSON.parse((await runCli(["runs", "--json"], { cwd: ws })).stdout) as Array<{ runId: string }>
    const watching = startCli(["watch", listed!.runId], { cwd: ws })
    // Let watch read the record once before the signal.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    watching.child.kill("SIGINT")
    const watched = await watching.result
    assert.strictEqual(watched.code, 130, watched.stderr)
    assert.include(watched.stderr, `stopped watching; run ${listed!.runId} goes on`)
    assert.notInclude(watched.stderr, "stopping the agent")
    assert.notInclude(watched.stderr, "cancelled")
    assert.isFalse(isGone(child), "the run's child is still running")
    const [after] = JSON.parse((await runCli(["runs", "--json"], { cwd: ws })).stdout) as Array<{ state: string }>
    assert.strictEqual(after!.state, "running")
    running.child.kill("SIGTERM")
    assert.strictEqual((await running.result).code, 143)
  })
})
