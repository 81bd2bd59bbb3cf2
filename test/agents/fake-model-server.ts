/**
 * The project's own loopback fake model server, for driving the real agent CLIs offline.
 *
 * It speaks four wire protocols, each only as far as the CLIs need:
 * - Anthropic Messages (`POST /v1/messages`, SSE when `stream: true`) — claude
 * - OpenAI Responses (`POST /v1/responses`, SSE) — codex
 * - OpenAI Chat Completions (`POST /v1/chat/completions`, SSE) — opencode
 * - Gemini (`POST /v1beta/models/M:generateContent` and `:streamGenerateContent?alt=sse`) — gemini
 *
 * A test scripts the *main* turns (the requests that carry the agent's tools) as a queue of
 * {@link Turn}s: one tool call of the CLI's own file tools, a final message carrying the report,
 * or an HTTP error. Requests the CLIs make on the side (claude's and opencode's title calls,
 * gemini's routing and next-speaker checks) are answered with a canned, harmless value and never
 * consume the queue. Every request is logged, with what it was answered, so tests can assert
 * what happened. It listens on 127.0.0.1 only, on a port the OS picks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export type Api = "anthropic" | "openai-responses" | "openai-chat" | "gemini"

/** What the server can see of the conversation when it answers a main turn. */
export interface TurnContext {
  readonly api: Api
  /** The text of the most recent tool result the CLI sent back (undefined when there is none). */
  readonly lastToolResult: string | undefined
  /** The request body, parsed. */
  readonly body: any
}

export type Turn =
  /** One call of the CLI's own file-writing tool (claude Write, gemini write_file, opencode write, codex apply_patch or a shell command). */
  | { readonly kind: "write-file"; readonly path: string; readonly content: string }
  /** One call of the CLI's own file-reading tool (codex: a shell `cat`). */
  | { readonly kind: "read-file"; readonly path: string }
  /** One call of the CLI's own shell tool (claude Bash, codex exec_command, gemini run_shell_command, opencode bash). */
  | { readonly kind: "command"; readonly command: string }
  /**
   * The final message of the round, carrying the report (any JSON value) — for claude through the
   * StructuredOutput tool that `--json-schema` adds, for the others as the message text.
   * `fence: true` wraps the text in a ```json fence, as models often do.
   */
  | {
    readonly kind: "report"
    /** Any JSON value, or a function of the turn's context that returns one. */
    readonly report: unknown
    readonly fence?: boolean
  }
  /** A final message with this exact text. */
  | { readonly kind: "text"; readonly text: string }
  /** One call of a tool the request offers, by its exact name (one an MCP server gave the CLI, say). */
  | { readonly kind: "tool"; readonly name: string; readonly input: Record<string, unknown> }
  /**
   * An HTTP error with the API's own error body. It stays at the head of the queue (every later
   * request, side requests included, gets it too), since CLIs retry.
   */
  | {
    readonly kind: "error"
    readonly status: 401 | 429 | 500 | 503 | 529
    /** Sent as `retry-after` (seconds). */
    readonly retryAfterSeconds?: number
    /**
     * When the limit resets (unix seconds), told the API's own way: Anthropic's unified rate-limit
     * headers (`anthropic-ratelimit-unified-status: rejected`, `…-reset`), OpenAI's
     * `x-ratelimit-reset-requests`, Gemini's `google.rpc.RetryInfo` detail.
     */
    readonly resetAt?: number
  }

export interface LoggedRequest {
  readonly at: number
  readonly method: string
  readonly url: string
  readonly api: Api | "unknown"
  readonly headers: Readonly<Record<string, string | Array<string> | undefined>>
  readonly body: any
  /** "main" consumed (or would have consumed) a scripted turn; "side" got a canned answer. */
  readonly role: "main" | "side" | "unknown"
  /** What it was answered: the turn kind, "canned", "error 429", "exhausted", "not-found". */
  readonly answer: string
  readonly status: number
}

