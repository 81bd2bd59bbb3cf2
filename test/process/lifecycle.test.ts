/** Stopping real children, and bounding what they print. */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Exit, Fiber, Option, Result } from "effect"
import { join } from "node:path"
import { Ralph } from "../../src/loop/Ralph.ts"
import {
  cleanup,
  isGone,
  killGroup,
  makeTempDir,
  printJson,
  readPid,
  sq,
  waitForPid,
  writeAgent
} from "../support/agents.ts"
import { execRalphLayer, request, runChild, testLimits } from "../support/process.ts"
import { completeReport } from "../support/reports.ts"

const dirs: Array<string> = []
const pids: Array<number> = []
const tempDir = () => {
  const dir = makeTempDir()
  dirs.push(dir)
  return dir
}
afterAll(() => {
  pids.forEach(killGroup)
  dirs.forEach(cleanup)
})

/** A child that records its pid and a grandchild's, then waits forever. */
const hangingAgent = (dir: string, options: { ignoreTerm?: boolean } = {}) =>
  writeAgent(
    dir,
    "hang.sh",
    [
      options.ignoreTerm === true ? "trap '' TERM" : "",
      `sleep 60 &`,
      `echo $! > ${sq(join(dir, "grandchild.pid"))}`,
      `echo $$ > ${sq(join(dir, "child.pid"))}`,
      options.ignoreTerm === true ? "while :; do sleep 1; done" : "wait"
    ].join("\n")
  )

const waitForPids = (dir: string) =>
  Effect.promise(async () => {
    const child = await waitForPid(join(dir, "child.pid"))
    const grandchild = await waitForPid(join(dir, "grandchild.pid"))
    pids.push(child, grandchild)
    return { child, grandchild }
  })

const failureOf = (result: Result.Result<unknown, { readonly _tag: string }>) => {
  if (Result.isSuccess(result)) throw new Error("expected the round to fail")
  return result.failure as unknown as { _tag: string; reason: string; detail: string; stderrTail?: string }
}

describe.concurrent("stopping a child", () => {
  it.live("interrupting a hanging child: the child and its grandchild are gone when the interrupt returns", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const fiber = yield* Effect.forkChild(runChild([hangingAgent(dir)], request(dir)))
      const { child, grandchild } = yield* waitForPids(dir)
      assert.isFalse(isGone(child))
      assert.isFalse(isGone(grandchild))
      yield* Fiber.interrupt(fiber)
      assert.isTrue(isGone(child), `child ${child} still running`)
      assert.isTrue(isGone(grandchild), `grandchild ${grandchild} still running`)
    }))

  it.live("a child that ignores SIGTERM is killed after the grace period, with its grandchild", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const grace = 400
      const fiber = yield* Effect.forkChild(
        runChild(
          [hangingAgent(dir, { ignoreTerm: true })],
          request(dir),
          testLimits({ killGrace: Duration.millis(grace) })
        )
      )
      const { child, grandchild } = yield* waitForPids(dir)
      const started = Date.now()
      yield* Fiber.interrupt(fiber)
      const took = Date.now() - started
      assert.isAtLeast(took, grace - 20, "SIGTERM alone did not stop it; ralph waited the grace before SIGKILL")
      assert.isTrue(isGone(child), `child ${child} still running`)
      assert.isTrue(isGone(grandchild), `grandchild ${grandchild} still running`)
    }))

  it.live("a child that honours SIGTERM is not made to wait for the grace period", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const fiber = yield* Effect.forkChild(
        runChild([hangingAgent(dir)], request(dir), testLimits({ killGrace: Duration.seconds(20) }))
      )
      const { child } = yield* waitForPids(dir)
      const started = Date.now()
      yield* Fiber.interrupt(fiber)
      assert.isBelow(Date.now() - started, 10_000)
      assert.isTrue(isGone(child))
    }))

  it.live("a round timeout fails the round as timeout and leaves no process behind", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const result = yield* Effect.result(
        runChild([hangingAgent(dir)], request(dir), testLimits({ roundTimeout: Option.some(Duration.millis(300)) }))
      )
      const failure = failureOf(result)
      assert.strictEqual(failure.reason, "timeout")
      const child = readPid(join(dir, "child.pid"))!
      const grandchild = readPid(join(dir, "grandchild.pid"))!
      pids.push(child, grandchild)
      assert.isTrue(isGone(child))
      assert.isTrue(isGone(grandchild))
    }))

  it.live("an idle timeout fails a silent child as idle-timeout", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const result = yield* Effect.result(
        runChild([hangingAgent(dir)], request(dir), testLimits({ idleTimeout: Option.some(Duration.millis(300)) }))
      )
      assert.strictEqual(failureOf(result).reason, "idle-timeout")
      const child = readPid(join(dir, "child.pid"))!
      pids.push(child)
      assert.isTrue(isGone(child))
    }))

  it.live(
    "a child that exits leaving a background process holding stdout does not stall the round",
    () =>
      Effect.gen(function*() {
        const dir = tempDir()
        const agent = writeAgent(
          dir,
          "daemon.sh",
          [`sleep 30 &`, `echo $! > ${sq(join(dir, "grandchild.pid"))}`, printJson(completeReport)].join("\n")
        )
        const started = Date.now()
        const fiber = yield* Effect.forkChild(runChild([agent], request(dir)))
        const grandchild = yield* Effect.promise(() => waitForPid(join(dir, "grandchild.pid")))
        pids.push(grandchild)
        const exit = yield* Fiber.join(fiber).pipe(Effect.timeout("10 seconds"), Effect.exit)
        if (Exit.isFailure(exit)) yield* Fiber.interrupt(fiber)
        assert.isTrue(Exit.isSuccess(exit), "the round ended within 10 s of the child's exit")
        assert.isBelow(Date.now() - started, 10_000)
        if (Exit.isSuccess(exit)) assert.deepStrictEqual(exit.value.value, completeReport)
        assert.isTrue(isGone(grandchild), "no process outlives the round")
      }),
    30_000
  )

  it.live("interrupting a Ralph run during a round stops the child process tree", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const fiber = yield* Effect.forkChild(
        Effect.gen(function*() {
          const ralph = yield* Ralph
          return yield* ralph.run({ objective: "wait" })
        }).pipe(Effect.provide(execRalphLayer([hangingAgent(dir)], { workspace: dir })))
      )
      const { child, grandchild } = yield* waitForPids(dir)
      yield* Fiber.interrupt(fiber)
      assert.isTrue(isGone(child))
      assert.isTrue(isGone(grandchild))
    }))
})

