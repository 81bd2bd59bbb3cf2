/** The preset table, and what the process provider makes of a preset whose CLI is missing. */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { agentInstallHints, agentPreset, agentPresetNames } from "../../src/agents/presets/presets.ts"
import { makeProcessProvider } from "../../src/agents/process/processAgent.ts"
import { files, request } from "./fixtures.ts"

describe("agentPreset", () => {
  it("builds each of the four presets under its own name, with its CLI as the default binary", () => {
    for (const name of agentPresetNames) {
      const agent = agentPreset(name)
      assert.strictEqual(agent.name, name)
      assert.strictEqual(agent.binary, name)
      assert.strictEqual(agent.installHint, agentInstallHints[name])
    }
  })

  it("tells the npm command that installs each CLI", () => {
    assert.include(agentInstallHints.claude, "npm install -g @anthropic-ai/claude-code")
    assert.include(agentInstallHints.codex, "npm install -g @openai/codex")
    assert.include(agentInstallHints.gemini, "npm install -g @google/gemini-cli")
    assert.include(agentInstallHints.opencode, "npm install -g opencode-ai")
  })

  it("adds no model, provider, base URL or variable of its own: the user's setup is inherited", () => {
    for (const name of agentPresetNames) {
      const invocation = agentPreset(name).invocation(request, files)
      assert.deepStrictEqual(invocation.env, {}, name)
      const args = invocation.args.join(" ")
      assert.notMatch(args, /--model|base_url|model_provider|http:\/\//, name)
      assert.isString(invocation.stdin, name)
    }
  })

  it("passes the configured binary, extra environment and permissions through", () => {
    for (const name of agentPresetNames) {
      const agent = agentPreset(name, { binary: `/opt/${name}`, env: { FOO: "1" }, permissions: "full" })
      assert.strictEqual(agent.binary, `/opt/${name}`)
      const invocation = agent.invocation(request, files)
      assert.strictEqual(invocation.command, `/opt/${name}`)
      assert.deepStrictEqual(invocation.env, { FOO: "1" })
      assert.notDeepEqual(
        invocation.args,
        agentPreset(name, { permissions: "workspace" }).invocation(request, files).args
      )
    }
  })

  it.effect("a missing binary is ProviderUnavailable (not-installed) before any child starts, with the install command", () =>
    Effect.gen(function*() {
      for (const name of agentPresetNames) {
        const provider = yield* makeProcessProvider(agentPreset(name, { binary: `/nonexistent/ralph-test/${name}` }))
        const result = yield* Effect.result(provider.preflight)
        assert.isTrue(Result.isFailure(result), name)
        if (Result.isFailure(result)) {
          assert.strictEqual(result.failure._tag, "ProviderUnavailable")
          assert.strictEqual(result.failure.problem, "not-installed")
          assert.strictEqual(result.failure.provider, name)
          assert.include(result.failure.detail, agentInstallHints[name])
        }
      }
    }).pipe(Effect.provide(NodeServices.layer)))
})
