/**
 * The dashboard's fleet source (src/cli/fleet.ts `fleetReader`, src/dashboard/fleet.ts) on real
 * SQLite files: no fleet is null and creates nothing — no database, no table — however often it
 * is read; a queue a fleet makes later is found by the same reader; the reader keeps one
 * connection for its scope; a worker the cluster does not list is not shown, and the cluster lists
 * a runner while its heartbeat is within the shard lock expiry.
 */
import { assert, describe, it } from "@effect/vitest"
import { Context, Duration, Effect, Layer } from "effect"
import { existsSync, mkdirSync, readdirSync, readlinkSync } from "node:fs"
import { join } from "node:path"
import { fleetReader } from "../../src/cli/fleet.ts"
import { sqlClient, sqliteFile, storeLayer, type StoreLocation } from "../../src/cli/store.ts"
import { fleetDocument } from "../../src/dashboard/fleet.ts"
import { FleetQueue } from "../../src/fleet/FleetQueue.ts"
import { loadNodeSqlite } from "../../src/sql/nodeSqliteModule.ts"
import { newWorkspace } from "../support/cli.ts"
import { liveRunnersCase } from "../support/liveRunners.ts"

const expiry = Duration.seconds(3)

const sqliteAt = (stateDir: string): StoreLocation => ({ engine: "sqlite", stateDir, databaseUrl: undefined })

/** The tables of the database whose name starts `prefix`, read with a connection of its own (read-only). */
const tables = (stateDir: string, prefix: string) => {
  const { DatabaseSync } = loadNodeSqlite()
  const db = new DatabaseSync(sqliteFile(stateDir), { readOnly: true })
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ?").all(`${prefix}%`)
  db.close()
  return names.map((row) => String(row.name))
}

/** How many file descriptors of this process are open on the database file. */
const openOnFile = (stateDir: string) =>
  readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === sqliteFile(stateDir)
    } catch {
      return false
    }
  }).length

/** A database as `ralph run` leaves it: the run store's and the engine's tables, no fleet's. */
const recordedStore = (location: StoreLocation) => Effect.scoped(Effect.asVoid(Layer.build(storeLayer(location))))

describe("the dashboard's fleet source", () => {
  it.live("without a database: null, and no state dir is made", () =>
    Effect.gen(function*() {
      const { root } = newWorkspace()
      const location = sqliteAt(join(root, "state"))
      const read = yield* fleetReader(location, expiry)
      assert.isNull(yield* read)
      assert.isNull(yield* read)
      assert.isFalse(existsSync(location.stateDir))
    }).pipe(Effect.scoped))

  it.live("on a journal store: null", () =>
    Effect.gen(function*() {
      const { root } = newWorkspace()
      const read = yield* fleetReader({ engine: "journal", stateDir: root, databaseUrl: undefined }, expiry)
      assert.isNull(yield* read)
      assert.isNull(yield* fleetDocument({ read }, []))
    }).pipe(Effect.scoped))

  it.live("on a store no fleet used: null, no fleet or cluster table made, one connection kept", () =>
    Effect.gen(function*() {
      const { root } = newWorkspace()
      const location = sqliteAt(join(root, "state"))
      yield* recordedStore(location)
      assert.strictEqual(openOnFile(location.stateDir), 0)
      const read = yield* fleetReader(location, expiry)
      assert.isNull(yield* read)
      const held = openOnFile(location.stateDir)
      assert.isAtLeast(held, 1, "the reader keeps its connection between reads")
      for (let i = 0; i < 20; i++) assert.isNull(yield* read)
      assert.strictEqual(openOnFile(location.stateDir), held, "twenty reads opened nothing more")
      assert.deepStrictEqual(tables(location.stateDir, "ralph_fleet"), [])
      assert.deepStrictEqual(tables(location.stateDir, "ralph_cluster"), [])
    }).pipe(Effect.scoped))

  it.live("a worker is live while the cluster lists its runner: its heartbeat within the shard lock expiry", () =>
    Effect.gen(function*() {
      const { root } = newWorkspace()
      const location = sqliteAt(join(root, "state"))
      yield* recordedStore(location)
      const { layer } = yield* sqlClient(location)
      yield* Effect.provide(liveRunnersCase, layer)
    }).pipe(Effect.scoped))

  it.live("finds the queue a fleet makes later; a worker the cluster lists no runner of is not shown", () =>
    Effect.gen(function*() {
      const { root } = newWorkspace()
      const location = sqliteAt(join(root, "state"))
      mkdirSync(location.stateDir)
      const read = yield* fleetReader(location, expiry)
      assert.isNull(yield* read)
      yield* recordedStore(location)
      assert.isNull(yield* read)
      // A fleet comes: its queue, and a worker's row (as `ralph worker` writes it) whose runner the cluster does not list.
      const { layer } = yield* sqlClient(location)
      const fleet = yield* Layer.build(FleetQueue.layer.pipe(Layer.provide(layer)))
      yield* Context.get(fleet, FleetQueue).joined({ address: "h:1", host: "h", pid: 42, concurrency: 2 })
      const rows = yield* read
      assert.isNotNull(rows)
      assert.deepStrictEqual(rows?.workers, [{ address: "h:1", host: "h", pid: 42, concurrency: 2 }])
      assert.deepStrictEqual(yield* fleetDocument({ read }, []), { workers: [], queued: [], queuedTotal: 0 })
      // Reading it made no cluster table.
      assert.deepStrictEqual(tables(location.stateDir, "ralph_cluster"), [])
    }).pipe(Effect.scoped))
})
