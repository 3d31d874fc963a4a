/**
 * From parsed headers to what the estimators take, with headers built as values (the byte
 * parsing has its own tests). Parameter counts of the architectures are summed by hand in
 * the comments, tensor by tensor as model.ts lays them out.
 */
import { describe, expect, it } from "vitest";
import { bytesSource } from "../../../../src/estimate/model/weights-header/byte-source.ts";
import type {
  GgufHeader,
  GgufTensor,
  GgufValue,
} from "../../../../src/estimate/model/weights-header/gguf.ts";
import {
  readIndexText,
  readWeightFiles,
} from "../../../../src/estimate/model/weights-header/read.ts";
import type { SafetensorsTensor } from "../../../../src/estimate/model/weights-header/safetensors.ts";
import type {
  ReadingResult,
  WeightsReading,
} from "../../../../src/estimate/model/weights-header/weights-model.ts";
import {
  fromGguf,
  fromIndex,
  fromSafetensors,
} from "../../../../src/estimate/model/weights-header/weights-model.ts";
import { safetensorsFile, tinyGguf } from "../weights-fixtures.ts";

function ok(r: ReadingResult): WeightsReading {
  if (!r.ok) throw new Error(`not read: ${JSON.stringify(r.error)}`);
  return r.reading;
}
const errorOf = (r: ReadingResult) => (r.ok ? null : r.error);

const tensor = (name: string, type: string, params: number, bytes: number, dims = [params]) =>
  ({ name, type, params, bytes, dims }) satisfies GgufTensor;
const header = (meta: [string, GgufValue][], tensors: GgufTensor[]): GgufHeader => ({
  version: 3,
  metadata: new Map(meta),
  tensors,
});

/**
 * Llama-shaped: 2 layers, hidden 256, 4 heads (head dim 64), 2 KV heads, ffn 512, vocab
 * 1000, untied. Norms (2·2 + 1)·256 = 1280; embed and head 256·1000 = 256,000 each; a layer
 * q 65,536 + k 32,768 + v 32,768 + o 65,536 + 3·256·512 = 393,216, so 589,824.
 * Total 1280 + 512,000 + 2·589,824 = 1,692,928.
 */
const LLAMA_TOTAL = 1_692_928;
const llamaMeta = (arch = "llama"): [string, GgufValue][] => [
  ["general.architecture", arch],
  [`${arch}.block_count`, 2],
  [`${arch}.embedding_length`, 256],
  [`${arch}.attention.head_count`, 4],
  [`${arch}.attention.head_count_kv`, 2],
  [`${arch}.feed_forward_length`, 512],
];
/** The named tensors model.ts looks for, and one F32 "rest" tensor making up `total`. */
function llamaTensors(total = LLAMA_TOTAL, head = true): GgufTensor[] {
  // Q8_0: 34 bytes per 32 weights.
  const embd = tensor("token_embd.weight", "Q8_0", 256_000, 272_000, [256, 1000]);
  const out = tensor("output.weight", "Q8_0", 256_000, 272_000, [256, 1000]);
  const gate = tensor("blk.0.ffn_gate.weight", "Q8_0", 131_072, 139_264, [256, 512]);
  const named = head ? [embd, out, gate] : [embd, gate];
  const rest = total - named.reduce((a, t) => a + t.params, 0);
  return [...named, tensor("rest", "F32", rest, 4 * rest)];
}
const LLAMA_ARCH = {
  layers: 2,
  hidden: 256,
  heads: 4,
  ffn: 512,
  vocab: 1000,
  tiedEmbeddings: false,
  mlp: "gated",
  kvHeads: 2,
};

