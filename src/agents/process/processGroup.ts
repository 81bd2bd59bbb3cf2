import { type Duration, Effect, Fiber } from "effect"
import { spawn } from "node:child_process"
import { isGroupAlive, stopGroup } from "../../record/liveness.ts"
import { ChildFailed } from "../SubagentProvider.ts"
import type { TailBuffer } from "./outputCapture.ts"

/** Where stdout goes: it keeps a chunk and returns true, or refuses it once past its bound (an `OutputCapture`). */
export interface StdoutSink {
  readonly maxBytes: number
  readonly push: (chunk: Uint8Array) => boolean
}

export interface AgentProcessOptions {
  readonly command: string
  readonly args: ReadonlyArray<string>
  readonly cwd: string
  /** The whole environment of the child. */
  readonly env: NodeJS.ProcessEnv
  /** Written to stdin, which is then closed; `null` for /dev/null. */
  readonly stdin: string | null
  readonly stdout: StdoutSink
  readonly stderr: TailBuffer
  /** Called on every chunk of output, for idle detection. */
  readonly onOutput: () => void
  readonly onSpawn: (pid: number) => Effect.Effect<void>
  /** Between SIGTERM and SIGKILL when the group is stopped. */
  readonly killGrace: Duration.Duration
}

export interface ProcessExit {
  readonly code: number | null
  readonly signal: string | null
}

/**
 * Runs one agent process in a process group of its own, driven by node:child_process directly (the
 * `effect/process` spawner cost several milliseconds of CPU a round; see bench/RESULTS.md).
 *
 * The leader's exit ends it: whatever the leader left in its group is then stopped, so no process
 * outlives the round and the pipes close, and the output is read to its end. Past the stdout bound
 * the group is stopped and it fails with `output-limit`. Interrupting it stops the group and waits
 * until it is gone.
 */
export const runAgentProcess = (options: AgentProcessOptions): Effect.Effect<ProcessExit, ChildFailed> =>
  Effect.suspend(() => {
    // What happened, recorded as it happens; the fiber picks it up once it waits.
    let outcome: Effect.Effect<ProcessExit, ChildFailed> | undefined
    let wake: ((effect: Effect.Effect<ProcessExit, ChildFailed>) => void) | undefined
    const finish = (effect: Effect.Effect<ProcessExit, ChildFailed>) => {
      if (outcome !== undefined) return
      outcome = effect
      wake?.(effect)
    }
    let exit: ProcessExit | undefined
    let openStreams = 2
    let overflowed = false
    const settleIfDone = () => {
      // Past the stdout bound, the outcome is the overflow, settled once the group is stopped.
      if (exit !== undefined && openStreams === 0 && !overflowed) finish(Effect.succeed(exit))
    }
    const child = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      stdio: [options.stdin === null ? "ignore" : "pipe", "pipe", "pipe"],
      detached: true
    })
    const pid = child.pid
    const stdout = child.stdout!
    const stderr = child.stderr!
    // One stop per child, however many paths ask for it (the leader's exit, an interrupt, the stdout
    // bound): a second stop would signal again and restart the grace.
    let stopping: Fiber.Fiber<void> | undefined
    const stop = (): Fiber.Fiber<void> => stopping ??= Effect.runFork(stopGroup(pid!, options.killGrace))
    child.on("error", (error) => {
      // A child that never started (ENOENT, EACCES…): nothing to stop.
      if (pid === undefined) {
        finish(
          Effect.fail(
            new ChildFailed({ reason: "crashed", detail: `could not start ${options.command}: ${error.message}` })
          )
        )
      }
    })
    stdout.on("data", (chunk: Buffer) => {
      options.onOutput()
      if (overflowed || options.stdout.push(chunk)) return
      overflowed = true
      stdout.destroy()
      const overflow = new ChildFailed({
        reason: "output-limit",
        detail: `the agent wrote more than ${options.stdout.maxBytes} bytes to stdout; ralph stops reading there`
      })
      stop().addObserver(() => finish(Effect.fail(overflow)))
    })
    stderr.on("data", (chunk: Buffer) => {
      options.onOutput()
      options.stderr.push(chunk)
    })
    for (const stream of [stdout, stderr]) {
      stream.on("close", () => {
        openStreams--
        settleIfDone()
      })
    }
    if (child.stdin !== null && options.stdin !== null) {
      // A child that exits without reading its prompt is not an error of ralph's.
      child.stdin.on("error", () => {})
      child.stdin.end(options.stdin)
    }
    child.on("exit", (code, signal) => {
      exit = { code, signal }
      // The leader is gone: stop what it left in its group, which also closes the pipes.
      if (pid !== undefined && isGroupAlive(pid)) {
        stop().addObserver(settleIfDone)
      } else {
        settleIfDone()
      }
    })
    const waitForIt = Effect.callback<ProcessExit, ChildFailed>((resume) => {
      if (outcome !== undefined) return resume(outcome)
      wake = resume
      return Effect.suspend(() => pid === undefined ? Effect.void : Fiber.join(stop()))
    })
    return pid === undefined ? waitForIt : Effect.andThen(options.onSpawn(pid), waitForIt).pipe(
      // Interrupted while telling of the spawn: the child must not outlive us.
      Effect.onInterrupt(() => Effect.suspend(() => Fiber.join(stop())))
    )
  })
