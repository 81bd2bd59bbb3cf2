/**
 * How the tests point each real agent CLI at the fake model server — only through the places a
 * user would use (environment variables, the CLI's own config files under a throw-away HOME, extra
 * arguments), never through the presets' defaults.
 *
 * Every CLI gets:
 * - a fresh HOME (and XDG dirs, CODEX_HOME) under a temp dir, so no user config is read or written;
 * - its model API at the fake server, with the retry counts it allows turned down to none, so an
 *   HTTP error ends the round at once;
 * - its own traffic (telemetry, update checks, plugin installs) switched off as shared/agents.md
 *   says, and HTTP(S)_PROXY at the fake server, which refuses and records anything a proxy-aware
 *   client tries to reach outside 127.0.0.1 (`server.outbound`).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { AgentOptions } from "../../src/agents/presets/agentOptions.ts"
import type { AgentPresetName } from "../../src/agents/presets/presets.ts"
import type { FakeModelServer } from "./fake-model-server.ts"

/** The repository's root: the nearest folder above this module holding ralph's package.json (also from a bundle). */
export const repoRoot = ((): string => {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (true) {
    const manifest = join(dir, "package.json")
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "effect-ralph") return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error("could not find the repository root above " + import.meta.url)
    dir = parent
  }
})()

/** Where scripts/install-agents.mjs puts the pinned CLIs. */
export const agentsBinDir = join(repoRoot, ".agents", "node_modules", ".bin")

export const agentBinary = (name: AgentPresetName): string => join(agentsBinDir, name)

/** The model each CLI's test configuration names (the fake server answers any; claude keeps its default). */
export const fakeModels: Readonly<Record<Exclude<AgentPresetName, "claude">, string>> = {
  codex: "fake-model",
  gemini: "gemini-2.5-flash",
  opencode: "fake/fake-model"
}

export interface AgentSandbox {
  readonly name: AgentPresetName
  /** The throw-away HOME. */
  readonly home: string
  /** The complete environment of the CLI (nothing is inherited from the test process but PATH). */
  readonly env: Readonly<Record<string, string>>
  /** The preset options that point the CLI at the binary in `.agents/` (and, for codex, disable plugins). */
  readonly options: AgentOptions
  readonly dispose: () => void
}

const closedPort = "http://127.0.0.1:9"

/** Prepares a throw-away HOME and environment for one CLI against `server`. */
export const agentSandbox = (name: AgentPresetName, server: FakeModelServer): AgentSandbox => {
  const root = mkdtempSync(join(tmpdir(), `ralph-${name}-`))
  const home = join(root, "home")
  mkdirSync(home, { recursive: true })
  const base: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    USER: "ralph-test",
    TMPDIR: join(root, "tmp"),
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local/share"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_STATE_HOME: join(home, ".local/state"),
    TERM: "dumb",
    NO_COLOR: "1",
    // Anything proxy-aware that tries to leave the machine lands on the fake server, refused and recorded.
    HTTP_PROXY: server.url,
    HTTPS_PROXY: server.url,
    http_proxy: server.url,
    https_proxy: server.url,
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
    // npm-based plugin and update installs fail fast at a closed loopback port.
    npm_config_registry: closedPort
  }
  mkdirSync(base.TMPDIR!, { recursive: true })
  const options: { -readonly [K in keyof AgentOptions]: AgentOptions[K] } = { binary: agentBinary(name) }
  let env: Record<string, string>
  switch (name) {
    case "claude": {
      env = {
        ...base,
        ANTHROPIC_BASE_URL: server.url,
        ANTHROPIC_API_KEY: "sk-ant-fake-test-key",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_ERROR_REPORTING: "1",
        CLAUDE_CODE_MAX_RETRIES: "0"
      }
      break
    }
    case "codex": {
      const codexHome = join(home, ".codex")
      mkdirSync(codexHome, { recursive: true })
      writeFileSync(
        join(codexHome, "config.toml"),
        [
          `model = "${fakeModels.codex}"`,
          `model_provider = "fake"`,
          "",
          "[analytics]",
          "enabled = false",
          "",
          "[model_providers.fake]",
          `name = "Fake"`,
          `base_url = "${server.url}/v1"`,
          `env_key = "FAKE_MODEL_API_KEY"`,
          `wire_api = "responses"`,
          "request_max_retries = 0",
          "stream_max_retries = 0",
          ""
        ].join("\n")
      )
      env = { ...base, CODEX_HOME: codexHome, FAKE_MODEL_API_KEY: "sk-fake-test-key" }
      options.args = ["--disable", "plugins"]
      break
    }
    case "gemini": {
      mkdirSync(join(home, ".gemini"), { recursive: true })
      writeFileSync(
        join(home, ".gemini", "settings.json"),
        JSON.stringify(
          {
            security: { auth: { selectedType: "gemini-api-key" } },
            privacy: { usageStatisticsEnabled: false },
            telemetry: { enabled: false },
            general: { maxAttempts: 1, enableAutoUpdate: false, enableAutoUpdateNotification: false },
            // A fixed model: no routing call before each turn.
            model: { name: fakeModels.gemini }
          },
          null,
          2
        )
      )
      env = { ...base, GEMINI_API_KEY: "fake-gemini-test-key", GOOGLE_GEMINI_BASE_URL: server.url }
      break
    }
    case "opencode": {
      env = {
        ...base,
        OPENCODE_CONFIG_CONTENT: JSON.stringify({
          $schema: "https://opencode.ai/config.json",
          autoupdate: false,
          share: "disabled",
          provider: {
            fake: {
              npm: "@ai-sdk/openai-compatible",
              name: "Fake",
              options: { baseURL: `${server.url}/v1`, apiKey: "sk-fake-test-key" },
              models: { "fake-model": { name: "Fake Model" } }
            }
          },
          model: fakeModels.opencode,
          small_model: fakeModels.opencode
        }),
        OPENCODE_DISABLE_MODELS_FETCH: "1",
        OPENCODE_DISABLE_AUTOUPDATE: "1",
        OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
        OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
        OPENCODE_DISABLE_SHARE: "1"
      }
      break
    }
  }
  return {
    name,
    home,
    env,
    options,
    dispose: () => rmSync(root, { recursive: true, force: true })
  }
}
