/** Small exec agents written into temp dirs, and checks on the processes they leave behind. */
import { chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** A fresh directory under the system temp dir (by its real path); removed by `cleanup`. */
export const makeTempDir = (prefix = "ralph-test-"): string => realpathSync(mkdtempSync(join(tmpdir(), prefix)))

export const cleanup = (dir: string): void => rmSync(dir, { recursive: true, force: true })

/** Writes an executable `/bin/sh` script and returns its absolute path. */
export const writeAgent = (dir: string, name: string, body: string): string => {
  const file = join(dir, name)
  writeFileSync(file, `#!/bin/sh\n${body}\n`)
  chmodSync(file, 0o755)
  return file
}

/**
 * An exec agent `agent.sh` in `dir` that keeps its prompt where `promptTo` (a shell word) says,
 * runs `bodies[N-1]` in round N (exits 9 past them), then `finally`.
 */
export const writeRoundAgent = (
  dir: string,
  bodies: ReadonlyArray<string>,
  options: { readonly promptTo: string; readonly finally?: string }
): string => {
  const cases = bodies.map((body, i) => `  ${i + 1}) ${body} ;;`).join("\n")
  const last = options.finally === undefined ? "" : `\n${options.finally}`
  return writeAgent(
    dir,
    "agent.sh",
    `cat > ${options.promptTo}\ncase "$RALPH_ROUND" in\n${cases}\n  *) exit 9 ;;\nesac${last}`
  )
}

/** Shell-quotes one word with single quotes. */
export const sq = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`

/** A shell line that prints `value` as compact JSON on stdout. */
export const printJson = (value: unknown): string => `printf '%s\\n' ${sq(JSON.stringify(value))}`

/** A shell line that writes `value` as compact JSON to RALPH_REPORT_FILE. */
export const writeReportFile = (value: unknown): string =>
  `printf '%s' ${sq(JSON.stringify(value))} > "$RALPH_REPORT_FILE"`

/**
 * True when no process `pid` is running: it does not exist, or it is a zombie (dead, waiting to be
 * reaped by an init that reaps lazily, as some containers' pid 1 does).
 */
export const isGone = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH"
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3)
    return state === "Z" || state === "X"
  } catch {
    return true
  }
}

export const isAlive = (pid: number): boolean => !isGone(pid)

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Polls until `check` returns a value other than undefined, or throws after `timeoutMs`. */
export const waitFor = async <A>(what: string, check: () => A | undefined, timeoutMs = 10_000): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = check()
    if (value !== undefined) return value
    await sleep(20)
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
}

/** The pid written (followed by a newline) to `file`, once it is there. */
export const readPid = (file: string): number | undefined => {
  if (!existsSync(file)) return undefined
  const text = readFileSync(file, "utf8")
  if (!text.endsWith("\n")) return undefined
  const pid = Number(text.trim())
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
}

export const waitForPid = (file: string, timeoutMs = 10_000): Promise<number> =>
  waitFor(`a pid in ${file}`, () => readPid(file), timeoutMs)

/** Best-effort cleanup of a process group left behind by a failing test. */
export const killGroup = (pid: number | undefined): void => {
  if (pid === undefined) return
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, "SIGKILL")
    } catch {
      // gone
    }
  }
}