describe("fromGguf: the architecture from metadata", () => {
  it("a shape that counts the tensors' parameters is the model", () => {
    const tensors = llamaTensors();
    const r = ok(fromGguf(["m.gguf"], [header(llamaMeta(), tensors)]));
    expect(r.model).toEqual(LLAMA_ARCH);
    expect(r.notes).toEqual([{ code: "arch-from-metadata", family: "llama" }]);
    expect(r.format).toBe("gguf");
    expect(r.params).toBe(LLAMA_TOTAL);
    // Q8_0 272,000 + 272,000 + 139,264 = 683,264; F32 rest 4·(1,692,928 − 643,072).
    const f32 = 4 * (LLAMA_TOTAL - 643_072);
    expect(r.types).toEqual([
      { name: "F32", params: LLAMA_TOTAL - 643_072, bytes: f32 },
      { name: "Q8_0", params: 643_072, bytes: 683_264 },
    ]);
    expect(r.weightBytes).toBe(f32 + 683_264);
    expect(r.bitsPerWeight).toBe((8 * (f32 + 683_264)) / LLAMA_TOTAL);
    expect(r.weightBits).toBe(r.bitsPerWeight);
    // 1,692,928 / 1e6 = 1.69 → one decimal.
    expect(r.label).toBe("m.gguf (llama, 1.7 M)");
    expect("contextTokens" in r).toBe(false);
  });
  it("within 2% the shape is kept, and its bits reproduce the file's bytes", () => {
    // 1% more parameters in the tensors than in the shape.
    const total = LLAMA_TOTAL + 16_929;
    const r = ok(fromGguf(["m.gguf"], [header(llamaMeta(), llamaTensors(total))]));
    expect(r.model).toEqual(LLAMA_ARCH);
    expect(r.params).toBe(total);
    expect(r.bitsPerWeight).toBe((8 * r.weightBytes) / total);
    // The estimate counts the shape's parameters, so the bits are per shape parameter.
    expect(r.weightBits).toBe((8 * r.weightBytes) / LLAMA_TOTAL);
    // 1% fewer.
    const fewer = ok(
      fromGguf(["m.gguf"], [header(llamaMeta(), llamaTensors(LLAMA_TOTAL - 16_929))]),
    );
    expect(fewer.model).toEqual(LLAMA_ARCH);
  });
  it("3% off either way, the file's count is the model and the shape is said not recognised", () => {
    for (const total of [LLAMA_TOTAL * 1.03, LLAMA_TOTAL * 0.97]) {
      const r = ok(fromGguf(["m.gguf"], [header(llamaMeta(), llamaTensors(total))]));
      expect(r.model).toEqual({ params: total });
      expect(r.notes).toEqual([{ code: "arch-not-recognised", family: "llama" }]);
      expect(r.weightBits).toBe(r.bitsPerWeight);
    }
  });
  it("a shape the checker refuses (4 heads, 3 KV heads) is not recognised", () => {
    const meta = llamaMeta().map(([k, v]): [string, GgufValue] =>
      k.endsWith("head_count_kv") ? [k, 3] : [k, v],
    );
    const r = ok(fromGguf(["m.gguf"], [header(meta, llamaTensors())]));
    expect(r.model).toEqual({ params: LLAMA_TOTAL });
    expect(r.notes).toEqual([{ code: "arch-not-recognised", family: "llama" }]);
  });
  it("the context length, when the metadata gives one", () => {
    const meta: [string, GgufValue][] = [...llamaMeta(), ["llama.context_length", 8192]];
    expect(ok(fromGguf(["m.gguf"], [header(meta, llamaTensors())])).contextTokens).toBe(8192);
  });
  it("the vocabulary from the embedding's rows, else the token list, else vocab_size", () => {
    const tied = llamaTensors(LLAMA_TOTAL - 256_000, false);
    // No output.weight: tied, and 256,000 fewer parameters.
    const r = ok(fromGguf(["m.gguf"], [header(llamaMeta(), tied)]));
    expect(r.model).toEqual({ ...LLAMA_ARCH, tiedEmbeddings: true });
    const noEmbd = tied.map((t) =>
      t.name === "token_embd.weight" ? { ...t, name: "tok_embeddings" } : t,
    );
    const tokens: [string, GgufValue][] = [
      ...llamaMeta(),
      ["tokenizer.ggml.tokens", { length: 1000 }],
      ["llama.vocab_size", 7],
    ];
    expect(ok(fromGguf(["m.gguf"], [header(tokens, noEmbd)])).model).toMatchObject({
      vocab: 1000,
    });
    // With neither the embedding nor the tokens: vocab_size (1000 to keep the count).
    const sized: [string, GgufValue][] = [...llamaMeta(), ["llama.vocab_size", 1000]];
    expect(ok(fromGguf(["m.gguf"], [header(sized, noEmbd)])).model).toMatchObject({
      vocab: 1000,
    });
    // Nothing gives it: no shape at all, so neither note.
    const none = ok(fromGguf(["m.gguf"], [header(llamaMeta(), noEmbd)]));
    expect(none.model).toEqual({ params: LLAMA_TOTAL - 256_000 });
    expect(none.notes).toEqual([]);
  });
  it("per-layer arrays count when every layer agrees", () => {
    const meta = llamaMeta().map(([k, v]): [string, GgufValue] =>
      k.endsWith("head_count_kv") ? [k, { length: 2, values: [2, 2] }] : [k, v],
    );
    expect(ok(fromGguf(["m.gguf"], [header(meta, llamaTensors())])).model).toEqual(LLAMA_ARCH);
    // Layers disagree: no single KV head count, so full attention (4) is assumed, which
    // counts 2·(32,768 + 32,768) more parameters than the tensors: not the file's model.
    const mixed = llamaMeta().map(([k, v]): [string, GgufValue] =>
      k.endsWith("head_count_kv") ? [k, { length: 2, values: [2, 1] }] : [k, v],
    );
    const r = ok(fromGguf(["m.gguf"], [header(mixed, llamaTensors(LLAMA_TOTAL + 131_072))]));
    expect(r.model).toEqual({ ...LLAMA_ARCH, kvHeads: undefined });
  });
  it("a value that is not a number (a string, an empty or unkept array) is no number", () => {
    for (const bad of ["2", { length: 0, values: [] }, { length: 2 }, { skippedStringBytes: 9 }]) {
      const meta = llamaMeta().map(([k, v]): [string, GgufValue] =>
        k.endsWith("block_count") ? [k, bad] : [k, v],
      );
      const r = ok(fromGguf(["m.gguf"], [header(meta, llamaTensors())]));
      expect(r.model, JSON.stringify(bad)).toEqual({ params: LLAMA_TOTAL });
      expect(r.notes).toEqual([]);
    }
  });
  it("no architecture name: called gguf, counted by its tensors", () => {
    const meta = llamaMeta().filter(([k]) => k !== "general.architecture");
    const r = ok(fromGguf(["m.gguf"], [header(meta, llamaTensors())]));
    expect(r.model).toEqual({ params: LLAMA_TOTAL });
    expect(r.label).toBe("m.gguf (gguf, 1.7 M)");
    expect(r.notes).toEqual([]);
  });
  it("head_dim from key_length", () => {
    // Head dim 32 instead of 64: q and o 256·128 each, k and v 256·64: a layer has
    // 4·16,384 + … = 98,304 fewer parameters than with 64.
    const meta: [string, GgufValue][] = [...llamaMeta(), ["llama.attention.key_length", 32]];
    const total = LLAMA_TOTAL - 2 * 98_304;
    const r = ok(fromGguf(["m.gguf"], [header(meta, llamaTensors(total))]));
    expect(r.model).toEqual({ ...LLAMA_ARCH, headDim: 32 });
  });
});

