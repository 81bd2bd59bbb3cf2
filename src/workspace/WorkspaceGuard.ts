/**
 * The checks ralph makes of a workspace around its rounds, as a service: the workspace's
 * fingerprint, the protected files, and the verify command that checks a claimed completion. It
 * reads the workspace and runs the verify command there; it never writes to it.
 */
import { Context, Duration, Effect, Layer } from "effect"
import { lstatSync, statSync } from "node:fs"
import { basename, delimiter, resolve } from "node:path"
import { InvalidConfig } from "../domain/errors.ts"
import type { Verification } from "../domain/guards.ts"
import { formatDuration } from "../domain/render.ts"
import { defaults } from "../domain/settings.ts"
import { type EnclosureHost, enclosureHost } from "../process/enclosure.ts"
import { findExecutable, programPath } from "../process/executable.ts"
import { TailBuffer } from "../process/outputCapture.ts"
import { runProcessGroup } from "../process/processGroup.ts"
import { fingerprint, gitTopLevel, insideWorkspace, isWithin, realOr } from "./files.ts"
import { defaultGitBounds, filterOverrides, type GitBounds, type GitFailed, type GitSetting } from "./git.ts"
import { changedFiles, hashFiles, type ProtectedSearch, searchProtected, TooManyFiles } from "./protected.ts"

/** How a verify process ended: its exit code, or that it timed out, or why it could not start. */
interface Ran {
  readonly exitCode: number | null
  readonly timedOut: boolean
  readonly spawnError: string | undefined
}

/** How much of the end of the verify command's output is kept (and handed to the next child). */
const verifyOutputTailBytes = 4096

/** How much the verify command may write to stdout before it is stopped: a check that floods it is broken. */
const verifyOutputMaxBytes = 64 * 1024 * 1024

export interface VerifyRequest {
  readonly command: ReadonlyArray<string>
  readonly workspace: string
  readonly timeout: Duration.Duration
  /** Added to the inherited environment. */
  readonly env: Readonly<Record<string, string>>
}

export interface ProtectedBaseline {
  /** The patterns to check again: the user's, and the verify command's own files in the workspace. */
  readonly patterns: ReadonlyArray<string>
  /** Workspace-relative path → its fingerprint when the run started (type, mode, size, hash: see protected.ts). */
  readonly files: Readonly<Record<string, string>>
  /**
   * The verify command, when there is one: its program found now in the workspace where it was not
   * when the run started (a child's program earlier on PATH) is a change.
   */
  readonly verify?: ReadonlyArray<string> | undefined
  /**
   * When the baseline was just taken: the user's patterns that bore on no path (one that protects
   * nothing yet, an exclusion that spares nothing), for a warning; they may name what a worker
   * will create.
   */
  readonly unmatched?: ReadonlyArray<string>
}

