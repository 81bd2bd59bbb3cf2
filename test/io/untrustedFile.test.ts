/** Reading a file a worker can touch: real FIFOs, links to devices, folders and large files. */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { hashUntrusted, readUntrusted } from "../../src/io/untrustedFile.ts"
import { cleanup, makeTempDir } from "../support/agents.ts"

const dir = makeTempDir()
afterAll(() => cleanup(dir))
const at = (name: string) => join(dir, name)

writeFileSync(at("plain"), "hello")
execFileSync("mkfifo", [at("fifo")])
symlinkSync("/dev/zero", at("zero"))
symlinkSync(at("plain"), at("link"))
mkdirSync(at("folder"))
writeFileSync(at("big"), "")
truncateSync(at("big"), 1024 * 1024)

describe("readUntrusted", () => {
  it("reads a regular file within the bound", () => {
    const read = readUntrusted(at("plain"), { maxBytes: 5 })
    assert.strictEqual(read._tag === "Read" && read.value.toString(), "hello")
  })

  it("a missing file is Missing", () => {
    assert.deepStrictEqual(readUntrusted(at("nothing"), { maxBytes: 10 }), { _tag: "Missing" })
  })

  it("refuses, without blocking or reading, what is no regular file", () => {
    const what = (name: string, followLinks = false) => {
      const read = readUntrusted(at(name), { maxBytes: 1024, followLinks })
      return read._tag === "Refused" ? read.what : read._tag
    }
    assert.strictEqual(what("fifo"), "a FIFO (named pipe)")
    assert.strictEqual(what("fifo", true), "a FIFO (named pipe)")
    assert.strictEqual(what("zero"), `a symbolic link to "/dev/zero"`)
    assert.strictEqual(what("zero", true), "a character device")
    assert.strictEqual(what("link"), `a symbolic link to ${JSON.stringify(at("plain"))}`)
    assert.strictEqual(what("link", true), "Read")
    assert.strictEqual(what("folder"), "a directory")
    assert.strictEqual(what("big"), `larger than 1024 bytes (${1024 * 1024})`)
    assert.strictEqual(what("plain", true), "Read")
  })
})

describe("hashUntrusted", () => {
  it("hashes a regular file in chunks, and refuses a FIFO", () => {
    const read = hashUntrusted(at("big"), { maxBytes: 2 * 1024 * 1024 })
    const expected = createHash("sha256").update(Buffer.alloc(1024 * 1024)).digest("hex")
    assert.strictEqual(read._tag === "Read" && read.value, expected)
    assert.strictEqual(hashUntrusted(at("fifo"), { maxBytes: 10, followLinks: true })._tag, "Refused")
  })
})
