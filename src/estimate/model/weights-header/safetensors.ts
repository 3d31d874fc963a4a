/**
 * The header of a `.safetensors` file (huggingface/safetensors @24b0b285, README "Format"
 * and safetensors/src/tensor.rs): 8 bytes little-endian N, then N bytes of JSON mapping
 * each tensor name to its dtype, shape and [begin, end) byte offsets in the data that
 * follows; `__metadata__` holds free-form strings. Only those 8 + N bytes are read.
 */
import type { ByteSource, HeaderError } from "./byte-source.ts";
import { Cursor, HeaderFault, MIB } from "./byte-source.ts";

/**
 * A checkpoint shard lists a few thousand tensors in well under 1 MB of JSON. The format
 * allows 100 MB (tensor.rs MAX_HEADER_SIZE); anything past this cap is refused unread.
 */
export const SAFETENSORS_HEADER_CAP_BYTES = 16 * MIB;
/** The format's own limit (tensor.rs MAX_HEADER_SIZE): a larger N is not a safetensors file. */
const FORMAT_MAX_HEADER_BYTES = 100_000_000;

/** Bits per element by dtype (tensor.rs `Dtype::bitsize`). */
export const DTYPE_BITS: Readonly<Record<string, number>> = {
  BOOL: 8,
  F4: 4,
  F6_E2M3: 6,
  F6_E3M2: 6,
  U8: 8,
  I8: 8,
  F8_E5M2: 8,
  F8_E4M3: 8,
  F8_E8M0: 8,
  F8_E4M3FNUZ: 8,
  F8_E5M2FNUZ: 8,
  I16: 16,
  U16: 16,
  F16: 16,
  BF16: 16,
  I32: 32,
  U32: 32,
  F32: 32,
  C64: 64,
  F64: 64,
  I64: 64,
  U64: 64,
};

export interface SafetensorsTensor {
  name: string;
  dtype: string;
  shape: number[];
  params: number;
  bytes: number;
}

export interface SafetensorsHeader {
  metadata: Record<string, string>;
  tensors: SafetensorsTensor[];
}

export type SafetensorsResult =
  { ok: true; header: SafetensorsHeader } | { ok: false; error: HeaderError };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number =>
  typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

function tensorOf(name: string, v: unknown, dataBytes: number): SafetensorsTensor {
  if (!isRecord(v) || typeof v["dtype"] !== "string") throw new HeaderFault("bad-header");
  const dtype = v["dtype"];
  const bits = Object.hasOwn(DTYPE_BITS, dtype) ? DTYPE_BITS[dtype] : undefined;
  if (bits === undefined) throw new HeaderFault("unknown-dtype", { dtype, tensor: name });
  const shape = v["shape"];
  const offsets = v["data_offsets"];
  if (!Array.isArray(shape) || !shape.every(isCount)) throw new HeaderFault("bad-header");
  if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every(isCount))
    throw new HeaderFault("bad-header");
  const [begin, end] = offsets as [number, number];
  const params = shape.reduce((a, b) => a * b, 1);
  // The offsets must hold exactly the elements the shape declares (tensor.rs validate).
  if (end < begin || end - begin !== Math.ceil((params * bits) / 8))
    throw new HeaderFault("bad-header");
  if (end > dataBytes) throw new HeaderFault("truncated");
  return { name, dtype, shape, params, bytes: end - begin };
}

async function parse(src: ByteSource): Promise<SafetensorsHeader> {
  const c = new Cursor(src, SAFETENSORS_HEADER_CAP_BYTES);
  const len = await c.bytes(8);
  const declared = new DataView(len.buffer, len.byteOffset, 8).getBigUint64(0, true);
  if (declared > BigInt(FORMAT_MAX_HEADER_BYTES)) throw new HeaderFault("not-weights");
  const n = Number(declared);
  if (8 + n > SAFETENSORS_HEADER_CAP_BYTES)
    throw new HeaderFault("header-too-large", {
      maxMiB: Math.round(SAFETENSORS_HEADER_CAP_BYTES / MIB),
    });
  const text = new TextDecoder("utf-8", { fatal: false }).decode(await c.bytes(n));
  // The header is a JSON object starting with "{" (README); anything else is another format.
  if (!text.trimStart().startsWith("{")) throw new HeaderFault("not-weights");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HeaderFault("bad-header");
  }
  if (!isRecord(json)) throw new HeaderFault("bad-header");
  const dataBytes = src.size - 8 - n;
  const metadata: Record<string, string> = {};
  const tensors: SafetensorsTensor[] = [];
  for (const [name, v] of Object.entries(json)) {
    if (name === "__metadata__") {
      if (isRecord(v))
        for (const [k, s] of Object.entries(v)) if (typeof s === "string") metadata[k] = s;
      continue;
    }
    tensors.push(tensorOf(name, v, dataBytes));
  }
  return { metadata, tensors };
}

/** Reads a safetensors header; a foreign, damaged or truncated file yields the reason instead. */
export async function readSafetensorsHeader(src: ByteSource): Promise<SafetensorsResult> {
  try {
    return { ok: true, header: await parse(src) };
  } catch (e) {
    if (e instanceof HeaderFault) return { ok: false, error: e.error };
    throw e;
  }
}
