/**
 * The header of a GGUF file (ggml-org/ggml docs/gguf.md @d99724f2): magic "GGUF", version,
 * tensor count, metadata key-value pairs, tensor infos; the tensor data follows, aligned to
 * `general.alignment` (32 when absent), and is never read. Versions 2 and 3 (64-bit counts)
 * are read; version 1 files (32-bit counts, 2023) are refused.
 */
import type { ByteSource, HeaderError } from "./byte-source.ts";
import { Cursor, HeaderFault, MIB } from "./byte-source.ts";
import { GGML_TYPES } from "./ggml-types.ts";

/** "GGUF" read as a little-endian uint32. */
const GGUF_MAGIC = 0x46554747;
const DEFAULT_ALIGNMENT = 32;
/**
 * The metadata holds the tokenizer (a 262,144-token vocabulary with scores and types is
 * about 7 MB); the weights start after it and are never reached.
 */
export const GGUF_HEADER_CAP_BYTES = 32 * MIB;
/** Strings kept as text (architecture names, file types); longer ones are skipped. */
const KEPT_STRING_BYTES = 256;
/** Arrays of numbers kept element by element (per-layer settings); longer ones by length. */
const KEPT_ARRAY_LENGTH = 4096;
/** No model has this many tensors or keys; a larger count is a damaged header. */
const MAX_COUNT = 10_000_000;

export type GgufValue =
  | number
  | boolean
  | string
  | { skippedStringBytes: number }
  | { length: number; values?: (number | boolean)[] };

export interface GgufTensor {
  name: string;
  /** ggml order: dims[0] is the innermost (row length). */
  dims: number[];
  type: string;
  params: number;
  bytes: number;
}

export interface GgufHeader {
  version: number;
  metadata: Map<string, GgufValue>;
  tensors: GgufTensor[];
}

export type GgufResult = { ok: true; header: GgufHeader } | { ok: false; error: HeaderError };

type Scalar = readonly ["u" | "i" | "f", 1 | 2 | 4 | 8];
/** GGUF metadata value types (gguf.md `gguf_metadata_value_type`) that are numbers. */
const NUMBER_TYPES: Readonly<Record<number, Scalar>> = {
  0: ["u", 1],
  1: ["i", 1],
  2: ["u", 2],
  3: ["i", 2],
  4: ["u", 4],
  5: ["i", 4],
  6: ["f", 4],
  10: ["u", 8],
  11: ["i", 8],
  12: ["f", 8],
};
const BOOL = 7;
const STRING = 8;
const ARRAY = 9;

async function readString(c: Cursor): Promise<string | { skippedStringBytes: number }> {
  const n = await c.u64();
  if (n > KEPT_STRING_BYTES) {
    c.skip(n);
    return { skippedStringBytes: n };
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(await c.bytes(n));
}

async function readValue(c: Cursor, type: number): Promise<GgufValue> {
  const num = NUMBER_TYPES[type];
  if (num) return c.scalar(num[0], num[1]);
  if (type === BOOL) return (await c.u8()) !== 0;
  if (type === STRING) return readString(c);
  if (type !== ARRAY) throw new HeaderFault("bad-header");
  const elem = await c.u32();
  const length = await c.u64();
  if (length > MAX_COUNT * 100) throw new HeaderFault("bad-header");
  const elemNum = NUMBER_TYPES[elem];
  if (elemNum || elem === BOOL) {
    const width = elemNum ? elemNum[1] : 1;
    if (length > KEPT_ARRAY_LENGTH) {
      c.skip(length * width);
      return { length };
    }
    const values: (number | boolean)[] = [];
    for (let i = 0; i < length; i++)
      values.push(elemNum ? await c.scalar(elemNum[0], elemNum[1]) : (await c.u8()) !== 0);
    return { length, values };
  }
  // Strings (the tokenizer's tokens and merges): walked, not kept. Arrays of arrays are no
  // GGUF ggml reads (gguf.cpp refuses an array element of type ARRAY as an invalid type),
  // and reading them would recurse as deep as the file says.
  if (elem !== STRING) throw new HeaderFault("bad-header");
  await c.skipStrings(length);
  return { length };
}

async function readTensor(c: Cursor): Promise<GgufTensor & { offset: number }> {
  const name = await readString(c);
  const nDims = await c.u32();
  if (typeof name !== "string" || nDims < 1 || nDims > 8) throw new HeaderFault("bad-header");
  const dims: number[] = [];
  for (let i = 0; i < nDims; i++) dims.push(await c.u64());
  const typeId = await c.u32();
  const offset = await c.u64();
  const type = GGML_TYPES[typeId];
  if (!type) throw new HeaderFault("unknown-quant-type", { type: typeId, tensor: name });
  const params = dims.reduce((a, b) => a * b, 1);
  const row = dims[0] ?? 0;
  if (row % type.block !== 0) throw new HeaderFault("bad-header");
  return { name, dims, type: type.name, params, bytes: (params / type.block) * type.bytes, offset };
}

async function parse(src: ByteSource): Promise<GgufHeader> {
  const c = new Cursor(src, GGUF_HEADER_CAP_BYTES);
  if ((await c.u32()) !== GGUF_MAGIC) throw new HeaderFault("not-weights");
  const version = await c.u32();
  if (version !== 2 && version !== 3) throw new HeaderFault("unsupported-version", { version });
  const tensorCount = await c.u64();
  const kvCount = await c.u64();
  if (tensorCount > MAX_COUNT || kvCount > MAX_COUNT) throw new HeaderFault("bad-header");
  const metadata = new Map<string, GgufValue>();
  for (let i = 0; i < kvCount; i++) {
    const key = await readString(c);
    if (typeof key !== "string") throw new HeaderFault("bad-header");
    metadata.set(key, await readValue(c, await c.u32()));
  }
  const infos = [];
  for (let i = 0; i < tensorCount; i++) infos.push(await readTensor(c));
  const align = metadata.get("general.alignment");
  const alignment = typeof align === "number" && align > 0 ? align : DEFAULT_ALIGNMENT;
  const dataStart = Math.ceil(c.pos / alignment) * alignment;
  // A download cut short has its whole header but not every tensor's data.
  for (const t of infos)
    if (dataStart + t.offset + t.bytes > src.size) throw new HeaderFault("truncated");
  const tensors = infos.map(({ offset: _, ...t }) => t);
  return { version, metadata, tensors };
}

/** Reads a GGUF header; a foreign, damaged or truncated file yields the reason instead. */
export async function readGgufHeader(src: ByteSource): Promise<GgufResult> {
  try {
    return { ok: true, header: await parse(src) };
  } catch (e) {
    if (e instanceof HeaderFault) return { ok: false, error: e.error };
    throw e;
  }
}
