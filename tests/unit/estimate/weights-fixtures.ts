/**
 * Small weight files built in memory, byte by byte from the format specs (GGUF: ggml
 * docs/gguf.md; safetensors: its README), for the header readers' unit tests and the
 * browser test that drops one on the model picker. The tensor data is zeros: only its
 * length matters to a header reader.
 */

type KvValue =
  | { u32: number }
  | { u64: number }
  | { f32: number }
  | { str: string }
  | { bool: boolean }
  | { strings: number }
  | { bools: boolean[] };

export interface GgufTensorSpec {
  name: string;
  /** ggml order: dims[0] is the row length. */
  dims: number[];
  /** ggml type id (0 F32, 1 F16, 2 Q4_0, 8 Q8_0, 12 Q4_K, 14 Q6_K). */
  type: number;
}

/** Bytes per block and block size of the types these fixtures use (ggml-common.h). */
const FIXTURE_TYPES: Record<number, [number, number]> = {
  0: [1, 4],
  1: [1, 2],
  2: [32, 18],
  8: [32, 34],
  12: [256, 144],
  14: [256, 210],
};

export const tensorBytes = (t: GgufTensorSpec): number => {
  const [block, bytes] = FIXTURE_TYPES[t.type] ?? [1, 1];
  return (t.dims.reduce((a, b) => a * b, 1) / block) * bytes;
};

class Writer {
  parts: number[] = [];
  u8(v: number) {
    this.parts.push(v & 0xff);
  }
  u32(v: number) {
    for (let i = 0; i < 4; i++) this.u8(Math.floor(v / 2 ** (8 * i)));
  }
  u64(v: number) {
    this.u32(v % 2 ** 32);
    this.u32(Math.floor(v / 2 ** 32));
  }
  str(s: string) {
    const b = new TextEncoder().encode(s);
    this.u64(b.length);
    for (const x of b) this.u8(x);
  }
  value(v: KvValue) {
    if ("u32" in v) {
      this.u32(4);
      this.u32(v.u32);
    } else if ("u64" in v) {
      this.u32(10);
      this.u64(v.u64);
    } else if ("f32" in v) {
      this.u32(6);
      const b = new Uint8Array(new Float32Array([v.f32]).buffer);
      for (const x of b) this.u8(x);
    } else if ("str" in v) {
      this.u32(8);
      this.str(v.str);
    } else if ("bool" in v) {
      this.u32(7);
      this.u8(v.bool ? 1 : 0);
    } else if ("strings" in v) {
      this.u32(9);
      this.u32(8);
      this.u64(v.strings);
      for (let i = 0; i < v.strings; i++) this.str(`tok${i}`);
    } else {
      this.u32(9);
      this.u32(7);
      this.u64(v.bools.length);
      for (const x of v.bools) this.u8(x ? 1 : 0);
    }
  }
}

export interface GgufSpec {
  version?: number;
  magic?: string;
  kv: [string, KvValue][];
  tensors: GgufTensorSpec[];
  /** Drop this many bytes from the end (a download cut short). */
  cutBytes?: number;
}

export function ggufFile(spec: GgufSpec): Uint8Array<ArrayBuffer> {
  const w = new Writer();
  for (const ch of spec.magic ?? "GGUF") w.u8(ch.charCodeAt(0));
  w.u32(spec.version ?? 3);
  w.u64(spec.tensors.length);
  w.u64(spec.kv.length);
  for (const [k, v] of spec.kv) {
    w.str(k);
    w.value(v);
  }
  let offset = 0;
  for (const t of spec.tensors) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(t.type);
    w.u64(offset);
    offset += Math.ceil(tensorBytes(t) / 32) * 32;
  }
  const headerLength = Math.ceil(w.parts.length / 32) * 32;
  const out = new Uint8Array(headerLength + offset - (spec.cutBytes ?? 0));
  out.set(w.parts.slice(0, out.length));
  return out;
}

