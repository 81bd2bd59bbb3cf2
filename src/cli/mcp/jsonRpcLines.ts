/**
 * The lines a client sends `ralph mcp`, checked before effect's server reads them: its NDJSON
 * reader throws on a line that is not JSON (and drops the rest of that read with it), and it
 * ignores a message that is neither a request, a notification nor a response. JSON-RPC 2.0 wants
 * an answer to both: a parse error (-32700, id null) and an invalid request (-32600, with the
 * message's id when it has a usable one). Batches (arrays) go on to effect, which answers them.
 */
import { Effect, Predicate, Sink, Stream } from "effect"
import { INTERNAL_ERROR_CODE, INVALID_REQUEST_ERROR_CODE, PARSE_ERROR_CODE } from "effect/ai/McpSchema"
import type * as Stdio from "effect/Stdio"

type Verdict =
  | { readonly _tag: "Pass" }
  | { readonly _tag: "Refuse"; readonly reply: string }

const refuse = (id: string | number | null, code: number, message: string): Verdict => ({
  _tag: "Refuse",
  reply: `${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`
})

const isId = (id: unknown): id is string | number | null =>
  id === null || typeof id === "string" || (typeof id === "number" && Number.isFinite(id))

/** What to do with one line: pass it to the server, or answer it with an error. */
export const checkLine = (line: string): Verdict => {
  let message: unknown
  try {
    message = JSON.parse(line)
  } catch {
    return refuse(null, PARSE_ERROR_CODE, "Parse error: the line is not JSON")
  }
  if (Array.isArray(message)) return { _tag: "Pass" }
  if (!Predicate.isObject(message)) {
    return refuse(null, INVALID_REQUEST_ERROR_CODE, "Invalid Request: a message is a JSON object")
  }
  const fields = message
  const id = "id" in fields && isId(fields.id) ? fields.id : null
  if ("id" in fields && !isId(fields.id)) {
    return refuse(null, INVALID_REQUEST_ERROR_CODE, "Invalid Request: id must be a string, a number or null")
  }
  if (fields.jsonrpc !== "2.0") {
    return refuse(id, INVALID_REQUEST_ERROR_CODE, `Invalid Request: "jsonrpc" must be "2.0"`)
  }
  if ("method" in fields) {
    if (typeof fields.method !== "string") {
      return refuse(id, INVALID_REQUEST_ERROR_CODE, "Invalid Request: method must be a string")
    }
    if ("params" in fields && (typeof fields.params !== "object" || fields.params === null)) {
      return refuse(id, INVALID_REQUEST_ERROR_CODE, "Invalid Request: params must be an object or an array")
    }
    return { _tag: "Pass" }
  }
  // A response to a request of the server's own.
  if ("id" in fields && ("result" in fields || "error" in fields)) return { _tag: "Pass" }
  return refuse(id, INVALID_REQUEST_ERROR_CODE, "Invalid Request: neither a request, a notification nor a response")
}

/** Whether a reply the server writes is an internal error (-32603): what it answers a call it interrupted with. */
const isInternalError = (reply: string | Uint8Array): boolean => {
  if (typeof reply !== "string" || !reply.includes(String(INTERNAL_ERROR_CODE))) return false
  try {
    const parsed: unknown = JSON.parse(reply)
    return Predicate.isObject(parsed) && Predicate.isObject(parsed.error) && parsed.error.code === INTERNAL_ERROR_CODE
  } catch {
    return false
  }
}

/**
 * `Stdio` whose stdin passes on only the lines the server can read (whole lines, as they come),
 * answering the others on stdout itself. Each answer is one whole line, written through the same
 * stdout as the server's replies. Once the client has closed stdin, the calls still running are
 * cancelled (it is gone): effect's server answers each with an internal error, which is not written.
 */
export const checkedStdio = (stdio: Stdio.Stdio): Stdio.Stdio => {
  let clientGone = false
  const encoder = new TextEncoder()
  const answer = (reply: string) => Stream.run(Stream.make(reply), stdio.stdout())
  const stdin = Stream.suspend(() => {
    const decoder = new TextDecoder()
    let pending = ""
    return stdio.stdin.pipe(
      Stream.mapEffect((chunk) =>
        Effect.gen(function*() {
          pending += decoder.decode(chunk, { stream: true })
          const end = pending.lastIndexOf("\n")
          if (end < 0) return new Uint8Array()
          const lines = pending.slice(0, end).split("\n")
          pending = pending.slice(end + 1)
          const passed: Array<string> = []
          for (const line of lines) {
            if (line.trim() === "") continue
            const verdict = checkLine(line)
            if (verdict._tag === "Pass") passed.push(`${line}\n`)
            else yield* answer(verdict.reply)
          }
          return encoder.encode(passed.join(""))
        })
      ),
      Stream.filter((bytes) => bytes.length > 0),
      Stream.onEnd(Effect.sync(() => {
        clientGone = true
      }))
    )
  })
  const stdout = (options?: { readonly endOnDone?: boolean | undefined }) =>
    Sink.mapInput(
      stdio.stdout(options),
      (reply: string | Uint8Array) => clientGone && isInternalError(reply) ? "" : reply
    )
  return { ...stdio, stdin, stdout }
}
