/**
 * GGUF headers byte by byte (ggml docs/gguf.md: magic, version, tensor count, key count,
 * key-value pairs, tensor infos, aligned data), built here with every value type, so each
 * rule of the reader is met by a header that breaks only it.
 */
import { describe, expect, it } from "vitest";
import { bytesSource } from "../../../../src/estimate/model/weights-header/byte-source.ts";
import type { GgufResult } from "../../../../src/estimate/model/weights-header/gguf.ts";
import {
  GGUF_HEADER_CAP_BYTES,
  readGgufHeader,
} from "../../../../src/estimate/model/weights-header/gguf.ts";

/** Little-endian bytes, written one field at a time. */
class Bytes {
  out: number[] = [];
  raw(b: ArrayLike<number>) {
    for (let i = 0; i < b.length; i++) this.out.push(b[i]!);
    return this;
  }
  u8(v: number) {
    return this.raw([v & 0xff]);
  }
  u32(v: number) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, v, true);
    return this.raw(b);
  }
  u64(v: number | bigint) {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(v), true);
    return this.raw(b);
  }
  str(s: string) {
    const b = new TextEncoder().encode(s);
    return this.u64(b.length).raw(b);
  }
  /** Pads with zeros to a multiple of `n`. */
  pad(n: number) {
    while (this.out.length % n) this.out.push(0);
    return this;
  }
  zeros(n: number) {
    for (let i = 0; i < n; i++) this.out.push(0);
    return this;
  }
  get length() {
    return this.out.length;
  }
  bytes() {
    return new Uint8Array(this.out);
  }
}

/** The fixed start: magic, version, tensor count, key count. */
const start = (tensors: number, keys: number, version = 3) =>
  new Bytes().raw(new TextEncoder().encode("GGUF")).u32(version).u64(tensors).u64(keys);

const read = (b: Bytes | Uint8Array) =>
  readGgufHeader(bytesSource(b instanceof Bytes ? b.bytes() : b));
function header(r: GgufResult) {
  if (!r.ok) throw new Error(`not read: ${JSON.stringify(r.error)}`);
  return r.header;
}
const errorOf = (r: GgufResult) => (r.ok ? null : r.error);

/** One key `k` of value type `type`, its value written by `write`. */
const oneKey = (type: number, write: (b: Bytes) => void) => {
  const b = start(0, 1).str("k").u32(type);
  write(b);
  return b;
};

