/** Sample reports and an independent reference predicate for the report rules (design §1). */

export const continueReport = {
  status: "continue",
  summary: "Set up the project skeleton",
  evidence: ["npm test passed"],
  nextSteps: ["Write the parser"],
  blocker: ""
} as const

export const completeReport = {
  status: "complete",
  summary: "Everything is done",
  evidence: ["npm test: 12 passed"],
  nextSteps: [],
  blocker: ""
} as const

export const blockedReport = {
  status: "blocked",
  summary: "Cannot reach the registry",
  evidence: [],
  nextSteps: ["Ask for credentials"],
  blocker: "The package registry needs a token"
} as const

export const reportKeys = ["blocker", "evidence", "nextSteps", "status", "summary"] as const

const isLine = (value: unknown): boolean => typeof value === "string" && value.length > 0 && value.trim() === value

const isLines = (value: unknown): value is ReadonlyArray<string> => Array.isArray(value) && value.every(isLine)

/**
 * The report rules, written independently of src/domain/report.ts: exactly five keys, each of its
 * type, trimmed non-empty strings, the status rules, and the compact-JSON bound.
 */
export const referenceIsReport = (value: unknown, maxHandoffChars: number): boolean => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false
  const keys = Object.keys(value).sort()
  if (keys.length !== reportKeys.length || keys.some((key, i) => key !== reportKeys[i])) return false
  const v = value as Record<string, unknown>
  if (v.status !== "continue" && v.status !== "complete" && v.status !== "blocked") return false
  if (!isLine(v.summary)) return false
  if (!isLines(v.evidence) || !isLines(v.nextSteps)) return false
  if (typeof v.blocker !== "string" || v.blocker.trim() !== v.blocker) return false
  switch (v.status) {
    case "continue":
      if (v.nextSteps.length === 0 || v.blocker !== "") return false
      break
    case "complete":
      if (v.evidence.length === 0 || v.nextSteps.length !== 0 || v.blocker !== "") return false
      break
    case "blocked":
      if (v.blocker === "") return false
      break
  }
  return JSON.stringify(value).length <= maxHandoffChars
}

/** A well-formed report of the given status whose compact JSON is exactly `chars` long (when possible). */
export const reportOfLength = (status: "continue" | "complete" | "blocked", chars: number) => {
  const base = status === "continue"
    ? { status, summary: "s", evidence: [], nextSteps: ["n"], blocker: "" }
    : status === "complete"
    ? { status, summary: "s", evidence: ["e"], nextSteps: [], blocker: "" }
    : { status, summary: "s", evidence: [], nextSteps: [], blocker: "b" }
  const pad = chars - JSON.stringify(base).length
  if (pad < 0) throw new Error(`a ${status} report needs at least ${JSON.stringify(base).length} characters`)
  const report = { ...base, summary: "s" + "x".repeat(pad) }
  if (JSON.stringify(report).length !== chars) throw new Error("reportOfLength: miscounted")
  return report
}

/**
 * A result without its `usage` (durations vary from run to run), after checking that the usage
 * lists one entry per round that finished before the run ended.
 */
export const withoutUsage = <R extends { readonly usage?: { readonly rounds: ReadonlyArray<unknown> } }>(
  result: R
): R extends unknown ? Omit<R, "usage"> : never => {
  if (result.usage === undefined) throw new Error("the result carries no usage")
  const { usage: _, ...rest } = result
  return rest as R extends unknown ? Omit<R, "usage"> : never
}
