// `npm run demo`: the real `ralph` CLI on a scratch copy of examples/workspace, with the bundled
// example agent (examples/agent/todo-agent.mjs) as the child of every round. No account, no network.
//
// Extra arguments go to `ralph run`, e.g. `npm run demo -- --max-rounds 2` (ends budget-limited) or
// `npm run demo -- --json` (the envelope as one JSON document on stdout; the demo's own text then goes
// to stderr). Exits with ralph's exit code. The scratch folder (workspace and state dir) is removed at
// the end; DEMO_KEEP=1 keeps it to look around.
import { spawn, spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const cli = join(root, "dist", "ralph.js")
const agent = join(root, "examples", "agent", "todo-agent.mjs")
const example = join(root, "examples", "workspace")

const extra = process.argv.slice(2)
const json = extra.includes("--json")
// Under --json stdout belongs to ralph's one document; the demo talks on stderr.
const say = (text = "") => (json ? process.stderr : process.stdout).write(`${text}\n`)
const indent = (text) => text.replace(/\n+$/, "").split("\n").map((l) => `    ${l}`).join("\n")

if (!existsSync(cli)) {
  process.stderr.write(`demo: ${cli} is missing; run \`npm run demo\` (it builds first) or \`npm run build\`.\n`)
  process.exit(1)
}

/** Quotes a word for a POSIX shell (and for ralph's --agent-cmd splitter, which follows the same rules). */
const quote = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)

const scratch = mkdtempSync(join(tmpdir(), "ralph-demo-"))
const keep = process.env.DEMO_KEEP === "1"
const workspace = join(scratch, "workspace")
const stateDir = join(scratch, "state")
cpSync(example, workspace, { recursive: true })

const objective = "Work through TASKS.md: do each unchecked item, check it off, and keep `node check.mjs` passing."
// The agent is plain Node (any version ralph runs on); the child finds `node` on the inherited PATH.
const agentCmd = ["node", agent].map(quote).join(" ")
const args = [
  cli,
  "run",
  objective,
  "--agent",
  "exec",
  "--agent-cmd",
  agentCmd,
  "--workspace",
  workspace,
  "--state-dir",
  stateDir,
  ...(extra.includes("--max-rounds") || extra.some((a) => a.startsWith("--max-rounds=")) ? [] : ["--max-rounds", "6"]),
  ...extra
]

say("ralph demo")
say("==========")
say("Each round, ralph starts a FRESH child process (examples/agent/todo-agent.mjs) that knows only the")
say("objective, the round number and the previous round's validated report. The child does one item of")
say("TASKS.md, runs the workspace's check and reports continue / complete / blocked. The files are the")
say("memory: nothing else survives between rounds.")
say()
say(`Scratch workspace (a copy of examples/workspace): ${workspace}`)
say("TASKS.md before:")
say(indent(readFileSync(join(workspace, "TASKS.md"), "utf8")))
say()
// bin/ralph is how a person runs the build from a clone (it runs dist/ralph.js on the project's Node).
say("$ " + ["bin/ralph", ...args.slice(1)].map(quote).join(" "))
say()

const child = spawn(process.execPath, args, { stdio: "inherit", cwd: root })
// Ctrl-C reaches ralph too (same terminal process group): let it stop its child and settle, then exit
// with its code. A SIGTERM sent to the demo alone is passed on.
process.on("SIGINT", () => {})
process.on("SIGTERM", () => child.kill("SIGTERM"))

const signals = { SIGINT: 130, SIGTERM: 143, SIGKILL: 137 }
const code = await new Promise((done) => {
  child.on("error", (error) => {
    process.stderr.write(`demo: could not start ralph: ${error.message}\n`)
    done(1)
  })
  child.on("exit", (status, signal) => done(status ?? signals[signal] ?? 1))
})

const meaning = {
  0: "complete (the worker reported it)",
  1: "invalid arguments or config",
  2: "blocked (the worker reported a blocker)",
  3: "budget-limited (rounds ran out while the worker still had work)",
  4: "a round failed",
  5: "a malformed or oversized report, or another workflow failure",
  130: "interrupted (SIGINT)",
  143: "terminated (SIGTERM)"
}
say()
say(`ralph exited with ${code}: ${meaning[code] ?? "unexpected"}`)
say()
say(`The workspace after the run: ${workspace}`)
say(`  files: ${readdirSync(workspace).sort().join(", ")}`)
for (const name of ["TASKS.md", "NOTES.md"]) {
  const file = join(workspace, name)
  if (!existsSync(file)) continue
  say(`${name}${name === "NOTES.md" ? " (each round's note, written by that round's fresh agent)" : ""}:`)
  say(indent(readFileSync(file, "utf8")))
}

// ralph certifies nothing it did not check: the result above is the worker's claim. Check it ourselves.
const check = spawnSync(process.execPath, ["check.mjs"], { cwd: workspace, encoding: "utf8" })
say()
say("Independent check, run by the demo (not by ralph, not by the agent): node check.mjs")
say(indent(`${check.stdout ?? ""}${check.stderr ?? ""}` || "(no output)"))
say(`  -> exit ${check.status ?? check.signal}`)
say()
if (code === 3) {
  say("The rounds ran out, but the work is in the files. A NEW run on the same workspace starts with no")
  say("handoff at all and still picks up where this one stopped:")
  say(
    "  " +
      [
        "bin/ralph",
        ...args.slice(1, args.indexOf("--max-rounds") === -1 ? args.length : args.indexOf("--max-rounds"))
      ].map(quote).join(" ")
  )
  if (!keep) say("(with DEMO_KEEP=1 npm run demo, the scratch workspace is kept to try it)")
  say()
}
if (keep) {
  say(`Look around: cd ${quote(workspace)}`)
  if (existsSync(stateDir)) {
    say(`The run's record: bin/ralph show last --workspace ${quote(workspace)} --state-dir ${quote(stateDir)}`)
  }
} else {
  rmSync(scratch, { recursive: true, force: true })
  say(`Removed the scratch folder ${scratch} (the workspace and the run's record); DEMO_KEEP=1 keeps it.`)
}
process.exit(code)