export interface FakeModelServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string
  readonly port: number
  /** Every request so far, in arrival order. */
  readonly requests: ReadonlyArray<LoggedRequest>
  /** Main requests that found the script empty or could not be answered as scripted; a passing test leaves none. */
  readonly unexpected: ReadonlyArray<LoggedRequest>
  /**
   * Attempts to reach anything other than this server through it as a proxy (`CONNECT host:443`
   * or an absolute-form URL): point HTTP_PROXY / HTTPS_PROXY at {@link url} (with NO_PROXY for
   * 127.0.0.1) and every outbound request of a proxy-aware client lands here, refused.
   */
  readonly outbound: ReadonlyArray<string>
  /** Appends turns to the script. */
  readonly script: (...turns: ReadonlyArray<Turn>) => void
  /** Turns not consumed yet (a sticky error counts as one). */
  readonly remaining: () => number
  /** Forgets the script and the log. */
  readonly reset: () => void
  readonly close: () => Promise<void>
}

const MODEL_ECHO = "fake-model"

// ---------------------------------------------------------------------------------------------
// Error bodies, as each API really sends them.

const anthropicError = (status: number) => {
  switch (status) {
    case 401:
      return { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } }
    case 429:
      return {
        type: "error",
        error: {
          type: "rate_limit_error",
          message:
            "This request would exceed the rate limit for your organization of 50 requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits."
        }
      }
    case 529:
      return { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }
    default:
      return { type: "error", error: { type: "api_error", message: "Internal server error" } }
  }
}

const openaiError = (status: number) => {
  switch (status) {
    case 401:
      return {
        error: {
          message:
            "Incorrect API key provided: sk-test. You can find your API key at https://platform.openai.com/account/api-keys.",
          type: "invalid_request_error",
          param: null,
          code: "invalid_api_key"
        }
      }
    case 429:
      return {
        error: {
          message:
            "Rate limit reached for fake-model in organization org-test on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.",
          type: "requests",
          param: null,
          code: "rate_limit_exceeded"
        }
      }
    case 503:
    case 529:
      return {
        error: {
          message: "The server is overloaded or not ready yet.",
          type: "server_error",
          param: null,
          code: "server_is_overloaded"
        }
      }
    default:
      return {
        error: {
          message: "The server had an error while processing your request.",
          type: "server_error",
          param: null,
          code: null
        }
      }
  }
}

const geminiError = (status: number, resetAt?: number) => {
  switch (status) {
    case 401:
      return {
        error: {
          code: 401,
          message:
            "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
          status: "UNAUTHENTICATED"
        }
      }
    case 429:
      return {
        error: {
          code: 429,
          message: "Resource has been exhausted (e.g. check quota).",
          status: "RESOURCE_EXHAUSTED",
          ...(resetAt === undefined ? {} : {
            details: [{
              "@type": "type.googleapis.com/google.rpc.RetryInfo",
              retryDelay: `${Math.max(0, Math.round(resetAt - Date.now() / 1000))}s`
            }]
          })
        }
      }
    case 503:
    case 529:
      return {
        error: { code: status, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" }
      }
    default:
      return { error: { code: 500, message: "An internal error has occurred.", status: "INTERNAL" } }
  }
}

const errorBody = (api: Api, status: number, resetAt?: number): unknown =>
  api === "anthropic" ? anthropicError(status) : api === "gemini" ? geminiError(status, resetAt) : openaiError(status)

const errorHeaders = (api: Api, turn: Extract<Turn, { kind: "error" }>): Record<string, string> => {
  const headers: Record<string, string> = {}
  if (turn.retryAfterSeconds !== undefined) headers["retry-after"] = String(turn.retryAfterSeconds)
  if (api === "anthropic") headers["request-id"] = `req_${Date.now().toString(36)}`
  if (turn.resetAt !== undefined) {
    if (api === "anthropic") {
      headers["anthropic-ratelimit-unified-status"] = "rejected"
      headers["anthropic-ratelimit-unified-reset"] = String(turn.resetAt)
      headers["anthropic-ratelimit-unified-representative-claim"] = "five_hour"
    } else if (api !== "gemini") {
      headers["x-ratelimit-reset-requests"] = `${Math.max(0, Math.round(turn.resetAt - Date.now() / 1000))}s`
    }
  }
  return headers
}

// ---------------------------------------------------------------------------------------------
// Reading requests.

const textOf = (value: unknown): string => {
  if (typeof value === "string") return value
  if (Array.isArray(value)) return value.map(textOf).join("")
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>
    if (typeof record.text === "string") return record.text
    if ("content" in record) return textOf(record.content)
    if ("output" in record) return textOf(record.output)
    return JSON.stringify(value)
  }
  // What is left of a parsed JSON body: a number, a boolean or null.
  return value === undefined ? "" : JSON.stringify(value)
}

