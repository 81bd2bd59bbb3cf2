/** The exec agent protocol (design §3), with real child processes. */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { existsSync, readFileSync } from "node:fs"
import { isAbsolute, join, relative } from "node:path"
import { Ralph } from "../../src/loop/Ralph.ts"
import { cleanup, makeTempDir, printJson, sq, writeAgent, writeReportFile } from "../support/agents.ts"
import { execRalphLayer, request, runChild } from "../support/process.ts"
import { blockedReport, completeReport, continueReport, reportKeys, withoutUsage } from "../support/reports.ts"

const dirs: Array<string> = []
const tempDir = () => {
  const dir = makeTempDir()
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach(cleanup))

const childFailure = <A>(result: Result.Result<A, { readonly _tag: string }>) => {
  if (Result.isSuccess(result)) throw new Error(`expected ChildFailed, got ${JSON.stringify(result.success)}`)
  assert.strictEqual(result.failure._tag, "ChildFailed")
  return result.failure as unknown as {
    reason: string
    detail: string
    exitCode?: number
    signal?: string
    stderrTail?: string
    resetAt?: string
  }
}

describe.concurrent("exec protocol: where the report comes from", () => {
  it.live("the whole of stdout, whitespace around one JSON value allowed", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(dir, "agent.sh", `printf '\\n\\n  '\n${printJson(completeReport)}\nprintf '  \\n'`)
      const output = yield* runChild([agent], request(dir))
      assert.deepStrictEqual(output.value, completeReport)
    }))

  it.live("RALPH_REPORT_FILE when it holds more than whitespace: the file wins over stdout", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(dir, "agent.sh", `${writeReportFile(blockedReport)}\n${printJson(completeReport)}`)
      const output = yield* runChild([agent], request(dir))
      assert.deepStrictEqual(output.value, blockedReport)
    }))

  it.live("a file holding only whitespace is ignored: stdout is the report", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(
        dir,
        "agent.sh",
        `printf ' \\n\\t ' > "$RALPH_REPORT_FILE"\n${printJson(continueReport)}`
      )
      const output = yield* runChild([agent], request(dir))
      assert.deepStrictEqual(output.value, continueReport)
    }))

  it.live("a file that is not JSON fails the round even when stdout is good (the file wins)", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(dir, "agent.sh", `echo 'not json' > "$RALPH_REPORT_FILE"\n${printJson(completeReport)}`)
      const failure = childFailure(yield* Effect.result(runChild([agent], request(dir))))
      assert.strictEqual(failure.reason, "no-report")
      assert.include(failure.detail, "RALPH_REPORT_FILE")
    }))

  it.live("stdout that is not one JSON value is no-report, saying where it looked", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      for (
        const body of [
          "echo 'Done! {\"status\":\"complete\"}'",
          `${printJson(completeReport)}\n${printJson(completeReport)}`
        ]
      ) {
        const agent = writeAgent(dir, "agent.sh", body)
        const failure = childFailure(yield* Effect.result(runChild([agent], request(dir))))
        assert.strictEqual(failure.reason, "no-report")
        assert.include(failure.detail, "stdout")
      }
    }))

  it.live("exit 0 with nothing (or only whitespace) is no-report", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      for (const body of ["exit 0", "printf '  \\n\\n'"]) {
        const agent = writeAgent(dir, "agent.sh", body)
        const failure = childFailure(yield* Effect.result(runChild([agent], request(dir))))
        assert.strictEqual(failure.reason, "no-report")
        assert.match(failure.detail, /no report/)
      }
    }))

  it.live("a JSON value that is not a report is passed on (the program judges it)", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(dir, "agent.sh", `echo '[1, "two", null]'`)
      const output = yield* runChild([agent], request(dir))
      assert.deepStrictEqual(output.value, [1, "two", null])
    }))
})

