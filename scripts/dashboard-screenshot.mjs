#!/usr/bin/env node
// The README's screenshot of a run's page (docs/dashboard-run.png), taken from a real run: a
// scratch git workspace, a five-round exec agent with a verify command, `ralph dashboard` on a
// free port, and Debian's Chromium (node scripts/chromium.mjs install) driven by playwright-core.
//
//   npm run build && node scripts/dashboard-screenshot.mjs [OUT.png]
import { execFileSync, spawn } from "node:child_process"
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const out = process.argv[2] ?? join(root, "docs", "dashboard-run.png")
const ralph = join(root, "bin", "ralph")
const scratch = mkdtempSync(join(tmpdir(), "ralph-screenshot-"))
const ws = join(scratch, "todo-app")
const env = { ...process.env, RALPH_STATE_DIR: join(scratch, "state"), NO_COLOR: "1" }
mkdirSync(ws)

const git = (...args) =>
  execFileSync("git", ["-c", "user.name=demo", "-c", "user.email=demo@example.com", ...args], { cwd: ws })
git("init", "-q")
writeFileSync(join(ws, "README.md"), "# todo-app\n")
git("add", ".")
git("commit", "-q", "-m", "init")

const agent = join(scratch, "agent.sh")
writeFileSync(
  agent,
  `#!/bin/sh
n=$RALPH_ROUND
sleep "0.$((n * 2))"
mkdir -p src test
printf 'export const step%s = () => %s\\n' "$n" "$n" > "src/step$n.ts"
printf 'test("step %s")\\n' "$n" >> test/steps.test.ts
echo "{\\"inputTokens\\": $((9000 + n * 2300)), \\"cachedInputTokens\\": 6000, \\"outputTokens\\": $((700 + n * 350)), \\"costUsd\\": 0.0$((2 + n))}" > "$RALPH_USAGE_FILE"
case $n in
  1) s="Read the code: no todo model yet; added src/step1.ts with the Todo type" ;;
  2) s="Added the in-memory store and its tests (3 failing: ordering)" ;;
  3) s="Fixed ordering; the CLI adds and lists todos" ;;
  4) s="Added done/undone and persistence to todos.json" ;;
  *) s="All commands work; the test suite passes" ;;
esac
if [ "$n" -ge 5 ]; then
  touch done.txt
  echo "{\\"status\\":\\"complete\\",\\"summary\\":\\"$s\\",\\"evidence\\":[\\"test/steps.test.ts covers add, list, done\\",\\"done.txt written\\"],\\"nextSteps\\":[],\\"blocker\\":\\"\\"}"
else
  echo "{\\"status\\":\\"continue\\",\\"summary\\":\\"$s\\",\\"evidence\\":[],\\"nextSteps\\":[\\"continue with step $((n + 1))\\"],\\"blocker\\":\\"\\"}"
fi
`
)
chmodSync(agent, 0o755)

execFileSync(ralph, [
  "run",
  "--agent-cmd",
  agent,
  "--max-rounds",
  "8",
  "--verify",
  "test -f done.txt",
  "--quiet",
  "Build a small todo CLI with add, list and done, with tests"
], { cwd: ws, env, stdio: ["ignore", "ignore", "inherit"] })

const dashboard = spawn(ralph, ["dashboard", "--port", "0"], { cwd: ws, env, stdio: ["ignore", "ignore", "pipe"] })
let stderr = ""
const url = await new Promise((resolve, reject) => {
  dashboard.stderr.setEncoding("utf8").on("data", (chunk) => {
    stderr += chunk
    const found = /at (http:\/\/[^\s/]+)\//.exec(stderr)
    if (found) resolve(found[1])
  })
  dashboard.on("exit", () => reject(new Error(`ralph dashboard exited:\n${stderr}`)))
})
const browser = await chromium.launch({
  executablePath: execFileSync(process.execPath, [join(root, "scripts", "chromium.mjs"), "path"], { encoding: "utf8" })
    .trim(),
  args: ["--no-sandbox"]
})
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 1 })
  const list = await (await fetch(`${url}/api/runs`)).json()
  await page.goto(`${url}/runs/${list.runs[0].runId}`)
  await page.waitForSelector("#final-report")
  await page.screenshot({ path: out, fullPage: true })
  process.stderr.write(`wrote ${out}\n`)
} finally {
  await browser.close()
  dashboard.kill("SIGTERM")
  rmSync(scratch, { recursive: true, force: true })
}
