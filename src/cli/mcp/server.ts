/**
 * `ralph mcp`: the ralph tool served over MCP on stdin/stdout with effect/ai's McpServer. Each call
 * is one run, recorded and locked like `ralph run`'s; agent, caps and engine are the server's
 * settings, the model's call supplies only the objective and maxRounds. Stdout is the protocol:
 * progress lines and logs go to stderr.
 */
import { Context, Data, Effect, Layer, Option, Result } from "effect"
import * as McpProtocol from "effect/ai/McpProtocol"
import { InternalError, McpRequestContext, McpServerClient, ResourceTemplate } from "effect/ai/McpSchema"
import * as McpServer from "effect/ai/McpServer"
import * as Stdio from "effect/Stdio"
import { resolveArgs } from "../../domain/config.ts"
import type { InvalidConfig, RalphError } from "../../domain/errors.ts"
import type { RunEvent } from "../../domain/events.ts"
import type { RunRef } from "../../domain/render.ts"
import { ralphTool } from "../../domain/tool.ts"
import { version } from "../../version.ts"
import type { ProtectedBaseline } from "../../workspace/WorkspaceGuard.ts"
import { checkpointWarning, gateBaseline, protectWarnings, trackChildren, withRalph } from "../invocation.ts"
import { listingJson, showJson } from "../present/json.ts"
import { progressLines } from "../present/liveView.ts"
import { plainStyle, progressLine, resumeCommand } from "../present/output.ts"
import { CliSession, type Session } from "../session.ts"
import type { CliSettings } from "../settings.ts"
import { type StoreLocation, storeOnce } from "../store.ts"
import { canElicit, elicitAnswer } from "./elicit.ts"
import { checkedStdio } from "./jsonRpcLines.ts"
import { callArguments, envelopeResult, errorResult, mcpTool, mcpToolAnnotations } from "./tool.ts"

/** Every revision effect/ai serves over stdio; a client gets the newest it also speaks. */
export const protocols = [
  McpProtocol.v2026_07_28,
  McpProtocol.v2025_11_25,
  McpProtocol.v2025_06_18,
  McpProtocol.v2025_03_26,
  McpProtocol.v2024_11_05
] as const

type ProgressToken = string | number

/**
 * Progress for a client that sent a token: one notification as each round starts and ends, its
 * message the round's progress line. `progress` counts finished rounds, of `total` the run's
 * rounds; an attempt in flight is a fraction below the next whole number, growing with each retry,
 * as the protocol wants progress to grow.
 */
const progressNotifier = (
  server: McpServer.McpServer["Service"],
  request: McpRequestContext["Service"],
  token: ProgressToken
) => {
  let agent = ""
  let maxRounds = 0
  return (event: RunEvent) => {
    if (event._tag === "RunStarted") {
      agent = event.provider
      maxRounds = event.maxRounds
    }
    const progress = event._tag === "RoundStarted"
      ? event.round - 1 / (event.attempt + 1)
      // A round that ends the run is told by the result itself. (Sent too, it would reach hosts on
      // the official SDK in the same read as the result, and they drop it as a stray.)
      : event._tag === "RoundFinished" && event.report.status === "continue" && event.round < maxRounds
      ? event.round
      : undefined
    if (progress === undefined) return Effect.void
    const message = progressLine(event, agent, maxRounds, plainStyle)
    return server.notifications["notifications/progress"]({
      progressToken: token,
      progress,
      total: maxRounds,
      ...(message === undefined ? {} : { message })
    }).pipe(
      // The notification belongs to this call, wherever the run publishes it from.
      Effect.provideService(McpRequestContext, request),
      Effect.ignore
    )
  }
}

const tokenOf = (request: McpRequestContext["Service"]): ProgressToken | undefined => {
  const token = request.requestMetadata?.progressToken
  return typeof token === "string" || typeof token === "number" ? token : undefined
}

/** One call of the tool: one run, to a result the model reads, or a tool error carrying the typed error and the run. */
const callRalph = (
  settings: CliSettings,
  location: StoreLocation,
  session: Session,
  server: McpServer.McpServer["Service"],
  gate: Result.Result<ProtectedBaseline | undefined, InvalidConfig>
) =>
(payload: unknown) =>
  Effect.gen(function*() {
    const limit = settings.config.maxResultChars
    const args = callArguments(payload)
    if (args instanceof Error) return errorResult(args, limit, undefined)
    if (Result.isFailure(gate)) return errorResult(gate.failure, limit, undefined)
    // A bad call is refused before the workspace is locked or anything recorded.
    const resolved = yield* Effect.result(resolveArgs(args, settings.config))
    if (Result.isFailure(resolved)) return errorResult(resolved.failure, limit, undefined)
    const request = yield* McpRequestContext
    const token = tokenOf(request)
    // A run that would wait for an answer asks the host's user, when the client can be asked;
    // else it ends at its blocker, as with onBlocked stop (no one would see it wait).
    const client = yield* Effect.serviceOption(McpServerClient)
    const asks = settings.onBlocked === "ask" && Option.isSome(client) && canElicit(request.clientCapabilities)
    const callSettings: CliSettings = settings.onBlocked === "ask" && !asks
      ? { ...settings, onBlocked: "stop" }
      : settings
    let run: RunRef | undefined
    const remember = (event: RunEvent) =>
      Effect.sync(() => {
        if (event._tag === "RunStarted") {
          run = { runId: event.runId, resume: resumeCommand(event.runId, location) }
        }
      })
    return yield* withRalph(
      callSettings,
      (ralph) => ralph.run(args),
      {
        sinks: [
          remember,
          // Lines, never a live view: a host reads this stderr as a log.
          progressLines(process.stderr, process.env),
          trackChildren(session),
          protectWarnings,
          checkpointWarning,
          ...(token === undefined ? [] : [progressNotifier(server, request, token)])
        ],
        startedAt: performance.now()
      },
      gate.success,
      asks && Option.isSome(client) ? elicitAnswer(client.value) : undefined
    ).pipe(
      Effect.provideService(CliSession, session),
      Effect.map((envelope) => envelopeResult(envelope, limit)),
      Effect.catch((error: RalphError) => Effect.sync(() => errorResult(error, limit, run)))
    )
  })