describe("GGUF metadata values", () => {
  it("every number type at its width and sign", async () => {
    const b = start(0, 10);
    const f32 = new Uint8Array(new Float32Array([1.5]).buffer);
    const f64 = new Uint8Array(new Float64Array([-2.25]).buffer);
    b.str("u8").u32(0).u8(250);
    b.str("i8").u32(1).u8(0xfe); // −2
    b.str("u16").u32(2).raw([0xff, 0xff]); // 65,535
    b.str("i16").u32(3).raw([0xfd, 0xff]); // −3
    b.str("u32").u32(4).u32(4_000_000_000);
    b.str("i32").u32(5).raw([0xfc, 0xff, 0xff, 0xff]); // −4
    b.str("f32").u32(6).raw(f32);
    b.str("u64")
      .u32(10)
      .u64(2 ** 40 + 1);
    b.str("i64").u32(11).raw([0xfb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]); // −5
    b.str("f64").u32(12).raw(f64);
    const m = header(await read(b)).metadata;
    expect(Object.fromEntries(m)).toEqual({
      u8: 250,
      i8: -2,
      u16: 65_535,
      i16: -3,
      u32: 4_000_000_000,
      i32: -4,
      f32: 1.5,
      u64: 2 ** 40 + 1,
      i64: -5,
      f64: -2.25,
    });
  });
  it("booleans: any non-zero byte is true", async () => {
    const b = start(0, 3);
    b.str("a").u32(7).u8(0);
    b.str("b").u32(7).u8(1);
    b.str("c").u32(7).u8(2);
    expect(Object.fromEntries(header(await read(b)).metadata)).toEqual({
      a: false,
      b: true,
      c: true,
    });
  });
  it("strings up to 256 bytes are kept; longer ones skipped by length", async () => {
    const b = start(0, 4);
    b.str("short").u32(8).str("llama");
    b.str("edge").u32(8).str("x".repeat(256));
    b.str("long").u32(8).str("y".repeat(257));
    b.str("after").u32(4).u32(7);
    const m = header(await read(b)).metadata;
    expect(m.get("short")).toBe("llama");
    expect(m.get("edge")).toBe("x".repeat(256));
    expect(m.get("long")).toEqual({ skippedStringBytes: 257 });
    expect(m.get("after")).toBe(7);
  });
  it("arrays of numbers and booleans up to 4096 long are kept value by value", async () => {
    const b = start(0, 3);
    b.str("u16s").u32(9).u32(2).u64(3).raw([1, 0, 2, 0, 3, 0]);
    b.str("bools").u32(9).u32(7).u64(3).raw([1, 0, 5]);
    b.str("f32s")
      .u32(9)
      .u32(6)
      .u64(1)
      .raw(new Uint8Array(new Float32Array([0.5]).buffer));
    const m = header(await read(b)).metadata;
    expect(m.get("u16s")).toEqual({ length: 3, values: [1, 2, 3] });
    expect(m.get("bools")).toEqual({ length: 3, values: [true, false, true] });
    expect(m.get("f32s")).toEqual({ length: 1, values: [0.5] });
  });
  it("a longer number array is skipped by its width, keeping only the length", async () => {
    const b = start(0, 4);
    b.str("edge").u32(9).u32(0).u64(4096).zeros(4096);
    b.str("u32s")
      .u32(9)
      .u32(4)
      .u64(4097)
      .zeros(4097 * 4);
    b.str("bools").u32(9).u32(7).u64(5000).zeros(5000);
    b.str("after").u32(0).u8(9);
    const m = header(await read(b)).metadata;
    expect(m.get("edge")).toEqual({ length: 4096, values: Array(4096).fill(0) });
    expect(m.get("u32s")).toEqual({ length: 4097 });
    expect(m.get("bools")).toEqual({ length: 5000 });
    // Skipped exactly: the next key reads right.
    expect(m.get("after")).toBe(9);
  });
  it("an array of strings is walked for its length", async () => {
    const b = start(0, 2).str("k").u32(9).u32(8).u64(2).str("ab").str("c");
    b.str("after").u32(0).u8(4);
    const m = header(await read(b)).metadata;
    expect(m.get("k")).toEqual({ length: 2 });
    expect(m.get("after")).toBe(4);
  });
  it("an empty array has length 0 and no values", async () => {
    expect(header(await read(oneKey(9, (x) => x.u32(4).u64(0)))).metadata.get("k")).toEqual({
      length: 0,
      values: [],
    });
  });
  it("unknown value or element types, and absurd lengths, are a bad header", async () => {
    for (const type of [13, 99])
      expect(errorOf(await read(oneKey(type, () => {})))).toEqual({
        code: "bad-header",
      });
    // Array of an unknown element type.
    expect(errorOf(await read(oneKey(9, (x) => x.u32(13).u64(1).u8(0))))).toEqual({
      code: "bad-header",
    });
    // More than 1e9 elements.
    expect(errorOf(await read(oneKey(9, (x) => x.u32(0).u64(1_000_000_001))))).toEqual({
      code: "bad-header",
    });
    // Exactly 1e9 one-byte elements is not refused as absurd, only as past the cap.
    expect(errorOf(await read(oneKey(9, (x) => x.u32(0).u64(1_000_000_000))))).toEqual({
      code: "header-too-large",
      params: { maxMiB: 32 },
    });
  });
  it("a key longer than 256 bytes (skipped, so not a name) is a bad header", async () => {
    const b = start(0, 1).str("k".repeat(257)).u32(0).u8(1);
    expect(errorOf(await read(b))).toEqual({ code: "bad-header" });
    const edge = start(0, 1).str("k".repeat(256)).u32(0).u8(1);
    expect(header(await read(edge)).metadata.get("k".repeat(256))).toBe(1);
  });
});