const exists = (path: string): boolean => {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/**
 * How an interpreter is told to run inline code or a module instead of a script file (`sh -c`,
 * `node -e`, `python -m`), and its options that take the next word as their value.
 */
interface Interpreter {
  readonly inlineLetters: string
  readonly inlineOptions: ReadonlyArray<string>
  readonly valued: ReadonlyArray<string>
}
const shell: Interpreter = {
  inlineLetters: "cs",
  inlineOptions: [],
  valued: ["-o", "+o", "-O", "+O", "--rcfile", "--init-file"]
}
const node: Interpreter = {
  inlineLetters: "ep",
  inlineOptions: ["--eval", "--print"],
  valued: [
    "-r",
    "--require",
    "--import",
    "--loader",
    "--experimental-loader",
    "-C",
    "--conditions",
    "--input-type",
    "--env-file",
    "--test-reporter",
    "--test-reporter-destination",
    "--test-name-pattern",
    "--test-concurrency"
  ]
}
const interpreters: Readonly<Record<string, Interpreter>> = {
  sh: shell,
  bash: shell,
  dash: shell,
  zsh: shell,
  ksh: shell,
  node,
  tsx: node,
  python: { inlineLetters: "cm", inlineOptions: [], valued: ["-W", "-X"] },
  perl: { inlineLetters: "eE", inlineOptions: [], valued: [] },
  ruby: { inlineLetters: "e", inlineOptions: [], valued: ["-I", "-r"] }
}

/**
 * The script file an interpreter in the verify command runs, whatever its name (`sh ci/check` →
 * `ci/check`): its first argument that is neither an option nor an option's value. None when it
 * runs inline code or a module. `env [NAME=VALUE…] CMD…` is looked through.
 */
const scriptOf = (command: ReadonlyArray<string>): string | undefined => {
  const [program, ...args] = command
  if (program === undefined) return undefined
  const name = basename(program).replace(/[\d.]+$/, "")
  if (name === "env") {
    const rest = args.findIndex((arg) => !arg.startsWith("-") && !arg.includes("="))
    return rest === -1 ? undefined : scriptOf(args.slice(rest))
  }
  const interpreter = interpreters[name]
  if (interpreter === undefined) return undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--") return args[i + 1]
    if (interpreter.inlineOptions.includes(arg)) return undefined
    if (
      arg.startsWith("-") && !arg.startsWith("--") &&
      Array.from(interpreter.inlineLetters).some((c) => arg.includes(c, 1))
    ) {
      return undefined
    }
    if (interpreter.valued.includes(arg)) i++
    else if (arg === "-") return undefined
    else if (!arg.startsWith("-") && !arg.startsWith("+")) return arg
  }
  return undefined
}

/**
 * The PATH the verify process searches, as absolute folders: it runs in the workspace, so an empty
 * entry, `.` and every relative entry (`node_modules/.bin`) are folders of the workspace.
 */
const verifyPath = (workspace: string): string =>
  (process.env.PATH ?? "").split(delimiter).map((dir) => resolve(workspace, dir)).join(delimiter)

/** Where the verify process would find its program: a path as given (from where ralph started), a bare name on `verifyPath`. */
const locateProgram = (program: string, workspace: string): string | undefined =>
  program.includes("/") ? findExecutable(programPath(program)) : findExecutable(program, verifyPath(workspace))

/**
 * The verify command's own files in the workspace, protected without being asked: its program
 * when it lives there, and every argument naming a file there (a script it runs). Each is taken
 * both as named (a link in the workspace can be replaced) and as the file it leads to, against the
 * workspace's real path too (a workspace given through a symbolic link).
 */
const commandFiles = (workspace: string, command: ReadonlyArray<string>): Array<string> => {
  const [program, ...args] = command
  const root = realOr(workspace)
  const located = program === undefined ? undefined : locateProgram(program, workspace)
  const candidates = [
    ...(located === undefined ? [] : [resolve(located)]),
    ...args.map((arg) => resolve(workspace, arg))
  ]
  const found = new Set<string>()
  for (const candidate of candidates.filter(isFile)) {
    for (const rel of [insideWorkspace(workspace, candidate), insideWorkspace(root, realOr(candidate))]) {
      if (rel !== undefined) found.add(rel)
    }
  }
  return [...found]
}

export interface GuardOptions {
  /** Between SIGTERM and SIGKILL when the verify command is stopped. */
  readonly killGrace?: Duration.Duration
  /** How long ralph's own git command in the workspace may run (default 60s). */
  readonly gitTimeout?: Duration.Duration
}