/** The text of the last tool result in a request, per API. */
const lastToolResult = (api: Api, body: any): string | undefined => {
  switch (api) {
    case "anthropic": {
      for (const message of [...(body.messages ?? [])].reverse()) {
        if (!Array.isArray(message.content)) continue
        const results = message.content.filter((block: any) => block.type === "tool_result")
        if (results.length > 0) return textOf(results.at(-1).content)
      }
      return undefined
    }
    case "openai-responses": {
      const items = Array.isArray(body.input) ? body.input : []
      const last = [...items].reverse().find((item: any) =>
        item.type === "function_call_output" || item.type === "custom_tool_call_output"
      )
      return last === undefined ? undefined : textOf(last.output)
    }
    case "openai-chat": {
      const last = [...(body.messages ?? [])].reverse().find((message: any) => message.role === "tool")
      return last === undefined ? undefined : textOf(last.content)
    }
    case "gemini": {
      for (const content of [...(body.contents ?? [])].reverse()) {
        for (const part of [...(content.parts ?? [])].reverse()) {
          if (part.functionResponse !== undefined) {
            const response = part.functionResponse.response
            return typeof response?.output === "string" ? response.output : JSON.stringify(response)
          }
        }
      }
      return undefined
    }
  }
}

const toolNames = (api: Api, body: any): Array<string> => {
  switch (api) {
    case "anthropic":
      return (body.tools ?? []).map((tool: any) => tool.name)
    case "openai-responses":
      return (body.tools ?? []).map((tool: any) => tool.name ?? tool.type)
    case "openai-chat":
      return (body.tools ?? []).map((tool: any) => tool.function?.name)
    case "gemini":
      return (body.tools ?? []).flatMap((tool: any) => (tool.functionDeclarations ?? []).map((d: any) => d.name))
  }
}

const pick = (available: Array<string>, candidates: Array<string>): string | undefined =>
  candidates.find((name) => available.includes(name))

// ---------------------------------------------------------------------------------------------
// Answers: a turn becomes either a tool call or a final text (or, for claude, a StructuredOutput call).

type Answer =
  | { readonly type: "tool"; readonly name: string; readonly input: Record<string, unknown> }
  | { readonly type: "custom-tool"; readonly name: string; readonly input: string }
  | { readonly type: "text"; readonly text: string }

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`

const answerFor = (turn: Exclude<Turn, { kind: "error" }>, context: TurnContext): Answer => {
  const tools = toolNames(context.api, context.body)
  const need = (candidates: Array<string>): string => {
    const name = pick(tools, candidates)
    if (name === undefined) {
      throw new Error(`the request offers none of the tools ${candidates.join(", ")} (it offers: ${tools.join(", ")})`)
    }
    return name
  }
  switch (turn.kind) {
    case "write-file":
      switch (context.api) {
        case "anthropic":
          return { type: "tool", name: need(["Write"]), input: { file_path: turn.path, content: turn.content } }
        case "gemini":
          return { type: "tool", name: need(["write_file"]), input: { file_path: turn.path, content: turn.content } }
        case "openai-chat":
          return { type: "tool", name: need(["write"]), input: { filePath: turn.path, content: turn.content } }
        case "openai-responses": {
          const patch = [
            "*** Begin Patch",
            `*** Add File: ${turn.path}`,
            ...turn.content.replace(/\n$/, "").split("\n").map((line) => `+${line}`),
            "*** End Patch"
          ].join("\n")
          const tool = (context.body.tools ?? []).find((t: any) => t.name === "apply_patch")
          if (tool?.type === "custom") return { type: "custom-tool", name: "apply_patch", input: patch }
          if (tool !== undefined) return { type: "tool", name: "apply_patch", input: { input: patch } }
          return {
            type: "tool",
            name: need(["exec_command", "shell_command", "shell"]),
            input: { cmd: `printf '%s' ${shellQuote(turn.content)} > ${shellQuote(turn.path)}` }
          }
        }
      }
      break
    case "read-file":
      switch (context.api) {
        case "anthropic":
          return { type: "tool", name: need(["Read"]), input: { file_path: turn.path } }
        case "gemini":
          return { type: "tool", name: need(["read_file"]), input: { file_path: turn.path } }
        case "openai-chat":
          return { type: "tool", name: need(["read"]), input: { filePath: turn.path } }
        case "openai-responses":
          return {
            type: "tool",
            name: need(["exec_command", "shell_command", "shell"]),
            input: { cmd: `cat ${shellQuote(turn.path)}` }
          }
      }
      break
    case "command":
      switch (context.api) {
        case "anthropic":
          return { type: "tool", name: need(["Bash"]), input: { command: turn.command, description: "Run a command" } }
        case "gemini":
          return {
            type: "tool",
            name: need(["run_shell_command"]),
            input: { command: turn.command, description: "Run a command" }
          }
        case "openai-chat":
          return { type: "tool", name: need(["bash"]), input: { command: turn.command, description: "Run a command" } }
        case "openai-responses":
          return { type: "tool", name: need(["exec_command", "shell_command", "shell"]), input: { cmd: turn.command } }
      }
      break
    case "report": {
      const report = typeof turn.report === "function"
        ? (turn.report as (c: TurnContext) => unknown)(context)
        : turn.report
      if (context.api === "anthropic" && tools.includes("StructuredOutput")) {
        return { type: "tool", name: "StructuredOutput", input: report as Record<string, unknown> }
      }
      const json = JSON.stringify(report)
      return { type: "text", text: turn.fence === true ? "```json\n" + json + "\n```" : json }
    }
    case "text":
      return { type: "text", text: turn.text }
    case "tool":
      return { type: "tool", name: need([turn.name]), input: turn.input }
  }
}

// ---------------------------------------------------------------------------------------------
// Writing answers, per API.

const usage = { input: 120, cached: 20, output: 30 }
let counter = 0
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}`

