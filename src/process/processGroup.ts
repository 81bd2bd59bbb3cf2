/**
 * Running one program ralph does not trust — an agent, the verify command, git in a workspace — in
 * a process group of its own (and, for the first two, an enclosure that also holds what leaves the
 * group), and stopping every process it started before this returns.
 */
import { type Duration, Effect, Schema } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { type Enclosure, type EnclosureHost, openEnclosure } from "./enclosure.ts"
import { stopGroup } from "./liveness.ts"
import type { TailBuffer } from "./outputCapture.ts"

/** Where stdout goes: it keeps a chunk and returns true, or refuses it once past its bound (an `OutputCapture`). */
export interface StdoutSink {
  readonly maxBytes: number
  readonly push: (chunk: Uint8Array) => boolean
}

export interface ProcessGroupOptions {
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
  /**
   * Whether what the child starts outside its process group is found and stopped too (an
   * enclosure: a cgroup, else a marker in the environment). For programs that may run the
   * worker's code; git with its programs switched off does without (an enclosure costs a cgroup,
   * or a scan of /proc). The host's facts (`enclosureHost()`), read once by the caller's layer, or
   * `false`.
   */
  readonly enclose: EnclosureHost | false
}

export interface ProcessExit {
  readonly code: number | null
  readonly signal: string | null
}

/** The program could not be started, or wrote more to stdout than its sink takes. */
export class ProcessFailed extends Schema.TaggedError<ProcessFailed>()("ProcessFailed", {
  reason: Schema.Literals(["crashed", "output-limit"]),
  detail: Schema.String
}) {
  override get message(): string {
    return this.detail
  }
}

/** After everything is stopped, how long a pipe may stay open (held by a process no stop could find). */
const drainMillis = 1000

/** How the leader's run ended, before the rest is stopped. */
type Ending = { readonly _tag: "Exited"; readonly exit: ProcessExit } | {
  readonly _tag: "Failed"
  readonly error: ProcessFailed
}

const started = (options: ProcessGroupOptions, enclosure: Enclosure | undefined): ChildProcess =>
  (enclosure?.spawn ?? ((spawnIt: () => ChildProcess) => spawnIt()))(() =>
    spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: enclosure === undefined ? options.env : { ...options.env, ...enclosure.env },
      stdio: [options.stdin === null ? "ignore" : "pipe", "pipe", "pipe"],
      detached: true
    })
  )

/**
 * Runs one program in a process group of its own, driven by node:child_process directly (the
 * `effect/process` spawner cost several milliseconds of CPU a round; see bench/RESULTS.md).
 *
 * The leader's exit ends it: whatever the leader left in its group (or its enclosure) is then
 * stopped, so no process outlives the call and the pipes close, and the output is read to its end.
 * Past the stdout bound everything is stopped and it fails with `output-limit`. Interrupting it
 * stops everything and waits until it is gone. The stop runs in the calling fiber, as a finalizer.
 */
export const runProcessGroup = (options: ProcessGroupOptions): Effect.Effect<ProcessExit, ProcessFailed> =>
  Effect.suspend(() => {
    const enclosure = options.enclose === false ? undefined : openEnclosure(options.enclose)
    let child: ChildProcess
    try {
      child = started(options, enclosure)
    } catch (error) {
      // A spawn refused outright (an argument Node will not pass): a defect, as before, minus the cgroup.
      enclosure?.release()
      throw error
    }
    const pid = child.pid
    const stdout = child.stdout!
    const stderr = child.stderr!
    // What happened, recorded as it happens; the fiber picks it up once it waits.
    let ending: Ending | undefined
    let wake: ((value: Ending) => void) | undefined
    const end = (value: Ending) => {
      if (ending !== undefined) return
      ending = value
      wake?.(value)
    }
    let openStreams = 2
    // Past the stdout bound, also when it is passed after the leader's exit (by what it left).
    let overflow: ProcessFailed | undefined
    let drained: (() => void) | undefined
    child.on("error", (error) => {
      // A child that never started (ENOENT, EACCES…): nothing to stop.
      if (pid === undefined) {
        end({
          _tag: "Failed",
          error: new ProcessFailed({
            reason: "crashed",
            detail: `could not start ${options.command}: ${error.message}`
          })
        })
      }
    })
    stdout.on("data", (chunk: Buffer) => {
      options.onOutput()
      if (overflow !== undefined || options.stdout.push(chunk)) return
      stdout.destroy()
      overflow = new ProcessFailed({
        reason: "output-limit",
        detail:
          `${options.command} wrote more than ${options.stdout.maxBytes} bytes to stdout; ralph stops reading there`
      })
      end({ _tag: "Failed", error: overflow })
    })
    stderr.on("data", (chunk: Buffer) => {
      options.onOutput()
      options.stderr.push(chunk)
    })
    for (const stream of [stdout, stderr]) {
      stream.on("close", () => {
        if (--openStreams === 0) drained?.()
      })
    }
    if (child.stdin !== null && options.stdin !== null) {
      // A child that exits without reading its prompt is not an error of ralph's.
      child.stdin.on("error", () => {})
      child.stdin.end(options.stdin)
    }
    child.on("exit", (code, signal) => end({ _tag: "Exited", exit: { code, signal } }))

    const leaderEnded = Effect.callback<Ending>((resume) => {
      if (ending !== undefined) return resume(Effect.succeed(ending))
      wake = (value) => resume(Effect.succeed(value))
    })
    // Every process of the group and the enclosure is gone once the pipes close; one that holds
    // them all the same (it left both) is not waited for.
    const streamsClosed = Effect.callback<void>((resume) => {
      if (openStreams === 0) return resume(Effect.void)
      drained = () => resume(Effect.void)
      const timer = setTimeout(() => {
        stdout.destroy()
        stderr.destroy()
        resume(Effect.void)
      }, drainMillis)
      return Effect.sync(() => clearTimeout(timer))
    })
    const stopAll = Effect.suspend(() => pid === undefined ? Effect.void : stopGroup(pid, options.killGrace, enclosure))
      .pipe(Effect.ensuring(Effect.sync(() => enclosure?.release())))

    const waited = pid === undefined ? leaderEnded : Effect.andThen(options.onSpawn(pid), leaderEnded)
    return waited.pipe(
      // Whatever ended the wait — the leader's exit, the stdout bound, an interrupt — everything
      // else the child started is stopped here, before this returns.
      Effect.ensuring(stopAll),
      Effect.flatMap((ended) =>
        ended._tag === "Failed"
          ? Effect.fail(ended.error)
          : Effect.flatMap(streamsClosed, () =>
            overflow === undefined ? Effect.succeed(ended.exit) : Effect.fail(overflow))
      )
    )
  })
