/**
 * One driver per run on a shared Postgres store: see test/durability/fencing.ts. The record is
 * rewritten (as another machine would have written it) over ralph's own Postgres client.
 */
import { it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as PgClient from "../../src/sql/PgClient.ts"
import { frozenPastItsLease } from "../durability/fencing.ts"
import * as PgTest from "./harness.ts"

/** Names another host in the run's `run-started` entry, as if it had been started on another machine. */
const startedElsewhere = (url: Redacted.Redacted) => (runId: string) =>
  Effect.runPromise(
    Effect.gen(function*() {
      const sql = yield* PgClient.make(url, { maxConnections: 1 })
      const rows = yield* sql<{ readonly seq: number; readonly entry: string }>`
        SELECT seq, entry FROM ralph_entries WHERE run_id = ${runId} ORDER BY seq LIMIT 1`
      const entry = JSON.parse(rows[0]!.entry)
      entry.host = "elsewhere"
      yield* sql`UPDATE ralph_entries SET entry = ${JSON.stringify(entry)} WHERE run_id = ${runId} AND seq = ${
        rows[0]!.seq
      }`
    }).pipe(Effect.scoped, Effect.provide(Reactivity.layer))
  )

/** Whether no session but ours is inside a transaction. */
const quiescent = (url: Redacted.Redacted) => () =>
  Effect.runPromise(
    Effect.gen(function*() {
      const sql = yield* PgClient.make(url, { maxConnections: 1 })
      const rows = yield* sql<{ readonly n: unknown }>`SELECT COUNT(*) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`
      return Number(rows[0]!.n) === 0
    }).pipe(Effect.scoped, Effect.provide(Reactivity.layer))
  )

/** The scenario on a fresh database of its own; `outlives`: with the child left running (see ./fencing.ts). */
const onFreshDatabase = (outlives: boolean) => () =>
  Effect.gen(function*() {
    const database = yield* PgTest.freshDatabase({ prefix: "fence" })
    const env = { RALPH_ENGINE: "postgres", RALPH_DATABASE_URL: Redacted.value(database.url) }
    const test = { env, quiescent: quiescent(database.url) }
    yield* Effect.promise(() =>
      frozenPastItsLease(outlives ? { ...test, childOutlives: { elsewhere: startedElsewhere(database.url) } } : test)
    )
  }).pipe(Effect.scoped)

PgTest.describe("one driver per run on a shared Postgres store", () => {
  it.live(
    "a ralph frozen past its lease records nothing once continued: its round is refused, it ends LeaseLost",
    onFreshDatabase(false),
    90_000
  )

  it.live(
    "a ralph frozen past its lease stops the child it left running once continued",
    onFreshDatabase(true),
    90_000
  )
})
