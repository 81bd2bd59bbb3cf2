/**
 * scripts/postgres.mjs itself, on a second server of its own (RALPH_PG_STATE_DIR elsewhere):
 * start, idempotent start, status, url, the private state files, stop, idempotent stop.
 */
import { assert, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import * as PgTest from "./harness.ts"

const root = resolve(import.meta.dirname, "../..")
const script = join(root, "scripts", "postgres.mjs")

/** The script with its state in `stateDir`. */
const runner = (stateDir: string) => (...args: Array<string>) => {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, RALPH_PG_STATE_DIR: stateDir },
    timeout: 120_000
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

const clusterDirOf = (stateDir: string): string =>
  (JSON.parse(readFileSync(join(stateDir, "state.json"), "utf8")) as { readonly clusterDir: string }).clusterDir

PgTest.describe("scripts/postgres.mjs", () => {
  it("starts a cluster once, says where, stops it and removes it; each step is idempotent", () => {
    const stateDir = join(realpathSync(mkdtempSync(join(tmpdir(), "ralph-pg-state-"))), "state")
    const run = runner(stateDir)
    try {
      assert.strictEqual(run("status").status, 1)
      const url = run("url")
      assert.strictEqual(url.status, 1)
      assert.include(url.stderr, "no server runs")

      const started = run("start")
      assert.strictEqual(started.status, 0, started.stderr)
      assert.match(started.stderr, /listening on postgres:\/\/ralph:\*\*\*@127\.0\.0\.1:\d+\/ralph/)
      const state = JSON.parse(readFileSync(join(stateDir, "state.json"), "utf8")) as {
        readonly clusterDir: string
        readonly port: number
      }
      assert.strictEqual(statSync(stateDir).mode & 0o777, 0o700)
      for (const file of ["url", "socket-url", "state.json"]) {
        assert.strictEqual(statSync(join(stateDir, file)).mode & 0o777, 0o600, file)
      }
      assert.strictEqual(statSync(state.clusterDir).mode & 0o777, 0o700)
      const printed = run("url").stdout.trim()
      assert.strictEqual(printed, readFileSync(join(stateDir, "url"), "utf8").trim())
      assert.match(printed, new RegExp(`^postgres://ralph:[^@]+@127\\.0\\.0\\.1:${state.port}/ralph$`))
      const password = decodeURIComponent(new URL(printed).password)
      assert.isAtLeast(password.length, 20)
      // Neither start nor status print the password.
      assert.notInclude(started.stderr + started.stdout, new URL(printed).password)

      const again = run("start")
      assert.strictEqual(again.status, 0, again.stderr)
      assert.include(again.stderr, "already running")
      assert.strictEqual(run("url").stdout.trim(), printed, "the same server")
      const status = run("status")
      assert.strictEqual(status.status, 0)
      assert.notInclude(status.stderr, new URL(printed).password)

      const stopped = run("stop")
      assert.strictEqual(stopped.status, 0, stopped.stderr)
      assert.isFalse(existsSync(state.clusterDir), "the cluster is removed")
      assert.isFalse(existsSync(join(stateDir, "url")))
      assert.strictEqual(run("status").status, 1)
      const twice = run("stop")
      assert.strictEqual(twice.status, 0)
      assert.include(twice.stderr, "not running")
    } finally {
      run("stop")
      rmSync(join(stateDir, ".."), { recursive: true, force: true })
    }
  }, 180_000)

  it("starts again after the cluster's folder was removed under a live server, and stops that server", () => {
    const stateDir = join(realpathSync(mkdtempSync(join(tmpdir(), "ralph-pg-state-"))), "state")
    const run = runner(stateDir)
    try {
      assert.strictEqual(run("start").status, 0)
      const first = clusterDirOf(stateDir)
      const serving = () => spawnSync("pgrep", ["-f", `${first}/data`]).status === 0
      assert.isTrue(serving())
      rmSync(first, { recursive: true, force: true })
      const started = run("start")
      assert.strictEqual(started.status, 0, started.stderr)
      assert.include(started.stderr, "a previous server is gone")
      assert.notStrictEqual(clusterDirOf(stateDir), first)
      assert.isFalse(serving(), "the server of the removed folder is stopped")
    } finally {
      run("stop")
      rmSync(join(stateDir, ".."), { recursive: true, force: true })
    }
  }, 180_000)
})
