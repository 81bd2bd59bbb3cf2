import { Effect } from "effect"
import { Command } from "effect/cli"
import { isLoopback, minTokenLength } from "../../dashboard/access.ts"
import { InvalidArguments, InvalidConfig } from "../../domain/errors.ts"
import { dashboardFlags } from "../flags.ts"
import { fleetReader } from "../fleet.ts"
import { type DashboardSettings, loadDashboardSettings } from "../serverSettings.ts"
import { CliSession, settleFailure } from "../session.ts"
import { configFileName } from "../settingSources.ts"
import { recordsOnce } from "../store.ts"

/** Whether a setting came from the workspace's ralph.config.json, which the workspace's agents can edit and read. */
const fromWorkspaceFile = (source: string | undefined) => source?.startsWith(configFileName) === true

/**
 * Off loopback a token is required, and one long enough not to be guessed. Neither comes from the
 * workspace's file: its agents could open the dashboard to the network with a token they chose.
 */
const checkAccess = Effect.fn("checkAccess")(function*(settings: DashboardSettings) {
  if (fromWorkspaceFile(settings.tokenSource)) {
    return yield* new InvalidConfig({
      key: "dashboardToken",
      problem: `a token in ${configFileName} is no secret (the workspace's agents read the file): ` +
        "remove it and give RALPH_DASHBOARD_TOKEN or --token"
    })
  }
  if (fromWorkspaceFile(settings.hostSource) && !isLoopback(settings.host)) {
    return yield* new InvalidConfig({
      key: "dashboardHost",
      problem: `${settings.host} from ${configFileName} is not loopback, and the workspace's agents can edit ` +
        "the file: give --host or RALPH_DASHBOARD_HOST to listen elsewhere"
    })
  }
  if (settings.token === undefined && !isLoopback(settings.host)) {
    return yield* new InvalidArguments({
      argument: "--host",
      problem: `${settings.host} is not this machine's loopback: a dashboard there needs a token every request ` +
        `must carry (--token, or better RALPH_DASHBOARD_TOKEN: a flag shows in ps), e.g. ` +
        "RALPH_DASHBOARD_TOKEN=$(openssl rand -hex 32)"
    })
  }
  if (settings.token !== undefined && settings.token.length < minTokenLength) {
    return yield* new InvalidConfig({
      key: "dashboardToken",
      problem: `the token (from ${settings.tokenSource}) is shorter than ${minTokenLength} characters: ` +
        "choose a longer one, e.g. $(openssl rand -hex 32)"
    })
  }
})

/** How to open the page, said once it listens (the token is never printed: it is a secret). */
const openHint = (url: string, settings: DashboardSettings, where: string): string =>
  `ralph dashboard: the runs recorded in ${where}, at ${url}/\n` +
  (settings.token === undefined
    ? ""
    : `ralph dashboard: open ${url}/?token=TOKEN with the token from ${settings.tokenSource} ` +
      `(e.g. "${url}/?token=$RALPH_DASHBOARD_TOKEN"); the page then keeps it in a cookie and drops it from the address\n`) +
  "ralph dashboard: Ctrl-C stops it\n"

export const dashboard = Command.make("dashboard", dashboardFlags, (flags) =>
  Effect.gen(function*() {
    const settings = yield* loadDashboardSettings(flags, process.env)
    yield* checkAccess(settings)
    // Loaded only for this command: the HTTP server stays out of every other command's start-up.
    const { serve } = yield* Effect.promise(() => import("../../dashboard/server.ts"))
    // Opened once for the server's life, creating nothing: a run (or a fleet) makes the database and tables.
    const { where, records } = yield* recordsOnce(settings)
    const fleet = { read: yield* fleetReader(settings, settings.shardLockExpiry) }
    yield* serve(
      { host: settings.host, port: settings.port, token: settings.token, records, fleet },
      (url) => Effect.sync(() => process.stderr.write(openHint(url, settings, where)))
    )
    return yield* Effect.never
  }).pipe(
    Effect.scoped,
    Effect.catchTag("ServeError", (error) =>
      Effect.fail(
        new InvalidArguments({
          argument: "--port",
          problem: `cannot listen there: ${error.cause instanceof Error ? error.cause.message : String(error.cause)}`
        })
      )),
    Effect.catch((error) => CliSession.use((session) => Effect.sync(() => settleFailure(session, error))))
  )).pipe(
    Command.withDescription(
      "Serve a web page of the recorded runs (list, rounds, spend, live updates) on 127.0.0.1; elsewhere with a token"
    )
  )
