// Bundles the CLI into one file (fast cold start) and the library for `import "effect-ralph"`.
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { chmodSync, rmSync, writeFileSync } from "node:fs"

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
  entryPoints: { "ralph-cli": "src/cli.ts" },
  outdir: "dist",
  minify: true,
  // Bundled CommonJS dependencies may call require(); give the ESM bundle one.
  banner: {
    js:
      "import { createRequire as __ralphRequire } from \"node:module\"; const require = __ralphRequire(import.meta.url);"
  }
})
// The entry point enables Node's on-disk compile cache before loading the bundle, so later starts
// skip parsing and compiling it (a no-op on Node versions without the cache).
writeFileSync(
  "dist/ralph.js",
  "#!/usr/bin/env node\nimport module from \"node:module\"\nmodule.enableCompileCache?.()\nawait import(\"./ralph-cli.js\")\n"
)
chmodSync("dist/ralph.js", 0o755)
await build({ ...common, entryPoints: { index: "src/index.ts" }, outdir: "dist/lib", packages: "external" })
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" })
