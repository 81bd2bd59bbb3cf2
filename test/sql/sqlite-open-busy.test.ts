/**
 * Two processes opening a new database at once: the one that finds it locked while the other sets
 * it up waits for it, within the busy timeout, rather than failing "database is locked" (seen in
 * the two-runs-on-one-database test under load).
 */
import { assert, it } from "@effect/vitest"
import { Duration, Effect, Exit } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { loadNodeSqlite } from "../../src/sql/nodeSqliteModule.ts"
import { openDatabase } from "../../src/sql/sqliteOpen.ts"

it.live("an open that finds a new database locked waits for the lock, within the busy timeout", () =>
  Effect.gen(function*() {
    const filename = join(mkdtempSync(join(tmpdir(), "ralph-busy-")), "new.db")
    const { DatabaseSync } = loadNodeSqlite()
    const other = new DatabaseSync(filename)
    other.exec("BEGIN EXCLUSIVE")
    other.exec("CREATE TABLE setting_up (x)")
    // The other connection finishes its set-up 150 ms later, as another process would.
    const release = setTimeout(() => {
      other.exec("COMMIT")
      other.close()
    }, 150)
    const exit = yield* Effect.exit(
      openDatabase({ filename, busyTimeout: Duration.millis(100) }).pipe(
        Effect.timeout(Duration.seconds(10))
      )
    )
    clearTimeout(release)
    assert.isTrue(Exit.isSuccess(exit), String(exit))
    if (Exit.isSuccess(exit)) {
      assert.isTrue(exit.value.wal)
      exit.value.db.close()
    }
  }))
