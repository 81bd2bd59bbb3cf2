#!/usr/bin/env node
// Installs pinned versions of the four agent CLIs that `npm run test:agents` drives, into `.agents/`
// (ignored by git; not devDependencies: together they weigh ~1 GB and only that tier needs them).
// Idempotent: when every pinned version is already there, it does nothing.
//
//   node scripts/install-agents.mjs          install what is missing or at the wrong version
//   node scripts/install-agents.mjs --print  print the folder with the binaries (for PATH)
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/** The versions verified against the fake model server (see shared/agents.md). */
const pinned = {
  "@anthropic-ai/claude-code": "2.1.332",
  "@openai/codex": "0.171.0",
  "@google/gemini-cli": "0.61.0",
  "opencode-ai": "1.18.33"
}

/** The binary each package installs. */
const binaries = {
  "@anthropic-ai/claude-code": "claude",
  "@openai/codex": "codex",
  "@google/gemini-cli": "gemini",
  "opencode-ai": "opencode"
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const prefix = join(root, ".agents")
const binDir = join(prefix, "node_modules", ".bin")

const installedVersion = (name) => {
  try {
    return JSON.parse(readFileSync(join(prefix, "node_modules", name, "package.json"), "utf8")).version
  } catch {
    return undefined
  }
}

const missing = () =>
  Object.entries(pinned).filter(([name, version]) =>
    installedVersion(name) !== version || !existsSync(join(binDir, binaries[name]))
  )

if (process.argv.includes("--print")) {
  process.stdout.write(`${binDir}\n`)
  process.exit(0)
}

const todo = missing()
if (todo.length === 0) {
  console.error(`install-agents: all four agent CLIs are at their pinned versions in ${prefix}`)
  process.exit(0)
}

mkdirSync(prefix, { recursive: true })
// A package.json of its own keeps npm from walking up to the project's and makes `--prefix` self-contained.
const manifest = join(prefix, "package.json")
if (!existsSync(manifest)) {
  writeFileSync(manifest, `${JSON.stringify({ name: "ralph-test-agents", private: true }, null, 2)}\n`)
}
const specs = Object.entries(pinned).map(([name, version]) => `${name}@${version}`)
console.error(`install-agents: installing ${todo.map(([name, version]) => `${name}@${version}`).join(", ")}`)
const started = Date.now()
const result = spawnSync(
  "npm",
  ["install", "--prefix", prefix, "--save-exact", "--no-audit", "--no-fund", "--loglevel=error", ...specs],
  { stdio: ["ignore", "inherit", "inherit"], cwd: prefix }
)
if (result.status !== 0) {
  console.error(`install-agents: npm install failed (status ${result.status ?? result.signal})`)
  process.exit(1)
}
const still = missing()
if (still.length > 0) {
  console.error(`install-agents: still missing after install: ${still.map(([name]) => name).join(", ")}`)
  process.exit(1)
}
console.error(`install-agents: done in ${((Date.now() - started) / 1000).toFixed(1)} s (${binDir})`)
