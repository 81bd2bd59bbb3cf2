import { Duration, Effect, Schema } from "effect"
import { existsSync, statSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { readUntrusted } from "../io/untrustedFile.ts"
import { OutputCapture, TailBuffer } from "../process/outputCapture.ts"
import { runProcessGroup } from "../process/processGroup.ts"

/** How much of a git file ralph reads (packed-refs of a large repository included). */
const maxGitFileBytes = 16 * 1024 * 1024

/** A file of the workspace's git directory, read safely: a worker may have made it a FIFO. */
const read = (file: string): string | undefined => {
  const found = readUntrusted(file, { maxBytes: maxGitFileBytes, followLinks: true })
  return found._tag === "Read" ? found.value.toString("utf8").trim() : undefined
}

/** The folder holding the `.git` of the repository `dir` is in (itself or one above), if any. */
export const repositoryRoot = (dir: string): string | undefined => {
  for (let at = resolve(dir);; at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return at
    if (dirname(at) === at) return undefined
  }
}

/** The commit checked out in the repository holding `dir`, read from .git without spawning git. */
export const gitHead = (dir: string): string | null => {
  const root = repositoryRoot(dir)
  if (root === undefined) return null
  const dotGit = join(root, ".git")
  // A worktree or submodule has a .git file pointing at its git directory.
  const gitDir = statSync(dotGit).isFile() ? resolve(root, (read(dotGit) ?? "").replace(/^gitdir:\s*/, "")) : dotGit
  const head = read(join(gitDir, "HEAD"))
  if (head === undefined) return null
  if (!head.startsWith("ref:")) return head
  const ref = head.slice(4).trim()
  const commonDir = read(join(gitDir, "commondir"))
  const refRoots = commonDir === undefined ? [gitDir] : [gitDir, resolve(gitDir, commonDir)]
  for (const refRoot of refRoots) {
    const loose = read(join(refRoot, ref))
    if (loose !== undefined) return loose
    const packed = read(join(refRoot, "packed-refs"))
    const line = packed?.split("\n").find((l) => l.endsWith(` ${ref}`))
    if (line !== undefined) return line.split(" ")[0] ?? null
  }
  return null
}

/** ralph's own git command in a workspace ran past its bound in time or output, or was killed. */
export class GitFailed extends Schema.TaggedError<GitFailed>()("GitFailed", {
  command: Schema.String,
  detail: Schema.String
}) {
  override get message(): string {
    return `ralph's \`git ${this.command}\` in the workspace ${this.detail}`
  }
}

export interface GitResult {
  readonly code: number | null
  readonly stdout: string
  /** The end of what git said on stderr (why it failed, for an error message). */
  readonly stderr: string
}

export interface GitBounds {
  readonly timeout: Duration.Duration
  readonly maxOutputBytes: number
  readonly killGrace: Duration.Duration
}

/** What a caller adds to one git command: variables (a temporary index, an author) and its standard input. */
export interface GitExtras {
  readonly env?: Readonly<Record<string, string>>
  readonly stdin?: string
}

export const defaultGitBounds: GitBounds = {
  timeout: Duration.seconds(60),
  maxOutputBytes: 64 * 1024 * 1024,
  killGrace: Duration.seconds(1)
}

/** A config setting given to git on the side, over what every config file says. */
export type GitSetting = readonly [key: string, value: string]

/**
 * The programs a repository's config (written by the worker: `.git/config`, an include of it, or
 * the user's own config files, which a worker with ralph's user id can edit too) could make
 * `git status` or `git rev-parse` run, switched off: the fsmonitor hook, hooks, a pager, an
 * external diff, a lazy fetch's transport. Filter drivers are named by the repository;
 * `filterOverrides` switches those off.
 */
const neutralConfig: ReadonlyArray<GitSetting> = [
  ["core.fsmonitor", "false"],
  ["core.useBuiltinFSMonitor", "false"],
  ["core.untrackedCache", "false"],
  ["core.hooksPath", "/dev/null"],
  ["core.pager", "cat"],
  ["diff.external", ""],
  // A partial clone fetches missing objects on demand: no transport, no ssh command, no credential helper.
  ["protocol.allow", "never"],
  ["core.sshCommand", "false"],
  ["credential.helper", ""],
  ["core.askPass", ""]
]

/**
 * ralph's environment for git: no system or global config (a worker can plant one, and only the
 * repository's own is needed), no terminal prompt, no pager, and no lock taken (`status` would
 * refresh the index: ralph never writes the workspace); config passed in the environment by a
 * caller of ralph does not reach it either. The settings go as GIT_CONFIG_KEY_n / VALUE_n pairs,
 * not `-c key=value`, which splits at the first `=`: a driver named `a=b` would escape it.
 */
const gitEnv = (settings: ReadonlyArray<GitSetting>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("GIT_CONFIG")) env[key] = value
  }
  const all = [...neutralConfig, ...settings]
  all.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key
    env[`GIT_CONFIG_VALUE_${i}`] = value
  })
  return {
    ...env,
    GIT_CONFIG_COUNT: String(all.length),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_TERMINAL_PROMPT: "0",
    GIT_PAGER: "cat",
    GIT_ASKPASS: "",
    GIT_EXTERNAL_DIFF: "",
    GIT_NO_LAZY_FETCH: "1"
  }
}

