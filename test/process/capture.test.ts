import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { OutputCapture, TailBuffer } from "../../src/process/outputCapture.ts"

const bytes = (text: string) => new TextEncoder().encode(text)

describe("OutputCapture (stdout)", () => {
  it("keeps chunks up to the bound exactly, then refuses", () => {
    const capture = new OutputCapture(10)
    assert.isTrue(capture.push(bytes("hello")))
    assert.isTrue(capture.push(bytes("world")))
    assert.strictEqual(capture.text(), "helloworld")
    assert.isFalse(capture.push(bytes("!")), "one byte past the bound is refused")
    assert.strictEqual(capture.text(), "helloworld", "a refused chunk is not kept")
  })

  it("refuses a chunk that would cross the bound, even when the bound is not yet reached", () => {
    const capture = new OutputCapture(8)
    assert.isTrue(capture.push(bytes("12345")))
    assert.isFalse(capture.push(bytes("6789")))
    assert.strictEqual(capture.text(), "12345")
  })

  it("decodes multi-byte UTF-8 split across chunks", () => {
    const capture = new OutputCapture(100)
    const all = bytes("é😀✓")
    for (let i = 0; i < all.length; i++) capture.push(all.subarray(i, i + 1))
    assert.strictEqual(capture.text(), "é😀✓")
  })
})

describe("TailBuffer (stderr)", () => {
  it("keeps only the last maxBytes, however much flows through", () => {
    const tail = new TailBuffer(64)
    const chunk = bytes("x".repeat(1000))
    for (let i = 0; i < 10_000; i++) tail.push(chunk) // 10 MB
    tail.push(bytes("\nthe end"))
    const text = tail.text()
    assert.isAtMost(text.length, 64)
    assert.isTrue(text.endsWith("the end"))
    // Memory stays bounded: what it holds never grows past a bound plus one chunk.
    const held = (tail as unknown as { size: number }).size
    assert.isAtMost(held, 64 + 1000)
  })

  it("a chunk larger than the bound keeps its end", () => {
    const tail = new TailBuffer(5)
    tail.push(bytes("abcdefghij"))
    assert.strictEqual(tail.text(), "fghij")
  })

  it("drops a multi-byte character cut in half at the start of the tail", () => {
    const tail = new TailBuffer(5)
    tail.push(bytes("aa😀b")) // the 4-byte emoji straddles the cut
    assert.notInclude(tail.text(), "\uFFFD")
    assert.isTrue(tail.text().endsWith("b"))
  })

  it.prop(
    "for random chunk sequences, the tail is the last bytes of the whole stream",
    {
      chunks: Schema.Array(Schema.String.check(Schema.isMaxLength(50))),
      max: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 120 }))
    },
    ({ chunks, max }) => {
      const ascii = chunks.map((c) => c.replace(/[^ -~]/g, "."))
      const tail = new TailBuffer(max)
      for (const chunk of ascii) tail.push(bytes(chunk))
      const whole = ascii.join("")
      assert.strictEqual(tail.text(), whole.slice(Math.max(0, whole.length - max)).trim())
      assert.isAtMost((tail as unknown as { size: number }).size, max + 50)
    },
    { arbitrary: { runs: 500, size: 40 } }
  )
})
