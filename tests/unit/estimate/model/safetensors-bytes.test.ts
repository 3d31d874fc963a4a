/**
 * safetensors headers (huggingface/safetensors README "Format"): 8 bytes little-endian N,
 * N bytes of JSON, then the data. Each rule of the reader is met by a header breaking it,
 * and the cursor under both readers is held to reading forward, in chunks, within its cap.
 */
import { describe, expect, it } from "vitest";
import type { ByteSource } from "../../../../src/estimate/model/weights-header/byte-source.ts";
import {
  bytesSource,
  Cursor,
  HeaderFault,
  MIB,
} from "../../../../src/estimate/model/weights-header/byte-source.ts";
import type { SafetensorsResult } from "../../../../src/estimate/model/weights-header/safetensors.ts";
import {
  DTYPE_BITS,
  readSafetensorsHeader,
  SAFETENSORS_HEADER_CAP_BYTES,
} from "../../../../src/estimate/model/weights-header/safetensors.ts";

/** A file of `json` as its header (N = its byte length unless given) and `data` zero bytes. */
function file(json: string, data = 0, declared?: number | bigint): Uint8Array {
  const text = new TextEncoder().encode(json);
  const out = new Uint8Array(8 + text.length + data);
  new DataView(out.buffer).setBigUint64(0, BigInt(declared ?? text.length), true);
  out.set(text, 8);
  return out;
}
const read = (bytes: Uint8Array) => readSafetensorsHeader(bytesSource(bytes));
const errorOf = (r: SafetensorsResult) => (r.ok ? null : r.error);
function ok(r: SafetensorsResult) {
  if (!r.ok) throw new Error(`not read: ${JSON.stringify(r.error)}`);
  return r.header;
}
const one = (t: Record<string, unknown>, data = 1000) => read(file(JSON.stringify({ w: t }), data));

describe("safetensors tensors", () => {
  it("dtype, shape, parameters and the bytes its offsets span", async () => {
    const h = ok(await one({ dtype: "F16", shape: [3, 4], data_offsets: [0, 24] }));
    expect(h.tensors).toEqual([{ name: "w", dtype: "F16", shape: [3, 4], params: 12, bytes: 24 }]);
  });
  it("sub-byte dtypes round up to whole bytes: 3 F4 values take 2 bytes", async () => {
    expect(DTYPE_BITS["F4"]).toBe(4);
    expect(ok(await one({ dtype: "F4", shape: [3], data_offsets: [10, 12] })).tensors[0]).toEqual({
      name: "w",
      dtype: "F4",
      shape: [3],
      params: 3,
      bytes: 2,
    });
    // 5 F6 values: 30 bits, 4 bytes.
    expect(
      ok(await one({ dtype: "F6_E2M3", shape: [5], data_offsets: [0, 4] })).tensors[0],
    ).toMatchObject({
      bytes: 4,
    });
    expect(errorOf(await one({ dtype: "F4", shape: [3], data_offsets: [10, 11] }))).toEqual({
      code: "bad-header",
    });
  });
  it("a scalar (empty shape) is one element; a zero dim is none", async () => {
    expect(
      ok(await one({ dtype: "F32", shape: [], data_offsets: [0, 4] })).tensors[0]?.params,
    ).toBe(1);
    expect(
      ok(await one({ dtype: "F32", shape: [0, 5], data_offsets: [4, 4] })).tensors[0],
    ).toMatchObject({
      params: 0,
      bytes: 0,
    });
  });
  it("offsets that do not span exactly the shape's bytes are a bad header", async () => {
    for (const data_offsets of [
      [0, 23],
      [0, 25],
      [24, 0],
      [8, 8],
    ])
      expect(
        errorOf(await one({ dtype: "F16", shape: [3, 4], data_offsets })),
        JSON.stringify(data_offsets),
      ).toEqual({ code: "bad-header" });
  });
  it("shapes and offsets must be lists of whole non-negative numbers", async () => {
    const good = { dtype: "F16", shape: [2], data_offsets: [0, 4] };
    for (const bad of [
      { ...good, shape: "2" },
      { ...good, shape: [-2] },
      { ...good, shape: [1.5] },
      { ...good, shape: [2 ** 53] },
      { ...good, shape: undefined },
      { ...good, data_offsets: [0, 4, 8] },
      { ...good, data_offsets: [0] },
      { ...good, data_offsets: "0,4" },
      { ...good, data_offsets: [0, "4"] },
      { ...good, data_offsets: [-4, 0] },
      { ...good, dtype: 16 },
      { shape: [2], data_offsets: [0, 4] },
    ])
      expect(errorOf(await one(bad)), JSON.stringify(bad)).toEqual({ code: "bad-header" });
    for (const bad of [[], "w", null, 5])
      expect(errorOf(await read(file(JSON.stringify({ w: bad }), 10)))).toEqual({
        code: "bad-header",
      });
  });
  it("an unknown dtype names itself and its tensor", async () => {
    expect(errorOf(await one({ dtype: "Q4", shape: [2], data_offsets: [0, 1] }))).toEqual({
      code: "unknown-dtype",
      params: { dtype: "Q4", tensor: "w" },
    });
  });
  it("a tensor ending past the file's data is truncated; one ending at its end is read", async () => {
    const t = { dtype: "F32", shape: [4], data_offsets: [0, 16] };
    expect(ok(await one(t, 16)).tensors).toHaveLength(1);
    expect(errorOf(await one(t, 15))).toEqual({ code: "truncated" });
  });
});

