// Bundles the CLI into one file (fast cold start) and the library for `import "effect-ralph"`.
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

/**
 * `import { Effect, Layer } from "effect"` (the project's one import style) bundled as
 * `import * as Effect from "effect/Effect"` and so on. Through the barrel, every effect module that
 * any chunk uses lands in the chunk the CLI loads at start (the barrel is shared by all chunks): the
 * SQL drivers' and the MCP server's modules too. Module by module, each stays in the chunk that needs
 * it — `ralph --help` loaded 810 KB before, 567 KB with this. The barrel's other names (`identity`,
 * `pipe`, …) are `effect/Function`'s.
 */
const effectModules = {
  name: "effect-modules",
  setup(build) {
    build.onLoad({ filter: /[/\\]src[/\\].*\.ts$/ }, ({ path }) => {
      const source = readFileSync(path, "utf8")
      const contents = source.replace(/^import (type )?\{([^}]*)\} from "effect"$/gm, (line, allTypes, list) => {
        const functions = []
        const modules = []
        for (const raw of list.split(",").map((spec) => spec.trim()).filter((spec) => spec !== "")) {
          const type = allTypes !== undefined || raw.startsWith("type ")
          const [name, alias = name] = raw.replace(/^type /, "").split(/\s+as\s+/)
          if (existsSync(`node_modules/effect/dist/${name}.js`)) {
            modules.push(`import ${type ? "type " : ""}* as ${alias} from "effect/${name}"`)
          } else functions.push(raw)
        }
        if (functions.length > 0) {
          modules.push(`import ${allTypes ?? ""}{ ${functions.join(", ")} } from "effect/Function"`)
        }
        return modules.join("\n")
      })
      return { contents, loader: "ts" }
    })
  }
}

/**
 * `import text from "./file?raw"` is the file's text (as vite, which runs the tests, reads it): the
 * dashboard's page and script travel inside the bundle, with no front-end build of their own.
 */
const rawText = {
  name: "raw-text",
  setup(build) {
    build.onResolve(
      { filter: /\?raw$/ },
      ({ path, resolveDir }) => ({ path: join(resolveDir, path.slice(0, -4)), namespace: "raw-text" })
    )
    build.onLoad({ filter: /.*/, namespace: "raw-text" }, ({ path }) => ({
      contents: readFileSync(path, "utf8"),
      loader: "text"
    }))
  }
}

rmSync("dist", { recursive: true, force: true })
const common = {
  bundle: true,
  platform: "node",
  target: "node22",
  format: "esm",
  sourcemap: "linked",
  logLevel: "warning"
}
await build({
  ...common,
  entryPoints: { "ralph-cli": "src/cli/main.ts" },
  outdir: "dist",
  minify: true,
  plugins: [effectModules, rawText],
  // The SQL drivers are imported when an engine needs them: chunks of their own, so the journal
  // engine and `ralph --help` do not load them. Named ralph-* so copies of the CLI take them along.
  splitting: true,
  chunkNames: "ralph-chunk-[hash]",
  // Bundled CommonJS dependencies may call require(); give the ESM bundle one.
  banner: {
    js:
      "import { createRequire as __ralphRequire } from \"node:module\"; const require = __ralphRequire(import.meta.url);"
  }
})
// The entry point first checks the Node version package.json declares (a one-line error rather
// than an obscure failure inside the bundle), then enables Node's on-disk compile cache before
// loading the bundle, so later starts skip parsing and compiling it. The cache holds code ralph
// runs, so it is the user's own folder, 0700 and not a link ($XDG_CACHE_HOME/ralph or
// ~/.cache/ralph; Node's default is a folder in the shared /tmp); when it cannot be made or is not
// private (read-only or missing HOME), ralph starts without a cache.
const engine = /^>=(\d+)\.(\d+)/.exec(JSON.parse(readFileSync("package.json", "utf8")).engines.node)
if (engine === null) throw new Error("package.json engines.node must read >=MAJOR.MINOR")
const [, major, minor] = engine
writeFileSync(
  "dist/ralph.js",
  [
    "#!/usr/bin/env node",
    "import { existsSync, lstatSync, mkdirSync } from \"node:fs\"",
    "import { homedir } from \"node:os\"",
    "import { isAbsolute, join } from \"node:path\"",
    "import module from \"node:module\"",
    "import { fileURLToPath } from \"node:url\"",
    "const [major, minor] = process.versions.node.split(\".\").map(Number)",
    `if (major < ${major} || (major === ${major} && minor < ${minor})) {`,
    // In a clone, bin/ralph runs this file on the Node `npm ci` installed there; installed from the
    // registry, a newer Node is the way.
    "  const clone = fileURLToPath(new URL(\"../bin/ralph\", import.meta.url))",
    "  const instead = existsSync(clone)",
    "    ? `Run ${clone} instead: it uses the Node that npm ci installed in this clone.`",
    `    : "Install Node >= ${major}.${minor} (nodejs.org, or nvm install ${major}) and run ralph with it."`,
    `  process.stderr.write(\`ralph needs Node >= ${major}.${minor}; this is Node \${process.versions.node}. \${instead}\\n\`)`,
    "  process.exit(1)",
    "}",
    "try {",
    "  const xdg = process.env.XDG_CACHE_HOME",
    "  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), \".cache\")",
    // Folder by folder, never HOME itself: a recursive mkdir spins forever where mkdir says ENOENT
    // of a parent that exists (a HOME under /proc).
    "  let dir = base",
    "  for (const name of isAbsolute(base) ? [\"ralph\", \"compile-cache\", undefined] : []) {",
    "    try {",
    "      mkdirSync(dir, { mode: 0o700 })",
    "    } catch (error) {",
    "      if (error.code !== \"EEXIST\") throw error",
    "    }",
    "    if (name !== undefined) dir = join(dir, name)",
    "  }",
    "  const made = lstatSync(dir)",
    "  if (dir !== base && made.isDirectory() && made.uid === process.getuid() && (made.mode & 0o077) === 0) {",
    "    module.enableCompileCache(dir)",
    "  }",
    "} catch {}",
    "await import(\"./ralph-cli.js\")",
    ""
  ].join("\n")
)
chmodSync("dist/ralph.js", 0o755)
await build({ ...common, entryPoints: { index: "src/index.ts" }, outdir: "dist/lib", packages: "external" })
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" })
