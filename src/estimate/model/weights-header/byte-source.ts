/**
 * Reading the start of a large file progressively, without the DOM: the page wraps a
 * `File` (`slice(...).arrayBuffer()`), tests wrap a `Uint8Array`. The cursor asks for one
 * chunk at a time, moves forward only, and refuses to go past `capBytes`, so a header
 * parser can never read a file's weights, however large the file or wrong its header.
 */

export interface ByteSource {
  /** File size in bytes (known without reading it). */
  size: number;
  read: (offset: number, length: number) => Promise<Uint8Array>;
}

export type HeaderErrorCode =
  | "truncated"
  | "not-weights"
  | "unsupported-version"
  | "header-too-large"
  | "bad-header"
  | "unknown-dtype"
  | "unknown-quant-type"
  | "no-tensors"
  | "mixed-formats"
  | "not-index"
  | "index-quantized"
  | "out-of-range"
  | "unreadable";

/** Why a file could not be read, as data the page translates. */
export interface HeaderError {
  code: HeaderErrorCode;
  params?: Record<string, string | number>;
}

/** Thrown inside the parsers and caught at their entry, which returns it as a value. */
export class HeaderFault extends Error {
  error: HeaderError;
  constructor(code: HeaderErrorCode, params?: Record<string, string | number>) {
    super(code);
    this.error = params ? { code, params } : { code };
  }
}

export const MIB = 1024 * 1024;
/** One read: large enough that a tokenizer's thousands of strings cost a few reads. */
const CHUNK_BYTES = MIB;

export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length)),
  };
}

export class Cursor {
  pos = 0;
  /** Bytes asked of the source so far (what a test holds to "a few MB"). */
  bytesRead = 0;
  private buf: Uint8Array = new Uint8Array(0);
  private view: DataView = new DataView(this.buf.buffer);
  private bufStart = 0;
  private readonly src: ByteSource;
  private readonly capBytes: number;

  constructor(src: ByteSource, capBytes: number) {
    this.src = src;
    this.capBytes = capBytes;
  }

  /** Makes the next `n` bytes readable, reading a chunk if they are not buffered. */
  async need(n: number): Promise<void> {
    const end = this.pos + n;
    if (this.pos >= this.bufStart && end <= this.bufStart + this.buf.length) return;
    this.checkWithin(end);
    const to = Math.min(this.src.size, this.capBytes, Math.max(end, this.pos + CHUNK_BYTES));
    const chunk = await this.src.read(this.pos, to - this.pos);
    this.bytesRead += chunk.length;
    if (chunk.length < end - this.pos) throw new HeaderFault("truncated");
    this.buf = chunk;
    this.view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.bufStart = this.pos;
  }

  /** Whether the next `n` bytes are already buffered (no read needed). */
  private has(n: number): boolean {
    return this.pos >= this.bufStart && this.pos + n <= this.bufStart + this.buf.length;
  }

  /**
   * Skips `count` strings of 8-byte length + bytes (a tokenizer's 100k+ tokens and merges)
   * in a tight loop that awaits only to refill the buffer: a wait per string made a
   * 262k-token vocabulary take seconds.
   */
  async skipStrings(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      if (!this.has(8)) await this.need(8);
      const at = this.at(8);
      const high = this.view.getUint32(at + 4, true);
      // Above 2^53 (high word past 21 bits) no string length is real.
      if (high >= 2 ** 21) throw new HeaderFault("bad-header");
      const n = high * 2 ** 32 + this.view.getUint32(at, true);
      if (this.has(n)) this.pos += n;
      else this.skip(n);
    }
  }

  /** Moves past `n` bytes without reading them (string contents the parser has no use for). */
  skip(n: number): void {
    this.checkWithin(this.pos + n);
    this.pos += n;
  }

  private checkWithin(end: number): void {
    if (end > this.capBytes)
      throw new HeaderFault("header-too-large", { maxMiB: Math.round(this.capBytes / MIB) });
    if (end > this.src.size) throw new HeaderFault("truncated");
  }

  private at(n: number): number {
    const i = this.pos - this.bufStart;
    this.pos += n;
    return i;
  }

  async u8(): Promise<number> {
    await this.need(1);
    return this.view.getUint8(this.at(1));
  }
  async u32(): Promise<number> {
    await this.need(4);
    return this.view.getUint32(this.at(4), true);
  }
  /** A 64-bit count or size; beyond 2^53 no real header holds it, so it is refused. */
  async u64(): Promise<number> {
    await this.need(8);
    const v = this.view.getBigUint64(this.at(8), true);
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new HeaderFault("bad-header");
    return Number(v);
  }
  /** Reads one number of a GGUF scalar type (its byte width and kind). */
  async scalar(kind: "u" | "i" | "f", width: 1 | 2 | 4 | 8): Promise<number> {
    await this.need(width);
    const i = this.at(width);
    const v = this.view;
    if (kind === "f") return width === 4 ? v.getFloat32(i, true) : v.getFloat64(i, true);
    if (width === 1) return kind === "u" ? v.getUint8(i) : v.getInt8(i);
    if (width === 2) return kind === "u" ? v.getUint16(i, true) : v.getInt16(i, true);
    if (width === 4) return kind === "u" ? v.getUint32(i, true) : v.getInt32(i, true);
    return Number(kind === "u" ? v.getBigUint64(i, true) : v.getBigInt64(i, true));
  }
  async bytes(n: number): Promise<Uint8Array> {
    await this.need(n);
    const i = this.at(n);
    return this.buf.subarray(i, i + n);
  }
}
