/**
 * B8 — the workspace fingerprint (the stall guard's and `ralph show`'s "changed the workspace"),
 * taken before and after every attempt: ms per fingerprint through `WorkspaceGuard`, on an empty
 * folder, a git repository of 10 000 committed files (clean, then with 100 of them edited and 100
 * untracked), the same 10 000 files without git (the bounded walk), and the checkout ralph is
 * benched from. Bundled by bench/run.mjs; prints one JSON document on stdout.
 */
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { WorkspaceGuard } from "../src/workspace/WorkspaceGuard.ts"
import { log, median } from "./stats.ts"

const options = JSON.parse(process.argv[2] ?? "{}") as { readonly runs?: number; readonly checkout?: string }
const runs = options.runs ?? 21
const files = 10_000
const root = mkdtempSync(join(tmpdir(), "ralph-b8-"))

/** `files` small files, 100 to a folder. */
const fill = (dir: string) => {
  for (let i = 0; i < files; i++) {
    const folder = join(dir, `d${Math.floor(i / 100)}`)
    if (i % 100 === 0) mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, `f${i}.txt`), `file ${i}\n`)
  }
}
const git = (cwd: string, ...args: Array<string>) =>
  execFileSync("git", ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid", ...args], {
    cwd,
    stdio: "ignore"
  })

const empty = join(root, "empty")
mkdirSync(empty)
const walked = join(root, "walked")
fill(walked)
const repo = join(root, "repo")
fill(repo)
git(repo, "init", "-q")
git(repo, "add", "-A")
git(repo, "commit", "-q", "-m", "10 000 files")

/** Median ms of one fingerprint of `dir`, over `n` after three untimed ones; the guard is made once, as a run makes it. */
const time = (dir: string, n = runs): Promise<number> =>
  Effect.runPromise(Effect.gen(function*() {
    const guard = WorkspaceGuard.make()
    const times: Array<number> = []
    for (let i = 0; i < n + 3; i++) {
      const t0 = performance.now()
      yield* guard.fingerprint(dir)
      if (i >= 3) times.push(performance.now() - t0)
    }
    return median(times)
  }))

const main = async () => {
  const result: Record<string, number> = {}
  // Microseconds: enough runs for the JIT to settle.
  result.empty = await time(empty, 1000)
  result.gitClean = await time(repo)
  for (let i = 0; i < 100; i++) {
    writeFileSync(join(repo, `d${i}`, `f${i * 100}.txt`), "edited\n")
    writeFileSync(join(repo, `d${i}`, `new${i}.txt`), "untracked\n")
  }
  result.gitChanged = await time(repo)
  result.walk = await time(walked)
  if (options.checkout !== undefined) result.checkout = await time(options.checkout)
  for (const [name, ms] of Object.entries(result)) log(`${name}: ${ms.toFixed(2)} ms per fingerprint`)
  process.stdout.write(`${JSON.stringify({ files, runs, msPerFingerprint: result })}\n`)
}

main().then(
  () => rmSync(root, { recursive: true, force: true }),
  (error) => {
    rmSync(root, { recursive: true, force: true })
    process.stderr.write(`${error?.stack ?? error}\n`)
    process.exit(1)
  }
)