describe.concurrent("exec protocol: exit status", () => {
  it.live("a non-zero exit fails the round as crashed, with the status and the end of stderr", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(
        dir,
        "agent.sh",
        `echo 'warming up' >&2\necho 'fatal: no disk' >&2\n${printJson(completeReport)}\nexit 3`
      )
      const failure = childFailure(yield* Effect.result(runChild([agent], request(dir))))
      assert.strictEqual(failure.reason, "crashed")
      assert.strictEqual(failure.exitCode, 3)
      assert.include(failure.detail, "3")
      assert.include(failure.detail, "fatal: no disk")
      assert.include(failure.stderrTail, "warming up")
    }))

  it.live("exit 75 (EX_TEMPFAIL) is tempfail", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(dir, "agent.sh", "exit 75")
      const failure = childFailure(yield* Effect.result(runChild([agent], request(dir))))
      assert.strictEqual(failure.reason, "tempfail")
      assert.strictEqual(failure.exitCode, 75)
    }))

  it.live("exit 75 with {\"retryAfterSeconds\": N} on stdout is a rate limit resetting N s after the child ended", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(dir, "agent.sh", `${printJson({ retryAfterSeconds: 90 })}\nexit 75`)
      const before = Date.now()
      const failure = childFailure(yield* Effect.result(runChild([agent], request(dir))))
      const after = Date.now()
      assert.strictEqual(failure.reason, "rate-limit")
      const resetAt = Date.parse(String(failure.resetAt))
      assert.isTrue(resetAt >= before + 90_000 && resetAt <= after + 90_000, String(failure.resetAt))
    }))

  it.live("exit 75 with {\"retryAt\": ISO-8601} on stdout is a rate limit resetting then", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const at = new Date(Date.now() + 3_600_000).toISOString()
      const agent = writeAgent(dir, "agent.sh", `${printJson({ retryAt: at })}\nexit 75`)
      const failure = childFailure(yield* Effect.result(runChild([agent], request(dir))))
      assert.strictEqual(failure.reason, "rate-limit")
      assert.strictEqual(failure.resetAt, at)
    }))

  const notSignals = [
    ["a negative wait", { retryAfterSeconds: -5 }],
    ["a wait past 30 days", { retryAfterSeconds: 31 * 24 * 3600 }],
    ["a key besides it", { retryAfterSeconds: 5, note: "x" }],
    ["both keys", { retryAfterSeconds: 5, retryAt: "2030-01-01T00:00:00Z" }],
    ["a date that is no ISO 8601", { retryAt: "tomorrow" }],
    ["a wait as text", { retryAfterSeconds: "5" }]
  ] as const
  for (const [what, printed] of notSignals) {
    it.live(`exit 75 with ${what} on stdout is a plain tempfail, saying the signal was not taken`, () =>
      Effect.gen(function*() {
        const dir = tempDir()
        const agent = writeAgent(dir, "agent.sh", `${printJson(printed)}\nexit 75`)
        const failure = childFailure(yield* Effect.result(runChild([agent], request(dir))))
        assert.strictEqual(failure.reason, "tempfail")
        assert.isUndefined(failure.resetAt)
        assert.include(failure.detail, "no retry signal")
      }))
  }

  it.live("death by a signal is crashed, naming the signal", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(dir, "agent.sh", `${printJson(completeReport)}\nkill -KILL $$`)
      const failure = childFailure(yield* Effect.result(runChild([agent], request(dir))))
      assert.strictEqual(failure.reason, "crashed")
      assert.include(failure.detail, "SIGKILL")
    }))

  it.live("a program that cannot be started is crashed", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const failure = childFailure(yield* Effect.result(runChild([join(dir, "missing")], request(dir))))
      assert.strictEqual(failure.reason, "crashed")
    }))
})

