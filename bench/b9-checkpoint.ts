/**
 * B9 — the per-round checkpoint (src/workspace/checkpoints.ts): ms per checkpoint on a git
 * repository of 10 000 committed files, clean and then with 200 changed files (100 edited, 100
 * untracked), against `git status --porcelain` through the same `runGit` on the same repository
 * (the baseline: what a round's fingerprint already costs). Bundled by bench/run.mjs; prints one
 * JSON document on stdout.
 */
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Checkpoints } from "../src/workspace/checkpoints.ts"
import { runGit } from "../src/workspace/git.ts"
import { log, median } from "./stats.ts"

const options = JSON.parse(process.argv[2] ?? "{}") as { readonly runs?: number }
const runs = options.runs ?? 21
const files = 10_000
const root = mkdtempSync(join(tmpdir(), "ralph-b9-"))
const repo = join(root, "repo")

for (let i = 0; i < files; i++) {
  const folder = join(repo, `d${Math.floor(i / 100)}`)
  if (i % 100 === 0) mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, `f${i}.txt`), `file ${i}\n`)
}
const git = (...args: Array<string>) =>
  execFileSync("git", ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid", ...args], {
    cwd: repo,
    stdio: "ignore"
  })
git("init", "-q")
git("add", "-A")
git("commit", "-q", "-m", "10 000 files")

/** Median ms of `effect` over `runs` after three untimed ones. */
const time = (effect: (i: number) => Effect.Effect<unknown, unknown>): Promise<number> =>
  Effect.runPromise(Effect.gen(function*() {
    const times: Array<number> = []
    for (let i = 0; i < runs + 3; i++) {
      const t0 = performance.now()
      yield* effect(i)
      if (i >= 3) times.push(performance.now() - t0)
    }
    return median(times)
  }))

const checkpoints = Checkpoints.make()
const status = () => runGit(repo, ["status", "--porcelain", "-z", "--untracked-files=all"])
let round = 0
const checkpoint = () => checkpoints.record(repo, "bench", round++)

const main = async () => {
  const clean = { status: await time(status), checkpoint: await time(checkpoint) }
  for (let i = 0; i < 100; i++) {
    writeFileSync(join(repo, `d${i}`, `f${i * 100}.txt`), "edited\n")
    writeFileSync(join(repo, `d${i}`, `new${i}.txt`), "untracked\n")
  }
  const changed = { status: await time(status), checkpoint: await time(checkpoint) }
  const result = {
    files,
    runs,
    clean: { ...clean, ratio: clean.checkpoint / clean.status },
    changed200: { ...changed, ratio: changed.checkpoint / changed.status }
  }
  for (const [name, r] of [["clean", result.clean], ["200 changed", result.changed200]] as const) {
    log(
      `${name}: ${r.checkpoint.toFixed(1)} ms per checkpoint · git status ${r.status.toFixed(1)} ms · ratio ${
        r.ratio.toFixed(2)
      }`
    )
  }
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

main().then(
  () => rmSync(root, { recursive: true, force: true }),
  (error) => {
    rmSync(root, { recursive: true, force: true })
    process.stderr.write(`${error?.stack ?? error}\n`)
    process.exit(1)
  }
)
