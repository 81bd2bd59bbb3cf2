#!/usr/bin/env node
// todo-agent: a tiny, honest, deterministic agent that speaks ralph's `exec` protocol.
//
// One run = one round of work in the current directory (the workspace):
//   1. read the round prompt on stdin and pick out the previous worker's handoff, if any;
//   2. take the first unchecked item of TASKS.md, which must read
//        - [ ] write `FILE` that prints `TEXT`
//      write FILE so that `node FILE` prints TEXT, and check the item off;
//   3. append a line to NOTES.md (what it did, what handoff it got and whether the workspace agreed);
//   4. run the workspace's check (`node check.mjs`, or `sh check.sh`);
//   5. report: `continue` (nextSteps = the next unchecked item), `complete` (evidence = the check's
//      output) or `blocked` (why). The report goes to $RALPH_REPORT_FILE when ralph set it, else stdout.
//
// It never claims more than it checked: `complete` only when no unchecked item is left and the check
// passes. Plain Node, no dependencies. See examples/README.md.
import { spawnSync } from "node:child_process"
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs"
import { isAbsolute, normalize, sep } from "node:path"

const log = (line) => process.stderr.write(`todo-agent: ${line}\n`)

/** The prompt arrives on stdin, then stdin closes. By hand on a terminal there is none: don't wait. */
const readPrompt = () => {
  if (process.stdin.isTTY) return ""
  try {
    return readFileSync(0, "utf8")
  } catch {
    return ""
  }
}

/** The previous worker's report, as ralph put it in the prompt's "Handoff" section (round 2 on). */
const previousHandoff = (prompt) => {
  const start = prompt.indexOf("## Handoff")
  if (start === -1) return undefined
  const end = prompt.indexOf("\n## ", start + 1)
  const section = prompt.slice(start, end === -1 ? undefined : end)
  const open = section.indexOf("{")
  const close = section.lastIndexOf("}")
  if (open === -1 || close < open) return undefined
  try {
    return JSON.parse(section.slice(open, close + 1))
  } catch {
    return undefined
  }
}

const roundOf = (prompt) => {
  const m = /round (\d+) of (\d+)/.exec(prompt)
  if (process.env.RALPH_ROUND) return `${process.env.RALPH_ROUND} of ${process.env.RALPH_MAX_ROUNDS ?? "?"}`
  return m === null ? "by hand" : `${m[1]} of ${m[2]}`
}