describe("GGUF start and counts", () => {
  it("versions 2 and 3 are read; others refused with their number", async () => {
    expect(header(await read(start(0, 0, 2))).version).toBe(2);
    expect(header(await read(start(0, 0, 3))).version).toBe(3);
    expect(errorOf(await read(start(0, 0, 4)))).toEqual({
      code: "unsupported-version",
      params: { version: 4 },
    });
  });
  it("another magic is not weights", async () => {
    const b = new Bytes().raw(new TextEncoder().encode("GGUG")).u32(3).u64(0).u64(0);
    expect(errorOf(await read(b))).toEqual({ code: "not-weights" });
  });
  it("more than ten million tensors or keys is a damaged header", async () => {
    expect(errorOf(await read(start(10_000_001, 0)))).toEqual({ code: "bad-header" });
    expect(errorOf(await read(start(0, 10_000_001)))).toEqual({ code: "bad-header" });
    // Ten million exactly passes the count check, then runs out of bytes.
    expect(errorOf(await read(start(10_000_000, 0)))).toEqual({ code: "truncated" });
    expect(errorOf(await read(start(0, 10_000_000)))).toEqual({ code: "truncated" });
  });
  it("a 64-bit size past 2^53 is a bad header; 2^53 − 1 is a number", async () => {
    const b = new Bytes()
      .raw(new TextEncoder().encode("GGUF"))
      .u32(3)
      .u64(2n ** 53n)
      .u64(0);
    expect(errorOf(await read(b))).toEqual({ code: "bad-header" });
    // As a tensor's dim: 2^53 − 1 F32 weights are read, then found past the file's end.
    const max = withTensors([info("w", [2 ** 53 - 1], 0)], 0);
    expect(errorOf(await read(max))).toEqual({ code: "truncated" });
    const over = start(1, 0)
      .str("w")
      .u32(1)
      .u64(2n ** 53n)
      .u32(0)
      .u64(0);
    expect(errorOf(await read(over))).toEqual({ code: "bad-header" });
  });
});

/** A header of tensor infos, padded to the alignment, with `data` bytes after it. */
function withTensors(
  infos: ((b: Bytes) => void)[],
  data: number,
  kv: (b: Bytes) => void = () => {},
  keys = 0,
  align = 32,
) {
  const b = start(infos.length, keys);
  kv(b);
  for (const info of infos) info(b);
  return b.pad(align).zeros(data).bytes();
}
const info =
  (name: string, dims: number[], type: number, offset = 0) =>
  (b: Bytes) => {
    b.str(name).u32(dims.length);
    for (const d of dims) b.u64(d);
    b.u32(type).u64(offset);
  };

