import { Context, Effect, Result, type Scope } from "effect"
import * as fs from "node:fs"
import { join } from "node:path"
import { InvalidArguments, type LeaseLost, StateUnavailable, type WorkspaceLocked } from "../domain/errors.ts"
import { decodeEntry, isJournalEntry, type JournalEntry, type NewEntry, parseJournal } from "../domain/journal.ts"
import { viewRun } from "../domain/runFold.ts"
import { type RunSummary, type RunView, summarize } from "../domain/runView.ts"
import { defaults } from "../domain/settings.ts"
import { thrownCode, thrownMessage } from "../domain/thrown.ts"
import { isProcessAlive } from "../process/liveness.ts"
import type { Fence } from "../sql/fence.ts"

export type { NewEntry } from "../domain/journal.ts"

/**
 * An open journal: append-only, each entry committed before the append returns — the JSONL journal
 * fdatasyncs each line; the SQL store lets round entries reach the disk with the engine's next
 * flushing commit (`lazyFlush`, see SqlRunStore's `appendEntry`).
 */
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

/** Entries read from a cursor on, and where the next read starts (a byte offset, or an entry's sequence number). */
export interface EntriesAfter {
  readonly entries: ReadonlyArray<JournalEntry>
  readonly cursor: number
}

/** What driving a run holds on its store. */
export interface RunHold {
  /** What the run's writes are fenced by: none on a store of local files (the workspace lock serves there). */
  readonly fence: Fence | undefined
  /**
   * Drives the run with its writes fenced: once the hold is lost, `effect` is interrupted (its child
   * stopped) and fails with LeaseLost.
   */
  readonly drive: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | LeaseLost, R>
}

/** The hold of a store on local files: nothing to lose. */
const localHold: RunHold = { fence: undefined, drive: (effect) => effect }

/** What a round's child printed, as the store kept it (stdout cut, stderr's last part). */
export interface KeptOutput {
  readonly round: number
  readonly attempt: number
  readonly stdout: string
  readonly stderr: string
}

/** How much of a round's stdout the journal keeps. */
export const keptStdoutBytes = defaults.keptStdoutBytes

/** One recorded run in a listing: what its journal says, or why it cannot be read (never skipped). */
export type RunListing =
  | { readonly _tag: "Readable"; readonly summary: RunSummary }
  | { readonly _tag: "Damaged"; readonly runId: string; readonly problem: string }

// Journals hold objectives, workspaces and agents' output: only their owner may read them.
const privateDir = 0o700
const privateFile = 0o600

/**
 * Makes the next append start a line of its own after a crash mid-write: a torn last line is cut
 * off, a last line that lost only its newline (read back as a whole entry) gets it. Durable before
 * anything is appended.
 */
const repairTail = (fd: number): void => {
  const size = fs.fstatSync(fd).size
  const chunk = Buffer.alloc(64 * 1024)
  let lineStart = 0
  for (let end = size; end > 0;) {
    const start = Math.max(0, end - chunk.length)
    const read = fs.readSync(fd, chunk, 0, end - start, start)
    const newline = chunk.subarray(0, read).lastIndexOf(0x0a)
    if (newline >= 0) {
      lineStart = start + newline + 1
      break
    }
    end = start
  }
  if (lineStart === size) return
  const tail = Buffer.alloc(size - lineStart)
  fs.readSync(fd, tail, 0, tail.length, lineStart)
  if (isJournalEntry(tail.toString("utf8"))) fs.writeSync(fd, "\n")
  else fs.ftruncateSync(fd, lineStart)
  fs.fsyncSync(fd)
}

const unavailable = (path: string, error: unknown) =>
  new StateUnavailable({
    path,
    problem: `${
      thrownMessage(error)
    }; check that the directory exists, is writable and has space, or choose another with --state-dir`
  })

/** What a run id may be (it names a directory and a database key). */
export const validRunId = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

