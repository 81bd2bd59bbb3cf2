// Bundles the CLI into one file (fast cold start) and the library for `import "effect-ralph"`.
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { rmSync } from "node:fs"

rmSync("dist", { recursive: true, force: true })
const common = { bundle: true, platform: "node", target: "node22", format: "esm", sourcemap: "linked", logLevel: "warning" }
await build({
  ...common,
  entryPoints: { ralph: "src/cli.ts" },
  outdir: "dist",
  // Bundled CommonJS dependencies may call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __ralphRequire } from \"node:module\"; const require = __ralphRequire(import.meta.url);" }
})
await build({ ...common, entryPoints: { index: "src/index.ts" }, outdir: "dist/lib", packages: "external" })
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" })