describe.concurrent("bounded output", () => {
  it.live("an endless stdout flood fails the round at the bound, saying so, and the child is stopped", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(dir, "flood.sh", `echo $$ > ${sq(join(dir, "child.pid"))}\nexec yes 'flooding stdout'`)
      const result = yield* Effect.result(runChild([agent], request(dir), testLimits({ maxStdoutBytes: 64 * 1024 })))
      const failure = failureOf(result)
      assert.strictEqual(failure.reason, "output-limit")
      assert.include(failure.detail, "65536 bytes")
      assert.include(failure.detail, "stdout")
      const child = readPid(join(dir, "child.pid"))!
      pids.push(child)
      assert.isTrue(isGone(child))
    }))

  it.live("stdout exactly at the bound is read whole; one byte more fails", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const json = JSON.stringify(completeReport)
      const bound = 4096
      const exact = writeAgent(
        dir,
        "exact.sh",
        `printf '%s' ${sq(json)}\nhead -c ${bound - json.length} /dev/zero | tr '\\0' ' '`
      )
      const output = yield* runChild([exact], request(dir), testLimits({ maxStdoutBytes: bound }))
      assert.deepStrictEqual(output.value, completeReport)
      const over = writeAgent(
        dir,
        "over.sh",
        `printf '%s' ${sq(json)}\nhead -c ${bound - json.length + 1} /dev/zero | tr '\\0' ' '`
      )
      const failure = failureOf(
        yield* Effect.result(runChild([over], request(dir), testLimits({ maxStdoutBytes: bound })))
      )
      assert.strictEqual(failure.reason, "output-limit")
    }))

  it.live("a stderr flood never fails the round", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(
        dir,
        "noisy.sh",
        `head -c 20000000 /dev/zero | tr '\\0' 'e' >&2\n${printJson(completeReport)}`
      )
      const output = yield* runChild([agent], request(dir), testLimits({ stderrTailBytes: 1024 }))
      assert.deepStrictEqual(output.value, completeReport)
    }))

  it.live("after a stderr flood only a bounded tail is kept, ending with the last thing said", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(
        dir,
        "noisy-fail.sh",
        `head -c 20000000 /dev/zero | tr '\\0' 'e' >&2\necho >&2\necho 'the last words' >&2\nexit 1`
      )
      const failure = failureOf(
        yield* Effect.result(runChild([agent], request(dir), testLimits({ stderrTailBytes: 1024 })))
      )
      assert.strictEqual(failure.reason, "crashed")
      assert.isDefined(failure.stderrTail)
      assert.isAtMost(failure.stderrTail.length, 1024)
      assert.isTrue(failure.stderrTail.endsWith("the last words"))
      assert.include(failure.detail, "the last words")
    }))
})
