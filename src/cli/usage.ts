/**
 * What effect/cli found wrong with a command line, in ralph's words: one error (the JSON document's
 * under --json) and, for a person, that error, what was probably meant and where the help is — as
 * gh and cargo do, not the whole help before the error.
 */
import type { CliError } from "effect/cli"
import { InvalidArguments, type InvalidConfig } from "../domain/errors.ts"
import { escapeBlock } from "../domain/terminalText.ts"
import { variableRefusal } from "./flags.ts"

type Problem = Exclude<CliError.CliError, CliError.ShowHelp>

const didYouMean = (suggestions: ReadonlyArray<string>): string =>
  suggestions.length === 0 ? "" : `; did you mean ${suggestions.join(" or ")}?`

/** A flag given no value because its value starts with `-` (`--agent-args --verbose`): the way to pass it. */
const dashedValue = (flag: string, argv: ReadonlyArray<string>): string => {
  const at = argv.indexOf(`--${flag}`)
  const next = at === -1 ? undefined : argv[at + 1]
  return next !== undefined && next.startsWith("-")
    ? `; a value that starts with - is taken for a flag: write --${flag}=${next}`
    : ""
}

/** One problem in one sentence, without effect/cli's "Expected: expected …" doubling. */
const sentence = (problem: Problem): string => {
  switch (problem._tag) {
    case "UnrecognizedOption":
      return `Unrecognized flag: ${problem.option}${
        problem.command === undefined ? "" : ` in command ${problem.command.join(" ")}`
      }${didYouMean(problem.suggestions)}`
    case "UnknownSubcommand":
      return `Unknown subcommand "${problem.subcommand}"${didYouMean(problem.suggestions)}`
    default:
      return problem.message
  }
}

/** A bad flag value is named by its flag, with the parser's own words; anything else concerns the command line. */
export const usageError = (
  error: CliError.CliError,
  argv: ReadonlyArray<string>
): InvalidArguments | InvalidConfig => {
  const all: ReadonlyArray<Problem> = error._tag === "ShowHelp" ? error.errors : [error]
  // The flags after an unknown command were meant for the command meant: that it is unknown says it all.
  const unknownCommand = all.filter((p) => p._tag === "UnknownSubcommand")
  const problems = unknownCommand.length > 0 ? unknownCommand : all
  const invalid = problems.find((p): p is CliError.InvalidValue => p._tag === "InvalidValue")
  if (invalid !== undefined) {
    const refusal = variableRefusal(invalid)
    if (refusal !== undefined) return refusal
    const expected = invalid.expected.replace(/^Expected:? /, "")
    return new InvalidArguments({
      argument: invalid.kind === "flag" ? `--${invalid.option}` : invalid.option,
      // effect/cli reports a flag given without its value as an empty value.
      problem: invalid.value === ""
        ? `missing value (--${invalid.option} ${expected})${dashedValue(invalid.option, argv)}`
        : expected
    })
  }
  // A value taken for a flag also shows as that flag being unknown: the missing value says it all.
  const missing = problems.find((p): p is CliError.MissingOption => p._tag === "MissingOption")
  return new InvalidArguments({
    argument: "command line",
    problem: missing !== undefined && dashedValue(missing.option, argv) !== ""
      ? `--${missing.option} has no value${dashedValue(missing.option, argv)}`
      : problems.map(sentence).join("; ")
  })
}

/** For a person on stderr: the error, then one line pointing at the help of the command concerned. */
export const usageText = (error: InvalidArguments | InvalidConfig, commandPath: ReadonlyArray<string>): string =>
  `ralph: ${escapeBlock(error.message)}\n` +
  (error._tag === "InvalidConfig" ? "" : `Run '${[...commandPath, "--help"].join(" ")}' for usage.\n`)
