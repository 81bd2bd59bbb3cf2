/**
 * `ralph` started by a Node older than the one package.json declares says so, in one line, and what
 * to run instead; in a clone, `bin/ralph` runs it on the project's own Node whatever the host has.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs"
import { dirname, join } from "node:path"
import { ensureCli, newWorkspace, removeWorkspaces, repoRoot } from "../support/cli.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** Runs `binary` with `process.versions.node` made to read `version`, as an older Node would. */
const runAs = (version: string, binary = ensureCli()) =>
  spawnSync(process.execPath, [
    "--import",
    `data:text/javascript,Object.defineProperty(process, "versions", { value: { ...process.versions, node: ${
      JSON.stringify(version)
    } } })`,
    binary,
    "--version"
  ], { encoding: "utf8" })

/** A clone as `npm ci && npm run build` leaves it: bin/ralph, the built dist/, the installed node_modules. */
const clone = (): string => {
  const { root } = newWorkspace()
  mkdirSync(join(root, "bin"))
  copyFileSync(join(repoRoot, "bin", "ralph"), join(root, "bin", "ralph"))
  mkdirSync(join(root, "dist"))
  const built = dirname(ensureCli())
  for (const file of readdirSync(built)) copyFileSync(join(built, file), join(root, "dist", file))
  symlinkSync(join(repoRoot, "node_modules"), join(root, "node_modules"))
  return root
}

/** The host's own `node` (the PATH without npm's node_modules/.bin), as a shell outside npm finds it. */
const hostPath = (process.env.PATH ?? "").split(":").filter((dir) => !dir.includes("node_modules")).join(":")

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
        `ralph needs Node >= ${declared}; this is Node ${version}. ` +
          `Install Node >= ${declared} (nodejs.org, or nvm install ${
            String(declared).split(".")[0]
          }) and run ralph with it.\n`
      )
    })
  }

  it("in a clone, the message names bin/ralph", () => {
    const root = clone()
    const result = runAs("20.20.2", join(root, "dist", "ralph.js"))
    assert.strictEqual(result.status, 1)
    assert.strictEqual(
      result.stderr,
      `ralph needs Node >= ${declared}; this is Node 20.20.2. ` +
        `Run ${join(root, "bin", "ralph")} instead: it uses the Node that npm ci installed in this clone.\n`
    )
  })

  it("bin/ralph runs ralph on the clone's Node, also through a link on the PATH of an older host Node", () => {
    const root = clone()
    const onPath = join(root, "path")
    mkdirSync(onPath)
    symlinkSync(join(root, "bin", "ralph"), join(onPath, "ralph"))
    const env = { ...process.env, PATH: `${onPath}:${hostPath}` }
    const host = spawnSync("node", ["--version"], { env, encoding: "utf8" })
    for (const command of [join(root, "bin", "ralph"), "ralph"]) {
      const result = spawnSync(command, ["--version"], { env, encoding: "utf8", cwd: newWorkspace().ws })
      assert.strictEqual(result.status, 0, `${command}: ${result.stderr} (the host's node: ${host.stdout})`)
      assert.match(result.stdout, /^ralph v\d/)
    }
  })

  for (const version of ["22.19.0", "24.1.0"]) {
    it(`Node ${version} runs`, () => {
      const result = runAs(version)
      assert.strictEqual(result.status, 0, result.stderr)
      assert.match(result.stdout, /^ralph v/)
    })
  }
})
