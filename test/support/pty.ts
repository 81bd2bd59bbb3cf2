/**
 * The built `ralph` under a real pseudo-terminal (util-linux `script`), and what a terminal would
 * show of its output once it is done.
 */
import { spawn } from "node:child_process"
import { sq } from "./agents.ts"
import { ensureCli } from "./cli.ts"

export interface PtyResult {
  readonly code: number | null
  /** Every byte the terminal got, stdout and stderr as they were interleaved. */
  readonly raw: string
}

/** Runs `ralph ...args` on a terminal `columns` wide, in `cwd`, with exactly `env`. */
export const runOnPty = (
  args: ReadonlyArray<string>,
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv; readonly columns?: number }
): Promise<PtyResult> => {
  const command = [process.execPath, ensureCli(), ...args].map(sq).join(" ")
  const child = spawn(
    "script",
    ["-qfec", `stty cols ${options.columns ?? 120} rows 40; exec ${command}`, "/dev/null"],
    {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"]
    }
  )
  let raw = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (raw += chunk))
  child.stderr.resume()
  return new Promise((resolve, reject) => {
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, raw }))
  })
}

/**
 * The screen's lines once the output is written, as a terminal renders carriage returns, line
 * feeds and erase-line (CSI 2K), with colours (SGR) dropped. Other sequences are kept as text, so
 * a test sees any it did not expect.
 */
export const screenOf = (raw: string): ReadonlyArray<string> => {
  const lines: Array<Array<string>> = [[]]
  let column = 0
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i]!
    const line = lines[lines.length - 1]!
    if (char === "\r") {
      column = 0
    } else if (char === "\n") {
      lines.push([])
      column = 0
    } else if (char === "\u001b" && raw[i + 1] === "[") {
      const end = raw.slice(i + 2).search(/[A-Za-z]/)
      const final = raw[i + 2 + end]
      const params = raw.slice(i + 2, i + 2 + end)
      if (final === "K" && params === "2") line.length = 0
      else if (final !== "m") line.push(raw.slice(i, i + 3 + end))
      i += 2 + end
    } else {
      line[column++] = char
    }
  }
  return lines.map((line) => line.join("")).filter((line, i, all) => line !== "" || i < all.length - 1)
}

/** The output without its colour sequences (SGR). */
// eslint-disable-next-line no-control-regex
export const withoutColours = (raw: string): string => raw.replace(/\u001b\[[0-9;]*m/g, "")