/**
 * A tiny MoE: 1 layer, hidden 8, 2 heads (dim 4), 1 KV head, vocab 100 tied, 4 experts of
 * ffn 4 (2 active) and one shared. Norms 3·8 = 24; embed 800; q 64, k 32, v 32, o 64;
 * experts 4·3·32 = 384; shared 3·32 = 96; router 8·4 = 32. Total 1528.
 */
describe("fromGguf: mixture of experts", () => {
  const moeMeta = (extra: [string, GgufValue][] = []): [string, GgufValue][] => [
    ["general.architecture", "qwen2moe"],
    ["qwen2moe.block_count", 1],
    ["qwen2moe.embedding_length", 8],
    ["qwen2moe.attention.head_count", 2],
    ["qwen2moe.attention.head_count_kv", 1],
    ["qwen2moe.expert_count", 4],
    ["qwen2moe.expert_used_count", 2],
    ["qwen2moe.expert_shared_count", 1],
    ["qwen2moe.expert_feed_forward_length", 4],
    ...extra,
  ];
  const moeTensors = (total: number) => [
    tensor("token_embd.weight", "F16", 800, 1600, [8, 100]),
    tensor("blk.0.ffn_gate_exps.weight", "F16", 128, 256, [8, 4, 4]),
    tensor("rest", "F16", total - 928, 2 * (total - 928)),
  ];
  it("experts, active and shared experts, the expert FFN standing in for the dense one", () => {
    const r = ok(fromGguf(["moe.gguf"], [header(moeMeta(), moeTensors(1528))]));
    expect(r.model).toEqual({
      layers: 1,
      hidden: 8,
      heads: 2,
      kvHeads: 1,
      ffn: 4,
      vocab: 100,
      tiedEmbeddings: true,
      mlp: "gated",
      experts: 4,
      activeExperts: 2,
      sharedExperts: 1,
      expertFfn: 4,
    });
    expect(r.notes).toEqual([{ code: "arch-from-metadata", family: "qwen2moe" }]);
    // All F16: 16 bits a weight.
    expect(r.weightBits).toBe(16);
  });
  it("one active and no shared expert when the metadata is silent", () => {
    // Without the shared expert: 1528 − 96 = 1432.
    const meta = moeMeta().filter(
      ([k]) => !k.endsWith("expert_used_count") && !k.endsWith("expert_shared_count"),
    );
    const r = ok(fromGguf(["moe.gguf"], [header(meta, moeTensors(1432))]));
    expect(r.model).toMatchObject({ experts: 4, activeExperts: 1, sharedExperts: 0 });
  });
  it("a dense FFN given beside the experts is kept as the FFN", () => {
    // The dense FFN is unused by an all-MoE model: the count stays 1528.
    const meta = moeMeta([["qwen2moe.feed_forward_length", 64]]);
    const r = ok(fromGguf(["moe.gguf"], [header(meta, moeTensors(1528))]));
    expect(r.model).toMatchObject({ ffn: 64, expertFfn: 4 });
  });
  it("a single expert is a dense model with the expert's FFN", () => {
    // Dense, ffn 4: norms 24, embed 800, attention 192, MLP 3·32 = 96: 1112.
    const meta = moeMeta().map(([k, v]): [string, GgufValue] =>
      k.endsWith("expert_count") ? [k, 1] : [k, v],
    );
    const r = ok(fromGguf(["moe.gguf"], [header(meta, moeTensors(1112))]));
    expect(r.model).not.toHaveProperty("experts");
    expect(r.model).not.toHaveProperty("expertFfn");
    expect(r.notes).toEqual([{ code: "arch-from-metadata", family: "qwen2moe" }]);
  });
  it("no gate tensor: a plain two-matrix MLP", () => {
    // Plain: each expert and the shared one lose a matrix, 5·32 = 160 fewer: 1368.
    const plain = moeTensors(1368).map((t) =>
      t.name === "blk.0.ffn_gate_exps.weight" ? { ...t, name: "blk.0.ffn_up_exps.weight" } : t,
    );
    const r = ok(fromGguf(["moe.gguf"], [header(moeMeta(), plain)]));
    expect(r.model).toMatchObject({ mlp: "plain" });
  });
});

