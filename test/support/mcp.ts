/**
 * `ralph mcp` driven by a real MCP client: the official TypeScript SDK's, as agent hosts use it,
 * over the built binary's stdin and stdout.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { type ChildProcess, spawn } from "node:child_process"
import type { Readable } from "node:stream"
import { cliEnv, ensureCli } from "./cli.ts"

export interface McpSession {
  readonly client: Client
  readonly transport: StdioClientTransport
  /** What the server wrote on stderr so far. */
  readonly stderr: () => string
  /** Errors the client met: a line on stdout that is not the protocol, a stray message. */
  readonly errors: Array<Error>
}

/** Starts `ralph mcp ...args` in `cwd` and connects a client to it. */
export const connectMcp = async (
  args: ReadonlyArray<string>,
  options: {
    readonly cwd: string
    readonly env?: Readonly<Record<string, string>>
    /** Set up the client before it connects: declare capabilities, answer the server's requests. */
    readonly client?: () => Client
  }
): Promise<McpSession> => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ensureCli(), "mcp", ...args],
    cwd: options.cwd,
    env: cliEnv(options.cwd, options.env) as Record<string, string>,
    stderr: "pipe"
  })
  let stderr = ""
  ;(transport.stderr as Readable | null)?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  const client = options.client?.() ?? new Client({ name: "ralph-test-host", version: "1.0.0" })
  const errors: Array<Error> = []
  client.onerror = (error) => errors.push(error)
  await client.connect(transport)
  return { client, transport, stderr: () => stderr, errors }
}

/** A raw JSON-RPC peer over `ralph mcp`'s stdio, for what a client library would not send. */
export const rawMcp = (args: ReadonlyArray<string>, options: { readonly cwd: string }) => {
  const child: ChildProcess = spawn(process.execPath, [ensureCli(), "mcp", ...args], {
    cwd: options.cwd,
    env: cliEnv(options.cwd),
    stdio: ["pipe", "pipe", "pipe"]
  })
  const lines: Array<string> = []
  let buffer = ""
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    buffer += chunk
    for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
      lines.push(buffer.slice(0, i))
      buffer = buffer.slice(i + 1)
    }
  })
  child.stderr!.resume()
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)))
  return {
    child,
    lines,
    exited,
    send: (message: unknown) => child.stdin!.write(`${JSON.stringify(message)}\n`)
  }
}
