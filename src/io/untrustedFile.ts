/**
 * Reading a file a worker can touch (its report and usage files, the workspace's protected files,
 * git's files in the workspace): a worker with ralph's user id can put a FIFO there (an open that
 * never returns), a link to a device (`/dev/zero`: a read that never ends), a folder, or a file of
 * gigabytes. Here the path is looked at before it is opened, opened without blocking (and, unless
 * asked, without following a link), checked again on the open descriptor to be the regular file
 * that was looked at, and read up to a bound. Anything else is refused, saying what it is.
 */
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import { thrownCode } from "../domain/thrown.ts"

/** What a read found: the value, no such file, or something that is not a regular file within the bound. */
export type UntrustedRead<A> =
  | { readonly _tag: "Read"; readonly value: A }
  | { readonly _tag: "Missing" }
  | {
    readonly _tag: "Refused"
    /** What the path is, as a phrase: "a FIFO (named pipe)", "larger than 65536 bytes", … */
    readonly what: string
  }

export interface UntrustedReadOptions {
  /** Past this many bytes the file is refused (never read further). */
  readonly maxBytes: number
  /** Whether a symbolic link is followed (to a regular file only); by default a link is refused. */
  readonly followLinks?: boolean
}

// Absent on Windows, where FIFOs and devices cannot be planted under a path this way.
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0
const O_NOCTTY = fs.constants.O_NOCTTY ?? 0

const chunkBytes = 64 * 1024

const missing: UntrustedRead<never> = { _tag: "Missing" }
const refused = (what: string): UntrustedRead<never> => ({ _tag: "Refused", what })

/** What a path that is not a regular file is, as a phrase; undefined for a regular file. */
export const kindOf = (stat: fs.Stats): string | undefined =>
  stat.isFile()
    ? undefined
    : stat.isDirectory()
    ? "a directory"
    : stat.isFIFO()
    ? "a FIFO (named pipe)"
    : stat.isCharacterDevice()
    ? "a character device"
    : stat.isBlockDevice()
    ? "a block device"
    : stat.isSocket()
    ? "a socket"
    : stat.isSymbolicLink()
    ? "a symbolic link"
    : "not a regular file"

const linkTarget = (path: string): string => {
  try {
    return ` to ${JSON.stringify(fs.readlinkSync(path))}`
  } catch {
    return ""
  }
}

const errorCode = (error: unknown): string => thrownCode(error) ?? String(error)

/** The file opened for reading, checked to be the regular file the path named when it was looked at. */
const openChecked = (
  path: string,
  options: UntrustedReadOptions
): { readonly fd: number; readonly size: number } | UntrustedRead<never> => {
  let seen: fs.Stats
  try {
    // Looked at before it is opened: opening a device can itself do something (a tape rewinds).
    seen = options.followLinks === true ? fs.statSync(path) : fs.lstatSync(path)
  } catch (error) {
    const code = errorCode(error)
    if (code === "ENOENT" || code === "ENOTDIR") return missing
    return refused(code === "ELOOP" ? "a loop of symbolic links" : `unreadable (${code})`)
  }
  const kind = kindOf(seen)
  if (kind !== undefined) {
    return refused(kind === "a symbolic link" ? `a symbolic link${linkTarget(path)}` : kind)
  }
  if (seen.size > options.maxBytes) return refused(`larger than ${options.maxBytes} bytes (${seen.size})`)
  let fd: number
  try {
    // O_NONBLOCK: a FIFO swapped in since the look opens at once instead of waiting for a writer.
    fd = fs.openSync(
      path,
      fs.constants.O_RDONLY | O_NONBLOCK | O_NOCTTY | (options.followLinks === true ? 0 : O_NOFOLLOW)
    )
  } catch (error) {
    const code = errorCode(error)
    if (code === "ENOENT") return missing
    return refused(code === "ELOOP" ? "a symbolic link" : `unreadable (${code})`)
  }
  const opened = fs.fstatSync(fd)
  if (!opened.isFile() || opened.ino !== seen.ino || opened.dev !== seen.dev) {
    fs.closeSync(fd)
    return refused(kindOf(opened) ?? "replaced while ralph opened it")
  }
  return { fd, size: opened.size }
}

/** Reads the open file chunk by chunk, at most `maxBytes`; false when there was more. */
const readBounded = (fd: number, maxBytes: number, onChunk: (chunk: Uint8Array) => void): boolean => {
  const buffer = Buffer.allocUnsafe(chunkBytes)
  let total = 0
  for (;;) {
    // One byte past the bound is asked for, to tell a file of exactly `maxBytes` from a longer one.
    const want = Math.min(chunkBytes, maxBytes + 1 - total)
    const read = fs.readSync(fd, buffer, 0, want, null)
    if (read === 0) return true
    total += read
    if (total > maxBytes) return false
    onChunk(buffer.subarray(0, read))
  }
}

const withOpened = <A>(
  path: string,
  options: UntrustedReadOptions,
  consume: (fd: number) => A | undefined
): UntrustedRead<A> => {
  const opened = openChecked(path, options)
  if ("_tag" in opened) return opened
  try {
    const value = consume(opened.fd)
    // The file grew past the bound while it was read.
    return value === undefined ? refused(`larger than ${options.maxBytes} bytes`) : { _tag: "Read", value }
  } catch (error) {
    return refused(`unreadable (${errorCode(error)})`)
  } finally {
    fs.closeSync(opened.fd)
  }
}

/** The bytes of a regular file of at most `maxBytes`; anything else refused. Never blocks on a FIFO or device. */
export const readUntrusted = (path: string, options: UntrustedReadOptions): UntrustedRead<Buffer> =>
  withOpened(path, options, (fd) => {
    const chunks: Array<Buffer> = []
    return readBounded(fd, options.maxBytes, (chunk) => chunks.push(Buffer.from(chunk)))
      ? Buffer.concat(chunks)
      : undefined
  })

/** The SHA-256 (hex) of a regular file of at most `maxBytes`, read in chunks; anything else refused. */
export const hashUntrusted = (path: string, options: UntrustedReadOptions): UntrustedRead<string> =>
  withOpened(path, options, (fd) => {
    const hash = createHash("sha256")
    return readBounded(fd, options.maxBytes, (chunk) => hash.update(chunk)) ? hash.digest("hex") : undefined
  })

/** "`path` is a FIFO (named pipe)": the refusal as a sentence's start, for an error's detail. */
export const refusalText = (path: string, what: string): string => `${path} is ${what}`
