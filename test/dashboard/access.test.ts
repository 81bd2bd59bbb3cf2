import { assert, describe, it } from "@effect/vitest"
import { carriedToken, isLoopback, tokenCookie, tokenMatches, verdict } from "../../src/dashboard/access.ts"

const token = "0123456789abcdef0123"

describe("who may read the dashboard", () => {
  it("loopback is 127.0.0.0/8, ::1 and localhost; nothing else", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"]) assert.isTrue(isLoopback(host), host)
    for (const host of ["0.0.0.0", "::", "192.168.1.2", "127.example.com", "localhost.example.com", "10.0.0.1"]) {
      assert.isFalse(isLoopback(host), host)
    }
  })

  it("a token matches only itself, whatever the lengths", () => {
    assert.isTrue(tokenMatches(token, token))
    assert.isFalse(tokenMatches(token, `${token}x`))
    assert.isFalse(tokenMatches(token, token.slice(0, -1)))
    assert.isFalse(tokenMatches(token, ""))
    assert.isFalse(tokenMatches(token, undefined))
  })

  it("a request carries its token as a bearer or as the dashboard's cookie", () => {
    assert.strictEqual(carriedToken(token, { authorization: `Bearer ${token}` }), token)
    assert.strictEqual(carriedToken(token, { cookie: `a=b; ${tokenCookie(token).split(";")[0]}; c=d` }), token)
    assert.isUndefined(carriedToken(token, { cookie: `other=${token}` }))
    assert.isUndefined(carriedToken(token, { authorization: `Basic ${token}` }))
    // Another dashboard's cookie on the same host (another port, another token) is not this one's.
    assert.isUndefined(carriedToken(token, { cookie: tokenCookie("another-token-0123456789").split(";")[0]! }))
  })

  it("without a token, only requests naming this machine; with one, only requests carrying it", () => {
    const open = { token: undefined }
    assert.strictEqual(verdict(open, { host: "127.0.0.1:7420" })._tag, "Allowed")
    assert.strictEqual(verdict(open, { host: "localhost:1" })._tag, "Allowed")
    assert.strictEqual(verdict(open, { host: "[::1]:7420" })._tag, "Allowed")
    assert.deepInclude(verdict(open, { host: "rebound.example:7420" }), { _tag: "Refused", status: 403 })
    assert.deepInclude(verdict(open, {}), { _tag: "Refused", status: 403 })
    const guarded = { token }
    assert.deepInclude(verdict(guarded, { host: "127.0.0.1:7420" }), { _tag: "Refused", status: 401 })
    assert.strictEqual(verdict(guarded, { host: "any:1", authorization: `Bearer ${token}` })._tag, "Allowed")
  })
})