/**
 * Runs git in a workspace on ralph's behalf: repository-configured programs off, in a process
 * group of its own (stopped with whatever it started when it ends or is interrupted), bounded in
 * time and output. A non-zero exit is a result; past a bound, it fails by name.
 */
export const runGit = (
  cwd: string,
  args: ReadonlyArray<string>,
  bounds: GitBounds = defaultGitBounds,
  settings: ReadonlyArray<GitSetting> = [],
  extras: GitExtras = {}
): Effect.Effect<GitResult, GitFailed> => {
  const command = args.join(" ")
  const stdout = new OutputCapture(bounds.maxOutputBytes)
  const stderr = new TailBuffer(2048)
  return runProcessGroup({
    command: "git",
    args: ["--no-pager", ...args],
    cwd,
    env: { ...gitEnv(settings), ...extras.env },
    stdin: extras.stdin ?? null,
    stdout,
    stderr,
    onOutput: () => {},
    onSpawn: () => Effect.void,
    killGrace: bounds.killGrace,
    // Its programs are switched off: the process group is enough, and git runs several times a round.
    enclose: false
  }).pipe(
    Effect.mapError((failed) => new GitFailed({ command, detail: failed.detail })),
    Effect.flatMap((exit) =>
      exit.signal === null
        ? Effect.succeed({ code: exit.code, stdout: stdout.text(), stderr: stderr.text() })
        : Effect.fail(new GitFailed({ command, detail: `was killed by ${exit.signal}` }))
    ),
    Effect.timeoutOrElse({
      duration: bounds.timeout,
      orElse: () =>
        Effect.fail(
          new GitFailed({
            command,
            detail: `ran longer than ${
              Duration.format(bounds.timeout)
            } and was stopped (a FIFO or a slow disk in .git?)`
          })
        )
    })
  )
}

/**
 * Settings that switch off every filter driver the repository's config defines (`filter.NAME.clean`,
 * `.smudge`, `.process`): `git status` runs a clean filter to compare a file whose stat changed.
 */
export const filterOverrides = Effect.fnUntraced(function*(cwd: string, bounds: GitBounds = defaultGitBounds) {
  const listed = yield* runGit(cwd, ["config", "--name-only", "--get-regexp", "^filter\\."], bounds)
  const drivers = new Set<string>()
  for (const key of listed.stdout.split("\n")) {
    const match = /^filter\.(.+)\.[^.]+$/.exec(key.trim())
    if (match !== null) drivers.add(match[1]!)
  }
  return [...drivers].flatMap((name): Array<GitSetting> => [
    [`filter.${name}.clean`, ""],
    [`filter.${name}.smudge`, ""],
    [`filter.${name}.process`, ""],
    [`filter.${name}.required`, "false"]
  ])
})