describe("GGUF tensor infos", () => {
  it("parameters are the product of the dims; bytes by the type's blocks", async () => {
    // Q4_K: 144 bytes per 256 weights; 512·3 = 1536 weights = 6 blocks = 864 bytes.
    const h = header(await read(withTensors([info("w", [512, 3], 12)], 864)));
    expect(h.tensors).toEqual([
      { name: "w", dims: [512, 3], type: "Q4_K", params: 1536, bytes: 864 },
    ]);
  });
  it("from one to eight dims", async () => {
    const eight = [32, 1, 1, 1, 1, 1, 1, 2];
    // Q8_0: 64 weights = 2 blocks of 34 bytes.
    const h = header(await read(withTensors([info("w", eight, 8)], 68)));
    expect(h.tensors[0]).toMatchObject({ params: 64, bytes: 68 });
    expect(errorOf(await read(withTensors([info("w", [], 0)], 0)))).toEqual({ code: "bad-header" });
    const nine = [...eight, 1];
    expect(errorOf(await read(withTensors([info("w", nine, 8)], 68)))).toEqual({
      code: "bad-header",
    });
  });
  it("a row that is not whole blocks is a bad header", async () => {
    // Q4_0 blocks of 32: a row of 48 splits one.
    expect(errorOf(await read(withTensors([info("w", [48, 2], 2)], 100)))).toEqual({
      code: "bad-header",
    });
  });
  it("an unknown type names itself and the tensor", async () => {
    expect(errorOf(await read(withTensors([info("blk.0.w", [32], 31)], 64)))).toEqual({
      code: "unknown-quant-type",
      params: { type: 31, tensor: "blk.0.w" },
    });
  });
  it("a tensor name too long to keep is a bad header", async () => {
    expect(errorOf(await read(withTensors([info("t".repeat(300), [4], 0)], 16)))).toEqual({
      code: "bad-header",
    });
  });
  it("data must reach past the aligned header to each tensor's end", async () => {
    // F32 [8]: 32 bytes at offset 0, then F16 [16]: 32 bytes at offset 32.
    const infos = [info("a", [8], 0, 0), info("b", [16], 1, 32)];
    expect(header(await read(withTensors(infos, 64))).tensors.map((t) => t.bytes)).toEqual([
      32, 32,
    ]);
    expect(errorOf(await read(withTensors(infos, 63)))).toEqual({ code: "truncated" });
  });
  it("general.alignment moves where the data starts; 0 or a non-number means 32", async () => {
    const align = (value: (b: Bytes) => void, padTo: number, data: number) =>
      read(
        withTensors([info("a", [8], 0)], data, (b) => value(b.str("general.alignment")), 1, padTo),
      );
    // Key block: 24 + 8 + 17 ("general.alignment") + 4 + 4 = 57, tensor info 8 + 1 + 4 + 8 + 4
    // + 8 = 33: the header is 90 bytes. Aligned to 64: data from 128; to 32: from 96.
    expect((await align((b) => b.u32(4).u32(64), 64, 32)).ok).toBe(true);
    expect(errorOf(await align((b) => b.u32(4).u32(64), 32, 32))).toEqual({ code: "truncated" });
    // A zero alignment is ignored: 32, so 96 + 32 bytes suffice.
    expect((await align((b) => b.u32(4).u32(0), 32, 32)).ok).toBe(true);
    // A string "64" is no alignment: the key block is 24 + 25 + 4 + 10 = 63 bytes, the
    // header 96, and data from 96 (not 128) is in the file.
    expect((await align((b) => b.u32(8).str("64"), 32, 32)).ok).toBe(true);
    // A negative one (an i32) is no alignment either: 32, so 31 bytes of data are short.
    expect(errorOf(await align((b) => b.u32(5).u32(2 ** 32 - 64), 32, 31))).toEqual({
      code: "truncated",
    });
  });
  it("a header of no tensors is read", async () => {
    expect(header(await read(start(0, 0))).tensors).toEqual([]);
  });
});

describe("GGUF reading stops at the cap", () => {
  it("a header that would run past 32 MiB is refused, naming the cap", async () => {
    expect(GGUF_HEADER_CAP_BYTES).toBe(32 * 1024 * 1024);
    // A u8 array of 33 MiB: under 1e9 elements, so skipped by its length, past the cap.
    const b = oneKey(9, (x) => x.u32(0).u64(33 * 1024 * 1024));
    const size = 40 * 1024 * 1024;
    const head = b.bytes();
    const r = await readGgufHeader({
      size,
      read: (o, n) => {
        const out = new Uint8Array(Math.min(n, size - o));
        out.set(head.subarray(o, o + out.length));
        return Promise.resolve(out);
      },
    });
    expect(errorOf(r)).toEqual({ code: "header-too-large", params: { maxMiB: 32 } });
  });
});
