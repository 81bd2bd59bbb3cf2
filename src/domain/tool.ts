/** The model-facing definition of ralph, for agent hosts that expose it as a tool. */
export const ralphTool = {
  name: "ralph",
  description: "Run a Ralph loop: pursue one fixed objective through a sequence of fresh coding-agent processes, " +
    "one per round, each starting with a clean context and the workspace as its only memory, until a " +
    "worker reports the objective complete or blocked, or a budget (rounds, time, cost, tokens, stalled " +
    "rounds) runs out. When the deployment sets a verify command, a claimed completion ends the run only " +
    "once that command passes; the result then carries the verification.",
  parameters: {
    type: "object",
    properties: {
      objective: {
        type: "string",
        description: "The objective every round pursues, stated completely; it cannot change during the run."
      },
      maxRounds: {
        type: "number",
        description: "Optional cap on rounds (a positive integer, at most the deployment's ceiling)."
      }
    },
    required: ["objective"],
    additionalProperties: false
  },
  guidance: "Use the ralph tool only when the person explicitly asks for a Ralph loop or for iterating with fresh " +
    "agents. Its result says what the last worker reported; a reported completion is a claim, not an " +
    "independent check, unless the result carries a passed verification (then say which command " +
    "checked it); otherwise say so and verify what matters.",
  presentation: {
    kind: "generic",
    title: "ralph",
    /** The raw input shown on the call card. */
    rawInput: (args: { readonly objective: string }): string => args.objective
  }
} as const
