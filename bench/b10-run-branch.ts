/**
 * B10 — a fleet run's round commit (src/workspace/runBranch.ts `commitRound`: the scrub, the
 * remote's tip asked, the tree hashed in a temporary index, the commit, the leased push, the
 * worker's .git rebuilt) on a clone of a 10 000-file repository whose remote is a local bare
 * repository, with nothing changed and with 200 changed files (100 edited, 100 new), against `git
 * status --porcelain` through the same `runGit` in the same clone. Bundled by bench/run.mjs; prints
 * one JSON document on stdout.
 */
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { runGit } from "../src/workspace/git.ts"
import { commitRound, IndexMemo, prepareClone } from "../src/workspace/runBranch.ts"
import { log, median } from "./stats.ts"

const options = JSON.parse(process.argv[2] ?? "{}") as { readonly runs?: number }
const runs = options.runs ?? 21
const files = 10_000
const root = mkdtempSync(join(tmpdir(), "ralph-b10-"))
const seed = join(root, "seed")
const bare = join(root, "remote.git")

for (let i = 0; i < files; i++) {
  const folder = join(seed, `d${Math.floor(i / 100)}`)
  if (i % 100 === 0) mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, `f${i}.txt`), `file ${i}\n`)
}
const git = (cwd: string, ...args: Array<string>) =>
  execFileSync("git", ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid", ...args], {
    cwd,
    stdio: "ignore"
  })
git(seed, "init", "-q")
git(seed, "add", "-A")
git(seed, "commit", "-q", "-m", "10 000 files")
git(root, "init", "-q", "--bare", bare)
git(seed, "push", "-q", bare, "HEAD:refs/heads/main")
git(bare, "symbolic-ref", "HEAD", "refs/heads/main")

const report = { status: "continue", summary: "bench", evidence: [], nextSteps: ["more"], blocker: "" } as const

const main = () =>
  Effect.runPromise(Effect.gen(function*() {
    // Two runs on the same remote: one commits with the index memo (the worker's normal path), one without.
    const memo = new IndexMemo()
    const withMemo = yield* prepareClone({ repo: bare, runId: "bench-memo", workDir: join(root, "work") }, memo)
    const without = yield* prepareClone({ repo: bare, runId: "bench", workDir: join(root, "work") })
    const rounds = { memo: 0, none: 0 }
    const commit = (useMemo: boolean) =>
      useMemo
        ? commitRound(withMemo, { runId: withMemo.runId, round: ++rounds.memo, summary: "bench", report }, memo)
        : commitRound(without, { runId: without.runId, round: ++rounds.none, summary: "bench", report })
    const status = () => runGit(withMemo.dir, ["status", "--porcelain", "-z", "--untracked-files=all"])
    /** Median ms of each variant over `runs` (alternated, three untimed first); `before` changes the files first. */
    const time = (before: (i: number) => void) =>
      Effect.gen(function*() {
        const samples = { status: [] as Array<number>, memo: [] as Array<number>, noMemo: [] as Array<number> }
        for (let i = 0; i < runs + 3; i++) {
          before(i)
          const t0 = performance.now()
          yield* status()
          const t1 = performance.now()
          yield* commit(true)
          const t2 = performance.now()
          const t3 = performance.now()
          yield* commit(false)
          const t4 = performance.now()
          if (i >= 3) {
            samples.status.push(t1 - t0)
            samples.memo.push(t2 - t1)
            samples.noMemo.push(t4 - t3)
          }
        }
        const statusMs = median(samples.status)
        const memoMs = median(samples.memo)
        const noMemoMs = median(samples.noMemo)
        return { status: statusMs, commit: memoMs, commitNoMemo: noMemoMs, ratio: memoMs / statusMs }
      })
    const clean = yield* time(() => {})
    const changed200 = yield* time((i) => {
      for (const dir of [withMemo.dir, without.dir]) {
        for (let k = 0; k < 100; k++) {
          writeFileSync(join(dir, `d${k}`, `f${k * 100}.txt`), `edited ${i}\n`)
          writeFileSync(join(dir, `d${k}`, `new${i}-${k}.txt`), "new\n")
        }
      }
    })
    return { files, runs, clean, changed200 }
  }))

main().then(
  (result) => {
    for (const [name, r] of [["nothing changed", result.clean], ["200 changed", result.changed200]] as const) {
      log(
        `${name}: ${r.commit.toFixed(1)} ms per commitRound + push (no memo: ${r.commitNoMemo.toFixed(1)}) · ` +
          `git status ${r.status.toFixed(1)} ms · ratio ${r.ratio.toFixed(2)}`
      )
    }
    process.stdout.write(`${JSON.stringify(result)}\n`)
    rmSync(root, { recursive: true, force: true })
  },
  (error) => {
    rmSync(root, { recursive: true, force: true })
    process.stderr.write(`${error?.stack ?? error}\n`)
    process.exit(1)
  }
)