describe("fromGguf: sliding windows", () => {
  const slide = (arch: string, layers: number, more: [string, GgufValue][]) => {
    // Only the window fields are looked at here; the count may not match.
    const meta: [string, GgufValue][] = [
      ["general.architecture", arch],
      [`${arch}.block_count`, layers],
      [`${arch}.embedding_length`, 256],
      [`${arch}.attention.head_count`, 4],
      [`${arch}.attention.head_count_kv`, 2],
      [`${arch}.feed_forward_length`, 512],
      ...more,
    ];
    // Each further layer adds 589,824 + 512 (two norms) parameters.
    const total = LLAMA_TOTAL + (layers - 2) * 590_336;
    const r = ok(fromGguf(["m.gguf"], [header(meta, llamaTensors(total))]));
    if (!("layers" in r.model)) throw new Error("no architecture");
    return [r.model["slidingWindow"], r.model["slidingLayers"]];
  };
  it("gemma2 and gpt-oss every other layer, gemma3 five in six", () => {
    expect(slide("gemma2", 5, [["gemma2.attention.sliding_window", 4096]])).toEqual([4096, 3]);
    expect(slide("gpt-oss", 4, [["gpt-oss.attention.sliding_window", 128]])).toEqual([128, 2]);
    expect(slide("gemma3", 13, [["gemma3.attention.sliding_window", 1024]])).toEqual([1024, 11]);
  });
  it("a per-layer pattern of the right length is counted; another length is ignored", () => {
    const pattern = { length: 4, values: [true, false, true, true] };
    expect(
      slide("gemma2", 4, [
        ["gemma2.attention.sliding_window", 512],
        ["gemma2.attention.sliding_window_pattern", pattern],
      ]),
    ).toEqual([512, 3]);
    // Three entries for four layers: gemma2's default, every other layer.
    const short = { length: 3, values: [true, true, true] };
    expect(
      slide("gemma2", 4, [
        ["gemma2.attention.sliding_window", 512],
        ["gemma2.attention.sliding_window_pattern", short],
      ]),
    ).toEqual([512, 2]);
  });
  it("another family: every layer slides; no window or a zero one: none", () => {
    expect(slide("llama", 2, [["llama.attention.sliding_window", 4096]])).toEqual([
      4096,
      undefined,
    ]);
    expect(slide("gemma2", 2, [["gemma2.attention.sliding_window", 0]])).toEqual([
      undefined,
      undefined,
    ]);
    expect(slide("gemma2", 2, [])).toEqual([undefined, undefined]);
  });
});

