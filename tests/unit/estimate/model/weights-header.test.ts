import { describe, expect, it } from "vitest";
import { bytesSource } from "../../../../src/estimate/model/weights-header/byte-source.ts";
import {
  GGUF_HEADER_CAP_BYTES,
  readGgufHeader,
} from "../../../../src/estimate/model/weights-header/gguf.ts";
import {
  readIndexText,
  readWeightFiles,
} from "../../../../src/estimate/model/weights-header/read.ts";
import type {
  ReadingResult,
  WeightsReading,
} from "../../../../src/estimate/model/weights-header/read.ts";
import { readSafetensorsHeader } from "../../../../src/estimate/model/weights-header/safetensors.ts";
import { paramCounts } from "../../../../src/estimate/model/model.ts";
import { checkModel } from "../../../../src/estimate/model/source.ts";
import type { ResolvedModelValue } from "../../../../src/estimate/model/value.ts";
import { kvCacheBytes } from "../../../../src/estimate/serving/kv-cache.ts";
import { runOk } from "../helpers.ts";
import { ggufFile, safetensorsFile, TINY_LLAMA, tinyGguf } from "../weights-fixtures.ts";

const F16 = 1;
const Q4_0 = 2;
const Q8_0 = 8;
const Q4_K = 12;
const Q6_K = 14;

const file = (name: string, bytes: Uint8Array) => ({ name, source: bytesSource(bytes) });
const read = (name: string, bytes: Uint8Array) => readWeightFiles([file(name, bytes)]);
function ok(r: ReadingResult): WeightsReading {
  if (!r.ok) throw new Error(`not read: ${JSON.stringify(r.error)}`);
  return r.reading;
}
const errorOf = (r: ReadingResult) => (r.ok ? "read" : r.error.code);

/** The tiny model's parameters, counted tensor by tensor as the test builds them. */
function tinyParams(layers = TINY_LLAMA.layers): { matrices: number; norms: number } {
  const { hidden: h, heads, kvHeads, ffn, vocab } = TINY_LLAMA;
  const kv = (h / heads) * kvHeads;
  const perLayer = h * h * 2 + h * kv * 2 + 3 * h * ffn;
  return { matrices: 2 * h * vocab + layers * perLayer, norms: (2 * layers + 1) * h };
}

