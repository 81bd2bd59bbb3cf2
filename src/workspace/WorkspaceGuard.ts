/**
 * The checks ralph makes of a workspace around its rounds, as a service: the workspace's
 * fingerprint, the protected files, and the verify command that checks a claimed completion. It
 * reads the workspace and runs the verify command there; it never writes to it.
 */
import { Context, Duration, Effect, Layer } from "effect"
import { realpathSync, statSync } from "node:fs"
import { basename, delimiter, resolve } from "node:path"
import { findExecutable, programPath } from "../agents/process/executable.ts"
import { TailBuffer } from "../agents/process/outputCapture.ts"
import { runAgentProcess } from "../agents/process/processGroup.ts"
import { InvalidConfig } from "../domain/errors.ts"
import type { Verification } from "../domain/guards.ts"
import { formatDuration } from "../domain/render.ts"
import { defaults } from "../domain/settings.ts"
import {
  changedFiles,
  fingerprint,
  gitTopLevel,
  hashFiles,
  insideWorkspace,
  matchingFiles,
  TooManyFiles
} from "./files.ts"

/** How much of the end of the verify command's output is kept (and handed to the next child). */
const verifyOutputTailBytes = 4096

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
  /** Workspace-relative path → content hash, when the run started. */
  readonly files: Readonly<Record<string, string>>
  /**
   * The verify command, when there is one: its program found now in the workspace where it was not
   * when the run started (a child's program earlier on PATH) is a change.
   */
  readonly verify?: ReadonlyArray<string> | undefined
}

