/**
 * vitest globalSetup of the Postgres tier (vitest.postgres.config.ts): starts the throwaway server
 * with scripts/postgres.mjs before any test file runs, hands its URLs to the test files
 * (`inject("postgresUrl")`, `inject("postgresSocketUrl")`, see ./harness.ts) and stops it, removing
 * the cluster, when the run ends.
 *
 * A server that already ran (started by hand with `node scripts/postgres.mjs start`) is used and left
 * running. `RALPH_TEST_DATABASE_URL` points the tier at another server instead (its role needs
 * CREATEDB: every test file gets a database of its own); nothing is started then.
 */
import { execFileSync, spawnSync } from "node:child_process"
import { join, resolve } from "node:path"
import type { TestProject } from "vitest/node"

declare module "vitest" {
  export interface ProvidedContext {
    /** postgres://ralph:PASSWORD@127.0.0.1:PORT/ralph (TCP, loopback) */
    postgresUrl: string
    /** The same role and database over the server's unix socket; `""` when unknown. */
    postgresSocketUrl: string
  }
}

const root = resolve(import.meta.dirname, "../..")
const script = join(root, "scripts", "postgres.mjs")

const postgres = (command: string, ...args: Array<string>): string =>
  execFileSync(process.execPath, [script, command, ...args], {
    cwd: root,
    encoding: "utf8",
    // Progress and errors (never the password) go to the terminal; stdout is the answer.
    stdio: ["ignore", "pipe", "inherit"]
  }).trim()

export default function setup(project: TestProject): (() => void) | undefined {
  const external = process.env.RALPH_TEST_DATABASE_URL
  if (external !== undefined && external !== "") {
    project.provide("postgresUrl", external)
    project.provide("postgresSocketUrl", "")
    return undefined
  }
  const alreadyRunning = spawnSync(process.execPath, [script, "status"], { cwd: root, stdio: "ignore" }).status === 0
  if (!alreadyRunning) {
    const started = performance.now()
    postgres("start")
    process.stderr.write(`postgres tier: server ready in ${((performance.now() - started) / 1000).toFixed(1)}s\n`)
  }
  project.provide("postgresUrl", postgres("url"))
  project.provide("postgresSocketUrl", postgres("url", "--socket"))
  return alreadyRunning ? undefined : () => {
    postgres("stop")
  }
}
