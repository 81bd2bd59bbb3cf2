import { Effect, Option } from "effect"
import { Argument, CliError, Command } from "effect/cli"
import { closest } from "../domain/suggest.ts"
import { answer, note } from "./commands/answer.ts"
import { cancel } from "./commands/cancel.ts"
import { checkpoints } from "./commands/checkpoints.ts"
import { dashboard } from "./commands/dashboard.ts"
import { diff } from "./commands/diff.ts"
import { exportRun } from "./commands/export.ts"
import { mcp } from "./commands/mcp.ts"
import { restore } from "./commands/restore.ts"
import { resume } from "./commands/resume.ts"
import { run } from "./commands/run.ts"
import { runs } from "./commands/runs.ts"
import { show } from "./commands/show.ts"
import { submit } from "./commands/submit.ts"
import { watch } from "./commands/watch.ts"
import { worker } from "./commands/worker.ts"
import { workers } from "./commands/workers.ts"

const commands = [
  run,
  resume,
  runs,
  show,
  watch,
  answer,
  note,
  diff,
  restore,
  checkpoints,
  exportRun,
  mcp,
  dashboard,
  submit,
  worker,
  cancel,
  workers
] as const
const commandNames = ["help", ...commands.map((c) => c.name)]

/**
 * `ralph help [COMMAND]`: the help `ralph [COMMAND] --help` prints, as gh and cargo offer it
 * (effect/cli shows a command's help on stdout when asked with a ShowHelp that carries no error).
 */
const help = Command.make(
  "help",
  {
    command: Argument.String("command").pipe(
      Argument.withDescription(`The command to show the help of: ${commandNames.join(", ")} (default: all of ralph)`),
      Argument.optional
    )
  },
  ({ command }) =>
    Effect.fail(
      Option.isNone(command) || commandNames.includes(command.value)
        ? new CliError.ShowHelp({ commandPath: ["ralph", ...Option.toArray(command)], errors: [] })
        : new CliError.ShowHelp({
          commandPath: ["ralph"],
          errors: [
            new CliError.UnknownSubcommand({
              subcommand: command.value,
              parent: ["ralph"],
              suggestions: Option.toArray(Option.fromUndefinedOr(closest(command.value, commandNames)))
            })
          ]
        })
    )
).pipe(Command.withDescription("Show the help of ralph or of one of its commands"))

export const ralph = Command.make("ralph").pipe(
  Command.withDescription("Run one objective through a sequence of fresh coding-agent processes"),
  Command.withSubcommands([...commands, help])
)
