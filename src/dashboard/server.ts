/**
 * `ralph dashboard`'s HTTP server, on effect's HttpRouter and Node's HTTP server: a static page and
 * its script, the JSON of the list and of a run, and their server-sent events. Every request is
 * checked (src/dashboard/access.ts) before it is routed; every answer carries a strict
 * Content-Security-Policy (the page runs only its own script, and builds every element from text).
 * Nothing of a request is logged or traced: a URL may hold the token.
 */
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Context, Effect, Layer } from "effect"
import {
  HttpMiddleware,
  HttpRouter,
  HttpServer,
  type HttpServerError,
  HttpServerRequest,
  HttpServerResponse
} from "effect/http"
import { createServer } from "node:http"
import { type Access, tokenCookie, tokenMatches, verdict } from "./access.ts"
import { listPage, listQuery, runDocument } from "./data.ts"
import { listEvents, type Records, runEvents } from "./events.ts"
import { fleetDocument, type FleetSource } from "./fleet.ts"
import { html, scripts, style } from "./page.ts"

export interface DashboardOptions extends Access {
  readonly host: string
  readonly port: number
  /** The store, as it is at each request (`recordsOnce`: it may be opened only once a run made it). */
  readonly records: Records
  /** The fleet's rows, from one reader for the server's life. */
  readonly fleet: FleetSource
}

/** The page may run its own script and style, talk to this server, and nothing else. */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join("; ")

const securityHeaders = {
  "content-security-policy": contentSecurityPolicy,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // A page opened with ?token=… tells no other site where it was.
  "referrer-policy": "no-referrer",
  "cache-control": "no-store"
}

const problem = (status: number, _tag: string, message: string) =>
  HttpServerResponse.jsonUnsafe({ error: { _tag, message } }, { status })

/** A store's failure as an answer: an unknown run is not found, a store that cannot be read is unavailable. */
const failed = (error: { readonly _tag: string; readonly message: string }) =>
  Effect.succeed(problem(error._tag === "InvalidArguments" ? 404 : 503, error._tag, error.message))

const eventStream = (body: Parameters<typeof HttpServerResponse.stream>[0]) =>
  HttpServerResponse.stream(body, { contentType: "text/event-stream", headers: { "x-accel-buffering": "no" } })

/** What a route answers with: every failure is already an answer. */
type Handler = Effect.Effect<
  HttpServerResponse.HttpServerResponse,
  never,
  HttpRouter.RouteContext | HttpServerRequest.HttpServerRequest
>

const get = (path: HttpRouter.PathInput, handler: Handler) => HttpRouter.route("GET", path, handler)

const query = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) => listQuery(new URL(request.url, "http://dashboard").searchParams)
)

const runIdParam = Effect.map(HttpRouter.params, ({ runId }) => runId ?? "")

/** The routes, as a layer of effect's HttpRouter. */
const routes = (options: DashboardOptions) => {
  const { records, fleet } = options
  const text = (body: string, contentType: string) => Effect.succeed(HttpServerResponse.text(body, { contentType }))
  const page = text(html, "text/html; charset=utf-8")
  return HttpRouter.use((router) =>
    router.addAll([
      get("/", page),
      get("/favicon.ico", Effect.succeed(HttpServerResponse.empty({ status: 204 }))),
      get("/runs/:runId", page),
      ...Object.entries(scripts).map(([name, body]) => get(`/${name}`, text(body, "text/javascript; charset=utf-8"))),
      get("/app.css", text(style, "text/css; charset=utf-8")),
      get(
        "/api/runs",
        Effect.flatMap(query, (q) =>
          Effect.flatMap(records, (store) => Effect.flatMap(store.list, (listing) => listPage(store, listing, q))))
          .pipe(
            Effect.map((body) =>
              HttpServerResponse.jsonUnsafe(body)
            ),
            Effect.catch(failed)
          )
      ),
      get(
        "/api/runs/:runId",
        Effect.flatMap(runIdParam, (runId) => Effect.flatMap(records, (store) => store.read(runId))).pipe(
          Effect.flatMap((view) => runDocument(view, new Map())),
          Effect.map((body) => HttpServerResponse.jsonUnsafe(body)),
          Effect.catch(failed)
        )
      ),
      get(
        "/api/runs/:runId/events",
        // An unknown run is said as a status before any stream: an EventSource told 404 stops trying.
        Effect.flatMap(
          runIdParam,
          (runId) =>
            Effect.as(Effect.flatMap(records, (store) => store.read(runId)), eventStream(runEvents(records, runId)))
        ).pipe(Effect.catch(failed))
      ),
      get("/api/events", Effect.map(query, (q) => eventStream(listEvents(records, fleet, q)))),
      get(
        "/api/fleet",
        Effect.flatMap(records, (store) => Effect.flatMap(store.list, (listing) => fleetDocument(fleet, listing))).pipe(
          Effect.map((body) => HttpServerResponse.jsonUnsafe(body)),
          Effect.catch(failed)
        )
      )
    ])
  )
}

/**
 * Checks the request before the app sees it. A token in the URL (`?token=…`, how the page is
 * opened) is exchanged for the cookie, and the address bar sent to the same URL without it.
 */
const guarded = <R>(
  options: DashboardOptions,
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, HttpServerError.HttpServerError, R>
) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const url = new URL(request.url, "http://dashboard")
    const given = url.searchParams.get("token")
    if (options.token !== undefined && given !== null) {
      if (!tokenMatches(options.token, given)) return Effect.succeed(problem(401, "Unauthorized", "wrong token"))
      url.searchParams.delete("token")
      // A path that starts `//` would send the browser to another host.
      const path = url.pathname.startsWith("//") ? "/" : url.pathname
      return Effect.succeed(
        HttpServerResponse.empty({
          status: 303,
          headers: { location: `${path}${url.search}`, "set-cookie": tokenCookie(options.token) }
        })
      )
    }
    const allowed = verdict(options, request.headers)
    return allowed._tag === "Refused"
      ? Effect.succeed(problem(allowed.status, allowed.status === 401 ? "Unauthorized" : "Forbidden", allowed.problem))
      : app
  }).pipe(
    Effect.catchTag("HttpServerError", (error) =>
      Effect.succeed(
        error.reason._tag === "RouteNotFound"
          ? problem(404, "NotFound", "no such page")
          : problem(400, "BadRequest", "the request could not be read")
      )),
    Effect.map(HttpServerResponse.setHeaders(securityHeaders))
  )

/** The dashboard served until the scope closes; `listening` is told the address it is bound to. */
export const serve = (options: DashboardOptions, listening: (url: string) => Effect.Effect<void>) =>
  Effect.gen(function*() {
    const app = yield* HttpRouter.toHttpEffect(routes(options))
    const built = yield* Layer.build(
      HttpServer.serve(guarded(options, app)).pipe(
        // No span of a request (its URL and headers may hold the token).
        Layer.provide(Layer.succeed(HttpMiddleware.TracerDisabledWhen)(() => true)),
        Layer.provideMerge(NodeHttpServer.layer(createServer, { port: options.port, host: options.host }))
      )
    )
    const server = Context.get(built, HttpServer.HttpServer)
    yield* listening(HttpServer.formatAddress(server.address))
  })