const sse = (response: ServerResponse, events: ReadonlyArray<{ event?: string; data: unknown }>) => {
  response.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive"
  })
  for (const { data, event } of events) {
    const payload = typeof data === "string" ? data : JSON.stringify(data)
    response.write(`${event === undefined ? "" : `event: ${event}\n`}data: ${payload}\n\n`)
  }
  response.end()
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { "content-type": "application/json", ...headers })
  response.end(JSON.stringify(body))
}

const anthropicMessage = (response: ServerResponse, answer: Answer, stream: boolean, model: string) => {
  const id = nextId("msg")
  const block = answer.type === "text"
    ? { type: "text", text: answer.text }
    : { type: "tool_use", id: nextId("toolu"), name: answer.name, input: answer.input }
  const stopReason = answer.type === "text" ? "end_turn" : "tool_use"
  const usageStart = {
    input_tokens: usage.input,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: usage.cached,
    output_tokens: 1
  }
  if (!stream) {
    return json(response, 200, {
      id,
      type: "message",
      role: "assistant",
      model,
      content: [block],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { ...usageStart, output_tokens: usage.output }
    })
  }
  const start = block.type === "text"
    ? { type: "text", text: "" }
    : { type: "tool_use", id: (block as any).id, name: (block as any).name, input: {} }
  const delta = block.type === "text"
    ? { type: "text_delta", text: (block as any).text }
    : { type: "input_json_delta", partial_json: JSON.stringify((block as any).input) }
  sse(response, [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: {
          id,
          type: "message",
          role: "assistant",
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: usageStart
        }
      }
    },
    { event: "content_block_start", data: { type: "content_block_start", index: 0, content_block: start } },
    { event: "ping", data: { type: "ping" } },
    { event: "content_block_delta", data: { type: "content_block_delta", index: 0, delta } },
    { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: usage.output }
      }
    },
    { event: "message_stop", data: { type: "message_stop" } }
  ])
}

const responsesStream = (response: ServerResponse, answer: Answer, model: string) => {
  const responseId = nextId("resp")
  const item = answer.type === "text"
    ? {
      type: "message",
      id: nextId("msg"),
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: answer.text, annotations: [] }]
    }
    : answer.type === "custom-tool"
    ? {
      type: "custom_tool_call",
      id: nextId("ctc"),
      call_id: nextId("call"),
      name: answer.name,
      input: answer.input,
      status: "completed"
    }
    : {
      type: "function_call",
      id: nextId("fc"),
      call_id: nextId("call"),
      name: answer.name,
      arguments: JSON.stringify(answer.input),
      status: "completed"
    }
  const base = { id: responseId, object: "response", created_at: Math.floor(Date.now() / 1000), model }
  const events: Array<{ event: string; data: unknown }> = [
    {
      event: "response.created",
      data: { type: "response.created", sequence_number: 0, response: { ...base, status: "in_progress", output: [] } }
    },
    {
      event: "response.output_item.added",
      data: {
        type: "response.output_item.added",
        sequence_number: 1,
        output_index: 0,
        item: { ...item, status: "in_progress" }
      }
    }
  ]
  if (answer.type === "text") {
    events.push({
      event: "response.output_text.delta",
      data: {
        type: "response.output_text.delta",
        sequence_number: 2,
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        delta: answer.text
      }
    })
  }
  events.push(
    {
      event: "response.output_item.done",
      data: { type: "response.output_item.done", sequence_number: 3, output_index: 0, item }
    },
    {
      event: "response.completed",
      data: {
        type: "response.completed",
        sequence_number: 4,
        response: {
          ...base,
          status: "completed",
          output: [item],
          usage: {
            input_tokens: usage.input,
            input_tokens_details: { cached_tokens: usage.cached },
            output_tokens: usage.output,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: usage.input + usage.output
          }
        }
      }
    }
  )
  sse(response, events)
}

