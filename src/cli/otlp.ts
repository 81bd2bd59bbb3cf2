/**
 * The OTLP trace exporter (effect/observability, JSON over HTTP with fetch), loaded only when
 * traces are wanted (tracing.ts). Endpoint, headers, timeouts, compression, service name and
 * resource attributes are read from the usual OTEL_* variables by effect's own layer; spans are
 * batched and flushed when ralph ends (within OTEL_EXPORTER_OTLP_TIMEOUT, default 3 s).
 */
import { ConfigProvider, Layer } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as OtlpSerialization from "effect/observability/OtlpSerialization"
import * as OtlpTracer from "effect/observability/OtlpTracer"
import { version } from "../version.ts"

export const layer = (env: NodeJS.ProcessEnv) =>
  OtlpTracer.layerFromConfig({
    // OTEL_SERVICE_NAME, when set, names the service instead.
    resource: { ...(env.OTEL_SERVICE_NAME ? {} : { serviceName: "ralph" }), serviceVersion: version }
  }).pipe(
    Layer.provide([OtlpSerialization.layerJson, FetchHttpClient.layer]),
    // The endpoint alone turns export on (tracing.ts decided it is wanted).
    Layer.provide(
      ConfigProvider.layer(ConfigProvider.fromEnvRecord({ ...env, OTEL_TRACES_EXPORTER: "otlp" }))
    )
  )
