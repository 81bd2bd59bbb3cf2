/**
 * The OTLP exporters (effect/observability, JSON over HTTP with fetch) of traces and metrics,
 * loaded only when one of them is wanted (wanted.ts). Endpoints, headers, timeouts, compression,
 * service name and resource attributes are read from the usual OTEL_* variables by effect's own
 * layers; spans are batched, metrics sent every 10 s (OTEL_METRIC_EXPORT_INTERVAL), and both
 * flushed when ralph ends (within OTEL_EXPORTER_OTLP_TIMEOUT, default 3 s). An endpoint that fails
 * is said once on stderr and given up on at once: it costs ralph's exit no wait.
 */
import { Cause, ConfigProvider, Duration, Effect, Layer } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { EncodeError, HttpClientError } from "effect/http/HttpClientError"
import * as OtlpMetrics from "effect/observability/OtlpMetrics"
import * as OtlpSerialization from "effect/observability/OtlpSerialization"
import * as OtlpTracer from "effect/observability/OtlpTracer"
import { formatDuration } from "../domain/render.ts"
import { version } from "../version.ts"
import { metricsWanted, tracesWanted } from "./wanted.ts"

/** How long one export may take: within the exporters' flush bound (OTEL_EXPORTER_OTLP_TIMEOUT, default 3 s), so a hang is said before ralph stops waiting. */
const requestTimeout = (env: NodeJS.ProcessEnv): Duration.Duration => {
  const bound = Number(env.OTEL_EXPORTER_OTLP_TIMEOUT)
  return Duration.millis(Math.max(100, (Number.isSafeInteger(bound) && bound > 0 ? bound : 3000) - 500))
}

/** The message of the innermost cause (`connect ECONNREFUSED 127.0.0.1:4318`), which names no URL. */
const innermost = (error: unknown): string => {
  let inner = error
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause
  return inner instanceof Error ? inner.message : String(inner)
}

/**
 * The client the exporters post with. The first export that fails (refused, no answer within the
 * request timeout, an error status) is said once on stderr; and every failure reaches the exporter
 * as one it does not retry (retryTransient retries transport errors and 429/5xx for 3 s): it stops
 * exporting for the rest of the process instead of holding ralph's exit.
 */
const reportingClient = (env: NodeJS.ProcessEnv) =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.gen(function*() {
      const client = yield* HttpClient.HttpClient
      const timeout = requestTimeout(env)
      let warned = false
      return HttpClient.transform(client, (response, request) =>
        response.pipe(
          Effect.timeout(timeout),
          Effect.filterOrFail(
            (answer) => answer.status >= 200 && answer.status < 300,
            (answer) => new Error(`it answered HTTP ${answer.status}`)
          ),
          Effect.catch((error) => {
            if (!warned) {
              warned = true
              const problem = Cause.isTimeoutError(error)
                ? `it did not answer within ${formatDuration(Duration.toMillis(timeout))}`
                : innermost(error)
              // The endpoint without any credentials a URL may carry.
              const url = new URL(request.url)
              process.stderr.write(
                `ralph: telemetry export to ${url.origin}${url.pathname} failed (${problem}); ralph goes on without exporting\n`
              )
            }
            return Effect.fail(
              new HttpClientError({ reason: new EncodeError({ request, description: "given up on", cause: error }) })
            )
          })
        ))
    })
  ).pipe(Layer.provide(FetchHttpClient.layer))

export const layer = (env: NodeJS.ProcessEnv) => {
  // OTEL_SERVICE_NAME, when set, names the service instead.
  const resource = { ...(env.OTEL_SERVICE_NAME ? {} : { serviceName: "ralph" }), serviceVersion: version }
  return Layer.mergeAll(
    tracesWanted(env) ? OtlpTracer.layerFromConfig({ resource }) : Layer.empty,
    metricsWanted(env) ? OtlpMetrics.layerFromConfig({ resource }) : Layer.empty
  ).pipe(
    Layer.provide([OtlpSerialization.layerJson, reportingClient(env)]),
    // An endpoint alone turns export on (wanted.ts decided which signals are wanted).
    Layer.provide(
      ConfigProvider.layer(
        ConfigProvider.fromEnvRecord({ ...env, OTEL_TRACES_EXPORTER: "otlp", OTEL_METRICS_EXPORTER: "otlp" })
      )
    )
  )
}