describe("safetensors header text", () => {
  it("__metadata__ keeps its string values only and is no tensor", async () => {
    const json = JSON.stringify({
      __metadata__: { format: "pt", n: 3, nested: { a: "b" }, note: "x" },
      w: { dtype: "U8", shape: [1], data_offsets: [0, 1] },
    });
    const h = ok(await read(file(json, 1)));
    expect(h.metadata).toEqual({ format: "pt", note: "x" });
    expect(h.tensors.map((t) => t.name)).toEqual(["w"]);
    // A __metadata__ that is not an object is ignored.
    for (const m of ["pt", ["pt"], null])
      expect(ok(await read(file(JSON.stringify({ __metadata__: m }), 0)))).toEqual({
        metadata: {},
        tensors: [],
      });
  });
  it("leading spaces before the object are allowed; anything else first is not weights", async () => {
    expect(ok(await read(file('  \n{"__metadata__": {"a": "b"}}'))).metadata).toEqual({ a: "b" });
    expect(errorOf(await read(file("[1, 2]")))).toEqual({ code: "not-weights" });
    expect(errorOf(await read(file('x{"a": 1}')))).toEqual({ code: "not-weights" });
  });
  it("JSON that does not parse is a bad header", async () => {
    expect(errorOf(await read(file('{"w": ')))).toEqual({ code: "bad-header" });
  });
  it("a declared length past the format's 100 MB is not weights; up to it, past the cap, too large", async () => {
    expect(errorOf(await read(file("{}", 0, 100_000_001)))).toEqual({ code: "not-weights" });
    expect(errorOf(await read(file("{}", 0, 100_000_000)))).toEqual({
      code: "header-too-large",
      params: { maxMiB: 16 },
    });
  });
  it("a header filling the 16 MiB cap exactly is read; one byte more is refused", async () => {
    expect(SAFETENSORS_HEADER_CAP_BYTES).toBe(16 * MIB);
    const n = SAFETENSORS_HEADER_CAP_BYTES - 8;
    // "{" + spaces + "}": a valid empty header N bytes long.
    const json = `{${" ".repeat(n - 2)}}`;
    expect(ok(await read(file(json)))).toEqual({ metadata: {}, tensors: [] });
    expect(errorOf(await read(file(`${json} `)))).toEqual({
      code: "header-too-large",
      params: { maxMiB: 16 },
    });
  });
  it("fewer than 8 bytes, or fewer than N after them, is truncated", async () => {
    expect(errorOf(await read(new Uint8Array(7)))).toEqual({ code: "truncated" });
    expect(errorOf(await read(file("{}", 0, 3)))).toEqual({ code: "truncated" });
  });
});

