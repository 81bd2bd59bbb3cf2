/** The printed resume command names exactly what the resolution says this invocation chose: flags and the workspace's file. */
import { assert, describe, it } from "@effect/vitest"
import { resumeCommand } from "../../src/cli/present/output.ts"

const chosen = (stateDir: boolean, engine: boolean, databaseUrl: boolean) => ({ stateDir, engine, databaseUrl })

describe("resumeCommand", () => {
  it("adds --state-dir and --engine only for what this invocation chose, and never prints a database URL", () => {
    const base = { stateDir: "/s", engine: "sqlite" as const, databaseUrl: undefined }
    assert.strictEqual(resumeCommand("R", { ...base, chosenHere: chosen(false, false, false) }), "ralph resume R")
    assert.strictEqual(
      resumeCommand("R", { ...base, chosenHere: chosen(true, true, false) }),
      "ralph resume R --state-dir /s --engine sqlite"
    )
    assert.strictEqual(resumeCommand("R", { ...base, stateDir: "/a b" }), "ralph resume R")
    assert.strictEqual(
      resumeCommand("R", { ...base, stateDir: "/a b", chosenHere: chosen(true, false, false) }),
      "ralph resume R --state-dir '/a b'"
    )
    const pg = { stateDir: "/s", engine: "postgres" as const, databaseUrl: "postgres://u:secret@h/db" }
    assert.strictEqual(resumeCommand("R", { ...pg, chosenHere: chosen(false, false, false) }), "ralph resume R")
    const asked = resumeCommand("R", { ...pg, chosenHere: chosen(false, true, true) })
    assert.strictEqual(asked, "RALPH_DATABASE_URL=<the database URL> ralph resume R --engine postgres")
    assert.notInclude(asked, "secret")
  })
})
