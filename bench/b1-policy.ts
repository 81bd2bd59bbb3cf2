/**
 * B1 — policy overhead: the `Ralph` program on the memory engine with the scripted provider,
 * instant rounds, no processes, in an empty folder (the workspace fingerprint's own cost depends on
 * the workspace: B8 measures it). Bundled on the fly by bench/run.mjs and run in its own
 * `node --expose-gc` process; prints one JSON document on stdout.
 *
 * - timing: µs per round for runs of 256 and 10 000 rounds (median of several runs, after a warm-up
 *   of short runs and one untimed 10 000-round run; the 256-round runs after the 10 000-round ones).
 * - memory: one 10 000-round run sampling heapUsed and RSS after a full GC at chosen rounds;
 *   growth = sample at round 10 000 minus sample at round 1 (both inside the same run), plus
 *   what stays retained once the run is over.
 */
import { Effect, Layer } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as OtlpSerialization from "effect/observability/OtlpSerialization"
import * as OtlpTracer from "effect/observability/OtlpTracer"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { scriptedProvider, type ScriptStep } from "../src/agents/scripted.ts"
import { type ChildOutput, SubagentProvider } from "../src/agents/SubagentProvider.ts"
import type { InvalidConfig } from "../src/domain/errors.ts"
import { RunSupervisor } from "../src/engine/RunSupervisor.ts"
import { Ralph } from "../src/loop/Ralph.ts"
import { RunEvents } from "../src/loop/RunEvents.ts"
import { runSpans } from "../src/telemetry/runSpans.ts"
import { layerScripted } from "../src/testing.ts"
import { median } from "./stats.ts"

const cont = { status: "continue", summary: "did one step", evidence: [], nextSteps: ["do the next step"], blocker: "" }
const output: ChildOutput = { value: cont, usage: {} }

const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error("run with --expose-gc")

const options = JSON.parse(process.argv[2] ?? "{}") as {
  readonly runs256?: number
  readonly runs10k?: number
  readonly warmup?: number
}
/**
 * With `tracesUrl`: the run's spans (src/telemetry/runSpans.ts) exported over OTLP to that URL, as
 * the CLI does when an endpoint is set; without it, the library as it ships (no spans).
 */
const tracesUrl = (options as { readonly tracesUrl?: string }).tracesUrl

// Before and after every round the workspace is fingerprinted: here an empty folder, so what is
// timed is the policy, not `git status` of whatever checkout the bench runs from.
const workspace = mkdtempSync(join(tmpdir(), "ralph-b1-"))

/** The scripted Ralph of src/testing.ts, with its events turned into exported spans when tracing. */
const layerFor = (script: ReadonlyArray<ScriptStep>, rounds: number): Layer.Layer<Ralph, InvalidConfig> => {
  if (tracesUrl === undefined) {
    return layerScripted(script, { maxRounds: rounds, workspace, engine: { maxChildrenPerRun: rounds } })
  }
  const provider = scriptedProvider(script)
  return Ralph.layer({ subagentProvider: provider.name, maxRounds: rounds, workspace }).pipe(
    Layer.provide(RunSupervisor.layerMemory({ maxChildrenPerRun: rounds })),
    Layer.provide(SubagentProvider.layer([provider])),
    Layer.provide(Layer.succeed(RunEvents, RunEvents.of({ publish: runSpans() }))),
    Layer.provideMerge(
      OtlpTracer.layer({ url: tracesUrl, resource: { serviceName: "ralph-bench" } }).pipe(
        Layer.provide([OtlpSerialization.layerJson, FetchHttpClient.layer])
      )
    )
  )
}
const runs256 = options.runs256 ?? 31
const runs10k = options.runs10k ?? 5
const warmup = options.warmup ?? 5

/** `runs` back-to-back runs of `rounds` instant rounds each, on one layer; wall ms of each run. */
const timeRuns = (rounds: number, runs: number): Promise<Array<number>> => {
  const script = new Array(rounds * runs).fill({ value: cont })
  const layer = layerFor(script, rounds)
  return Effect.runPromise(
    Effect.gen(function*() {
      const ralph = yield* Ralph
      const times: Array<number> = []
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now()
        const envelope = yield* ralph.run({ objective: "bench the policy", maxRounds: rounds })
        times.push(performance.now() - t0)
        if (envelope.result.roundsStarted !== rounds || envelope.result.status !== "budget-limited") {
          throw new Error(`unexpected result: ${JSON.stringify(envelope.result)}`)
        }
      }
      return times
    }).pipe(Effect.provide(layer))
  )
}

interface Sample {
  readonly round: number
  readonly heapUsed: number
  readonly rss: number
}

const sampleNow = (round: number): Sample => {
  gc()
  gc()
  const m = process.memoryUsage()
  return { round, heapUsed: m.heapUsed, rss: m.rss }
}

/** One 10 000-round run that samples memory (after full GCs) at round 1, every 1000 rounds and at the end. */
const memoryRun = async (rounds: number) => {
  const samples: Array<Sample> = []
  const sampleAt = new Set([1, 10, 100, ...Array.from({ length: rounds / 1000 }, (_, i) => (i + 1) * 1000)])
  const script = Array.from({ length: rounds }, () => (request: { readonly round: number }) =>
    Effect.sync(() => {
      if (sampleAt.has(request.round)) samples.push(sampleNow(request.round))
      return output
    }))
  const layer = layerFor(script, rounds)
  const before = sampleNow(0)
  await Effect.runPromise(
    Effect.gen(function*() {
      const ralph = yield* Ralph
      return yield* ralph.run({ objective: "bench the policy", maxRounds: rounds })
    }).pipe(Effect.provide(layer))
  )
  const after = sampleNow(rounds + 1)
  const first = samples[0]!
  const last = samples[samples.length - 1]!
  return {
    rounds,
    samples,
    before,
    after,
    heapGrowthBytes: last.heapUsed - first.heapUsed,
    rssGrowthBytes: last.rss - first.rss,
    retainedHeapAfterRunBytes: after.heapUsed - before.heapUsed,
    retainedRssAfterRunBytes: after.rss - before.rss
  }
}

const main = async () => {
  // Warm-up: let the JIT see the whole loop before anything is timed. The long runs go first, so
  // the short ones measure the policy with its code optimized (a run's fixed costs included), not
  // the JIT's warm-up. Short runs alone do not warm it: in the first long run after them, rounds
  // still got faster for ~10 000 rounds (560 → 100 µs per round, by thousands, on a loaded
  // machine; flat after), which made "10 000 rounds" look slower per round than "256 rounds".
  await timeRuns(256, warmup)
  await timeRuns(10_000, 1)
  const t10k = await timeRuns(10_000, runs10k)
  const t256 = await timeRuns(256, runs256)
  const memory = await memoryRun(10_000)
  const perRound = (times: ReadonlyArray<number>, rounds: number) => times.map((ms) => (ms * 1000) / rounds)
  const result = {
    rounds256: { runs: t256.length, msPerRun: t256, usPerRound: median(perRound(t256, 256)) },
    rounds10k: { runs: t10k.length, msPerRun: t10k, usPerRound: median(perRound(t10k, 10_000)) },
    memory
  }
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

main().then(
  () => rmSync(workspace, { recursive: true, force: true }),
  (error) => {
    rmSync(workspace, { recursive: true, force: true })
    process.stderr.write(`${error?.stack ?? error}\n`)
    process.exit(1)
  }
)
