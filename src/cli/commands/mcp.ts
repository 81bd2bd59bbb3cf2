import { Effect } from "effect"
import { Command } from "effect/cli"
import { runFlags } from "../flags.ts"
import { CliSession, settleFailure } from "../session.ts"
import { loadSettings } from "../settings.ts"

// Every setting a run takes, but --json and --quiet: the protocol is the output, stderr its log.
const { json: _json, quiet: _quiet, ...serverFlags } = runFlags

export const mcp = Command.make("mcp", serverFlags, (flags) =>
  Effect.gen(function*() {
    const session = yield* CliSession
    // Read once, when the server starts: an agent editing ralph.config.json in the workspace
    // cannot change what later calls run.
    const settings = yield* loadSettings(flags, process.env, flags)
    // Each call settles on its own; the process has no one result to print, even when a signal stops it.
    session.claimResult()
    // Loaded only for this command: effect/ai stays out of every other command's start-up.
    const { serve } = yield* Effect.promise(() => import("../mcp/server.ts"))
    process.stderr.write(
      `ralph: serving the ralph tool over MCP on stdio (agent ${settings.config.subagentProvider})\n`
    )
    return yield* serve(settings, session)
  }).pipe(Effect.catch((error) => CliSession.use((session) => Effect.sync(() => settleFailure(session, error)))))).pipe(
    Command.withDescription(
      "Serve the ralph tool over MCP on stdin/stdout, for agent hosts; agent, caps and engine come from this command's settings"
    )
  )
