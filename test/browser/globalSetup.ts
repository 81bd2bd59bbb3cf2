/**
 * vitest globalSetup of the browser tier (vitest.browser.config.ts): the browser, installed by
 * scripts/chromium.mjs when it is missing (idempotent), its path handed to the test files.
 */
import { execFileSync } from "node:child_process"
import { join, resolve } from "node:path"
import type { TestProject } from "vitest/node"

declare module "vitest" {
  export interface ProvidedContext {
    /** The Chromium executable playwright-core launches. */
    chromium: string
  }
}

const root = resolve(import.meta.dirname, "../..")
const script = join(root, "scripts", "chromium.mjs")

export default (project: TestProject) => {
  execFileSync(process.execPath, [script, "install"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] })
  project.provide("chromium", execFileSync(process.execPath, [script, "path"], { cwd: root, encoding: "utf8" }).trim())
}
