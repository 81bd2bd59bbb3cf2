/**
 * The OTLP exporters (effect/observability, JSON over HTTP with fetch) of traces and metrics,
 * loaded only when one of them is wanted (tracing.ts). Endpoints, headers, timeouts, compression,
 * service name and resource attributes are read from the usual OTEL_* variables by effect's own
 * layers; spans are batched, metrics sent every 10 s (OTEL_METRIC_EXPORT_INTERVAL), and both
 * flushed when ralph ends (within OTEL_EXPORTER_OTLP_TIMEOUT, default 3 s).
 */
import { ConfigProvider, Layer } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as OtlpMetrics from "effect/observability/OtlpMetrics"
import * as OtlpSerialization from "effect/observability/OtlpSerialization"
import * as OtlpTracer from "effect/observability/OtlpTracer"
import { version } from "../version.ts"
import { metricsWanted, tracesWanted } from "./wanted.ts"

export const layer = (env: NodeJS.ProcessEnv) => {
  // OTEL_SERVICE_NAME, when set, names the service instead.
  const resource = { ...(env.OTEL_SERVICE_NAME ? {} : { serviceName: "ralph" }), serviceVersion: version }
  return Layer.mergeAll(
    tracesWanted(env) ? OtlpTracer.layerFromConfig({ resource }) : Layer.empty,
    metricsWanted(env) ? OtlpMetrics.layerFromConfig({ resource }) : Layer.empty
  ).pipe(
    Layer.provide([OtlpSerialization.layerJson, FetchHttpClient.layer]),
    // An endpoint alone turns export on (tracing.ts decided which signals are wanted).
    Layer.provide(
      ConfigProvider.layer(
        ConfigProvider.fromEnvRecord({ ...env, OTEL_TRACES_EXPORTER: "otlp", OTEL_METRICS_EXPORTER: "otlp" })
      )
    )
  )
}
