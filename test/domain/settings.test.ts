/** The one settings table: strict counts and durations, agent entries refused or accepted by name. */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Schema } from "effect"
import { defaultProcessLimits } from "../../src/agents/process/processAgent.ts"
import { decodeAgentConfig } from "../../src/domain/agentEntries.ts"
import { defaultConfig } from "../../src/domain/config.ts"
import { defaults, fileKeys, settings } from "../../src/domain/settings.ts"
import { count, decodeValue, duration } from "../../src/domain/settingValues.ts"
import { defaultRetryPolicy } from "../../src/loop/Ralph.ts"

const parseCount = (raw: unknown, minimum: 0 | 1) => decodeValue(count(minimum).schema)(raw)
const parseDuration = decodeValue(duration.schema)

const problem = <A>(parsed: { readonly value: A } | { readonly problem: string }) =>
  "problem" in parsed ? parsed.problem : undefined

describe("counts", () => {
  it.prop("any decimal text of a safe integer reads back as itself", {
    n: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1e9 }))
  }, ({ n }) => {
    assert.deepStrictEqual(parseCount(String(n), 1), { value: n })
    assert.deepStrictEqual(parseCount(n, 1), { value: n })
  })

  for (const text of ["1e2", "0x10", " 5", "5 ", "5.0", "+3", "-1", "", "٣", "9007199254740993"]) {
    it(`${JSON.stringify(text)} is not a count`, () => {
      assert.include(problem(parseCount(text, 0)), "decimal digits")
    })
  }

  it("0 is a count of retries but not of rounds; a JSON non-integer is neither", () => {
    assert.deepStrictEqual(parseCount("0", 0), { value: 0 })
    assert.isString(problem(parseCount("0", 1)))
    assert.isString(problem(parseCount(1.5, 0)))
    assert.isString(problem(parseCount(true, 0)))
  })
})

describe("durations", () => {
  it("carry their unit", () => {
    assert.deepStrictEqual(parseDuration("1500ms"), { value: Duration.millis(1500) })
    assert.deepStrictEqual(parseDuration("90s"), { value: Duration.seconds(90) })
    assert.deepStrictEqual(parseDuration("1.5m"), { value: Duration.seconds(90) })
    assert.deepStrictEqual(parseDuration("2h"), { value: Duration.hours(2) })
  })

  for (const raw of ["5", 5, "0s", " 5s", "5 s", "5sec", "-1s", "", "1e3s"]) {
    it(`${JSON.stringify(raw)} is not a duration`, () => {
      assert.isString(problem(parseDuration(raw)))
    })
  }

  it("a bare number is refused with a word about the unit", () => {
    assert.include(problem(parseDuration(30)), "say which unit")
    assert.include(problem(parseDuration("30")), "say which unit")
  })
})

/** An agent entry's refusal as the user reads it: the key, then the problem. */
const refusal = (parsed: ReturnType<typeof decodeAgentConfig>) =>
  "problem" in parsed ? `${parsed.key}: ${parsed.problem}` : undefined

describe("agent entries", () => {
  it("exec takes command, binary, args and env; model and permissions are refused by name", () => {
    assert.isUndefined(
      refusal(decodeAgentConfig("exec", { command: "a b", args: ["c"], env: { FOO: "1" } }, "agents.exec"))
    )
    assert.include(refusal(decodeAgentConfig("exec", { command: "a", model: "m" }, "agents.exec")), "agents.exec.model")
    assert.include(
      refusal(decodeAgentConfig("exec", { command: "a", permissions: "full" }, "agents.exec")),
      "agents.exec.permissions"
    )
    assert.include(refusal(decodeAgentConfig("exec", { command: "a", binary: "b" }, "agents.exec")), "not both")
  })

  it("an unknown agent or key is named, with what is known", () => {
    assert.include(refusal(decodeAgentConfig("gpt", {}, "agents.gpt")), "claude, codex, gemini, opencode, exec")
    assert.include(refusal(decodeAgentConfig("claude", { modle: "x" }, "agents.claude")), "agents.claude.modle")
    assert.include(refusal(decodeAgentConfig("claude", { modle: "x" }, "agents.claude")), "did you mean model?")
    assert.include(refusal(decodeAgentConfig("claud", {}, "agents.claud")), "did you mean claude?")
    assert.include(refusal(decodeAgentConfig("claude", { env: { FOO: 1 } }, "agents.claude")), "agents.claude.env.FOO")
    assert.include(
      refusal(decodeAgentConfig("codex", { permissions: "root" }, "agents.codex")),
      "workspace, none, full"
    )
  })
})

describe("one table", () => {
  it("every key of the file and every variable is named once", () => {
    const envs = Object.values(settings).map((s) => s.env)
    assert.strictEqual(new Set(envs).size, envs.length)
    assert.strictEqual(new Set(fileKeys).size, fileKeys.length)
    assert.isTrue(envs.every((env) => env.startsWith("RALPH_")))
  })

  it("the library's defaults are the table's", () => {
    assert.strictEqual(defaultConfig.maxRounds, defaults.maxRounds)
    assert.strictEqual(defaultConfig.subagentProvider, defaults.subagentProvider)
    assert.strictEqual(defaultRetryPolicy.retries, defaults.retries)
    assert.isTrue(Duration.equals(defaultRetryPolicy.baseDelay, defaults.retryDelay))
    assert.isTrue(Duration.equals(defaultProcessLimits.killGrace, defaults.killGrace))
  })
})