const chatStream = (response: ServerResponse, answer: Answer, model: string, includeUsage: boolean) => {
  const id = nextId("chatcmpl")
  const created = Math.floor(Date.now() / 1000)
  const chunk = (delta: unknown, finish: string | null, extra: Record<string, unknown> = {}) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra
  })
  const events: Array<{ data: unknown }> = [{ data: chunk({ role: "assistant", content: "" }, null) }]
  if (answer.type === "text") {
    events.push({ data: chunk({ content: answer.text }, null) })
  } else {
    const args = answer.type === "tool" ? JSON.stringify(answer.input) : answer.input
    events.push({
      data: chunk(
        {
          tool_calls: [{
            index: 0,
            id: nextId("call"),
            type: "function",
            function: { name: answer.name, arguments: args }
          }]
        },
        null
      )
    })
  }
  events.push({ data: chunk({}, answer.type === "text" ? "stop" : "tool_calls") })
  if (includeUsage) {
    events.push({
      data: {
        id,
        object: "chat.completion.chunk",
        created,
        model,
        choices: [],
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
          prompt_tokens_details: { cached_tokens: usage.cached }
        }
      }
    })
  }
  events.push({ data: "[DONE]" })
  sse(response, events)
}

const geminiCandidate = (answer: Answer, model: string) => {
  const part = answer.type === "text"
    ? { text: answer.text }
    : { functionCall: { name: answer.name, args: answer.type === "tool" ? answer.input : { input: answer.input } } }
  return {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: usage.input,
      cachedContentTokenCount: usage.cached,
      candidatesTokenCount: usage.output,
      totalTokenCount: usage.input + usage.output
    },
    modelVersion: model,
    responseId: nextId("gem")
  }
}

/** A value that fits a (Gemini-style) JSON schema, for side calls that ask for JSON. */
const sampleFor = (schema: any, key = ""): unknown => {
  const type = String(schema?.type ?? "object").toLowerCase()
  if (Array.isArray(schema?.enum) && schema.enum.length > 0) {
    return key === "next_speaker" && schema.enum.includes("user") ? "user" : schema.enum[0]
  }
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {}
      for (const [name, sub] of Object.entries(schema?.properties ?? {})) out[name] = sampleFor(sub, name)
      return out
    }
    case "array":
      return []
    case "integer":
    case "number":
      return 1
    case "boolean":
      return false
    default:
      return key === "next_speaker" ? "user" : "fake"
  }
}

// ---------------------------------------------------------------------------------------------

const apiOf = (method: string, path: string): Api | "unknown" => {
  if (method !== "POST") return "unknown"
  if (/^\/(v1\/)?messages$/.test(path)) return "anthropic"
  if (/^\/(v1\/)?responses$/.test(path)) return "openai-responses"
  if (/^\/(v1\/)?chat\/completions$/.test(path)) return "openai-chat"
  if (/^\/v1(beta|alpha)?\/models\/[^/]+:(generateContent|streamGenerateContent)$/.test(path)) return "gemini"
  return "unknown"
}