describe("fromGguf: split files", () => {
  const split = (count: number): [string, GgufValue] => ["split.count", count];
  it("sums the splits; the architecture comes from the split that has it", () => {
    // The named tensors (embedding, head, gate) sit in the split with the metadata.
    const [a, b, c, ...rest] = llamaTensors();
    const first = header([...llamaMeta(), split(2)], [a!, b!, c!]);
    const second = header([split(2)], rest);
    const r = ok(fromGguf(["m-00002-of-00002.gguf", "m-00001-of-00002.gguf"], [second, first]));
    expect(r.params).toBe(LLAMA_TOTAL);
    expect(r.model).toEqual(LLAMA_ARCH);
    expect(r.label).toBe("m-00002-of-00002.gguf +1 (llama, 1.7 M)");
    expect(r.notes).toEqual([{ code: "arch-from-metadata", family: "llama" }]);
  });
  it("says which splits are missing", () => {
    const r = ok(fromGguf(["a", "b", "c"], [header([...llamaMeta(), split(4)], llamaTensors())]));
    expect(r.label).toBe("a +2 (llama, 1.7 M)");
    expect(r.notes).toContainEqual({ code: "shards-missing", have: 1, of: 4 });
    const all = ok(fromGguf(["a"], [header([...llamaMeta(), split(1)], llamaTensors())]));
    expect(all.notes.map((n) => n.code)).toEqual(["arch-from-metadata"]);
  });
  it("no header, or no tensors in any: nothing to read", () => {
    expect(errorOf(fromGguf([], []))).toEqual({ code: "no-tensors" });
    expect(errorOf(fromGguf(["a"], [header(llamaMeta(), [])]))).toEqual({ code: "no-tensors" });
  });
  it("without any architecture key, the first split is read", () => {
    const r = ok(fromGguf(["a", "b"], [header([split(2)], llamaTensors()), header([], [])]));
    expect(r.label).toBe("a +1 (gguf, 1.7 M)");
    expect(r.notes).toEqual([]);
  });
});

const st = (name: string, dtype: string, params: number, bytes: number): SafetensorsTensor => ({
  name,
  dtype,
  shape: [params],
  params,
  bytes,
});

describe("fromSafetensors", () => {
  it("the count is the model; the dtype with most bytes names it", () => {
    const r = ok(
      fromSafetensors(
        ["model.safetensors"],
        [[st("a", "F32", 1e6, 4e6), st("b", "BF16", 1e6, 2e6), st("c", "BF16", 2e6, 4e6)]],
      ),
    );
    expect(r.model).toEqual({ params: 4e6 });
    expect(r.types).toEqual([
      { name: "BF16", params: 3e6, bytes: 6e6 },
      { name: "F32", params: 1e6, bytes: 4e6 },
    ]);
    expect(r.label).toBe("model.safetensors (BF16, 4.0 M)");
    // 8 · 10e6 bytes / 4e6 parameters.
    expect(r.bitsPerWeight).toBe(20);
    expect(r.weightBits).toBe(20);
    expect(r.notes).toEqual([{ code: "shape-needs-config" }]);
    expect(r.format).toBe("safetensors");
  });
  it("a shard's name tells how many there are", () => {
    const one = [[st("a", "BF16", 2e6, 4e6)]];
    expect(ok(fromSafetensors(["model-00001-of-00004.safetensors"], one)).notes[0]).toEqual({
      code: "shards-missing",
      have: 1,
      of: 4,
    });
    const four = ["1", "2", "3", "4"].map((i) => `model-0000${i}-of-00004.safetensors`);
    expect(ok(fromSafetensors(four, one)).notes).toEqual([{ code: "shape-needs-config" }]);
    for (const name of ["model-1-of-4.safetensors", "model-00001-of-00004", "x.safetensors"])
      expect(ok(fromSafetensors([name], one)).notes, name).toEqual([
        { code: "shape-needs-config" },
      ]);
  });
  it("no tensors at all is refused", () => {
    expect(errorOf(fromSafetensors(["a"], [[], []]))).toEqual({ code: "no-tensors" });
  });
  it("a count below the range every request is held to (1e6) is out of range", () => {
    expect(errorOf(fromSafetensors(["a"], [[st("a", "BF16", 999_999, 1_999_998)]]))).toEqual({
      code: "out-of-range",
      params: { params: 999_999 },
    });
    expect(ok(fromSafetensors(["a"], [[st("a", "BF16", 1e6, 2e6)]])).params).toBe(1e6);
  });
  it("the serving bits are held to 1 … 32", () => {
    // 8·100 / 2e6 = 0.0004 bits → 1; 8·1e8 / 2e6 = 400 → 32.
    const low = ok(fromSafetensors(["a"], [[st("a", "U8", 2e6, 100)]]));
    expect(low.bitsPerWeight).toBe(0.0004);
    expect(low.weightBits).toBe(1);
    expect(ok(fromSafetensors(["a"], [[st("a", "U8", 2e6, 1e8)]])).weightBits).toBe(32);
  });
});

