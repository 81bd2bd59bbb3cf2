/**
 * The built `ralph` binary, for end-to-end tests.
 *
 * `ensureCli` runs the project's build (`scripts/build.mjs`, i.e. `npm run build`) once per change of
 * the sources, under a lock shared by parallel test files, then copies the single-file bundle
 * `dist/ralph.js` to a private directory: a concurrent rebuild (which empties dist/) cannot pull the
 * binary from under a running test.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { createHash } from "node:crypto"
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")

const privateDir = join(
  tmpdir(),
  `ralph-cli-under-test-${createHash("sha1").update(repoRoot).digest("hex").slice(0, 10)}`
)
const privateBinary = join(privateDir, "ralph.js")
const lockDir = `${privateDir}.lock`

const newestSource = (): number => {
  let newest = 0
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else newest = Math.max(newest, statSync(path).mtimeMs)
    }
  }
  walk(join(repoRoot, "src"))
  for (const file of ["package.json", "package-lock.json", "scripts/build.mjs"]) {
    const path = join(repoRoot, file)
    if (existsSync(path)) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

const isFresh = () => existsSync(privateBinary) && statSync(privateBinary).mtimeMs >= newestSource()

/** Builds (when the sources changed since the last build) and returns the path of the binary under test. */
export const ensureCli = (): string => {
  if (isFresh()) return privateBinary
  const deadline = Date.now() + 120_000
  for (;;) {
    try {
      mkdirSync(lockDir, { recursive: false })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      // A lock older than two minutes belongs to a build that died.
      const lock = statSync(lockDir, { throwIfNoEntry: false })
      if (lock === undefined) continue
      if (Date.now() - lock.mtimeMs > 120_000) {
        rmSync(lockDir, { recursive: true, force: true })
        continue
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the build lock ${lockDir}`, { cause: error })
      sleepSync(100)
    }
  }
  try {
    if (isFresh()) return privateBinary
    const started = Date.now()
    const built = join(repoRoot, "dist", "ralph.js")
    // `npm test` builds before vitest runs: a dist/ newer than every source is used as it is.
    if (!existsSync(built) || statSync(built).mtimeMs < newestSource()) {
      execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: repoRoot, stdio: "pipe" })
    }
    mkdirSync(privateDir, { recursive: true })
    // The entry stub and the bundle it loads (with its source map).
    for (const file of readdirSync(join(repoRoot, "dist")).filter((name) => name.startsWith("ralph"))) {
      copyFileSync(join(repoRoot, "dist", file), join(privateDir, file))
    }
    // Stamp the copy with the build's start (or dist's own time), so an edit made since triggers another.
    const stamp = new Date(Math.min(started, statSync(built).mtimeMs))
    utimesSync(privateBinary, stamp, stamp)
    return privateBinary
  } finally {
    rmSync(lockDir, { recursive: true, force: true })
  }
}

export interface CliResult {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

export interface CliOptions {
  readonly cwd: string
  /** Added to a clean copy of this process's environment (RALPH_* variables of the caller removed). */
  readonly env?: Readonly<Record<string, string>>
  readonly stdin?: string
}

/**
 * This process's environment without any RALPH_* variable, plus no colour and a private state dir
 * next to the workspace (`newWorkspace` lays them out so), never the user's own.
 */
export const cliEnv = (cwd: string, extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("RALPH_")) env[key] = value
  }
  return { ...env, NO_COLOR: "1", RALPH_STATE_DIR: join(cwd, "..", "ralph-state"), ...extra }
}

const roots: Array<string> = []

/** A fresh temp root holding `ws/` (the workspace) and, once ralph writes it, `ralph-state/`. */
export const newWorkspace = (): { readonly root: string; readonly ws: string } => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ralph-cli-test-")))
  roots.push(root)
  const ws = join(root, "ws")
  mkdirSync(ws)
  return { root, ws }
}

/** Removes every workspace made by `newWorkspace` (call from afterAll). */
export const removeWorkspaces = (): void => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
}

export interface RunningCli {
  readonly child: ChildProcess
  readonly result: Promise<CliResult>
}

/** Starts `node <binary> ...args`; the promise settles when it exits. */
export const startCli = (args: ReadonlyArray<string>, options: CliOptions): RunningCli => {
  const child = spawn(process.execPath, [ensureCli(), ...args], {
    cwd: options.cwd,
    env: cliEnv(options.cwd, options.env),
    stdio: ["pipe", "pipe", "pipe"]
  })
  let stdout = ""
  let stderr = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  child.stdin.on("error", () => {})
  if (options.stdin !== undefined) child.stdin.end(options.stdin)
  else child.stdin.end()
  const result = new Promise<CliResult>((resolvePromise, reject) => {
    child.on("error", reject)
    child.on("close", (code, signal) => resolvePromise({ code, signal, stdout, stderr }))
  })
  return { child, result }
}

/** `ralph run` with an exec agent, a short kill grace and no retries, then `more` (the test's flags, its objective). */
export const execArgs = (agent: string, ...more: Array<string>): Array<string> => [
  "run",
  "--agent",
  "exec",
  "--agent-cmd",
  agent,
  "--kill-grace",
  "300ms",
  "--retries",
  "0",
  ...more
]

export const runCli = (args: ReadonlyArray<string>, options: CliOptions): Promise<CliResult> =>
  startCli(args, options).result

/** Like `runCli`, but SIGKILLed after `ms`: a hang fails the calling test (its `signal` is set), not the suite. */
export const runCliBounded = async (args: ReadonlyArray<string>, options: CliOptions, ms = 30_000) => {
  const running = startCli(args, options)
  const timer = setTimeout(() => running.child.kill("SIGKILL"), ms)
  const result = await running.result
  clearTimeout(timer)
  return result
}

/**
 * The one JSON document `--json` promises on stdout: fails unless stdout is exactly one JSON value
 * (a trailing newline allowed) and that value is an object.
 */
export const jsonDocument = (result: CliResult): Record<string, any> => {
  const text = result.stdout.trim()
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(
      `stdout is not exactly one JSON document (${
        (error as Error).message
      }):\n${result.stdout}\n--- stderr:\n${result.stderr}`,
      { cause: error }
    )
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`stdout holds JSON but not an object: ${text}`)
  }
  return value as Record<string, any>
}
