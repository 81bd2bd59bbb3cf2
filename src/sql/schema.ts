/**
 * Setting up tables on a database other processes may be setting up at the same moment: a fleet's
 * workers, or two `ralph run`s, starting on a new database. PostgreSQL's CREATE TABLE IF NOT EXISTS
 * is not safe against a concurrent one (the loser can fail on the catalog's unique index while the
 * winner commits), so every setup of ralph's runs in a transaction holding one advisory lock, the
 * schema lock; on SQLite the transaction's write lock does the same.
 */
import { Effect } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"

/**
 * The schema lock's key ("ralp"). It shares PostgreSQL's one-key space with the record's per-run
 * append locks (`hashtext(run id)`): a collision only makes a setup wait for one append.
 */
const schemaLock = 0x72616c70

/** Runs `ddl` (its CREATE TABLE IF NOT EXISTS, ALTER TABLE…) serialised with every other setup. */
export const setUpTables = <A, E, R>(sql: SqlClient.SqlClient, ddl: Effect.Effect<A, E, R>) =>
  sql.withTransaction(
    Effect.andThen(
      sql.onDialectOrElse({
        pg: () => Effect.asVoid(sql`SELECT pg_advisory_xact_lock(${schemaLock})`),
        orElse: () => Effect.void
      }),
      ddl
    )
  )
