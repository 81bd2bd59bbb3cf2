/**
 * `ralph answer RUN "TEXT"` and `ralph note RUN "TEXT"`: a person's word to a run, written to its
 * record from any process sharing the store — whether or not a ralph drives the run now. The run
 * waiting for an answer reads it from there (src/loop/inbox.ts); a note goes to the next child.
 */
import { Effect, Option } from "effect"
import { Argument, Command } from "effect/cli"
import { readFileSync } from "node:fs"
import { InvalidArguments } from "../../domain/errors.ts"
import { checkMessage, type MessageKind } from "../../domain/messages.ts"
import { isLive, type RunView } from "../../domain/runView.ts"
import type { NewEntry, RunStore } from "../../record/RunStore.ts"
import { withFoundRun } from "../findRun.ts"
import { optionalString, readFlags, runIdArgument } from "../flags.ts"
import { resumeCommand } from "../present/output.ts"
import { printRead } from "../present/print.ts"
import { loadLocation } from "../settings.ts"
import type { StoreLocation } from "../store.ts"

const bad = (argument: string, problem: string) => new InvalidArguments({ argument, problem })

/** The message: the argument, or the file (`-`: stdin), never both; checked (src/domain/messages.ts). */
const readMessage = (kind: MessageKind, given: Option.Option<string>, file: Option.Option<string>) =>
  Effect.suspend(() => {
    if (Option.isSome(given) === Option.isSome(file)) {
      return Effect.fail(bad(kind, `give the ${kind} either as an argument or with --file F (- reads stdin), once`))
    }
    const path = Option.getOrElse(file, () => "-")
    let raw: string
    try {
      raw = Option.isSome(given) ? given.value : readFileSync(path === "-" ? 0 : path, "utf8")
    } catch (error) {
      return Effect.fail(bad("--file", `cannot read ${path}: ${(error as Error).message}`))
    }
    const checked = checkMessage(kind, raw)
    return "problem" in checked ? Effect.fail(bad(kind, checked.problem)) : Effect.succeed(checked.text)
  })

/** What became of the message, for a person. */
interface Told {
  readonly runId: string
  readonly kind: MessageKind
  readonly round: number | null
  /** Whether a ralph drives the run now (else it goes on once resumed). */
  readonly driven: boolean
  readonly resume: string
}

const toldText = (told: Told): string => {
  const what = told.kind === "answer"
    ? `Answered run ${told.runId} (the blocker of round ${told.round}).`
    : `Noted for run ${told.runId}: the next round's worker gets the note.`
  return told.driven
    ? `${what} The run goes on.`
    : `${what} No ralph drives the run now: continue it with ${told.resume}`
}

/**
 * The message's entry for the run, or why the run cannot take it: an answer only while it waits
 * for one (and then for the round it waits on), a note unless it has ended.
 */
const entryFor = (kind: MessageKind, text: string, view: RunView): NewEntry | { readonly refused: string } => {
  const runId = view.started.runId
  if (kind === "note") {
    return view.envelope === null
      ? { type: "note", text }
      : { refused: `run ${runId} has ended (${view.state}): a note would reach no one` }
  }
  if (view.waiting === null) return { refused: `run ${runId} is not waiting for an answer (it is ${view.state})` }
  if (view.waiting.answer !== null) {
    return { refused: `run ${runId} was answered already (round ${view.waiting.round})` }
  }
  return { type: "answer", round: view.waiting.round, text }
}

const tell =
  (kind: MessageKind, text: string, location: StoreLocation) => (store: RunStore["Service"], runId: string) =>
    Effect.gen(function*() {
      const view = yield* store.read(runId)
      const entry = entryFor(kind, text, view)
      if ("refused" in entry) return yield* bad("runId", entry.refused)
      const journal = yield* store.open(runId)
      yield* journal.append(entry)
      const round = entry.type === "answer" ? entry.round : null
      return { runId, kind, round, driven: isLive(view.state), resume: resumeCommand(runId, location) } satisfies Told
    })

const messageCommand = (kind: MessageKind, description: string) =>
  Command.make(
    kind,
    {
      ...readFlags,
      runId: runIdArgument,
      text: Argument.String("text").pipe(
        Argument.withDescription(`The ${kind}'s text (or --file)`),
        Argument.optional
      ),
      file: optionalString("file", "FILE", `Read the ${kind} from FILE (- for stdin)`)
    },
    (flags) =>
      printRead(
        flags.json,
        Effect.gen(function*() {
          const text = yield* readMessage(kind, flags.text, flags.file)
          const location = yield* loadLocation(flags, process.env)
          return yield* withFoundRun(location, flags.runId, tell(kind, text, location))
        }),
        toldText,
        ({ driven, kind: _kind, resume: _resume, round, runId }) => ({ runId, round, driven })
      )
  ).pipe(Command.withDescription(description))

export const answer = messageCommand(
  "answer",
  "Answer the blocker of a run waiting for an answer (--on-blocked ask): the next round's worker gets it"
)

export const note = messageCommand(
  "note",
  "Leave guidance for a run's next round: handed, after the handoff, to the next worker to start (once)"
)
