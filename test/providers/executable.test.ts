/** Why a program cannot be started, in words: a path that does not exist or is not executable, a name not on PATH. */
import { assert, describe, it } from "@effect/vitest"
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { findExecutable, whyNotExecutable } from "../../src/process/executable.ts"

describe("whyNotExecutable", () => {
  it("names what is wrong with a path or a name", () => {
    const dir = mkdtempSync(join(tmpdir(), "ralph-exe-"))
    try {
      const plain = join(dir, "plain")
      const runnable = join(dir, "runnable")
      writeFileSync(plain, "#!/bin/sh\n")
      writeFileSync(runnable, "#!/bin/sh\n")
      chmodSync(runnable, 0o755)
      mkdirSync(join(dir, "folder"))
      assert.strictEqual(whyNotExecutable(join(dir, "missing")), "does not exist")
      assert.strictEqual(whyNotExecutable(plain), "is not executable (chmod +x it)")
      assert.strictEqual(whyNotExecutable(join(dir, "folder")), "is not a file")
      assert.isUndefined(whyNotExecutable(runnable))
      assert.strictEqual(whyNotExecutable("runnable", dir), undefined)
      assert.strictEqual(findExecutable("runnable", dir), runnable)
      assert.strictEqual(whyNotExecutable("missing", dir), "was not found on PATH")
      assert.strictEqual(
        whyNotExecutable("plain", dir),
        `is on PATH as ${plain}, which is not executable (chmod +x it)`
      )
      assert.isUndefined(findExecutable("plain", dir))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