/** Whether a request is one of the agent's main turns (it offers the agent's tools) or a side call. */
const isMain = (api: Api, path: string, body: any): boolean => {
  switch (api) {
    case "anthropic":
    case "openai-chat":
      return Array.isArray(body.tools) && body.tools.length > 0
    case "openai-responses":
      return true
    case "gemini":
      return path.endsWith(":streamGenerateContent") || (Array.isArray(body.tools) && body.tools.length > 0)
  }
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

export const startFakeModelServer = async (): Promise<FakeModelServer> => {
  let queue: Array<Turn> = []
  let log: Array<LoggedRequest> = []
  let outbound: Array<string> = []

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (/^[a-z]+:\/\//i.test(request.url ?? "")) {
      outbound.push(`${request.method} ${request.url}`)
      request.resume()
      return json(response, 403, { error: { message: "fake model server: no outbound traffic in tests" } })
    }
    const raw = await readBody(request)
    const url = new URL(request.url ?? "/", "http://127.0.0.1")
    const method = request.method ?? "GET"
    const api = apiOf(method, url.pathname)
    let body: any = undefined
    try {
      body = raw === "" ? undefined : JSON.parse(raw)
    } catch {
      body = raw
    }
    const record = (role: LoggedRequest["role"], answer: string, status: number) =>
      log.push({
        at: Date.now(),
        method,
        url: request.url ?? "/",
        api,
        headers: request.headers,
        body,
        role,
        answer,
        status
      })

    if (api === "unknown") {
      record("unknown", "not-found", 404)
      return json(response, 404, { error: { message: `fake model server: no route for ${method} ${url.pathname}` } })
    }
    const main = isMain(api, url.pathname, body ?? {})
    const head = queue[0]
    const model = String(body?.model ?? url.pathname.match(/models\/([^:]+)/)?.[1] ?? MODEL_ECHO)

    if (head?.kind === "error") {
      record(main ? "main" : "side", `error ${head.status}`, head.status)
      return json(response, head.status, errorBody(api, head.status, head.resetAt), errorHeaders(api, head))
    }

    const streamed = api === "gemini" ? url.pathname.endsWith(":streamGenerateContent") : body?.stream === true
    let answer: Answer
    let label: string
    if (!main) {
      label = "canned"
      if (api === "gemini") {
        const schema = body?.generationConfig?.responseJsonSchema ?? body?.generationConfig?.responseSchema
        answer = { type: "text", text: schema === undefined ? "ok" : JSON.stringify(sampleFor(schema)) }
      } else {
        answer = { type: "text", text: "Ralph round" }
      }
    } else if (head === undefined) {
      label = "exhausted"
      answer = { type: "text", text: "fake model server: the script is exhausted" }
    } else {
      const context: TurnContext = { api, lastToolResult: lastToolResult(api, body ?? {}), body: body ?? {} }
      try {
        answer = answerFor(head, context)
        label = head.kind
      } catch (error) {
        // Answered as a final message rather than an HTTP error, which the CLIs would retry for minutes.
        label = `script error: ${(error as Error).message}`
        answer = { type: "text", text: `fake model server: ${label}` }
      }
      queue.shift()
    }
    record(main ? "main" : "side", label, 200)
    switch (api) {
      case "anthropic":
        return anthropicMessage(response, answer, streamed, model)
      case "openai-responses":
        return responsesStream(response, answer, model)
      case "openai-chat":
        return streamed
          ? chatStream(response, answer, model, body?.stream_options?.include_usage === true)
          : json(response, 200, {
            id: nextId("chatcmpl"),
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{
              index: 0,
              message: answer.type === "text"
                ? { role: "assistant", content: answer.text }
                : {
                  role: "assistant",
                  content: null,
                  tool_calls: [{
                    id: nextId("call"),
                    type: "function",
                    function: {
                      name: answer.name,
                      arguments: answer.type === "tool" ? JSON.stringify(answer.input) : answer.input
                    }
                  }]
                },
              finish_reason: answer.type === "text" ? "stop" : "tool_calls"
            }],
            usage: {
              prompt_tokens: usage.input,
              completion_tokens: usage.output,
              total_tokens: usage.input + usage.output
            }
          })
      case "gemini":
        return streamed
          ? sse(response, [{ data: geminiCandidate(answer, model) }])
          : json(response, 200, geminiCandidate(answer, model))
    }
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: { message: String(error) } })
      else response.end()
    })
  })
  server.on("connect", (request: IncomingMessage, socket) => {
    outbound.push(`CONNECT ${request.url}`)
    socket.end("HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n")
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get requests() {
      return log
    },
    get outbound() {
      return outbound
    },
    get unexpected() {
      return log.filter((entry) => entry.answer === "exhausted" || entry.answer.startsWith("script error"))
    },
    script: (...turns) => void queue.push(...turns),
    remaining: () => queue.length,
    reset: () => {
      queue = []
      log = []
      outbound = []
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
