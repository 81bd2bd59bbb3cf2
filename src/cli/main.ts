#!/usr/bin/env node
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Cause, Console, Effect, Exit, identity, Layer, Logger } from "effect"
import { type CliError, CliOutput, Command } from "effect/cli"
import { Cancelled, InvalidArguments, type InvalidConfig } from "../domain/errors.ts"
import { defaults } from "../domain/settings.ts"
import { metricsWanted, tracesWanted } from "../telemetry/wanted.ts"
import { version } from "../version.ts"
import { ralph } from "./commands.ts"
import { variableRefusal } from "./flags.ts"
import { exitCodes } from "./present/output.ts"
import { CliSession, makeSession, settleFailure } from "./session.ts"

const argv = process.argv.slice(2)
// The process's session: the command gets it as the CliSession service, the signal handlers here.
const session = makeSession(argv.includes("--json"), defaults.maxResultChars)

/** What effect/cli found wrong with the command line, in one sentence. */
const usageProblem = (error: CliError.CliError): string =>
  error._tag === "ShowHelp" ? error.errors.map((e) => e.message).join("; ") : error.message

/** A bad flag value is named by its flag, with the parser's own words; anything else concerns the command line. */
const usageError = (error: CliError.CliError): InvalidArguments | InvalidConfig => {
  const invalid = error._tag === "ShowHelp" && error.errors.length === 1 ? error.errors[0]! : error
  if (invalid._tag !== "InvalidValue") {
    return new InvalidArguments({ argument: "command line", problem: usageProblem(error) })
  }
  const refusal = variableRefusal(invalid)
  if (refusal !== undefined) return refusal
  const expected = invalid.expected.replace(/^Expected:? /, "")
  return new InvalidArguments({
    argument: invalid.kind === "flag" ? `--${invalid.option}` : invalid.option,
    // effect/cli reports a flag given without its value as an empty value.
    problem: invalid.value === "" ? `missing value; expected ${expected}` : expected
  })
}

/** A console whose `log` writes to stderr, for text that must stay off stdout. */
const stderrConsole = {
  ...globalThis.console,
  log: (...args: ReadonlyArray<unknown>) => globalThis.console.error(...args)
}

/**
 * Help that was asked for (`--help`) goes to stdout; help shown because the command line is wrong
 * goes to stderr with the errors, so that stdout never holds a usage complaint.
 */
const presenter: CliOutput.Presenter = {
  present: (event) =>
    event._tag === "InvalidInvocation"
      ? CliOutput.defaultPresenter.present(event).pipe(Effect.provideService(Console.Console, stderrConsole))
      : CliOutput.defaultPresenter.present(event)
}

const main = Command.runWith(ralph, { version, renderErrors: !session.json })(argv).pipe(
  // effect/cli has printed usage and errors for people; under --json the one document says it instead.
  Effect.catch((error) =>
    Effect.sync(() => {
      if (error._tag === "ShowHelp" && error.errors.length === 0) return
      if (session.json) settleFailure(session, usageError(error))
      process.exitCode = 1
    })
  ),
  // Under --json, stdout is reserved for the one JSON document: effect/cli's own text goes to stderr.
  session.json ? Effect.provideService(Console.Console, stderrConsole) : identity,
  Effect.provideService(CliOutput.Presenter, presenter),
  Effect.onInterrupt(() =>
    Effect.sync(() =>
      settleFailure(
        session,
        new Cancelled({
          ...(session.signal === undefined ? {} : { signal: session.signal }),
          ...(session.currentRound === undefined ? {} : { round: session.currentRound })
        })
      )
    )
  ),
  // The exporters are loaded only when traces or metrics are wanted: ralph without them pays nothing.
  tracesWanted(process.env) || metricsWanted(process.env)
    ? Effect.provide(Layer.unwrap(
      Effect.promise(() => import("../telemetry/otlp.ts")).pipe(
        Effect.map((otlp) => otlp.layer(process.env))
      )
    ))
    : identity,
  // stdout is for results (the one JSON document, the MCP protocol): effect's own logs go to stderr.
  Effect.provideService(Logger.LogToStderr, true),
  Effect.provideService(CliSession, session),
  Effect.provide(NodeServices.layer)
)

let exiting = false

/**
 * Exits once everything written to stdout and stderr has reached the OS: a pipe takes 64 KiB at a
 * time, and `process.exit` drops what is still queued. An empty write's callback runs once every
 * write before it is done.
 */
const exitWhenFlushed = (fallbackCode: number) => {
  if (exiting) return
  exiting = true
  let pending = 2
  const flushed = () => {
    if (--pending === 0) process.exit(process.exitCode ?? fallbackCode)
  }
  process.stdout.write("", flushed)
  process.stderr.write("", flushed)
}

/**
 * The first SIGINT or SIGTERM interrupts the run: the child's process group gets SIGTERM, then SIGKILL
 * after the grace period, and ralph waits for it before printing Cancelled. A second signal kills
 * the children at once, prints Cancelled and exits once that is written. A signal that arrives while
 * ralph only waits for a reader to take its output exits at once, as interrupted.
 */
const onSignal = (signal: "SIGINT" | "SIGTERM") => {
  const code = signal === "SIGTERM" ? exitCodes.sigterm : exitCodes.sigint
  if (exiting) process.exit(code)
  // A command that drives no run (watch, runs, show, export) has nothing to cancel: it only stops.
  if (!session.drives) {
    session.endStatus?.()
    if (session.watching !== undefined) {
      process.stderr.write(
        `ralph: ${signal}: stopped watching; run ${session.watching} goes on (ralph watch ${session.watching} follows it again)\n`
      )
    }
    process.exitCode = code
    return exitWhenFlushed(code)
  }
  if (session.signal !== undefined) {
    for (const pid of session.livePids) {
      try {
        process.kill(-pid, "SIGKILL")
      } catch {
        // Already gone.
      }
    }
    settleFailure(
      session,
      new Cancelled({
        signal: session.signal,
        ...(session.currentRound === undefined ? {} : { round: session.currentRound })
      })
    )
    return exitWhenFlushed(exitCodes.sigint)
  }
  session.signal = signal
  session.endStatus?.()
  // Stopping a child can take its whole grace period: say so at once, and how not to wait.
  process.stderr.write(
    `ralph: ${signal}: stopping the agent (SIGTERM, then SIGKILL after the grace); a second Ctrl-C kills it now\n`
  )
  fiber.interruptUnsafe(fiber.id)
}
// Before the fiber starts: it runs synchronously up to the child's spawn, and a signal that came
// before the handlers would kill ralph outright and leave the child running.
process.on("SIGINT", () => onSignal("SIGINT"))
process.on("SIGTERM", () => onSignal("SIGTERM"))

const fiber = Effect.runFork(main)

fiber.addObserver((exit) => {
  if (Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause)) {
    process.stderr.write(`ralph: internal error: ${Cause.pretty(exit.cause)}\n`)
    process.exitCode = 5
  }
  exitWhenFlushed(0)
})
