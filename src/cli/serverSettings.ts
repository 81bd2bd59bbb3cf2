/**
 * The settings of ralph's long-running commands, `ralph dashboard` and `ralph worker`, and of
 * `ralph workers` (the fleet's shard lock expiry, by which a silent worker is dead), by the one
 * precedence of src/cli/settings.ts (flags, RALPH_* variables, ralph.config.json, defaults).
 */
import { type ConfigProvider, type Duration, Effect, Option } from "effect"
import { join, resolve } from "node:path"
import type { InvalidArguments, InvalidConfig } from "../domain/errors.ts"
import { type AgentConfig, type AgentName, defaults, settings } from "../domain/settings.ts"
import { agentConfigs, readConfigFile } from "./configFile.ts"
import { type Given, type LocationFlags, locationOf, resolveWorkspace, valueOr } from "./settings.ts"
import { resolved, settingsProvider } from "./settingSources.ts"
import type { StoreLocation } from "./store.ts"

/** The fleet's shard lock expiry, as a reader of the fleet takes it: a worker silent longer is dead to the cluster. */
const fleetExpiry = (provider: ConfigProvider.ConfigProvider) =>
  Effect.map(
    resolved(settings.shardLockExpiry, Option.none(), provider),
    (given) => valueOr(given, defaults.shardLockExpiry)
  )

/** What `ralph workers` reads: the store, and by when the cluster declares a silent worker dead. */
export interface FleetReadSettings extends StoreLocation {
  readonly shardLockExpiry: Duration.Duration
}

export const loadFleetReadSettings = Effect.fn("loadFleetReadSettings")(function*(
  flags: LocationFlags,
  env: NodeJS.ProcessEnv
): Effect.fn.Return<FleetReadSettings, InvalidConfig | InvalidArguments> {
  const workspace = yield* resolveWorkspace(flags.workspace)
  const provider = settingsProvider(env, yield* readConfigFile(workspace))
  return {
    ...(yield* locationOf(flags, env, provider, workspace, false)),
    shardLockExpiry: yield* fleetExpiry(provider)
  }
})

/** Where `ralph dashboard` listens and what guards it, by the one precedence. */
export interface DashboardSettings extends FleetReadSettings {
  readonly host: string
  readonly port: number
  readonly token: string | undefined
  /** Which source gave the host and the token (named in errors, never the token's value). */
  readonly hostSource: string | undefined
  readonly tokenSource: string | undefined
}

export interface DashboardFlags extends LocationFlags {
  readonly host: Given<string>
  readonly port: Given<number>
  readonly token: Given<string>
}

export const loadDashboardSettings = Effect.fn("loadDashboardSettings")(function*(
  flags: DashboardFlags,
  env: NodeJS.ProcessEnv
): Effect.fn.Return<DashboardSettings, InvalidConfig | InvalidArguments> {
  const workspace = yield* resolveWorkspace(flags.workspace)
  const provider = settingsProvider(env, yield* readConfigFile(workspace))
  const token = yield* resolved(settings.dashboardToken, flags.token, provider)
  const host = yield* resolved(settings.dashboardHost, flags.host, provider)
  return {
    ...(yield* locationOf(flags, env, provider, workspace, false)),
    host: valueOr(host, defaults.dashboardHost),
    hostSource: Option.getOrUndefined(Option.map(host, (h) => h.source)),
    port: valueOr(yield* resolved(settings.dashboardPort, flags.port, provider), defaults.dashboardPort),
    token: Option.getOrUndefined(Option.map(token, (t) => t.value)),
    tokenSource: Option.getOrUndefined(Option.map(token, (t) => t.source)),
    shardLockExpiry: yield* fleetExpiry(provider)
  }
})

/** Flags of `ralph worker`. */
export interface WorkerFlags extends LocationFlags {
  readonly concurrency: Given<number>
  readonly workDir: Given<string>
  readonly shardLockExpiry: Given<Duration.Duration>
}

/** What `ralph worker` resolved: its store, its limits, and its own agents' settings (for their env values). */
export interface WorkerSettings extends StoreLocation {
  readonly concurrency: number
  readonly workDir: string
  readonly shardLockExpiry: Duration.Duration
  readonly workerHost: string | undefined
  readonly agents: Partial<Record<AgentName, AgentConfig>>
}

/** Resolves a worker's settings by the one precedence (flags, RALPH_* variables, ralph.config.json where it runs, defaults). */
export const loadWorkerSettings = Effect.fn("loadWorkerSettings")(function*(
  flags: WorkerFlags,
  env: NodeJS.ProcessEnv
): Effect.fn.Return<WorkerSettings, InvalidConfig | InvalidArguments> {
  const workspace = yield* resolveWorkspace(flags.workspace)
  const file = yield* readConfigFile(workspace)
  const provider = settingsProvider(env, file)
  const location = yield* locationOf(flags, env, provider, workspace, false)
  const workDir = Option.map(yield* resolved(settings.workDir, flags.workDir, provider), (s) => resolve(s.value))
  return {
    ...location,
    concurrency: valueOr(yield* resolved(settings.concurrency, flags.concurrency, provider), defaults.concurrency),
    workDir: Option.getOrElse(workDir, () => join(location.stateDir, "work")),
    shardLockExpiry: valueOr(
      yield* resolved(settings.shardLockExpiry, flags.shardLockExpiry, provider),
      defaults.shardLockExpiry
    ),
    workerHost: Option.getOrUndefined(
      Option.map(yield* resolved(settings.workerHost, Option.none(), provider), (s) => s.value)
    ),
    agents: yield* agentConfigs(file)
  }
})
