/** `ralph` started by a Node older than the one package.json declares says so, in one line. */
import { assert, beforeAll, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { ensureCli, repoRoot } from "../support/cli.ts"

beforeAll(() => void ensureCli(), 180_000)

/** Runs the binary with `process.versions.node` made to read `version`, as an older Node would. */
const runAs = (version: string) =>
  spawnSync(process.execPath, [
    "--import",
    `data:text/javascript,Object.defineProperty(process, "versions", { value: { ...process.versions, node: ${
      JSON.stringify(version)
    } } })`,
    ensureCli(),
    "--version"
  ], { encoding: "utf8" })

describe("the Node version check", () => {
  const declared =
    /^>=(\d+\.\d+)/.exec(JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).engines.node)![1]

  for (const version of ["20.20.2", "22.18.9", "18.0.0"]) {
    it(`Node ${version}: exit 1 and one line naming the version needed`, () => {
      const result = runAs(version)
      assert.strictEqual(result.status, 1)
      assert.strictEqual(result.stdout, "")
      assert.strictEqual(
        result.stderr,
        `ralph needs Node >= ${declared}; this is Node ${version}. Install a newer Node and run ralph with it.\n`
      )
    })
  }

  for (const version of ["22.19.0", "24.1.0"]) {
    it(`Node ${version} runs`, () => {
      const result = runAs(version)
      assert.strictEqual(result.status, 0, result.stderr)
      assert.match(result.stdout, /^ralph v/)
    })
  }
})
