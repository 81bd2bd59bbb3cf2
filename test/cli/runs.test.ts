/**
 * `ralph runs` lists like gh does (a header, newest first, a screenful, filters), every command that
 * takes a run id takes a unique prefix or `last`, and the read commands create no state.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { loadNodeSqlite } from "../../src/sql/nodeSqliteModule.ts"
import { killGroup, printJson, waitForPid, writeAgent } from "../support/agents.ts"
import { ensureCli, jsonDocument, newWorkspace, removeWorkspaces, runCli, startCli } from "../support/cli.ts"
import { completeReport } from "../support/reports.ts"

beforeAll(() => void ensureCli(), 180_000)
const leftovers: Array<number> = []
afterAll(() => {
  leftovers.forEach(killGroup)
  removeWorkspaces()
})

/** A state dir with runs of two workspaces: `ws` (objectives `one`, `two`, `three`, in that order) and `other`. */
const recorded = async () => {
  const { root, ws } = newWorkspace()
  const other = join(root, "other")
  mkdirSync(other)
  const state = join(root, "state")
  const agent = writeAgent(root, "agent.sh", `cat > /dev/null; ${printJson(completeReport)}`)
  const cli = (args: ReadonlyArray<string>, cwd = ws) => runCli([...args, "--state-dir", state], { cwd })
  const ids: Record<string, string> = {}
  for (const [objective, cwd] of [["one", ws], ["two", ws], ["three", ws], ["elsewhere", other]] as const) {
    const run = await cli(["run", "--json", "--agent", "exec", "--agent-cmd", agent, objective], cwd)
    assert.strictEqual(run.code, 0, run.stderr)
    ids[objective] = jsonDocument(run).runId
  }
  return { root, ws, other, state, cli, ids }
}

/** The run ids of a text listing's rows (the lines after the caption and the header). */
const rowIds = (stdout: string) => stdout.trim().split("\n").slice(2).map((line) => line.split(/\s+/)[0])

describe.concurrent("ralph runs", () => {
  it(
    "has a caption and a header; lists the current workspace's runs newest first; --limit says how many more",
    async () => {
      const t = await recorded()
      const listed = await t.cli(["runs"])
      assert.strictEqual(listed.code, 0, listed.stderr)
      const [caption, header] = listed.stdout.split("\n")
      assert.include(caption, `3 runs of ${t.ws} recorded in ${join(t.state, "ralph.db")}, newest first`)
      assert.include(caption, "--all-workspaces")
      assert.match(header!, /^RUN\s+STATE\s+ROUNDS\s+STARTED \(UTC\)\s+TOOK\s+OBJECTIVE$/)
      assert.deepStrictEqual(rowIds(listed.stdout), [t.ids.three, t.ids.two, t.ids.one])

      const limited = await t.cli(["runs", "--limit", "2"])
      assert.strictEqual(limited.code, 0, limited.stderr)
      assert.include(limited.stdout.split("\n")[0], "newest 2 of 3 runs")
      assert.include(limited.stdout.split("\n")[0], "1 more: --limit N or --all")
      assert.deepStrictEqual(rowIds(limited.stdout), [t.ids.three, t.ids.two])
      const json = await t.cli(["runs", "--limit", "1", "--json"])
      assert.deepStrictEqual(JSON.parse(json.stdout).map((run: any) => run.runId), [t.ids.three])

      const every = await t.cli(["runs", "--all-workspaces", "--all"])
      assert.include(every.stdout.split("\n")[0], "4 runs of every workspace")
      assert.deepStrictEqual(rowIds(every.stdout), [t.ids.elsewhere, t.ids.three, t.ids.two, t.ids.one])
      // From a directory no run worked in, every workspace's runs.
      const outside = await t.cli(["runs"], t.root)
      assert.deepStrictEqual(rowIds(outside.stdout), [t.ids.elsewhere, t.ids.three, t.ids.two, t.ids.one])
      // From inside a workspace's subfolder, that workspace's.
      mkdirSync(join(t.ws, "sub"))
      assert.deepStrictEqual(rowIds((await t.cli(["runs"], join(t.ws, "sub"))).stdout).length, 3)
      const named = await t.cli(["runs", "--workspace", t.other], t.ws)
      assert.deepStrictEqual(rowIds(named.stdout), [t.ids.elsewhere])

      const complete = await t.cli(["runs", "--status", "complete", "--limit", "1"])
      assert.include(complete.stdout.split("\n")[0], "complete runs of")
      const failed = await t.cli(["runs", "--status", "failed"])
      assert.strictEqual(failed.code, 0, failed.stderr)
      assert.strictEqual(
        failed.stdout.trim(),
        `No failed runs of ${t.ws} recorded in ${join(t.state, "ralph.db")}. --all-workspaces lists every workspace's.`
      )
    },
    60_000
  )

  it("counts a running run's time to now", async () => {
    const { root, ws } = newWorkspace()
    const state = join(root, "state")
    const agent = writeAgent(root, "agent.sh", `cat > /dev/null; echo $$ > ${root}/pid; exec sleep 30`)
    const running = startCli(
      ["run", "--agent", "exec", "--agent-cmd", agent, "--kill-grace", "300ms", "--state-dir", state, "--quiet", "x"],
      { cwd: ws }
    )
    leftovers.push(running.child.pid!)
    await waitForPid(join(root, "pid"))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const listed = await runCli(["runs", "--state-dir", state], { cwd: ws })
    running.child.kill("SIGINT")
    await running.result
    const row = listed.stdout.split("\n")[2] ?? ""
    assert.match(row, /running/, listed.stdout)
    const took = Number(/\s(\d+(?:\.\d)?)s\s/.exec(row)?.[1])
    assert.isAtLeast(took, 1.5, row)
  }, 30_000)
})

