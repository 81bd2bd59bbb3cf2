#!/usr/bin/env node
import { NodeServices } from "@effect/platform-node"
import { Cause, Effect, Exit } from "effect"
import { Command } from "effect/cli"
import { Cancelled, InvalidArguments } from "./domain/errors.ts"
import { ralph } from "./cli/commands.ts"
import { session, settleFailure } from "./cli/session.ts"
import { version } from "./version.ts"

const argv = process.argv.slice(2)
session.json = argv.includes("--json")

const main = Command.runWith(ralph, { version, renderErrors: !session.json })(argv).pipe(
  // effect/cli already printed usage errors for people; under --json the one document says it instead.
  Effect.catch((error) =>
    Effect.sync(() => {
      if (session.json) settleFailure(new InvalidArguments({ argument: "command line", problem: String(error.message) }))
      process.exitCode = 1
    })
  ),
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
