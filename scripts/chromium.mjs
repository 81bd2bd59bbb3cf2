#!/usr/bin/env node
// The browser of the dashboard's browser tier (`npm run test:browser`): Debian's `chromium` package,
// driven by playwright-core (which downloads no browser of its own).
//
//   node scripts/chromium.mjs install  install Debian's chromium when it is missing (idempotent); as root,
//                                      or through `sudo -n` otherwise
//   node scripts/chromium.mjs path     print the browser's path (exit 1 when it is not installed)
//
// Environment: RALPH_CHROMIUM (the browser's path; default /usr/bin/chromium).
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

const browser = process.env.RALPH_CHROMIUM || "/usr/bin/chromium"
const say = (text) => process.stderr.write(`chromium.mjs: ${text}\n`)
const fail = (text) => {
  say(text)
  process.exit(1)
}

const install = () => {
  if (existsSync(browser)) return say(`${browser} is installed`)
  const isRoot = process.getuid?.() === 0
  if (!isRoot && spawnSync("sudo", ["-n", "true"]).status !== 0) {
    fail(
      `${browser} is missing and installing it needs root: run \`sudo apt-get install -y chromium\`, or set RALPH_CHROMIUM`
    )
  }
  if (spawnSync("apt-get", ["--version"]).status !== 0) {
    fail(`${browser} is missing and there is no apt-get here: install Chromium, then set RALPH_CHROMIUM to its path`)
  }
  const asRoot = isRoot ? [] : ["sudo", "-n"]
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  const started = performance.now()
  for (const args of [["apt-get", "update"], ["apt-get", "install", "-y", "--no-install-recommends", "chromium"]]) {
    say(args.join(" "))
    const [command, ...rest] = [...asRoot, ...args]
    const result = spawnSync(command, rest, { env, stdio: ["ignore", "inherit", "inherit"] })
    if (result.status !== 0) fail(`${args.join(" ")} failed (exit ${result.status ?? result.signal})`)
  }
  if (!existsSync(browser)) fail(`apt-get installed chromium, but ${browser} is not there: set RALPH_CHROMIUM`)
  say(`installed ${browser} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

switch (process.argv[2]) {
  case "install":
    install()
    break
  case "path":
    if (!existsSync(browser)) fail(`${browser} is not installed: node scripts/chromium.mjs install`)
    process.stdout.write(`${browser}\n`)
    break
  default:
    fail("usage: node scripts/chromium.mjs install|path")
}
