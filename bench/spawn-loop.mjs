// The floor for a Node orchestrator: spawn the agent `rounds` times in sequence, the prompt on
// stdin, stdout captured and parsed, each child in its own process group (as ralph runs them).
// No Effect, no files, no validation. Usage: node bench/spawn-loop.mjs AGENT PROMPT_FILE ROUNDS
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"

const [agent, promptFile, roundsText] = process.argv.slice(2)
const prompt = readFileSync(promptFile, "utf8")
const rounds = Number(roundsText)

const once = () =>
  new Promise((resolve, reject) => {
    const child = spawn(agent, [], { stdio: ["pipe", "pipe", "pipe"], detached: true })
    const out = []
    child.stdout.on("data", (chunk) => out.push(chunk))
    child.stderr.resume()
    child.stdin.end(prompt)
    child.on("error", reject)
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(Buffer.concat(out).toString("utf8"))) : reject(new Error(`exit ${code}`)))
  })

for (let i = 0; i < rounds; i++) await once()