describe.concurrent("exec protocol: what the child is given", () => {
  it.live("cwd is the workspace; stdin is the prompt; RALPH_* variables; fresh empty report file; the schema", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const out = join(dir, "seen")
      const agent = writeAgent(
        dir,
        "agent.sh",
        [
          `mkdir -p ${sq(out)}`,
          `pwd -P > ${sq(join(out, "cwd"))}`,
          `printf '%s' "$PWD" > ${sq(join(out, "pwd-variable"))}`,
          `cat > ${sq(join(out, "stdin"))}`,
          `env | grep '^RALPH_' | sort > ${sq(join(out, "env"))}`,
          `printf '%s' "$RALPH_TEST_INHERITED" > ${sq(join(out, "inherited"))}`,
          `wc -c < "$RALPH_REPORT_FILE" | tr -d ' \\n' > ${sq(join(out, "report-size"))}`,
          `cp "$RALPH_REPORT_SCHEMA" ${sq(join(out, "schema.json"))}`,
          printJson(completeReport)
        ].join("\n")
      )
      const prompt = "Line one\nÜnïcödé 😀 and $HOME and `backticks`\n"
      process.env.RALPH_TEST_INHERITED = "from the parent"
      try {
        yield* runChild(
          [agent],
          request(dir, { runId: "run-xyz", round: 2, maxRounds: 9, attempt: 3, prompt })
        )
      } finally {
        delete process.env.RALPH_TEST_INHERITED
      }
      assert.strictEqual(readFileSync(join(out, "cwd"), "utf8").trim(), dir)
      assert.strictEqual(
        readFileSync(join(out, "pwd-variable"), "utf8"),
        dir,
        "PWD names the workspace, not ralph's directory"
      )
      assert.strictEqual(readFileSync(join(out, "stdin"), "utf8"), prompt, "the prompt, byte for byte, then EOF")
      const env = Object.fromEntries(
        readFileSync(join(out, "env"), "utf8").trim().split("\n").map((
          line
        ) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)])
      )
      assert.strictEqual(env.RALPH_RUN_ID, "run-xyz")
      assert.strictEqual(env.RALPH_ROUND, "2")
      assert.strictEqual(env.RALPH_MAX_ROUNDS, "9")
      assert.isTrue(isAbsolute(env.RALPH_REPORT_FILE!), "RALPH_REPORT_FILE is absolute")
      assert.isTrue(isAbsolute(env.RALPH_REPORT_SCHEMA!), "RALPH_REPORT_SCHEMA is absolute")
      assert.isFalse(env.RALPH_REPORT_FILE!.startsWith(dir), "the scratch files live outside the workspace")
      assert.strictEqual(
        readFileSync(join(out, "inherited"), "utf8"),
        "from the parent",
        "the environment is inherited"
      )
      assert.strictEqual(readFileSync(join(out, "report-size"), "utf8"), "0", "the report file starts empty")
      const schema = JSON.parse(readFileSync(join(out, "schema.json"), "utf8"))
      assert.deepStrictEqual(Object.keys(schema.properties).sort(), [...reportKeys])
      assert.isFalse(existsSync(env.RALPH_REPORT_FILE!), "the round's scratch files are removed afterwards")
    }))

  it.live("the scratch folder goes whatever the child left in it: a file swapped for a folder, files of its own", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const seen = join(dir, "scratch-dir")
      const agent = writeAgent(
        dir,
        "agent.sh",
        [
          `scratch=$(dirname "$RALPH_REPORT_FILE")`,
          `printf '%s' "$scratch" > ${sq(seen)}`,
          `rm "$RALPH_REPORT_SCHEMA" && mkdir -p "$RALPH_REPORT_SCHEMA/deep" && touch "$RALPH_REPORT_SCHEMA/deep/x"`,
          `touch "$scratch/extra"`,
          printJson(completeReport)
        ].join("\n")
      )
      yield* runChild([agent], request(dir))
      const scratch = readFileSync(seen, "utf8")
      assert.isTrue(scratch.length > 0)
      assert.isFalse(existsSync(scratch), "the scratch folder is removed with what the child put there")
    }))

  it.live("each child gets a fresh report file: a report left by an earlier round is never reused", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(
        dir,
        "agent.sh",
        `if [ -s "$RALPH_REPORT_FILE" ]; then echo stale > ${sq(join(dir, "stale"))}; fi\n` +
          `if [ "$RALPH_ROUND" = 1 ]; then ${writeReportFile(continueReport)}; else ${printJson(completeReport)}; fi`
      )
      assert.deepStrictEqual((yield* runChild([agent], request(dir, { round: 1 }))).value, continueReport)
      assert.deepStrictEqual((yield* runChild([agent], request(dir, { round: 2 }))).value, completeReport)
      assert.isFalse(existsSync(join(dir, "stale")))
    }))
})

describe.concurrent("exec protocol: how the child is started", () => {
  it.live("argv is passed as given, word for word, with no shell in between", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(
        dir,
        "agent.sh",
        `for a in "$@"; do printf '[%s]' "$a"; done > ${sq(join(dir, "argv"))}\n${printJson(completeReport)}`
      )
      yield* runChild([agent, "two words", "$HOME", "*", "a'b", ""], request(dir))
      assert.strictEqual(readFileSync(join(dir, "argv"), "utf8"), "[two words][$HOME][*][a'b][]")
    }))

  it.live("a child that never reads its prompt still reports, however long the prompt", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const agent = writeAgent(dir, "agent.sh", printJson(completeReport))
      const output = yield* runChild([agent], request(dir, { prompt: "p".repeat(1024 * 1024) }))
      assert.deepStrictEqual(output.value, completeReport)
    }))
})