const realOr = (path: string): string => {
  try {
    return realpathSync(path)
  } catch {
    return path
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
 * Programs that run a script file named among their arguments, and the option letters after which
 * they run inline code or a module instead (`sh -c`, `node -e`, `python -m`).
 */
const interpreters: Readonly<Record<string, string>> = {
  sh: "c",
  bash: "c",
  dash: "c",
  zsh: "c",
  ksh: "c",
  node: "ep",
  tsx: "ep",
  python: "cm",
  python3: "cm",
  perl: "eE",
  ruby: "e"
}
const scriptFile = /\.(sh|bash|zsh|py|js|mjs|cjs|ts|mts|cts|rb|pl)$/

/**
 * The script file an interpreter in the verify command runs (`sh check.sh` → `check.sh`): its first
 * argument that is no option and is named like a script. None when it runs inline code.
 */
const scriptOf = (command: ReadonlyArray<string>): string | undefined => {
  const [program, ...args] = command
  const inlineLetters = program === undefined ? undefined : interpreters[basename(program)]
  if (inlineLetters === undefined) return undefined
  for (const arg of args) {
    if (arg === "--eval" || arg === "--print") return undefined
    if (arg.startsWith("-") && !arg.startsWith("--") && Array.from(inlineLetters).some((c) => arg.includes(c, 1))) {
      return undefined
    }
    if (!arg.startsWith("-") && scriptFile.test(arg)) return arg
  }
  return undefined
}

/**
 * The verify command's own files in the workspace, protected without being asked: its program
 * when it lives there, and every argument naming a file there (a script it runs). Each is taken
 * both as named (a link in the workspace can be replaced) and as the file it leads to, against the
 * workspace's real path too (a workspace given through a symbolic link).
 */
const commandFiles = (workspace: string, command: ReadonlyArray<string>): Array<string> => {
  const [program, ...args] = command
  const root = realOr(workspace)
  const located = program === undefined ? undefined : findExecutable(programPath(program))
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

export class WorkspaceGuard extends Context.Service<WorkspaceGuard, {
  /** Equal before and after a round exactly when the round changed nothing ralph can see (README, "Stall guard"). */
  readonly fingerprint: (workspace: string) => Effect.Effect<string>
  /** Checks before round 1 that the verify command can start, and that a script it runs exists. */
  readonly preflight: (command: ReadonlyArray<string>, workspace: string) => Effect.Effect<void, InvalidConfig>
  /** The protected files as they are now, to compare every later round with. */
  readonly baseline: (
    workspace: string,
    protect: ReadonlyArray<string>,
    verify: ReadonlyArray<string> | undefined
  ) => Effect.Effect<ProtectedBaseline, InvalidConfig>
  /** Protected files that differ from the baseline (changed, removed, newly matching, or a verify program that appeared). */
  readonly changed: (workspace: string, baseline: ProtectedBaseline) => Effect.Effect<ReadonlyArray<string>>
  /** Runs the verify command in the workspace, in its own process group; interrupting it stops the group and waits. */
  readonly verify: (request: VerifyRequest) => Effect.Effect<Verification>
}>()("ralph/WorkspaceGuard") {
  static readonly make = (options: { readonly killGrace?: Duration.Duration } = {}): WorkspaceGuard["Service"] => {
    const killGrace = options.killGrace ?? defaults.killGrace
    const preflight = Effect.fn("WorkspaceGuard.preflight")(
      function*(command: ReadonlyArray<string>, workspace: string) {
        const program = command[0]
        if (program === undefined || findExecutable(programPath(program)) === undefined) {
          return yield* new InvalidConfig({
            key: "verify",
            problem: `the verify command's program ${JSON.stringify(program ?? "")} was not found ${
              program?.includes("/") === true ? "or is not executable" : "on PATH"
            }; fix --verify (RALPH_VERIFY, verify in ralph.config.json)`
          })
        }
        const script = scriptOf(command)
        if (script !== undefined && !isFile(resolve(workspace, script))) {
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
      const own = verify === undefined ? [] : commandFiles(workspace, verify)
      const patterns = [...new Set([...protect, ...own])]
      let files: Array<string>
      try {
        files = matchingFiles(workspace, patterns)
      } catch (error) {
        if (!(error instanceof TooManyFiles)) throw error
        return yield* new InvalidConfig({
          key: "protect",
          problem: `the protect patterns (${patterns.join(" ")}): ${error.message}`
        })
      }
      // The gate's own files are hashed by name, also where the walk does not go (a linked folder).
      return { patterns, files: hashFiles(workspace, [...new Set([...files, ...own])]) }
    })
    const verifyCommand = Effect.fn("WorkspaceGuard.verify")(function*(request: VerifyRequest) {
      const output = new TailBuffer(verifyOutputTailBytes)
      const started = Date.now()
      const [program, ...args] = request.command
      const exit = yield* runAgentProcess({
        command: programPath(program!),
        args,
        cwd: request.workspace,
        env: { ...process.env, PWD: request.workspace, ...request.env },
        stdin: null,
        // stdout and stderr interleaved into one tail: the end is what says why a check failed.
        stdout: { maxBytes: Number.POSITIVE_INFINITY, push: (chunk) => (output.push(chunk), true) },
        stderr: output,
        onOutput: () => {},
        onSpawn: () => Effect.void,
        killGrace
      }).pipe(
        Effect.map((exit) => ({ exitCode: exit.code, timedOut: false, spawnError: undefined as string | undefined })),
        Effect.catch((failed) => Effect.succeed({ exitCode: null, timedOut: false, spawnError: failed.detail })),
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
    const fingerprintOf = (workspace: string) =>
      Effect.suspend(() =>
        tops.has(workspace)
          ? fingerprint(workspace, tops.get(workspace))
          : Effect.flatMap(gitTopLevel(workspace), (top) => {
            tops.set(workspace, top)
            return fingerprint(workspace, top)
          })
      )
    // Whether a bare program name could be found on PATH inside the workspace: only then can a
    // child shadow the verify program, and PATH is fixed for the process, so it is asked once.
    const entersWorkspace = new Map<string, boolean>()
    const pathEntersWorkspace = (workspace: string, program: string): boolean => {
      if (program.includes("/")) return false
      let enters = entersWorkspace.get(workspace)
      if (enters === undefined) {
        const root = realOr(workspace)
        enters = (process.env.PATH ?? "").split(delimiter).some((dir) =>
          dir !== "" &&
          (insideWorkspace(workspace, resolve(dir)) !== undefined || insideWorkspace(root, realOr(dir)) !== undefined)
        )
        entersWorkspace.set(workspace, enters)
      }
      return enters
    }
    return WorkspaceGuard.of({
      fingerprint: fingerprintOf,
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

  static readonly layer = (options: { readonly killGrace?: Duration.Duration } = {}) =>
    Layer.sync(WorkspaceGuard, () => WorkspaceGuard.make(options))
}
