/** Loads the outputs captured from the real agent CLIs (see test/agents/capture-fixtures.ts). */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { ProcessResult } from "../../src/agents/process/processAgent.ts"

export interface AgentFixture {
  readonly cli: string
  readonly version: string
  readonly case: string
  readonly description: string
  readonly args: ReadonlyArray<string>
  readonly seconds: number
  readonly result: ProcessResult
}

export const fixture = (cli: "claude" | "codex" | "gemini" | "opencode", name: string): AgentFixture =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../fixtures/agents/${cli}/${name}.json`, import.meta.url)), "utf8"))

/** A ProcessResult built by hand, for the cases no CLI run produced. */
export const processResult = (overrides: Partial<ProcessResult> = {}): ProcessResult => ({
  exitCode: 0,
  signal: null,
  stdout: "",
  stderrTail: "",
  reportFileText: "",
  usageFileText: "",
  ...overrides
})

/** The report every "complete" fixture carries. */
export const completeReport = {
  status: "complete",
  summary: "The objective is met",
  evidence: ["notes.txt holds the expected text"],
  nextSteps: [],
  blocker: ""
}

export const continueReport = {
  status: "continue",
  summary: "Wrote notes.txt",
  evidence: ["notes.txt written"],
  nextSteps: ["Check notes.txt"],
  blocker: ""
}

export const request = {
  runId: "20250101-000000-abcdef",
  round: 2,
  maxRounds: 5,
  attempt: 1,
  prompt: "--the round prompt, starting with dashes",
  workspace: "/tmp/ws"
}

export const files = {
  dir: "/tmp/round",
  reportFile: "/tmp/round/report.json",
  schemaFile: "/tmp/round/report.schema.json",
  usageFile: "/tmp/round/usage.json"
}
