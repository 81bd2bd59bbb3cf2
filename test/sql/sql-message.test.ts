import { describe, expect, it } from "@effect/vitest"
import { SqlError, UnknownError } from "effect/sql/SqlError"
import { sqlMessage } from "../../src/sql/sqlMessage.ts"

const failed = (cause: unknown, message: string) =>
  new SqlError({ reason: new UnknownError({ cause, message, operation: "query" }) })

describe("what a database said", () => {
  it("adds the server's words under the client's", () => {
    const server = new Error("duplicate key value violates unique constraint \"pg_type_typname_nsp_index\"")
    expect(sqlMessage(failed(server, "PgConnection: Query failed"))).toBe(
      "PgConnection: Query failed: duplicate key value violates unique constraint \"pg_type_typname_nsp_index\""
    )
  })

  it("says them once when the client's message has them already", () => {
    const server = new Error("password authentication failed")
    expect(sqlMessage(failed(server, "Cannot connect: password authentication failed"))).toBe(
      "Cannot connect: password authentication failed"
    )
  })

  it("is the client's message when there is nothing under it", () => {
    expect(sqlMessage(failed("not an error", "PgConnection: Query failed"))).toBe("PgConnection: Query failed")
  })
})
