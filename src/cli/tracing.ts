/**
 * Whether ralph exports traces, by the OpenTelemetry convention: an OTLP endpoint
 * (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT) turns export on, unless
 * OTEL_TRACES_EXPORTER names other exporters only (`none`, say) or OTEL_SDK_DISABLED is true.
 * (effect's own layer also wants OTEL_TRACES_EXPORTER=otlp.) Cheap: no exporter is loaded to ask.
 */
export const tracesWanted = (env: NodeJS.ProcessEnv): boolean => {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false
  if (!env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() && !env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return false
  const exporters = env.OTEL_TRACES_EXPORTER?.trim()
  return !exporters || exporters.split(",").some((name) => name.trim().toLowerCase() === "otlp")
}