export class WorkspaceGuard extends Context.Service<WorkspaceGuard, {
  /** Equal before and after a round exactly when the round changed nothing ralph can see (README, "Stall guard"). */
  readonly fingerprint: (workspace: string, filters?: ReadonlyArray<GitSetting>) => Effect.Effect<string, GitFailed>
  /**
   * The settings that switch off the filter drivers of the workspace's repository (none outside
   * git, where git is not asked): read once for the fingerprint and the checkpoint that follow it
   * with nothing run between them.
   */
  readonly gitFilters: (workspace: string) => Effect.Effect<ReadonlyArray<GitSetting>, GitFailed>
  /** Checks before round 1 that the verify command can start, and that a script it runs exists. */
  readonly preflight: (command: ReadonlyArray<string>, workspace: string) => Effect.Effect<void, InvalidConfig>
  /** The protected files as they are now, to compare every later round with; first the verify command's preflight. */
  readonly baseline: (
    workspace: string,
    protect: ReadonlyArray<string>,
    verify: ReadonlyArray<string> | undefined
  ) => Effect.Effect<ProtectedBaseline, InvalidConfig>
  /** Protected files that differ from the baseline (changed, removed, newly matching, or a verify program that appeared). */
  readonly changed: (workspace: string, baseline: ProtectedBaseline) => Effect.Effect<ReadonlyArray<string>>
  /** Runs the verify command in the workspace, in its own process group and enclosure; every process it started is gone when this returns (interrupted too). */
  readonly verify: (request: VerifyRequest) => Effect.Effect<Verification>
}>()("ralph/WorkspaceGuard") {
  static readonly make = (options: GuardOptions = {}): WorkspaceGuard["Service"] => {
    const killGrace = options.killGrace ?? defaults.killGrace
    // The host's cgroup facts, read at the first verify (most runs have none) and kept by this guard.
    let host: EnclosureHost | undefined
    const gitBounds: GitBounds = { ...defaultGitBounds, timeout: options.gitTimeout ?? defaultGitBounds.timeout }
    const preflight = Effect.fn("WorkspaceGuard.preflight")(
      function*(command: ReadonlyArray<string>, workspace: string) {
        const program = command[0]
        if (program === undefined || locateProgram(program, workspace) === undefined) {
          return yield* new InvalidConfig({
            key: "verify",
            problem: `the verify command's program ${JSON.stringify(program ?? "")} was not found ${
              program?.includes("/") === true ? "or is not executable" : "on PATH"
            }; fix --verify (RALPH_VERIFY, verify in ralph.config.json)`
          })
        }
        const script = scriptOf(command)
        if (script !== undefined && !exists(resolve(workspace, script))) {
          return yield* new InvalidConfig({
            key: "verify",
            problem: `the verify command's script ${
              JSON.stringify(script)
            } does not exist; a gate that a worker could write proves nothing: create it before the run, or fix --verify (RALPH_VERIFY, verify in ralph.config.json)`
          })
        }
      }
    )
    const baseline = Effect.fn("WorkspaceGuard.baseline")(function*(
      workspace: string,
      protect: ReadonlyArray<string>,
      verify: ReadonlyArray<string> | undefined
    ): Effect.fn.Return<ProtectedBaseline, InvalidConfig> {
      if (verify !== undefined) yield* preflight(verify, workspace)
      const own = verify === undefined ? [] : commandFiles(workspace, verify)
      // The gate's own files last, so that no exclusion of the user's spares them.
      const asked = protect.filter((pattern) => !own.includes(pattern))
      const patterns = [...asked, ...own]
      let search: ProtectedSearch
      try {
        search = searchProtected(workspace, patterns)
      } catch (error) {
        if (!(error instanceof TooManyFiles)) throw error
        return yield* new InvalidConfig({
          key: "protect",
          problem: `the protect patterns (${patterns.join(" ")}): ${error.message}`
        })
      }
      // The gate's own files are hashed by name, also where the walk does not go (node_modules, .git).
      return {
        patterns,
        files: hashFiles(workspace, [...new Set([...search.files, ...own])]),
        unmatched: asked.filter((_, i) => !search.used.has(i))
      }
    })
    const verifyCommand = Effect.fn("WorkspaceGuard.verify")(function*(request: VerifyRequest) {
      const output = new TailBuffer(verifyOutputTailBytes)
      const started = Date.now()
      const [program, ...args] = request.command
      let written = 0
      const exit = yield* runProcessGroup({
        command: programPath(program!),
        args,
        cwd: request.workspace,
        env: { ...process.env, PWD: request.workspace, ...request.env },
        stdin: null,
        // stdout and stderr interleaved into one tail: the end is what says why a check failed.
        // Only the tail is kept; past the bound the command is stopped and the check fails, saying so.
        stdout: {
          maxBytes: verifyOutputMaxBytes,
          push: (chunk) => {
            written += chunk.length
            output.push(chunk)
            return written <= verifyOutputMaxBytes
          }
        },
        stderr: output,
        onOutput: () => {},
        onSpawn: () => Effect.void,
        killGrace,
        enclose: host ??= enclosureHost()
      }).pipe(
        Effect.map((exit): Ran => ({ exitCode: exit.code, timedOut: false, spawnError: undefined })),
        Effect.catch((failed) => Effect.succeed<Ran>({ exitCode: null, timedOut: false, spawnError: failed.detail })),
        Effect.timeoutOrElse({
          duration: request.timeout,
          orElse: () => Effect.succeed({ exitCode: null, timedOut: true, spawnError: undefined })
        })
      )
      const tail = output.text()
      const note = exit.timedOut
        ? `ralph: the verify command ran longer than ${
          formatDuration(Duration.toMillis(request.timeout))
        } and was stopped`
        : exit.spawnError
      return {
        command: [...request.command],
        exitCode: exit.exitCode,
        timedOut: exit.timedOut,
        durationMs: Date.now() - started,
        outputTail: note === undefined ? tail : tail === "" ? note : `${tail}\n${note}`
      } satisfies Verification
    })
    // Whether a workspace is in a git repository, asked once per workspace rather than per round.
    const tops = new Map<string, string | undefined>()
    const topOf = (workspace: string) =>
      Effect.suspend(() =>
        tops.has(workspace)
          ? Effect.succeed(tops.get(workspace))
          : Effect.tap(gitTopLevel(workspace, gitBounds), (top) => Effect.sync(() => tops.set(workspace, top)))
      )
    const fingerprintOf = (workspace: string, filters?: ReadonlyArray<GitSetting>) =>
      Effect.flatMap(topOf(workspace), (top) => fingerprint(workspace, top, gitBounds, filters))
    const gitFilters = (workspace: string) =>
      Effect.flatMap(
        topOf(workspace),
        (top): Effect.Effect<ReadonlyArray<GitSetting>, GitFailed> =>
          top === undefined ? Effect.succeed([]) : filterOverrides(workspace, gitBounds)
      )
    // Whether a bare program name could be found on PATH inside the workspace: only then can a
    // child shadow the verify program, and PATH is fixed for the process, so it is asked once.
    const entersWorkspace = new Map<string, boolean>()
    const pathEntersWorkspace = (workspace: string, program: string): boolean => {
      if (program.includes("/")) return false
      let enters = entersWorkspace.get(workspace)
      if (enters === undefined) {
        const root = realOr(workspace)
        enters = verifyPath(workspace).split(delimiter).some((dir) =>
          isWithin(dir, resolve(workspace)) || isWithin(realOr(dir), root)
        )
        entersWorkspace.set(workspace, enters)
      }
      return enters
    }
    return WorkspaceGuard.of({
      fingerprint: fingerprintOf,
      gitFilters,
      preflight,
      baseline,
      changed: (workspace, baseline) =>
        Effect.sync(() => {
          const changed = changedFiles(workspace, baseline.files, baseline.patterns)
          const program = baseline.verify?.[0]
          if (program === undefined || !pathEntersWorkspace(workspace, program)) return changed
          // The gate's program found on PATH in a workspace folder where it was not at the start
          // (a child's shadowing one); its arguments may name what the worker is to write.
          const shadowing = commandFiles(workspace, [program]).filter((file) =>
            baseline.files[file] === undefined && !changed.includes(file)
          )
          return shadowing.length === 0 ? changed : [...changed, ...shadowing].sort()
        }),
      verify: verifyCommand
    })
  }

  static readonly layer = (options: GuardOptions = {}) => Layer.sync(WorkspaceGuard, () => WorkspaceGuard.make(options))
}
