import { Context, Effect, Layer, Result } from "effect"
import * as fs from "node:fs"
import { join } from "node:path"
import { InvalidArguments, StateUnavailable } from "../domain/errors.ts"
import { type JournalEntry, parseJournal, type RunView, viewRun } from "../domain/journal.ts"
import { isProcessAlive } from "./liveness.ts"

/** A distribution of the journal's entry type without its timestamp, which the store adds. */
export type NewEntry = JournalEntry extends infer E ? E extends JournalEntry ? Omit<E, "t"> : never : never

/** An open journal: append-only, each line flushed to disk before the append returns. */
export interface RunJournal {
  readonly dir: string
  readonly append: (entry: NewEntry) => Effect.Effect<void, StateUnavailable>
  /** Keeps a round's output next to the journal, cut to `maxBytes` each. */
  readonly keepOutput: (
    round: number,
    attempt: number,
    output: { readonly stdout: string; readonly stderr: string }
  ) => Effect.Effect<void, StateUnavailable>
}

/** How much of a round's stdout the journal keeps. */
export const keptStdoutBytes = 1024 * 1024

const unavailable = (path: string, error: unknown) =>
  new StateUnavailable({
    path,
    problem: `${(error as Error).message ?? String(error)}; check that the directory exists, is writable and has space, or choose another with --state-dir`
  })

const validRunId = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** Runs recorded on disk under a state directory outside the workspace. */
export class RunStore extends Context.Service<RunStore, {
  readonly root: string
  /** Checks the state directory can be written, before any child starts. */
  readonly prepare: Effect.Effect<void, StateUnavailable>
  /** Opens (creating if need be) a run's journal for appending. */
  readonly open: (runId: string) => Effect.Effect<RunJournal, StateUnavailable>
  readonly read: (runId: string) => Effect.Effect<RunView, StateUnavailable | InvalidArguments>
  readonly list: Effect.Effect<ReadonlyArray<RunView>, StateUnavailable>
}>()("ralph/RunStore") {
  static readonly layer = (root: string) =>
    Layer.succeed(RunStore, RunStore.make(root))

  static readonly make = (root: string): RunStore["Service"] => {
    const runsDir = join(root, "runs")
    const runDir = (runId: string) => join(runsDir, runId)

    const prepare = Effect.try({
      try: () => {
        fs.mkdirSync(runsDir, { recursive: true })
        const probe = join(runsDir, `.probe-${process.pid}`)
        fs.writeFileSync(probe, "ok")
        fs.rmSync(probe)
      },
      catch: (error) => unavailable(runsDir, error)
    }).pipe(Effect.withSpan("RunStore.prepare"))

    const open = Effect.fn("RunStore.open")(function*(runId: string) {
      const dir = runDir(runId)
      const file = join(dir, "journal.jsonl")
      yield* Effect.try({
        try: () => {
          fs.mkdirSync(dir, { recursive: true })
          fs.closeSync(fs.openSync(file, "a"))
          // Make the new directory entries durable too, so a crash cannot lose the whole journal.
          for (const parent of [runsDir, dir]) {
            const dirFd = fs.openSync(parent, "r")
            fs.fsyncSync(dirFd)
            fs.closeSync(dirFd)
          }
        },
        catch: (error) => unavailable(file, error)
      })
      const journal: RunJournal = {
        dir,
        append: (entry) =>
          Effect.try({
            try: () => {
              const fd = fs.openSync(file, "a")
              try {
                fs.writeSync(fd, `${JSON.stringify({ t: new Date().toISOString(), ...entry })}\n`)
                fs.fdatasyncSync(fd)
              } finally {
                fs.closeSync(fd)
              }
            },
            catch: (error) => unavailable(file, error)
          }),
        keepOutput: (round, attempt, output) =>
          Effect.try({
            // One file per run, appended to: a file created per round costs more than the round.
            try: () => {
              const stdout = Buffer.from(output.stdout, "utf8").subarray(0, keptStdoutBytes)
              const stderr = Buffer.from(output.stderr, "utf8")
              fs.appendFileSync(
                join(dir, "output.log"),
                Buffer.concat([
                  Buffer.from(`=== round ${round} attempt ${attempt} stdout (${stdout.length} bytes)\n`),
                  stdout,
                  Buffer.from(`\n=== round ${round} attempt ${attempt} stderr, last part (${stderr.length} bytes)\n`),
                  stderr,
                  Buffer.from("\n")
                ])
              )
            },
            catch: (error) => unavailable(dir, error)
          })
      }
      return journal
    })

    const readView = (runId: string): Effect.Effect<RunView, StateUnavailable | InvalidArguments> =>
      Effect.suspend((): Effect.Effect<RunView, StateUnavailable | InvalidArguments> => {
        if (!validRunId.test(runId)) {
          return Effect.fail(new InvalidArguments({ argument: "runId", problem: `"${runId}" is not a run id` }))
        }
        const file = join(runDir(runId), "journal.jsonl")
        let text: string
        try {
          text = fs.readFileSync(file, "utf8")
        } catch (error) {
          return (error as NodeJS.ErrnoException).code === "ENOENT"
            ? Effect.fail(
              new InvalidArguments({
                argument: "runId",
                problem: `no run ${runId} in ${runsDir}; \`ralph runs\` lists the runs there (or pass the --state-dir it used)`
              })
            )
            : Effect.fail(unavailable(file, error))
        }
        const parsed = parseJournal(text)
        if (Result.isFailure(parsed)) {
          return Effect.fail(
            new StateUnavailable({
              path: file,
              problem: `the journal is corrupt at line ${parsed.failure.line} (${parsed.failure.problem}); ralph will not guess what happened`
            })
          )
        }
        return Effect.succeed(viewRun(parsed.success, isProcessAlive))
      })

    const list = Effect.gen(function*() {
      const names = yield* Effect.try({
        try: () => fs.existsSync(runsDir) ? fs.readdirSync(runsDir).filter((name) => validRunId.test(name)) : [],
        catch: (error) => unavailable(runsDir, error)
      })
      const views: Array<RunView> = []
      for (const name of names.sort()) {
        // A damaged or foreign entry in the listing is skipped here; `ralph show` names its problem.
        const view = yield* Effect.result(readView(name))
        if (Result.isSuccess(view)) views.push(view.success)
      }
      return views
    }).pipe(Effect.withSpan("RunStore.list"))

    return RunStore.of({ root, prepare, open, read: readView, list })
  }
}