/**
 * An unknown run, as effect's server names a resource it has not got: its own (internal)
 * `ResourceNotFound`, by tag, which each protocol revision answers as its resource-not-found
 * error (-32002 up to 2025-11-25).
 */
class RunNotFound extends Data.TaggedError("ResourceNotFound")<{ readonly uri: string }> {}

const runTemplate = "ralph://runs/{runId}"

/**
 * The record of runs, for a person inspecting loops through their MCP client: the listing of
 * `ralph runs --json` for the server's own workspace and each run as `ralph show --json` gives it,
 * read from the server's store when asked (so a run in flight shows its rounds so far). The store
 * is opened once, on the first read, and stays open while the server runs.
 */
export const records = (location: StoreLocation, workspace: string) =>
  Effect.gen(function*() {
    const server = yield* McpServer.McpServer
    // Opened on the first read and kept for the server's life.
    const store = yield* storeOnce(location)
    yield* McpServer.registerResource({
      uri: "ralph://runs",
      name: "runs",
      description:
        "The runs recorded for this server's workspace: id, state, rounds, agent, objective, times (as `ralph runs --json`)",
      mimeType: "application/json",
      content: Effect.flatMap(store, (store) => store.list).pipe(
        Effect.map((listing) =>
          JSON.stringify(
            listing.filter((run) => run._tag === "Readable" && run.summary.workspace === workspace).map(listingJson),
            null,
            2
          )
        )
      )
    })
    // Registered by hand, not with `registerResource`, whose handler turns every failure into an internal error.
    yield* server.addResourceTemplate({
      template: new ResourceTemplate({
        uriTemplate: runTemplate,
        name: "run",
        description:
          "One run: each round's status, summary, usage or failure, and how it ended (as `ralph show --json`)",
        mimeType: "application/json"
      }),
      // effect's router path for that template (McpServer's compileUriTemplate): `::` is a literal
      // colon, `:0` the first parameter.
      routerPath: "ralph:://runs/:0",
      completions: {},
      annotations: Context.empty(),
      handle: (uri, [runId]) =>
        Effect.flatMap(store, (store) => store.read(runId ?? "")).pipe(
          Effect.map((view) => ({
            contents: [{ uri, mimeType: "application/json", text: JSON.stringify(showJson(view), null, 2) }]
          })),
          Effect.catchTag("InvalidArguments", () => Effect.fail(new RunNotFound({ uri }))),
          Effect.mapError((error) =>
            // Effect's server answers its own ResourceNotFound by tag (see RunNotFound); its handler
            // type names only the errors a handler usually fails with.
            error._tag === "ResourceNotFound"
              ? (error as unknown as InternalError)
              : new InternalError({ message: error.message })
          )
        )
    })
  })

const registration = (settings: CliSettings, session: Session) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const server = yield* McpServer.McpServer
    // The settings name the store: engine, state dir, database URL.
    const location: StoreLocation = settings
    // The gate is taken once, as the server starts: a call's worker that rewrites it is checked against it in every later call.
    const gate = yield* Effect.result(gateBaseline(settings))
    yield* server.addTool({
      tool: mcpTool,
      annotations: mcpToolAnnotations,
      handle: callRalph(settings, location, session, server, gate)
    })
    yield* records(location, settings.workspace)
  }))

/**
 * Resolves once the client has closed the server's stdin: it has gone, and so has anyone to read a
 * result. (effect's server would wait for the calls in flight to end.)
 */
const clientGone = Effect.callback<void>((resume) => {
  const gone = () => resume(Effect.void)
  process.stdin.once("end", gone).once("close", gone)
  return Effect.sync(() => process.stdin.off("end", gone).off("close", gone))
})

/**
 * Serves the tool until the client closes stdin or a signal stops the server; either way every run
 * in flight is cancelled and its children stopped first.
 */
export const serve = (settings: CliSettings, session: Session) =>
  Layer.launch(
    McpServer.layerStdio({
      name: "ralph",
      version,
      description: "Runs one objective through a sequence of fresh coding-agent processes",
      instructions: ralphTool.guidance,
      protocols,
      registrations: registration(settings, session)
    }).pipe(
      // Lines the server cannot read are answered, not dropped (./jsonRpcLines.ts).
      Layer.provide(Layer.effect(Stdio.Stdio, Effect.map(Effect.service(Stdio.Stdio), checkedStdio)))
    )
  ).pipe(
    // Only invalid cache hints fail the layer, and ralph gives none.
    Effect.orDie,
    // effect's logs go to stderr (src/cli/main.ts provides it for every command): stdout is the protocol.
    Effect.raceFirst(clientGone)
  )
