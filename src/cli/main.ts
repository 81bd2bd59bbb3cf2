#!/usr/bin/env node
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Cause, ConfigProvider, Console, Effect, Exit, identity, Layer, Logger } from "effect"
import { CliOutput, Command } from "effect/cli"
import { Cancelled } from "../domain/errors.ts"
import { defaults } from "../domain/settings.ts"
import { metricsWanted, tracesWanted } from "../telemetry/wanted.ts"
import { version } from "../version.ts"
import { ralph } from "./commands.ts"
import { exitCodes } from "./present/output.ts"
import { CliSession, makeSession, settleFailure } from "./session.ts"
import { settingsProvider } from "./settingSources.ts"
import { usageError, usageText } from "./usage.ts"

const argv = process.argv.slice(2)
// The process's session: the command gets it as the CliSession service, the signal handlers here.
const session = makeSession(argv.includes("--json"), defaults.maxResultChars)

/** A console whose `log` writes to stderr, for text that must stay off stdout. */
const stderrConsole = {
  ...globalThis.console,
  log: (...args: ReadonlyArray<unknown>) => globalThis.console.error(...args)
}

/**
 * Help that was asked for (`--help`, `ralph help`) goes to stdout. A wrong command line gets no
 * help dumped before its error: main says what was wrong and where the help is (src/cli/usage.ts).
 */
const presenter: CliOutput.Presenter = {
  present: (event) => event._tag === "InvalidInvocation" ? Effect.void : CliOutput.defaultPresenter.present(event)
}

const main = Command.runWith(ralph, { version })(argv).pipe(
  // The error once: the one document under --json, else the error and a pointer to the help on stderr.
  Effect.catch((error) =>
    Effect.sync(() => {
      if (error._tag === "ShowHelp" && error.errors.length === 0) return
      const problem = usageError(error, argv)
      if (session.json) return settleFailure(session, problem)
      process.stderr.write(usageText(problem, error._tag === "ShowHelp" ? error.commandPath : ["ralph"]))
      process.exitCode = exitCodes.invalid
    })
  ),
  // A flag falls back to its setting's Config while the command line is parsed: over the variables
  // alone, as the workspace (and so its ralph.config.json) is not known before the command line is.
  Effect.provideService(ConfigProvider.ConfigProvider, settingsProvider(process.env, {})),
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

/**
 * Exits once everything written to stdout and stderr has reached the OS: a pipe takes 64 KiB at a
 * time, and `process.exit` drops what is still queued. An empty write's callback runs once every
 * write before it is done.
 */
const exitWhenFlushed = (fallbackCode: number) => {
  if (!session.beginExit()) return
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
  if (session.exiting) process.exit(code)
  // A command that drives no run (watch, runs, show, export) has nothing to cancel: it only stops.
  if (!session.drivesRuns) {
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
  session.signalled(signal)
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
