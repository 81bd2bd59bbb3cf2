// The workspace's check: every checked-off item of TASKS.md must hold.
// For `- [x] write \`FILE\` that prints \`TEXT\``, running `node FILE` must print exactly TEXT.
// Unchecked items are listed as to-do, not failures. Exit 0 when every done item holds, 1 otherwise.
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"

const item = /^\s*[-*] \[( |x|X)\] (.*?)\s*$/
const task = /^write `([^`]+)` that prints `([^`]*)`$/

if (!existsSync("TASKS.md")) {
  console.log("FAIL  no TASKS.md in this directory")
  process.exit(1)
}

let done = 0
let failing = 0
let todo = 0
for (const line of readFileSync("TASKS.md", "utf8").split("\n")) {
  const m = item.exec(line)
  if (m === null) continue
  const [, mark, text] = m
  if (mark === " ") {
    todo++
    console.log(`todo  ${text}`)
    continue
  }
  const t = task.exec(text)
  if (t === null) {
    failing++
    console.log(`FAIL  ${text}: checked off, but this check does not know how to verify it`)
    continue
  }
  const [, file, expected] = t
  let actual
  try {
    actual = execFileSync(process.execPath, [file], {
      encoding: "utf8",
      timeout: 10_000,
      stdio: ["ignore", "pipe", "pipe"]
    })
      .replace(/\r?\n$/, "")
  } catch (error) {
    failing++
    const why = existsSync(file)
      ? `node ${file} failed: ${String(error.stderr || error.message).trim().split("\n")[0]}`
      : `${file} does not exist`
    console.log(`FAIL  ${file}: ${why}`)
    continue
  }
  if (actual === expected) {
    done++
    console.log(`ok    node ${file} printed ${JSON.stringify(expected)}`)
  } else {
    failing++
    console.log(`FAIL  node ${file} printed ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`)
  }
}
console.log(`check: ${done} done and verified, ${failing} failing, ${todo} to do`)
process.exit(failing === 0 ? 0 : 1)
