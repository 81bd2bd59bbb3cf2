/**
 * A call's run that waits for an answer (`onBlocked: ask`) asks the host's user through the MCP
 * client (`elicitation/create`, form mode) when the client declared the `elicitation` capability:
 * an accepted answer continues the run, a decline (or a dismissal) ends it blocked. The answer is
 * untrusted text, checked as `ralph answer` checks it; one that breaks the rules is asked again,
 * saying why.
 */
import { Effect, Schema } from "effect"
import { type ClientCapabilities, ElicitRequestFormParams, type McpServerClient } from "effect/ai/McpSchema"
import { checkMessage } from "../../domain/messages.ts"
import type { AnswerOutcome, AskPerson } from "../../loop/inbox.ts"

/** Whether the client can be asked (it declared `elicitation`, form mode included by default). */
export const canElicit = (capabilities: ClientCapabilities): boolean => capabilities.elicitation !== undefined

const requestedSchema = {
  type: "object",
  properties: {
    answer: {
      type: "string",
      title: "Your answer",
      description: "What the next worker should know to get past the blocker"
    }
  },
  required: ["answer"]
} as const

const decodeRequest = Schema.decodeUnknownEffect(ElicitRequestFormParams)

/** Asks the call's client for the answer, as long as it takes (the caller bounds it by --ask-timeout). */
export const elicitAnswer = (client: McpServerClient["Service"]): AskPerson => (wait) =>
  Effect.scoped(Effect.gen(function*() {
    const reverse = yield* client.getClient
    let problem: string | undefined
    for (;;) {
      const request = yield* Effect.orDie(decodeRequest({
        mode: "form",
        message: [
          `The ralph run ${wait.runId} is blocked after round ${wait.round}. Its worker says:`,
          "",
          wait.blocker,
          "",
          "Answer to continue the run with a fresh worker told your answer; decline to end the run blocked.",
          ...(problem === undefined ? [] : ["", `Your last answer was not taken: ${problem}.`])
        ].join("\n"),
        requestedSchema
      }))
      // A client that fails the request (or cannot take it) has not answered: the run ends blocked.
      const result = yield* Effect.result(reverse.elicit(request))
      if (result._tag === "Failure" || result.success.action !== "accept") {
        return { _tag: "Unanswered", why: "declined" } satisfies AnswerOutcome
      }
      const given = result.success.content?.answer
      const checked = checkMessage("answer", typeof given === "string" ? given : "")
      if ("text" in checked) return { _tag: "Answered", text: checked.text } satisfies AnswerOutcome
      problem = checked.problem
    }
  }))