const itemLine = /^(\s*[-*] \[)( |x|X)(\] )(.*?)\s*$/
const taskText = /^write `([^`]+)` that prints `([^`]*)`$/

const readTasks = () => {
  const lines = readFileSync("TASKS.md", "utf8").split("\n")
  const items = []
  lines.forEach((line, index) => {
    const m = itemLine.exec(line)
    if (m !== null) items.push({ index, done: m[2] !== " ", text: m[4] })
  })
  return { lines, items }
}

/** A file name the agent may write: relative, inside the workspace, not one of the workspace's own files. */
const safeTarget = (file) => {
  const n = normalize(file)
  if (isAbsolute(n) || n === ".." || n.startsWith(`..${sep}`)) return `${file} is outside the workspace`
  if (["TASKS.md", "NOTES.md", "check.mjs", "check.sh"].includes(n)) {
    return `${file} is one of the workspace's own files`
  }
  return undefined
}

/** Runs the workspace's check; its output (stdout and stderr) is the evidence. */
const runCheck = () => {
  const command = existsSync("check.mjs")
    ? [process.execPath, ["check.mjs"], "node check.mjs"]
    : existsSync("check.sh")
    ? ["sh", ["check.sh"], "sh check.sh"]
    : undefined
  if (command === undefined) {
    return { label: "(no check)", ok: false, output: "the workspace has no check.mjs or check.sh" }
  }
  const [program, args, label] = command
  const r = spawnSync(program, args, { encoding: "utf8", timeout: 60_000, stdio: ["ignore", "pipe", "pipe"] })
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`.trim()
  const ok = r.status === 0
  const how = r.error
    ? `could not run: ${r.error.message}`
    : r.status === null
    ? `killed by ${r.signal}`
    : `exit ${r.status}`
  return { label, ok, how, output }
}

/** Non-empty, trimmed, bounded lines: report strings must not start or end with whitespace. */
const lines = (text, max = 20) =>
  text.split("\n").map((l) => l.trim()).filter((l) => l !== "").slice(0, max).map((
    l
  ) => (l.length > 300 ? `${l.slice(0, 299)}…` : l))

const deliver = (report) => {
  const json = JSON.stringify(report)
  const file = process.env.RALPH_REPORT_FILE
  if (file) writeFileSync(file, `${json}\n`)
  else process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  log(`reported ${report.status}${file ? ` in ${file}` : " on stdout"}`)
}

const report = (status, summary, { evidence = [], nextSteps = [], blocker = "" } = {}) =>
  deliver({ status, summary: summary.trim(), evidence, nextSteps, blocker: blocker.trim() })

// ---------------------------------------------------------------------------------------------

const prompt = readPrompt()
const round = roundOf(prompt)
const previous = previousHandoff(prompt)
log(`round ${round} in ${process.cwd()}`)
log(
  previous === undefined
    ? "no previous handoff (first round, or run by hand)"
    : `previous handoff: ${previous.status}: ${previous.summary}`
)

if (!existsSync("TASKS.md")) {
  report("blocked", "Found no TASKS.md in the workspace, so there is nothing I know how to do.", {
    evidence: [`looked for TASKS.md in ${process.cwd()}`],
    blocker: "The workspace has no TASKS.md; this agent only works through a TASKS.md checklist."
  })
  process.exit(0)
}

const { items, lines: taskLines } = readTasks()
const next = items.find((item) => !item.done)
const evidence = []

// Confirm the handoff against the workspace rather than trusting it.
let handoffNote = round === "by hand" ? "No handoff (run by hand)." : "No handoff (first round)."
if (previous !== undefined) {
  const claimed = (previous.nextSteps ?? []).join(" ")
  const agrees = next === undefined ? claimed === "" : claimed.includes(next.text)
  handoffNote = agrees
    ? `The handoff (${previous.status}) named ${
      next === undefined ? "no further item" : `\`${taskText.exec(next.text)?.[1] ?? next.text}\``
    } as next; TASKS.md agrees.`
    : `The handoff (${previous.status}) disagrees with TASKS.md; followed TASKS.md.`
  evidence.push(
    `Previous round's handoff checked against the workspace: ${
      agrees ? "it matches TASKS.md" : "it does NOT match TASKS.md, which I followed"
    }`
  )
}

let did = "Found no unchecked item in TASKS.md"
if (next !== undefined) {
  const task = taskText.exec(next.text)
  if (task === null) {
    report("blocked", `Stopped at an item I cannot do: ${next.text}`, {
      evidence: [...evidence, `TASKS.md line ${next.index + 1}: ${next.text}`],
      blocker: `I only know items of the form: write \`FILE\` that prints \`TEXT\`. TASKS.md line ${
        next.index + 1
      } is "${next.text}".`
    })
    process.exit(0)
  }
  const [, file, text] = task
  const unsafe = safeTarget(file)
  if (unsafe !== undefined) {
    report("blocked", `Refused the item "${next.text}": ${unsafe}.`, {
      evidence,
      blocker: `TASKS.md line ${next.index + 1} asks for ${unsafe}; a person has to change that item.`
    })
    process.exit(0)
  }
  writeFileSync(
    file,
    `// Written by todo-agent for the TASKS.md item: ${next.text}\nconsole.log(${JSON.stringify(text)})\n`
  )
  taskLines[next.index] = taskLines[next.index].replace(itemLine, "$1x$3$4")
  writeFileSync("TASKS.md", taskLines.join("\n"))
  did = `Wrote ${file} and checked it off in TASKS.md`
  log(did)
}

const remaining = readTasks().items.filter((item) => !item.done)
const check = runCheck()
const left = `${remaining.length} item${remaining.length === 1 ? "" : "s"} left`
appendFileSync(
  "NOTES.md",
  `- round ${round}: ${handoffNote} ${did}. ${check.label} ${check.ok ? "passed" : `FAILED (${check.how})`}; ${left}.\n`
)
const checkEvidence = [`ran ${check.label}: ${check.ok ? "passed" : `failed (${check.how})`}`, ...lines(check.output)]

if (!check.ok) {
  report("blocked", `${did}, but ${check.label} fails.`, {
    evidence: [...evidence, ...checkEvidence],
    blocker: `${check.label} fails (${check.how}): ${
      lines(check.output).filter((l) => l.startsWith("FAIL")).join("; ") || lines(check.output).slice(-1)[0] ||
      "no output"
    }`
  })
} else if (remaining.length > 0) {
  report("continue", `${did}; ${check.label} passes, ${left}.`, {
    evidence: [...evidence, ...checkEvidence],
    nextSteps: [
      `Do the next unchecked item of TASKS.md: ${remaining[0].text}`,
      `Then check it off and run ${check.label}`
    ]
  })
} else {
  report("complete", `${did}; every item is done and ${check.label} passes.`, {
    evidence: [...evidence, ...checkEvidence]
  })
}