describe("fromIndex", () => {
  const index = {
    totalBytes: 16e9,
    tensorNames: ["lm_head.weight"],
    shards: 4,
    tiedEmbeddings: false,
    quantized: false,
  };
  it("parameters at 2 bytes each, said to be assumed", () => {
    expect(ok(fromIndex(index))).toEqual({
      format: "index",
      label: "model.safetensors.index.json (16-bit, 8.00 B)",
      model: { params: 8e9 },
      params: 8e9,
      weightBytes: 16e9,
      bitsPerWeight: 16,
      weightBits: 16,
      types: [{ name: "16-bit", params: 8e9, bytes: 16e9 }],
      notes: [{ code: "assumed-16-bit" }, { code: "shape-needs-config" }],
    });
  });
  it("a quantized checkpoint's index is refused", () => {
    expect(errorOf(fromIndex({ ...index, quantized: true }))).toEqual({
      code: "index-quantized",
    });
  });
});

describe("readWeightFiles and readIndexText", () => {
  const file = (name: string, bytes: Uint8Array) => ({ name, source: bytesSource(bytes) });
  it("no files: nothing to read, naming no file", async () => {
    expect(errorOf(await readWeightFiles([]))).toEqual({ code: "no-tensors" });
  });
  it("a file's error names the file, beside the error's own parameters", async () => {
    expect(errorOf(await readWeightFiles([file("x.bin", new Uint8Array(3))]))).toEqual({
      code: "truncated",
      params: { file: "x.bin" },
    });
    const v1 = tinyGguf({ type: 8, version: 1 });
    expect(errorOf(await readWeightFiles([file("old.gguf", v1)]))).toEqual({
      code: "unsupported-version",
      params: { version: 1, file: "old.gguf" },
    });
  });
  it("a GGUF file is told by its magic, not its name", async () => {
    const r = ok(await readWeightFiles([file("weights.safetensors", tinyGguf({ type: 8 }))]));
    expect(r.format).toBe("gguf");
    const s = safetensorsFile({ tensors: [{ name: "w", dtype: "BF16", shape: [1000, 1000] }] });
    expect(ok(await readWeightFiles([file("w.gguf", s)])).format).toBe("safetensors");
  });
  it("safetensors shards are read together; a GGUF among them is refused", async () => {
    const s = safetensorsFile({ tensors: [{ name: "w", dtype: "BF16", shape: [1000, 1000] }] });
    const two = ok(await readWeightFiles([file("a", s), file("b", s)]));
    expect(two.params).toBe(2e6);
    const mixed = await readWeightFiles([file("a", s), file("b", tinyGguf({ type: 8 }))]);
    expect(errorOf(mixed)).toEqual({ code: "mixed-formats" });
  });
  it("a pasted index: read, or the reason", () => {
    const text = JSON.stringify({ metadata: { total_size: 4e6 }, weight_map: { w: "a" } });
    expect(ok(readIndexText(text)).params).toBe(2e6);
    expect(errorOf(readIndexText("nope"))).toEqual({ code: "not-index" });
  });
});
