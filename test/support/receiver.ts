/**
 * A real HTTP receiver for notification tests: a node:http server on 127.0.0.1 that keeps every
 * request (method, path, headers, body) and answers the n-th with the status `answer(n)` gives, or
 * never answers (`"hang"`).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
  /** When it arrived (Date.now()). */
  readonly at: number
}

export interface Receiver {
  /** The base URL, `http://127.0.0.1:PORT`. */
  readonly url: string
  readonly received: Array<Received>
  readonly close: () => Promise<void>
}

export const startReceiver = async (answer: (n: number) => number | "hang" = () => 200): Promise<Receiver> => {
  const received: Array<Received> = []
  const hanging: Array<ServerResponse> = []
  const server = createServer((request, response) => {
    let body = ""
    request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk))
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body,
        at: Date.now()
      })
      const status = answer(received.length)
      if (status === "hang") hanging.push(response)
      else response.writeHead(status, { "content-type": "text/plain" }).end("ok")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo // listen on a TCP port gives an AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** A port nothing listens on: one a server held a moment ago. */
export const closedPort = async (): Promise<string> => {
  const receiver = await startReceiver()
  await receiver.close()
  return receiver.url
}
