/**
 * A queued run's shape (src/fleet/submission.ts): one Schema between the settings and the queued
 * JSON, every agent's env kept by name only, and the worker's values filled in — or the agent and
 * variable it cannot supply named.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Option, Schema } from "effect"
import { type RunShape, shapeOf, shapeWithSecrets, SubmissionJson } from "../../src/fleet/submission.ts"

const settings: RunShape = {
  config: { subagentProvider: "exec", maxRounds: 5, maxHandoffChars: 1000, maxResultChars: 1000 },
  agent: { command: "node agent.mjs", env: { MAIN_TOKEN: "main-secret" } },
  roundTimeout: Option.some(Duration.minutes(10)),
  idleTimeout: Option.none(),
  maxTime: Option.some(Duration.hours(2)),
  retries: 2,
  retryDelay: Duration.seconds(3),
  waitLimits: Option.some(Duration.hours(1)),
  killGrace: Duration.seconds(5),
  maxCostUsd: 4,
  allowUnknownCost: false,
  verifyTimeout: Duration.minutes(5),
  protect: ["tests/**"],
  onBlocked: "ask",
  askTimeout: Duration.minutes(30),
  notify: [],
  review: { agent: "claude", settings: { model: "opus", env: { REVIEW_KEY: "review-secret" } }, maxReviews: 3 },
  fallbacks: [{ name: "backup", agent: { use: "codex", env: { BACKUP_KEY: "backup-secret" } } }]
}

const submission = {
  runId: "r1",
  objective: "o",
  maxRounds: 5,
  repo: "/tmp/repo.git",
  base: null,
  notBefore: null,
  submittedAt: 0
}

const queue = (shape: RunShape) => Schema.encodeSync(SubmissionJson)({ submission, shape })

describe("a queued run's shape", () => {
  it("round-trips through the queue's JSON, keeping only the shape's fields and no env value", () => {
    // What the CLI hands over holds more than the shape (its store's URL among it).
    const cli = { ...settings, databaseUrl: "postgres://u:db-secret@h/db", stateDir: "/state" }
    const json = queue(shapeOf(cli))
    for (const secret of ["main-secret", "review-secret", "backup-secret", "db-secret", "/state"]) {
      expect(json).not.toContain(secret)
    }
    expect(JSON.parse(json).shape).toMatchObject({ maxTime: 7_200_000, waitLimits: 3_600_000, askTimeout: 1_800_000 })
    const back = Schema.decodeSync(SubmissionJson)(json).shape
    expect(back.fallbacks).toEqual([{ name: "backup", agent: { use: "codex", env: { BACKUP_KEY: "" } } }])
    expect(back.review).toEqual({
      agent: "claude",
      settings: { model: "opus", env: { REVIEW_KEY: "" } },
      maxReviews: 3
    })
    expect(Option.map(back.maxTime, Duration.toMillis)).toEqual(Option.some(7_200_000))
    expect(back.onBlocked).toBe("ask")
  })

  it("the worker fills every agent's values from its config or environment, else names the agent and the variable", () => {
    const recorded = Schema.decodeSync(SubmissionJson)(queue(shapeOf(settings))).shape
    const own = (name: string) => name === "claude" ? { env: { REVIEW_KEY: "from-config" } } : {}
    const filled = shapeWithSecrets(recorded, own, { MAIN_TOKEN: "m", BACKUP_KEY: "b" })
    expect("shape" in filled && filled.shape.agent.env).toEqual({ MAIN_TOKEN: "m" })
    expect("shape" in filled && filled.shape.fallbacks[0]?.agent).toEqual({ use: "codex", env: { BACKUP_KEY: "b" } })
    expect("shape" in filled && filled.shape.review?.settings).toEqual({
      model: "opus",
      env: { REVIEW_KEY: "from-config" }
    })
    expect(shapeWithSecrets(recorded, own, { MAIN_TOKEN: "m" })).toEqual({
      role: "fallback agent",
      name: "backup",
      missing: ["BACKUP_KEY"]
    })
    expect(shapeWithSecrets(recorded, () => ({}), { MAIN_TOKEN: "m", BACKUP_KEY: "b" })).toEqual({
      role: "reviewer",
      name: "claude",
      missing: ["REVIEW_KEY"]
    })
  })
})