/** A source over `bytes` that records each read. */
function recorded(bytes: Uint8Array, size = bytes.length) {
  const reads: [number, number][] = [];
  const src: ByteSource = {
    size,
    read: (o, n) => {
      reads.push([o, n]);
      return Promise.resolve(bytes.subarray(o, o + n));
    },
  };
  return { src, reads };
}

describe("Cursor", () => {
  const counting = (n: number) => Uint8Array.from({ length: n }, (_, i) => i & 0xff);
  it("reads a chunk of 1 MiB at a time, and none while the chunk lasts", async () => {
    const { src, reads } = recorded(counting(3 * MIB));
    const c = new Cursor(src, 10 * MIB);
    expect(await c.u8()).toBe(0);
    expect(await c.u8()).toBe(1);
    expect(reads).toEqual([[0, MIB]]);
    expect(c.bytesRead).toBe(MIB);
    // Up to the chunk's last byte without another read.
    c.skip(MIB - 3);
    expect(await c.u8()).toBe((MIB - 1) & 0xff);
    expect(reads).toHaveLength(1);
    // The next byte needs the next chunk, read from where the cursor is.
    expect(await c.u8()).toBe(0);
    expect(reads).toEqual([
      [0, MIB],
      [MIB, MIB],
    ]);
    expect(c.bytesRead).toBe(2 * MIB);
    expect(c.pos).toBe(MIB + 1);
  });
  it("a value straddling the chunk's end is read whole from a new chunk", async () => {
    const { src, reads } = recorded(counting(2 * MIB));
    const c = new Cursor(src, 10 * MIB);
    await c.u8();
    c.skip(MIB - 3);
    // Bytes MIB−2 … MIB+1: 0xfe, 0xff, 0x00, 0x01, little-endian.
    expect(await c.u32()).toBe(0x0100fffe);
    // From MIB − 2, one chunk long.
    expect(reads[1]).toEqual([MIB - 2, MIB]);
  });
  it("a read larger than a chunk is asked for whole", async () => {
    const { src, reads } = recorded(counting(3 * MIB));
    const c = new Cursor(src, 10 * MIB);
    const b = await c.bytes(2 * MIB + 5);
    expect(b.length).toBe(2 * MIB + 5);
    expect(b[2 * MIB + 4]).toBe(4);
    expect(reads).toEqual([[0, 2 * MIB + 5]]);
  });
  it("never asks past the file's end or the cap", async () => {
    const small = recorded(counting(100));
    await new Cursor(small.src, 10 * MIB).u8();
    expect(small.reads).toEqual([[0, 100]]);
    const capped = recorded(counting(3 * MIB));
    await new Cursor(capped.src, 1000).u8();
    expect(capped.reads).toEqual([[0, 1000]]);
  });
  it("past the cap: too large, naming the cap in MiB; past the file: truncated", async () => {
    const c = new Cursor(bytesSource(counting(100)), 3 * MIB);
    const fault = (f: () => void) => {
      try {
        f();
      } catch (e) {
        return e instanceof HeaderFault ? e.error : e;
      }
      return null;
    };
    expect(fault(() => c.skip(3 * MIB + 1))).toEqual({
      code: "header-too-large",
      params: { maxMiB: 3 },
    });
    // 2.6 MiB rounds to 3 in the message.
    const odd = new Cursor(bytesSource(counting(100)), 2.6 * MIB);
    expect(fault(() => odd.skip(3 * MIB))).toEqual({
      code: "header-too-large",
      params: { maxMiB: 3 },
    });
    expect(fault(() => c.skip(3 * MIB))).toEqual({ code: "truncated" });
    expect(fault(() => c.skip(101))).toEqual({ code: "truncated" });
    // Exactly to the end is allowed.
    c.skip(100);
    expect(c.pos).toBe(100);
    await expect(c.u8()).rejects.toThrow("truncated");
  });
  it("a source returning fewer bytes than asked is truncated", async () => {
    const giving = (n: number): ByteSource => ({
      size: 100,
      read: () => Promise.resolve(new Uint8Array(n)),
    });
    await expect(new Cursor(giving(3), MIB).u32()).rejects.toThrow("truncated");
    // Short of the chunk asked for (100 bytes) but holding the 4 needed: read.
    await expect(new Cursor(giving(4), MIB).u32()).resolves.toBe(0);
  });
  it("reads every scalar kind and width, little-endian", async () => {
    const b = new Uint8Array(8);
    const v = new DataView(b.buffer);
    const at = async (fill: () => void, kind: "u" | "i" | "f", width: 1 | 2 | 4 | 8) => {
      b.fill(0);
      fill();
      return new Cursor(bytesSource(b), MIB).scalar(kind, width);
    };
    expect(await at(() => v.setInt8(0, -7), "i", 1)).toBe(-7);
    expect(await at(() => v.setInt8(0, -7), "u", 1)).toBe(249);
    expect(await at(() => v.setInt16(0, -300, true), "i", 2)).toBe(-300);
    expect(await at(() => v.setInt16(0, -300, true), "u", 2)).toBe(65_236);
    expect(await at(() => v.setInt32(0, -70_000, true), "i", 4)).toBe(-70_000);
    expect(await at(() => v.setInt32(0, -70_000, true), "u", 4)).toBe(2 ** 32 - 70_000);
    expect(await at(() => v.setFloat32(0, 0.25, true), "f", 4)).toBe(0.25);
    expect(await at(() => v.setFloat64(0, -1e300, true), "f", 8)).toBe(-1e300);
    expect(await at(() => v.setBigInt64(0, -5n, true), "i", 8)).toBe(-5);
    expect(await at(() => v.setBigInt64(0, 2n ** 40n, true), "u", 8)).toBe(2 ** 40);
  });
  it("u64 refuses a value past 2^53 − 1", async () => {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, 2n ** 53n - 1n, true);
    expect(await new Cursor(bytesSource(b), MIB).u64()).toBe(2 ** 53 - 1);
    new DataView(b.buffer).setBigUint64(0, 2n ** 53n, true);
    await expect(new Cursor(bytesSource(b), MIB).u64()).rejects.toThrow("bad-header");
  });
  it("skipStrings walks 8-byte lengths and their bytes, in and across chunks", async () => {
    const lengths = [3, 0, MIB, 2]; // MIB: longer than what is left of the first chunk
    const bytes = new Uint8Array(lengths.reduce((a, n) => a + 8 + n, 0) + 1);
    const v = new DataView(bytes.buffer);
    let at = 0;
    for (const n of lengths) {
      v.setBigUint64(at, BigInt(n), true);
      bytes.fill(65, at + 8, at + 8 + n);
      at += 8 + n;
    }
    bytes[at] = 42;
    const { src } = recorded(bytes);
    const c = new Cursor(src, 10 * MIB);
    await c.skipStrings(4);
    expect(c.pos).toBe(8 + 3 + 8 + 8 + MIB + 8 + 2);
    expect(await c.u8()).toBe(42);
  });
  it("skipStrings refuses a length whose high word passes 21 bits", async () => {
    const b = new Uint8Array(16);
    const v = new DataView(b.buffer);
    v.setUint32(4, 2 ** 21, true);
    await expect(new Cursor(bytesSource(b), MIB).skipStrings(1)).rejects.toThrow("bad-header");
    // High word 2^21 − 1: a length of about 2^53, refused only as past the file.
    v.setUint32(4, 2 ** 21 - 1, true);
    await expect(new Cursor(bytesSource(b), 2 ** 60).skipStrings(1)).rejects.toThrow("truncated");
    // A string past the cap is too large, not read.
    v.setUint32(4, 0, true);
    v.setUint32(0, 5000, true);
    await expect(new Cursor(bytesSource(b), 4096).skipStrings(1)).rejects.toThrow(
      "header-too-large",
    );
  });
  it("a fault without parameters carries none", () => {
    expect(new HeaderFault("truncated").error).toEqual({ code: "truncated" });
    expect(new HeaderFault("bad-header", { a: 1 }).error).toEqual({
      code: "bad-header",
      params: { a: 1 },
    });
  });
});
