/**
 * Training FLOPs by mechanism, with every expected value worked out by hand from the model's
 * config.json shapes (not from the code): Llama-3.1-8B has 32 layers, hidden 4096, 32 query
 * heads and 8 KV heads of dim 128, a gated MLP of 14336 and an untied 128,256 vocabulary.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import {
  attentionForwardFlops,
  hardwareFlopsOf,
  matmulParams,
  meanCausalContext,
  modelFlopsOf,
  tokenFlops,
} from "../../../../src/estimate/training/flops.ts";

const preset = (id: string) => PRESETS.find((p) => p.id === id)!.model;
const llama8b = preset("llama-3.1-8b");

// q and o: 4096 x 4096 x 32 = 536,870,912 each; k and v: 4096 x 1024 x 32 = 134,217,728 each;
// gate, up, down: 3 x 4096 x 14336 x 32 = 5,637,144,576; head 128,256 x 4096 = 525,336,576.
// The input embedding is a lookup and does not count.
const LLAMA8B_MATMUL = 2 * 536_870_912 + 2 * 134_217_728 + 5_637_144_576 + 525_336_576;
// Attention per token and key: 3 passes x 2 FLOPs x 32 layers x 32 heads x (128 + 128).
const LLAMA8B_ATTENTION_PER_KEY = 3 * 2 * 32 * 32 * 256;

describe("FLOPs per trained token", () => {
  it("6·N over the matrices a token passes through: 6 x 7,504,658,432 for Llama-3.1-8B", () => {
    expect(LLAMA8B_MATMUL).toBe(7_504_658_432);
    expect(matmulParams(llama8b)).toBe(LLAMA8B_MATMUL);
    // A tied model's embedding is its head: Llama-3.2-1B counts its 128,256 x 2048 matrix once.
    const tied = preset("llama-3.2-1b");
    const untied = { ...tied, tiedEmbeddings: false };
    expect(matmulParams(untied) - matmulParams(tied)).toBe(0);
  });

  it("attention grows with the sequence: a 32k-token run costs 1.518x a 2k one per token", () => {
    // Causal keys per query: (s + 1) / 2 = 1024.5 at 2048, 16384.5 at 32768.
    const at2k = 6 * LLAMA8B_MATMUL + LLAMA8B_ATTENTION_PER_KEY * 1024.5;
    const at32k = 6 * LLAMA8B_MATMUL + LLAMA8B_ATTENTION_PER_KEY * 16384.5;
    expect(at2k).toBe(46_639_349_760);
    expect(at32k).toBe(70_798_540_800);
    const flops = (seqLen: number) =>
      modelFlopsOf(tokenFlops({ model: llama8b, seqLen, recompute: "none", flashAttention: true }));
    expect(flops(2048)).toBe(at2k);
    expect(flops(32768)).toBe(at32k);
    expect(flops(32768) / flops(2048)).toBeCloseTo(1.518, 3);
  });

  it("recomputation changes hardware FLOPs, never model FLOPs", () => {
    const at = (recompute: "none" | "selective" | "full" | "offload") =>
      tokenFlops({ model: llama8b, seqLen: 2048, recompute, flashAttention: true });
    const model = 46_639_349_760;
    // The attention forward alone: 2 x 32 x 32 x 256 x 1024.5 = 537,133,056.
    const attentionForward = 537_133_056;
    for (const r of ["none", "selective", "full", "offload"] as const)
      expect(modelFlopsOf(at(r))).toBe(model);
    // FlashAttention's backward recomputes the scores: 2.5 forwards where the model counts 2,
    // half a forward more (268,566,528) even without recomputation.
    const flashBackwardExtra = attentionForward / 2;
    expect(hardwareFlopsOf(at("none"))).toBe(model + flashBackwardExtra);
    // Selective recomputes the attention core's forward (Korthikanti et al. 2022, sec. 4.2).
    expect(hardwareFlopsOf(at("selective"))).toBe(model + flashBackwardExtra + attentionForward);
    // Full recomputation runs the whole forward again: 2·N + the attention forward.
    expect(hardwareFlopsOf(at("full"))).toBe(
      model + flashBackwardExtra + 2 * LLAMA8B_MATMUL + attentionForward,
    );
    expect(hardwareFlopsOf(at("offload"))).toBe(hardwareFlopsOf(at("full")));
  });

  it("eager attention runs the whole square: hardware counts 2048 keys a query, the model 1024.5", () => {
    const eager = tokenFlops({
      model: llama8b,
      seqLen: 2048,
      recompute: "none",
      flashAttention: false,
    });
    expect(eager.modelAttention).toBe(LLAMA8B_ATTENTION_PER_KEY * 1024.5);
    expect(eager.hardwareAttention).toBe(LLAMA8B_ATTENTION_PER_KEY * 2048);
  });

  it("grouped-query attention scores with every query head: KV heads change no attention FLOPs", () => {
    const mha = { ...llama8b, kvHeads: 32 };
    expect(attentionForwardFlops(mha, 4096, true)).toBe(attentionForwardFlops(llama8b, 4096, true));
    // The K and V projections do grow: 2 x 32 layers x 4096 x (4096 - 1024) more parameters.
    expect(matmulParams(mha) - matmulParams(llama8b)).toBe(2 * 32 * 4096 * 3072);
  });

  it("MLA scores over its own head dims: DeepSeek-V3, 128 heads x (192 + 128) over 61 layers", () => {
    const v3 = preset("deepseek-v3");
    // (128 nope + 64 rope) for QKᵀ, 128 for AV: 2 x 128 x (192 + 128) = 81,920 per key and layer.
    expect(attentionForwardFlops(v3, 4096, true)).toBe(61 * 81_920 * 2048.5);
  });

  it("a sliding-window layer attends to at most its window", () => {
    // Within the window every query sees its i + 1 keys: (s + 1) / 2.
    expect(meanCausalContext(1000, 4096)).toBe(500.5);
    // 8192 tokens, window 4096: 4096·4097/2 + 4096·4096 keys over 8192 queries = 3072.25.
    expect(meanCausalContext(8192, 4096)).toBe(3072.25);
    // gpt-oss style: one of two layers windowed at 128 keys, 1024 tokens, one head of dim 64:
    // 2 x (64 + 64) = 256 FLOPs per key; the global layer sees (1024 + 1) / 2 = 512.5 keys,
    // the windowed one (128·129/2 + (1024 − 128)·128) / 1024 = 120.0625.
    const arch = {
      layers: 2,
      hidden: 64,
      heads: 1,
      headDim: 64,
      ffn: 64,
      vocab: 8,
      slidingWindow: 128,
      slidingLayers: 1,
    };
    expect(attentionForwardFlops(arch, 1024, true)).toBe(256 * (512.5 + 120.0625));
  });

  it("LoRA: the frozen base costs 4·N, the adapters 6 per trainable parameter", () => {
    const f = tokenFlops({
      model: llama8b,
      seqLen: 2048,
      recompute: "none",
      flashAttention: true,
      trainableParams: 1e6,
    });
    expect(f.modelDense).toBe(4 * LLAMA8B_MATMUL + 6e6);
    expect(f.modelAttention).toBe(LLAMA8B_ATTENTION_PER_KEY * 1024.5);
  });
});

describe("training time per token follows the FLOPs", () => {
  const gpus = loadGpuSpecs();
  const hours = (seqLen: number) => {
    const r = runRequest(
      {
        task: "train-time",
        model: { preset: "llama-3.1-8b" },
        gpu: "h100-sxm",
        tokens: 1e9,
        seqLen,
        mfu: 0.4,
      },
      { gpus, presets: PRESETS },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return (r.result as unknown as { hours: number }).hours;
  };
  it("at one MFU a 32k-token run takes 1.518x the hours of a 2k one for the same tokens", () => {
    // 1e9 tokens x 46,639,349,760 FLOPs / (989.5 TFLOPS x 0.4) / 3600 s = 32.73 h at 2k.
    expect(hours(2048)).toBeCloseTo((1e9 * 46_639_349_760) / (989.5e12 * 0.4) / 3600, 6);
    expect(hours(32768) / hours(2048)).toBeCloseTo(70_798_540_800 / 46_639_349_760, 9);
  });
});
