#!/usr/bin/env node
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Cause, Console, Effect, Exit, identity } from "effect"
import { type CliError, Command } from "effect/cli"
import { Cancelled, InvalidArguments } from "./domain/errors.ts"
import { ralph } from "./cli/commands.ts"
import { session, settleFailure } from "./cli/session.ts"
import { version } from "./version.ts"

const argv = process.argv.slice(2)
session.json = argv.includes("--json")

/** What effect/cli found wrong with the command line, in one sentence. */
const usageProblem = (error: CliError.CliError): string =>
  error._tag === "ShowHelp" ? error.errors.map((e) => e.message).join("; ") : error.message

const main = Command.runWith(ralph, { version, renderErrors: !session.json })(argv).pipe(
  // effect/cli has printed usage and errors for people; under --json the one document says it instead.
  Effect.catch((error) =>
    Effect.sync(() => {
      if (error._tag === "ShowHelp" && error.errors.length === 0) return
      if (session.json) settleFailure(new InvalidArguments({ argument: "command line", problem: usageProblem(error) }))
      process.exitCode = 1
    })
  ),
  // Under --json, stdout is reserved for the one JSON document: effect/cli's own text goes to stderr.
  session.json ? Effect.provideService(Console.Console, { ...globalThis.console, log: globalThis.console.error }) : identity,
  Effect.onInterrupt(() =>
    Effect.sync(() => settleFailure(new Cancelled({
      ...(session.signal === undefined ? {} : { signal: session.signal }),
      ...(session.currentRound === undefined ? {} : { round: session.currentRound })
    })))
  ),
  Effect.provide(NodeServices.layer)
)

const fiber = Effect.runFork(main)

/**
 * The first SIGINT or SIGTERM interrupts the run: the child's process group gets SIGTERM, then SIGKILL
 * after the grace period, and ralph waits for it before printing Cancelled. A second signal kills
 * the children at once and exits.
 */
const onSignal = (signal: "SIGINT" | "SIGTERM") => {
  if (session.signal !== undefined) {
    for (const pid of session.livePids) {
      try {
        process.kill(-pid, "SIGKILL")
      } catch {
        // Already gone.
      }
    }
    settleFailure(new Cancelled({ signal: session.signal, ...(session.currentRound === undefined ? {} : { round: session.currentRound }) }))
    process.exit(process.exitCode ?? 130)
  }
  session.signal = signal
  fiber.interruptUnsafe(fiber.id)
}
process.on("SIGINT", () => onSignal("SIGINT"))
process.on("SIGTERM", () => onSignal("SIGTERM"))

fiber.addObserver((exit) => {
  if (Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause)) {
    process.stderr.write(`ralph: internal error: ${Cause.pretty(exit.cause)}\n`)
    process.exitCode = 5
  }
  process.exit(process.exitCode ?? 0)
})
