/**
 * The `ralph` tool as an MCP server lists it, and what one call returns: the tool definition's
 * parameters and description (src/domain/tool.ts), the bounded rendered text for the model, and
 * the envelope (or the error document) as structured content for the host.
 */
import { Context, Schema } from "effect"
import { CallToolResult, Tool } from "effect/ai/McpSchema"
import { InvalidArguments, type RalphError } from "../../domain/errors.ts"
import { Envelope } from "../../domain/outcome.ts"
import { renderEnvelope, renderError, type RunRef } from "../../domain/render.ts"
import { ralphTool } from "../../domain/tool.ts"
import { errorDocument } from "../present/output.ts"

const envelopeJsonSchema = Schema.toJsonSchemaDocument(Envelope).schema

/** What a failed call carries: the typed error's tag, message and fields, and the run it ended once one started. */
const errorJsonSchema = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: {
        _tag: { type: "string" },
        message: { type: "string" },
        runId: { type: "string" }
      },
      required: ["_tag", "message"]
    }
  },
  required: ["error"]
}

export const mcpTool = new Tool({
  name: ralphTool.name,
  title: ralphTool.presentation.title,
  description: ralphTool.description,
  inputSchema: ralphTool.parameters,
  outputSchema: {
    type: "object",
    description: "The run's envelope {runId, agentsStarted, result}, or {error: {_tag, message, runId?, …}}",
    anyOf: [envelopeJsonSchema, errorJsonSchema]
  },
  annotations: {
    title: ralphTool.presentation.title,
    readOnlyHint: false,
    // Its agents edit the workspace and run commands there.
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true
  }
})

export const mcpToolAnnotations = Context.empty()

/** The model supplies data only: the objective and, optionally, fewer rounds. */
const CallArguments = Schema.Struct({
  objective: Schema.String,
  maxRounds: Schema.optionalKey(Schema.Number)
})
export type CallArguments = typeof CallArguments.Type

const decodeArguments = Schema.decodeUnknownResult(CallArguments, { onExcessProperty: "error", errors: "all" })

/** The call's arguments, or why they are not the tool's parameters (before anything starts). */
export const callArguments = (payload: unknown): CallArguments | InvalidArguments => {
  const decoded = decodeArguments(payload ?? {})
  if (decoded._tag === "Success") return decoded.success
  return new InvalidArguments({
    argument: "arguments of the ralph tool",
    problem: `${decoded.failure.message.replace(/\s+/g, " ")}; the parameters are objective (a string, required) ` +
      `and maxRounds (a positive whole number, optional)`
  })
}

const decodeEnvelope = Schema.decodeUnknownSync(Envelope)

/** A finished run: the rendered text (bounded) and the envelope, decoded again as it leaves the process. */
export const envelopeResult = (unchecked: Envelope, maxResultChars: number): CallToolResult => {
  const envelope = decodeEnvelope(unchecked)
  return new CallToolResult({
    content: [{ type: "text", text: renderEnvelope(envelope, maxResultChars) }],
    structuredContent: envelope
  })
}

/** A failed run: a tool error whose text says what failed and how to continue, with the typed error as structured content. */
export const errorResult = (error: RalphError, maxResultChars: number, run: RunRef | undefined): CallToolResult =>
  new CallToolResult({
    isError: true,
    content: [{ type: "text", text: renderError(error, maxResultChars, run) }],
    structuredContent: errorDocument(error, run?.runId)
  })