const outputHeader = /^=== round (\d+) attempt (\d+) (stdout|stderr)[^(\n]*\((\d+) bytes\)\n/

/**
 * Reads back output.log, which `keepOutput` writes as headed blocks whose headers give their byte
 * lengths (so output holding header-like lines cannot confuse it). A block cut by a crash ends it.
 */
const parseOutputLog = (log: Buffer): ReadonlyArray<KeptOutput> => {
  const kept: Array<KeptOutput> = []
  let at = 0
  const block = () => {
    const header = outputHeader.exec(log.subarray(at, at + 200).toString("latin1"))
    if (header === null) return undefined
    const start = at + header[0].length
    const end = start + Number(header[4])
    if (end > log.length) return undefined
    at = end + 1
    return { round: Number(header[1]), attempt: Number(header[2]), text: log.subarray(start, end).toString("utf8") }
  }
  while (at < log.length) {
    const stdout = block()
    const stderr = stdout === undefined ? undefined : block()
    if (stdout === undefined || stderr === undefined) break
    kept.push({ round: stdout.round, attempt: stdout.attempt, stdout: stdout.text, stderr: stderr.text })
  }
  return kept
}

/** Runs recorded on disk under a state directory outside the workspace. */
export class RunStore extends Context.Service<RunStore, {
  readonly root: string
  /** Checks the state directory can be written, before any child starts. */
  readonly prepare: Effect.Effect<void, StateUnavailable>
  /** Opens (creating if need be) a run's journal for appending. */
  readonly open: (runId: string) => Effect.Effect<RunJournal, StateUnavailable>
  readonly read: (runId: string) => Effect.Effect<RunView, StateUnavailable | InvalidArguments>
  /** A run's record, entry by entry, each decoded with the journal's schema. */
  readonly entries: (runId: string) => Effect.Effect<ReadonlyArray<JournalEntry>, StateUnavailable | InvalidArguments>
  /**
   * The entries appended after `cursor` (0: the whole record), and the cursor to ask from next: one
   * that follows a run (a waiting run's inbox, src/loop/inbox.ts) reads only what is new.
   */
  readonly entriesAfter: (runId: string, cursor: number) => Effect.Effect<EntriesAfter, StateUnavailable>
  /**
   * Marks the run as driven by this process for the scope, for stores other machines share:
   * WorkspaceLocked while another process drives it. (A store on local files has the workspace lock.)
   */
  readonly hold: (
    runId: string,
    workspace: string
  ) => Effect.Effect<RunHold, WorkspaceLocked | StateUnavailable, Scope.Scope>
  /** The output kept of a run's rounds, in the order they were kept. */
  readonly outputs: (runId: string) => Effect.Effect<ReadonlyArray<KeptOutput>, StateUnavailable>
  readonly list: Effect.Effect<ReadonlyArray<RunListing>, StateUnavailable>
}>()("ralph/RunStore") {
  static readonly make = (root: string): RunStore["Service"] => {
    const runsDir = join(root, "runs")
    const runDir = (runId: string) => join(runsDir, runId)

    const prepare = Effect.try({
      try: () => {
        fs.mkdirSync(runsDir, { recursive: true, mode: privateDir })
        // Made before (or by hand): tightened.
        for (const ours of [root, runsDir]) {
          if ((fs.statSync(ours).mode & 0o077) !== 0) fs.chmodSync(ours, privateDir)
        }
        const probe = join(runsDir, `.probe-${process.pid}`)
        fs.writeFileSync(probe, "ok", { mode: privateFile })
        fs.rmSync(probe)
      },
      catch: (error) => unavailable(runsDir, error)
    }).pipe(Effect.withSpan("RunStore.prepare"))

    const open = Effect.fn("RunStore.open")(function*(runId: string) {
      const dir = runDir(runId)
      const file = join(dir, "journal.jsonl")
      const outputLog = join(dir, "output.log")
      yield* Effect.try({
        try: () => {
          // What ralph keeps in the state dir is private (`prepare` tightened the dir itself).
          fs.mkdirSync(dir, { recursive: true, mode: privateDir })
          for (const ours of [runsDir, dir]) fs.chmodSync(ours, privateDir)
          const fd = fs.openSync(file, "a+", privateFile)
          try {
            fs.fchmodSync(fd, privateFile)
            repairTail(fd)
          } finally {
            fs.closeSync(fd)
          }
          if (fs.existsSync(outputLog)) fs.chmodSync(outputLog, privateFile)
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
                outputLog,
                Buffer.concat([
                  Buffer.from(`=== round ${round} attempt ${attempt} stdout (${stdout.length} bytes)\n`),
                  stdout,
                  Buffer.from(`\n=== round ${round} attempt ${attempt} stderr, last part (${stderr.length} bytes)\n`),
                  stderr,
                  Buffer.from("\n")
                ]),
                { mode: privateFile }
              )
            },
            catch: (error) => unavailable(dir, error)
          })
      }
      return journal
    })

    const readEntries = (
      runId: string
    ): Effect.Effect<ReadonlyArray<JournalEntry>, StateUnavailable | InvalidArguments> =>
      Effect.suspend((): Effect.Effect<ReadonlyArray<JournalEntry>, StateUnavailable | InvalidArguments> => {
        if (!validRunId.test(runId)) {
          return Effect.fail(new InvalidArguments({ argument: "runId", problem: `"${runId}" is not a run id` }))
        }
        const file = join(runDir(runId), "journal.jsonl")
        let text: string
        try {
          text = fs.readFileSync(file, "utf8")
        } catch (error) {
          return thrownCode(error) === "ENOENT"
            ? Effect.fail(
              new InvalidArguments({
                argument: "runId",
                problem:
                  `no run ${runId} in ${runsDir}; \`ralph runs\` lists the runs there (or pass the --state-dir it used)`
              })
            )
            : Effect.fail(unavailable(file, error))
        }
        const parsed = parseJournal(text)
        if (Result.isFailure(parsed)) {
          return Effect.fail(
            new StateUnavailable({
              path: file,
              problem:
                `the journal is corrupt at line ${parsed.failure.line} (${parsed.failure.problem}); ralph will not guess what happened`
            })
          )
        }
        return Effect.succeed(parsed.success)
      })

    // Complete lines only: one being written (or torn by a crash) is read once whole.
    const entriesAfter = (runId: string, cursor: number) => {
      const file = join(runDir(runId), "journal.jsonl")
      return Effect.try({
        try: (): EntriesAfter => {
          const fd = fs.openSync(file, "r")
          try {
            const size = fs.fstatSync(fd).size
            if (size <= cursor) return { entries: [], cursor }
            const chunk = Buffer.alloc(size - cursor)
            fs.readSync(fd, chunk, 0, chunk.length, cursor)
            const end = chunk.lastIndexOf(0x0a) + 1
            const entries: Array<JournalEntry> = []
            for (const line of chunk.subarray(0, end).toString("utf8").split("\n")) {
              if (line.trim() === "") continue
              const decoded = decodeEntry(line)
              if (Result.isFailure(decoded)) throw new Error(`an entry after byte ${cursor} is damaged`)
              entries.push(decoded.success)
            }
            return { entries, cursor: cursor + end }
          } finally {
            fs.closeSync(fd)
          }
        },
        catch: (error) => unavailable(file, error)
      })
    }

    const readView = (runId: string) => Effect.map(readEntries(runId), (entries) => viewRun(entries, isProcessAlive))

    const list = Effect.gen(function*() {
      const names = yield* Effect.try({
        try: () => fs.existsSync(runsDir) ? fs.readdirSync(runsDir).filter((name) => validRunId.test(name)) : [],
        catch: (error) => unavailable(runsDir, error)
      })
      const listing: Array<RunListing> = []
      for (const name of names.sort()) {
        const view = yield* Effect.result(readView(name))
        listing.push(
          Result.isSuccess(view)
            ? { _tag: "Readable", summary: summarize(view.success) }
            : {
              _tag: "Damaged",
              runId: name,
              problem: view.failure._tag === "StateUnavailable" ? view.failure.problem : "it holds no journal.jsonl"
            }
        )
      }
      return listing
    }).pipe(Effect.withSpan("RunStore.list"))

    const outputs = (runId: string) =>
      Effect.try({
        try: () => {
          const file = join(runDir(runId), "output.log")
          return fs.existsSync(file) ? parseOutputLog(fs.readFileSync(file)) : []
        },
        catch: (error) => unavailable(join(runDir(runId), "output.log"), error)
      })

    return RunStore.of({
      root,
      prepare,
      open,
      read: readView,
      entries: readEntries,
      entriesAfter,
      hold: () => Effect.succeed(localHold),
      outputs,
      list
    })
  }
}