describe("GGUF headers", () => {
  it("reads the architecture from metadata: layers, width, GQA heads, FFN, vocab from the tokens, untied head", async () => {
    const r = ok(await read("tiny-Q8_0.gguf", tinyGguf({ type: Q8_0 })));
    expect(r.format).toBe("gguf");
    expect(r.model).toMatchObject({ ...TINY_LLAMA, tiedEmbeddings: false, mlp: "gated" });
    expect(r.contextTokens).toBe(8192);
    expect(r.label).toBe(`tiny-Q8_0.gguf (llama, ${(r.params / 1e6).toFixed(1)} M)`);
  });
  it("exact parameters and bytes; effective bits = 8 × bytes / params", async () => {
    const { matrices, norms } = tinyParams();
    const r = ok(await read("m.gguf", tinyGguf({ type: Q8_0 })));
    expect(r.params).toBe(matrices + norms);
    // Q8_0: 34 bytes per 32 weights (fp16 scale + 32 int8); norms F32.
    expect(r.weightBytes).toBe((matrices / 32) * 34 + norms * 4);
    expect(r.bitsPerWeight).toBeCloseTo((8 * r.weightBytes) / r.params, 12);
    expect(r.types.map((t) => t.name)).toEqual(["Q8_0", "F32"]);
  });
  it.each([
    [Q4_0, 4.5],
    [Q8_0, 8.5],
    [Q4_K, 4.5],
    [Q6_K, 6.5625],
    [F16, 16],
  ])("type %i stores %f bits per weight (ggml block sizes)", async (type, bits) => {
    const bytes = ggufFile({
      kv: [["general.architecture", { str: "llama" }]],
      tensors: [{ name: "w", dims: [1024, 1024], type }],
    });
    const r = await readGgufHeader(bytesSource(bytes));
    if (!r.ok) throw new Error(r.error.code);
    const t = r.header.tensors[0]!;
    expect((8 * t.bytes) / t.params).toBe(bits);
  });
  it("the estimate takes the file's parameters and its exact bytes", async () => {
    const r = ok(await read("m.gguf", tinyGguf({ type: Q4_0 })));
    const spec = (checkModel(r.model, "model", []).keep as ResolvedModelValue).spec;
    expect(paramCounts(spec).total).toBe(r.params);
    const result = runOk<{ weightBytes: number }>({
      task: "infer-memory",
      model: r.model,
      weightBits: r.weightBits,
      weightFileBytes: r.weightBytes,
      engine: "llama.cpp",
      contextTokens: 1024,
    });
    expect(result.weightBytes).toBe(r.weightBytes);
  });
  it("reads sliding windows: Gemma 3's default 5 local layers in 6, or a per-layer pattern", async () => {
    const gemma = ok(
      await read(
        "g.gguf",
        tinyGguf({
          type: Q8_0,
          arch: "gemma3",
          layers: 12,
          more: [["gemma3.attention.sliding_window", { u32: 1024 }]],
        }),
      ),
    );
    expect(gemma.model).toMatchObject({ slidingWindow: 1024, slidingLayers: 10 });
    const pattern = Array.from({ length: 12 }, (_, i) => i % 3 !== 2);
    const other = ok(
      await read(
        "o.gguf",
        tinyGguf({
          type: Q8_0,
          arch: "other",
          layers: 12,
          more: [
            ["other.attention.sliding_window", { u32: 512 }],
            ["other.attention.sliding_window_pattern", { bools: pattern }],
          ],
        }),
      ),
    );
    expect(other.model).toMatchObject({ slidingWindow: 512, slidingLayers: 8 });
    const spec = (checkModel(gemma.model, "model", []).keep as ResolvedModelValue).spec;
    if (!("layers" in spec)) throw new Error("not an architecture");
    expect(kvCacheBytes(spec, 32_768, 16)).toBeLessThan(
      kvCacheBytes({ ...spec, slidingLayers: 0 }, 32_768, 16),
    );
  });
  it("a shape the core cannot express falls back to the file's exact parameter count", async () => {
    // Metadata claiming 40 layers over tensors of 2: the counts disagree.
    const r = ok(
      await read("odd.gguf", tinyGguf({ type: Q8_0, more: [["llama.block_count", { u32: 40 }]] })),
    );
    expect(r.model).toEqual({ params: r.params });
    expect(r.notes).toContainEqual({ code: "arch-not-recognised", family: "llama" });
  });
  it("wrong magic, old version, truncated header or data, unknown type: a reason, never a throw", async () => {
    // Without the magic it is read as safetensors, whose 8-byte length is then absurd.
    expect(errorOf(await read("x.gguf", tinyGguf({ type: Q8_0, magic: "GGUX" })))).toBe(
      "not-weights",
    );
    expect(errorOf(await read("x.gguf", tinyGguf({ type: Q8_0, version: 1 })))).toBe(
      "unsupported-version",
    );
    const whole = tinyGguf({ type: Q8_0 });
    expect(errorOf(await read("x.gguf", whole.subarray(0, 200)))).toBe("truncated");
    expect(errorOf(await read("x.gguf", tinyGguf({ type: Q8_0, cutBytes: 100 })))).toBe(
      "truncated",
    );
    const unknown = ggufFile({
      kv: [["general.architecture", { str: "llama" }]],
      tensors: [{ name: "w", dims: [32], type: 4 }],
    });
    const u = await read("x.gguf", unknown);
    expect(u.ok ? null : u.error).toEqual({
      code: "unknown-quant-type",
      params: { type: 4, tensor: "w", file: "x.gguf" },
    });
  });
  it("reads the header only: a file declaring gigabytes of weights costs a few MB at most", async () => {
    const bytes = tinyGguf({ type: Q4_0 });
    let asked = 0;
    const huge = {
      size: 40e9,
      read: (offset: number, length: number) => {
        asked += length;
        return Promise.resolve(bytes.subarray(offset, offset + length));
      },
    };
    const r = await readGgufHeader(huge);
    expect(r.ok).toBe(true);
    expect(asked).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
  it("walks a 262,144-token vocabulary without keeping it: the length is what is read", async () => {
    const bytes = ggufFile({
      kv: [
        ["general.architecture", { str: "gemma3" }],
        ["tokenizer.ggml.tokens", { strings: 262_144 }],
      ],
      tensors: [{ name: "token_embd.weight", dims: [256, 4096], type: F16 }],
    });
    const r = await readGgufHeader(bytesSource(bytes));
    if (!r.ok) throw new Error(r.error.code);
    expect(r.header.metadata.get("tokenizer.ggml.tokens")).toEqual({ length: 262_144 });
  });
  it("refuses a header that runs past its cap instead of reading on", async () => {
    const bytes = ggufFile({ kv: [["k", { str: "x" }]], tensors: [] });
    // The value's string length (after magic, version, counts, key and type) claims 3 × cap.
    new DataView(bytes.buffer).setBigUint64(37, BigInt(GGUF_HEADER_CAP_BYTES * 3), true);
    const size = GGUF_HEADER_CAP_BYTES * 4;
    let asked = 0;
    const r = await readGgufHeader({
      size,
      read: (o, n) => {
        asked += n;
        const out = new Uint8Array(Math.min(n, size - o));
        out.set(bytes.subarray(o, o + out.length));
        return Promise.resolve(out);
      },
    });
    expect(r.ok ? "read" : r.error.code).toBe("header-too-large");
    expect(asked).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});

describe("safetensors headers", () => {
  const shards = [
    { name: "model.embed_tokens.weight", dtype: "BF16", shape: [4000, 256] },
    { name: "model.layers.0.self_attn.q_proj.weight", dtype: "BF16", shape: [256, 256] },
    { name: "model.norm.weight", dtype: "F32", shape: [256] },
  ];
  it("each tensor's dtype and shape; exact parameters and bytes; the dominant dtype names it", async () => {
    const h = await readSafetensorsHeader(bytesSource(safetensorsFile({ tensors: shards })));
    if (!h.ok) throw new Error(h.error.code);
    expect(h.header.tensors.map((t) => [t.dtype, t.shape])).toEqual(
      shards.map((t) => [t.dtype, t.shape]),
    );
    const r = ok(await read("model.safetensors", safetensorsFile({ tensors: shards })));
    const params = 4000 * 256 + 256 * 256 + 256;
    expect(r.params).toBe(params);
    expect(r.weightBytes).toBe((params - 256) * 2 + 256 * 4);
    expect(r.types[0]?.name).toBe("BF16");
    expect(r.model).toEqual({ params });
    expect(r.label).toBe(`model.safetensors (BF16, ${(params / 1e6).toFixed(1)} M)`);
  });
  it("shards add up, and a missing shard is said", async () => {
    const a = safetensorsFile({ tensors: [shards[0]!] });
    const b = safetensorsFile({ tensors: [shards[1]!, shards[2]!] });
    const both = ok(
      await readWeightFiles([
        file("model-00001-of-00003.safetensors", a),
        file("model-00002-of-00003.safetensors", b),
      ]),
    );
    expect(both.params).toBe(4000 * 256 + 256 * 256 + 256);
    expect(both.notes).toContainEqual({ code: "shards-missing", have: 2, of: 3 });
  });
  it("a huge declared header length is refused unread; truncated, unknown dtype and lying offsets too", async () => {
    const huge = safetensorsFile({ tensors: shards, declaredLength: 2 ** 40 });
    expect(errorOf(await read("m.safetensors", huge))).toBe("not-weights");
    const big = safetensorsFile({ tensors: shards, declaredLength: 50_000_000 });
    expect(errorOf(await read("m.safetensors", big))).toBe("header-too-large");
    const whole = safetensorsFile({ tensors: shards });
    expect(errorOf(await read("m.safetensors", whole.subarray(0, 20)))).toBe("truncated");
    expect(
      errorOf(await read("m.safetensors", safetensorsFile({ tensors: shards, cutBytes: 10 }))),
    ).toBe("truncated");
    const odd = safetensorsFile({ tensors: [{ name: "w", dtype: "Q9", shape: [4] }] });
    const u = await read("m.safetensors", odd);
    expect(u.ok ? null : u.error).toEqual({
      code: "unknown-dtype",
      params: { dtype: "Q9", tensor: "w", file: "m.safetensors" },
    });
    const lying = safetensorsFile({
      tensors: [{ name: "w", dtype: "BF16", shape: [4], bytes: 6 }],
    });
    expect(errorOf(await read("m.safetensors", lying))).toBe("bad-header");
    expect(
      errorOf(await read("notes.txt", new TextEncoder().encode("hello world, not weights"))),
    ).toBe("not-weights");
  });
  it("GGUF and safetensors files together are refused", async () => {
    const r = await readWeightFiles([
      file("a.gguf", tinyGguf({ type: Q8_0 })),
      file("b.safetensors", safetensorsFile({ tensors: shards })),
    ]);
    expect(errorOf(r)).toBe("mixed-formats");
  });
});

describe("model.safetensors.index.json", () => {
  const index = (names: string[], total = 16_060_522_496) =>
    JSON.stringify({
      metadata: { total_size: total },
      weight_map: Object.fromEntries(
        names.map((n, i) => [n, `model-0000${(i % 4) + 1}-of-00004.safetensors`]),
      ),
    });
  const llamaNames = [
    "model.embed_tokens.weight",
    ...Array.from({ length: 32 }, (_, i) => `model.layers.${i}.self_attn.q_proj.weight`),
    "lm_head.weight",
  ];
  it("total_size is the exact byte count; parameters assume 16-bit weights and say so", () => {
    const r = ok(readIndexText(index(llamaNames)));
    expect(r.weightBytes).toBe(16_060_522_496);
    expect(r.params).toBe(16_060_522_496 / 2);
    expect(r.model).toEqual({ params: 16_060_522_496 / 2 });
    expect(r.weightBits).toBe(16);
    expect(r.notes).toContainEqual({ code: "assumed-16-bit" });
  });
  it("a quantized checkpoint's index cannot give a parameter count", () => {
    const fp8 = [...llamaNames, "model.layers.0.self_attn.q_proj.weight_scale_inv"];
    expect(errorOf(readIndexText(index(fp8)))).toBe("index-quantized");
  });
  it("anything else pasted is not an index", () => {
    expect(errorOf(readIndexText("{"))).toBe("not-index");
    expect(errorOf(readIndexText(JSON.stringify({ hidden_size: 4096 })))).toBe("not-index");
    expect(errorOf(readIndexText(index(llamaNames, -1)))).toBe("not-index");
  });
});