describe.concurrent("ralph runs and damaged records", () => {
  it("a damaged run sorts by the second its id names, among the others", async () => {
    const { root, ws } = newWorkspace()
    const state = join(root, "state")
    const agent = writeAgent(root, "agent.sh", `cat > /dev/null; ${printJson(completeReport)}`)
    const cli = (args: ReadonlyArray<string>) =>
      runCli([...args, "--state-dir", state, "--engine", "journal"], { cwd: ws })
    const ids: Array<string> = []
    for (const objective of ["older", "newer"]) {
      if (ids.length > 0) await new Promise((resolve) => setTimeout(resolve, 1100))
      const run = await cli(["run", "--json", "--agent", "exec", "--agent-cmd", agent, objective])
      assert.strictEqual(run.code, 0, run.stderr)
      ids.push(jsonDocument(run).runId)
    }
    writeFileSync(join(state, "runs", ids[1]!, "journal.jsonl"), "{not json\n")
    const listed = await cli(["runs", "--json"])
    assert.deepStrictEqual(JSON.parse(listed.stdout).map((run: any) => [run.runId, run.state]), [
      [ids[1], "damaged"],
      [ids[0], "complete"]
    ])
  }, 30_000)
})

describe.concurrent("run ids", () => {
  it(
    "a unique prefix or `last` names a run in show, export, watch and resume; an ambiguous prefix is refused",
    async () => {
      const t = await recorded()
      const prefix = (id: string) => {
        const others = Object.values(t.ids).filter((other) => other !== id)
        let n = 1
        while (others.some((other) => other.startsWith(id.slice(0, n)))) n++
        return id.slice(0, n)
      }
      const shown = await t.cli(["show", prefix(t.ids.two!), "--json"])
      assert.strictEqual(shown.code, 0, shown.stdout + shown.stderr)
      assert.strictEqual(jsonDocument(shown).runId, t.ids.two)
      const last = await t.cli(["show", "last", "--json"])
      assert.strictEqual(jsonDocument(last).runId, t.ids.three, "the newest run of this workspace")
      assert.strictEqual(jsonDocument(await t.cli(["show", "last", "--json"], t.other)).runId, t.ids.elsewhere)
      const exported = await t.cli(["export", prefix(t.ids.one!)])
      assert.strictEqual(exported.code, 0, exported.stderr)
      assert.strictEqual(JSON.parse(exported.stdout.split("\n")[0]!).runId, t.ids.one)
      const watched = await t.cli(["watch", "last", "--json"])
      assert.strictEqual(watched.code, 0, watched.stderr)
      assert.strictEqual(jsonDocument(watched).runId, t.ids.three)
      const resumed = await t.cli(["resume", "last", "--json"])
      assert.strictEqual(resumed.code, 0, resumed.stderr)
      assert.strictEqual(jsonDocument(resumed).runId, t.ids.three)

      // Every id starts with the date: "2" is the start of all four.
      const ambiguous = await t.cli(["show", "2"])
      assert.strictEqual(ambiguous.code, 1)
      assert.include(ambiguous.stderr, `"2" is the start of 4 run ids`)
      for (const id of Object.values(t.ids)) assert.include(ambiguous.stderr, id)
      const none = await t.cli(["show", "zz"])
      assert.strictEqual(none.code, 1)
      assert.include(none.stderr, `no run zz is recorded in ${join(t.state, "ralph.db")}`)
    },
    60_000
  )
})

describe.concurrent("read commands create no state", () => {
  it("runs, show, export, watch and resume on a state dir that does not exist name it and make nothing", async () => {
    const { root, ws } = newWorkspace()
    const typo = join(root, "typo-dir")
    for (const engine of ["sqlite", "journal"]) {
      const listed = await runCli(["runs", "--state-dir", typo, "--engine", engine], { cwd: ws })
      assert.strictEqual(listed.code, 0, listed.stderr)
      assert.strictEqual(listed.stdout.trim(), `No runs recorded in ${typo}.`)
      const json = await runCli(["runs", "--state-dir", typo, "--engine", engine, "--json"], { cwd: ws })
      assert.deepStrictEqual(JSON.parse(json.stdout), [])
      for (const command of ["show", "export", "watch", "resume"]) {
        const read = await runCli([command, "20261201-000000-abcdef", "--state-dir", typo, "--engine", engine], {
          cwd: ws
        })
        assert.strictEqual(read.code, 1, `${command}: ${read.stdout}`)
        assert.include(read.stderr, `no run 20261201-000000-abcdef is recorded in ${typo}`, command)
      }
      const last = await runCli(["show", "last", "--state-dir", typo, "--engine", engine], { cwd: ws })
      assert.include(last.stderr, `is recorded in ${typo}, so there is no last one`)
    }
    assert.isFalse(existsSync(typo), "nothing was created")
    assert.deepStrictEqual(readdirSync(root).sort(), ["ws"])
  }, 60_000)

  it("a read command writes nothing to a store no fleet used: runs and show leave no fleet tables", async () => {
    const { cli, ids, state } = await recorded()
    assert.strictEqual((await cli(["runs"])).code, 0)
    assert.strictEqual((await cli(["show", ids["one"]!])).code, 0)
    const { DatabaseSync } = loadNodeSqlite()
    const db = new DatabaseSync(join(state, "ralph.db"), { readOnly: true })
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'ralph_fleet%'").all()
    db.close()
    assert.deepStrictEqual(tables, [])
  }, 60_000)
})
