/** Collects a stream's bytes up to a bound; past it, refuses more so the caller can fail loudly. */
export class OutputCapture {
  private readonly chunks: Array<Uint8Array> = []
  private size = 0
  constructor(readonly maxBytes: number) {}

  /** Keeps the chunk and returns true, or returns false once the bound would be passed. */
  push(chunk: Uint8Array): boolean {
    if (this.size + chunk.length > this.maxBytes) return false
    this.chunks.push(chunk)
    this.size += chunk.length
    return true
  }

  text(): string {
    return Buffer.concat(this.chunks, this.size).toString("utf8")
  }
}

/** Keeps only the last `maxBytes` of a stream, however much flows through it. */
export class TailBuffer {
  private readonly chunks: Array<Uint8Array> = []
  private size = 0
  constructor(readonly maxBytes: number) {}

  push(chunk: Uint8Array): void {
    const kept = chunk.length > this.maxBytes ? chunk.subarray(chunk.length - this.maxBytes) : chunk
    this.chunks.push(kept)
    this.size += kept.length
    while (this.size - this.chunks[0]!.length >= this.maxBytes) {
      this.size -= this.chunks.shift()!.length
    }
  }

  text(): string {
    const all = Buffer.concat(this.chunks, this.size)
    const tail = all.length > this.maxBytes ? all.subarray(all.length - this.maxBytes) : all
    // A cut may fall inside a multi-byte character; drop the broken lead-in rather than print garbage.
    return tail.toString("utf8").replace(/^\uFFFD+/, "").trim()
  }
}
