/**
 * `dist/ralph.js` keeps Node's compile cache in the user's own private folder ($XDG_CACHE_HOME/ralph
 * or ~/.cache/ralph, 0700): code read from it runs as ralph, so never a shared or foreign folder,
 * and never the workspace. A HOME that is read-only, missing or not a folder costs the cache, not
 * the command.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { cliEnv, ensureCli, newWorkspace, removeWorkspaces } from "../support/cli.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

/** `ralph --help` with HOME and XDG_CACHE_HOME as given (undefined: not set at all). */
const help = (cwd: string, home: string | undefined, xdg: string | undefined) => {
  const env = cliEnv(cwd)
  delete env.HOME
  delete env.XDG_CACHE_HOME
  delete env.NODE_COMPILE_CACHE
  if (home !== undefined) env.HOME = home
  if (xdg !== undefined) env.XDG_CACHE_HOME = xdg
  const result = spawnSync(process.execPath, [ensureCli(), "--help"], { cwd, env, encoding: "utf8", timeout: 60_000 })
  assert.strictEqual(result.status, 0, result.stderr)
  assert.match(result.stdout, /USAGE/)
  assert.strictEqual(result.stderr, "")
}

/** Every file under `dir`, recursively. */
const filesUnder = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]
  )

describe("the compile cache", () => {
  it("is made under $XDG_CACHE_HOME/ralph, mode 0700, and filled", () => {
    const { root, ws } = newWorkspace()
    help(ws, join(root, "home"), join(root, "xdg"))
    const dir = join(root, "xdg", "ralph", "compile-cache")
    assert.strictEqual(lstatSync(dir).mode & 0o777, 0o700)
    assert.isAbove(filesUnder(dir).length, 0)
    assert.isFalse(existsSync(join(root, "home", ".cache")))
  })

  it("is made under ~/.cache/ralph without XDG_CACHE_HOME, and not in the workspace for a relative one", () => {
    const { root, ws } = newWorkspace()
    mkdirSync(join(root, "home"))
    help(ws, join(root, "home"), "relative-cache")
    assert.isAbove(filesUnder(join(root, "home", ".cache", "ralph", "compile-cache")).length, 0)
    assert.deepStrictEqual(readdirSync(ws), [])
  })

  it("a folder open to others, or a link, is not used", () => {
    const { root, ws } = newWorkspace()
    const open = join(root, "open", "ralph", "compile-cache")
    mkdirSync(open, { recursive: true })
    chmodSync(open, 0o777)
    help(ws, join(root, "home"), join(root, "open"))
    assert.deepStrictEqual(readdirSync(open), [])
    const elsewhere = join(root, "elsewhere")
    mkdirSync(elsewhere, { mode: 0o700 })
    mkdirSync(join(root, "linked", "ralph"), { recursive: true })
    symlinkSync(elsewhere, join(root, "linked", "ralph", "compile-cache"))
    help(ws, join(root, "home"), join(root, "linked"))
    assert.deepStrictEqual(readdirSync(elsewhere), [])
  })

  it("a read-only, missing or non-folder HOME does not break ralph", () => {
    const { root, ws } = newWorkspace()
    const readOnly = join(root, "read-only")
    mkdirSync(readOnly, { mode: 0o555 })
    help(ws, readOnly, undefined)
    const file = join(root, "a-file")
    writeFileSync(file, "")
    help(ws, file, undefined)
    help(ws, join(file, "missing"), undefined)
    help(ws, "", undefined)
    // mkdir says ENOENT under /proc, whose folder exists: a recursive mkdir spun there for ever.
    help(ws, "/proc", undefined)
    assert.deepStrictEqual(readdirSync(ws), [])
  })
})
