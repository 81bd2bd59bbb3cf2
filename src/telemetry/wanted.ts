/**
 * Whether ralph exports traces (metrics), by the OpenTelemetry convention: an OTLP endpoint
 * (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT — _METRICS_ — or OTEL_EXPORTER_OTLP_ENDPOINT) turns export
 * on, unless OTEL_TRACES_EXPORTER (OTEL_METRICS_EXPORTER) names other exporters only (`none`, say)
 * or OTEL_SDK_DISABLED is true. (effect's own layers also want the exporter variable set to otlp.)
 * Cheap: no exporter is loaded to ask.
 */
const otlpWanted = (env: NodeJS.ProcessEnv, signal: "TRACES" | "METRICS"): boolean => {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false
  if (!env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`]?.trim() && !env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return false
  const exporters = env[`OTEL_${signal}_EXPORTER`]?.trim()
  return !exporters || exporters.split(",").some((name) => name.trim().toLowerCase() === "otlp")
}

export const tracesWanted = (env: NodeJS.ProcessEnv): boolean => otlpWanted(env, "TRACES")

export const metricsWanted = (env: NodeJS.ProcessEnv): boolean => otlpWanted(env, "METRICS")