/** A small Llama-shaped model (GQA 4/2, gated MLP, untied head). */
export const TINY_LLAMA = { layers: 2, hidden: 256, heads: 4, kvHeads: 2, ffn: 512, vocab: 1000 };

export interface TinySpec extends Partial<GgufSpec> {
  /** ggml type of the matrices (norms stay F32). */
  type: number;
  arch?: string;
  layers?: number;
  /** Metadata beyond the shape keys. */
  more?: [string, KvValue][];
}

/** Its tensors named as llama.cpp's converter names them, its shape in `<arch>.*` keys. */
export function tinyGguf(spec: TinySpec): Uint8Array<ArrayBuffer> {
  const { hidden: h, heads, kvHeads, ffn, vocab } = TINY_LLAMA;
  const { type, arch = "llama", layers = TINY_LLAMA.layers, more = [], ...rest } = spec;
  const kv = (h / heads) * kvHeads;
  const tensors: GgufTensorSpec[] = [
    { name: "token_embd.weight", dims: [h, vocab], type },
    { name: "output_norm.weight", dims: [h], type: 0 },
    { name: "output.weight", dims: [h, vocab], type },
  ];
  for (let i = 0; i < layers; i++)
    tensors.push(
      { name: `blk.${i}.attn_norm.weight`, dims: [h], type: 0 },
      { name: `blk.${i}.attn_q.weight`, dims: [h, h], type },
      { name: `blk.${i}.attn_k.weight`, dims: [h, kv], type },
      { name: `blk.${i}.attn_v.weight`, dims: [h, kv], type },
      { name: `blk.${i}.attn_output.weight`, dims: [h, h], type },
      { name: `blk.${i}.ffn_norm.weight`, dims: [h], type: 0 },
      { name: `blk.${i}.ffn_gate.weight`, dims: [h, ffn], type },
      { name: `blk.${i}.ffn_up.weight`, dims: [h, ffn], type },
      { name: `blk.${i}.ffn_down.weight`, dims: [ffn, h], type },
    );
  return ggufFile({
    kv: [
      ["general.architecture", { str: arch }],
      ["general.alignment", { u32: 32 }],
      [`${arch}.block_count`, { u32: layers }],
      [`${arch}.context_length`, { u32: 8192 }],
      [`${arch}.embedding_length`, { u32: h }],
      [`${arch}.feed_forward_length`, { u32: ffn }],
      [`${arch}.attention.head_count`, { u32: heads }],
      [`${arch}.attention.head_count_kv`, { u32: kvHeads }],
      [`${arch}.rope.freq_base`, { f32: 500000 }],
      ["tokenizer.ggml.tokens", { strings: vocab }],
      ...more,
    ],
    tensors,
    ...rest,
  });
}

export interface SafetensorsSpec {
  tensors: { name: string; dtype: string; shape: number[]; bytes?: number }[];
  /** Overrides the declared header length (a huge or lying N). */
  declaredLength?: number;
  cutBytes?: number;
}

const ST_BITS: Record<string, number> = { F32: 32, BF16: 16, F16: 16, I8: 8, F8_E4M3: 8 };

export function safetensorsFile(spec: SafetensorsSpec): Uint8Array<ArrayBuffer> {
  const header: Record<string, unknown> = { __metadata__: { format: "pt" } };
  let offset = 0;
  for (const t of spec.tensors) {
    const n = t.shape.reduce((a, b) => a * b, 1);
    const bytes = t.bytes ?? (n * (ST_BITS[t.dtype] ?? 8)) / 8;
    header[t.name] = { dtype: t.dtype, shape: t.shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  const json = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + json.length + offset - (spec.cutBytes ?? 0));
  const n = spec.declaredLength ?? json.length;
  new DataView(out.buffer).setBigUint64(0, BigInt(n), true);
  out.set(json.subarray(0, Math.max(0, out.length - 8)), 8);
  return out;
}
