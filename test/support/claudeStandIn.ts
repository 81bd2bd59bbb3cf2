/** A stand-in for the `claude` CLI: one JSON result per round as `claude -p` prints it, with usage. */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { sq, writeAgent } from "./agents.ts"
import { completeReport, continueReport } from "./reports.ts"

/** The result `claude -p --output-format json` prints for a report, with these tokens and cost. */
const claudeResult = (report: unknown, usage: { input: number; output: number; cost: number }) => ({
  type: "result",
  subtype: "success",
  is_error: false,
  num_turns: 1,
  total_cost_usd: usage.cost,
  modelUsage: { "claude-test": { inputTokens: usage.input, outputTokens: usage.output, costUSD: usage.cost } },
  result: JSON.stringify(report),
  structured_output: report
})

/** Per round: tokens in, out and the cost it reports. */
export const standInUsage = [
  { input: 1200, output: 300, cost: 0.0125 },
  { input: 800, output: 200, cost: 0.0075 }
] as const

/**
 * Writes the stand-in into `root` and a ralph.config.json into `ws` that points `agents.claude` at
 * it: round 1 continues, round 2 completes; each reports its usage. `sleep` holds each round so long.
 */
export const claudeStandIn = (root: string, ws: string, options: { readonly sleep?: string } = {}): string => {
  const [first, second] = standInUsage
  const binary = writeAgent(
    root,
    "claude",
    [
      "cat > /dev/null",
      options.sleep === undefined ? "" : `sleep ${options.sleep}`,
      // Presets get no RALPH_ROUND: the stand-in counts its own starts.
      `count=${sq(join(root, "claude.count"))}`,
      `if [ ! -e "$count" ]; then : > "$count"`,
      `  printf '%s\\n' ${sq(JSON.stringify(claudeResult(continueReport, first)))}`,
      `else printf '%s\\n' ${sq(JSON.stringify(claudeResult(completeReport, second)))}; fi`
    ].join("\n")
  )
  writeFileSync(
    join(ws, "ralph.config.json"),
    JSON.stringify({ subagentProvider: "claude", agents: { claude: { binary } } })
  )
  return binary
}