describe.concurrent("exec protocol through Ralph: the prompt across rounds", () => {
  it.live("objective verbatim, round N of M, the previous handoff only from round 2", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const r1 = { ...continueReport, summary: "first worker wrote the tests" }
      const r2 = { ...continueReport, summary: "second worker made them pass" }
      const agent = writeAgent(
        dir,
        "agent.sh",
        [
          `cat > "prompt-$RALPH_ROUND.txt"`,
          `case "$RALPH_ROUND" in`,
          `  1) ${printJson(r1)} ;;`,
          `  2) ${writeReportFile(r2)} ;;`,
          `  *) ${printJson(completeReport)} ;;`,
          `esac`
        ].join("\n")
      )
      const objective = "Make `npm test` pass.\nKeep $PATH untouched; \"quote\" it; 'single' too. ✓"
      const envelope = yield* Effect.gen(function*() {
        const ralph = yield* Ralph
        return yield* ralph.run({ objective, maxRounds: 5 })
      }).pipe(Effect.provide(execRalphLayer([agent], { workspace: dir })))
      assert.deepStrictEqual(withoutUsage(envelope.result), {
        status: "complete",
        roundsStarted: 3,
        report: completeReport
      })
      assert.strictEqual(envelope.agentsStarted, 3)
      const prompt = (n: number) => readFileSync(join(dir, `prompt-${n}.txt`), "utf8")
      for (const n of [1, 2, 3]) {
        assert.include(prompt(n), `\n${objective}\n`, `round ${n}: the objective verbatim`)
        assert.include(prompt(n), `round ${n} of 5`)
      }
      assert.match(prompt(1), /first round/i)
      assert.notInclude(prompt(1), r1.summary)
      assert.include(prompt(2), JSON.stringify(r1, null, 2))
      assert.include(prompt(3), JSON.stringify(r2, null, 2))
      assert.notInclude(prompt(3), r1.summary)
    }))

  it.live("a malformed report from a real child is MalformedReport; a crash is RoundFailed with the last handoff", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const malformed = writeAgent(dir, "malformed.sh", printJson({ ...completeReport, evidence: [] }))
      const error = yield* Effect.gen(function*() {
        const ralph = yield* Ralph
        return yield* Effect.flip(ralph.run({ objective: "x" }))
      }).pipe(Effect.provide(execRalphLayer([malformed], { workspace: dir })))
      assert.strictEqual(error._tag, "MalformedReport")

      const crashes = writeAgent(
        dir,
        "crashes.sh",
        `if [ "$RALPH_ROUND" = 1 ]; then ${printJson(continueReport)}; else exit 2; fi`
      )
      const failed = yield* Effect.gen(function*() {
        const ralph = yield* Ralph
        return yield* Effect.flip(ralph.run({ objective: "x" }))
      }).pipe(Effect.provide(execRalphLayer([crashes], { workspace: dir })))
      assert.strictEqual(failed._tag, "RoundFailed")
      if (failed._tag === "RoundFailed") {
        assert.strictEqual(failed.round, 2)
        assert.strictEqual(failed.exitCode, 2)
        assert.deepStrictEqual(failed.lastReport, continueReport)
      }
    }))
})

describe.concurrent("exec protocol: a relative program path", () => {
  it.live("is taken from the process's working directory for the check and for the spawn alike", () =>
    Effect.gen(function*() {
      const launch = tempDir()
      const workspace = tempDir()
      const agent = writeAgent(
        launch,
        "agent.sh",
        `pwd -P > ${sq(join(launch, "ran-in"))}\n${printJson(completeReport)}`
      )
      const relativePath = relative(process.cwd(), agent)
      assert.isTrue(relativePath.includes("/") && !isAbsolute(relativePath))
      const output = yield* runChild([relativePath], request(workspace))
      assert.deepStrictEqual(output.value, completeReport)
      assert.strictEqual(readFileSync(join(launch, "ran-in"), "utf8").trim(), workspace)
    }))
})
