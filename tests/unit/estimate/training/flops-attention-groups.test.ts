/**
 * Training FLOPs by layer group and by what the GPU reruns: full-attention and
 * sliding-window layers timed apart, the head width attention kernels run at, which
 * recomputation reruns what, and a model known only by its parameter count. Worked by hand
 * from Llama-3.1-8B's config (32 layers, 32 heads of 128, so 2 × 32 × (128 + 128) = 16,384
 * forward FLOPs per key and layer, 524,288 over the 32 layers).
 */
import { describe, expect, it } from "vitest";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import {
  attentionGroups,
  attentionHeadDim,
  matmulParams,
  tokenFlops,
  transformerJobFlops,
} from "../../../../src/estimate/training/flops.ts";
import type { Recompute } from "../../../../src/estimate/vocabulary.ts";

const preset = (id: string) => PRESETS.find((p) => p.id === id)!.model;
const llama8b = preset("llama-3.1-8b");
const PER_KEY = 524_288;

describe("attention by layer group", () => {
  it("full attention: one group, the mean causal keys, and a full run of twice them", () => {
    // (2048 + 1) / 2 = 1024.5 keys: 524,288 × 1024.5 = 537,133,056; the benchmark length 2049.
    expect(attentionGroups(llama8b, 2048)).toEqual([{ forward: 537_133_056, benchSeqLen: 2049 }]);
  });
  it("a window on every layer (Mistral 7B v0.1): one windowed group, no empty full one", () => {
    // 8192 tokens, window 4096: (4096·4097/2 + 4096·4096) / 8192 = 3072.25 keys.
    expect(attentionGroups({ ...llama8b, slidingWindow: 4096 }, 8192)).toEqual([
      { forward: PER_KEY * 3072.25, benchSeqLen: 6144.5 },
    ]);
  });
  it("20 of 32 layers windowed at 1024: the 12 full ones first, then the windowed", () => {
    // Full: 12 layers × 16,384 × 4096.5 keys. Windowed: (1024·1025/2 + 7168·1024) / 8192 =
    // 960.0625 keys, a full run of 1920.125 tokens.
    const gemmaLike = { ...llama8b, slidingWindow: 1024, slidingLayers: 20 };
    expect(attentionGroups(gemmaLike, 8192)).toEqual([
      { forward: 16_384 * 12 * 4096.5, benchSeqLen: 8193 },
      { forward: 16_384 * 20 * 960.0625, benchSeqLen: 1920.125 },
    ]);
  });
});

describe("the head width attention kernels run at", () => {
  it("the head dim; MLA's query/key width (DeepSeek-V3: 128 nope + 64 rope)", () => {
    expect(attentionHeadDim(llama8b)).toBe(128);
    expect(attentionHeadDim(preset("deepseek-v3"))).toBe(192);
    expect(attentionHeadDim({ ...llama8b, headDim: 256 })).toBe(256);
    expect(
      tokenFlops({ model: llama8b, seqLen: 2048, recompute: "none", flashAttention: true })
        .attentionHeadDim,
    ).toBe(128);
  });
});

describe("what recomputation reruns", () => {
  const at = (recompute: Recompute, flashAttention = true) =>
    tokenFlops({ model: llama8b, seqLen: 2048, recompute, flashAttention });
  it("selective reruns the attention forward only; full and offload the whole forward", () => {
    expect([at("none").attentionRecomputes, at("none").forwardReruns]).toEqual([0, 0]);
    expect([at("selective").attentionRecomputes, at("selective").forwardReruns]).toEqual([1, 0]);
    expect([at("full").attentionRecomputes, at("full").forwardReruns]).toEqual([1, 1]);
    expect([at("offload").attentionRecomputes, at("offload").forwardReruns]).toEqual([1, 1]);
    expect(at("selective").hardwareDense).toBe(at("none").hardwareDense);
  });
  it("FlashAttention with selective recomputation: 1 + 2.5 + 1 forwards of 537,133,056", () => {
    expect(at("selective").hardwareAttention).toBe(4.5 * 537_133_056);
    expect(at("selective").attention).toEqual([{ forward: 537_133_056, benchSeqLen: 2049 }]);
  });
  it("eager attention with selective recomputation: 3 + 1 passes over the whole square", () => {
    // 524,288 × 2048 keys = 1,073,741,824 per pass.
    expect(at("selective", false).hardwareAttention).toBe(4 * 1_073_741_824);
  });
});

describe("an MoE's matrices", () => {
  it("count the experts a token is routed to: Qwen3-30B-A3B multiplies by 3,041,656,832", () => {
    // Per layer: q 2048 × 4096 and o 4096 × 2048 (8,388,608 each), k and v 2048 × 512
    // (1,048,576 each): 18,874,368; 8 of 128 experts of 3 × 2048 × 768: 37,748,736; the
    // router 2048 × 128: 262,144. × 48 layers = 2,729,287,680, + the untied head 2048 ×
    // 151,936 = 311,164,928.
    expect(matmulParams(preset("qwen3-30b-a3b"))).toBe(3_041_656_832);
  });
  it("layers with a slidingLayers count but no window attend fully: one group", () => {
    expect(attentionGroups({ ...llama8b, slidingLayers: 20 }, 2048)).toEqual([
      { forward: 537_133_056, benchSeqLen: 2049 },
    ]);
  });
});

describe("a job's FLOPs", () => {
  it("per token × tokens, model and hardware apart", () => {
    // 46,639,349,760 model and 46,907,916,288 hardware FLOPs per token (flops.test.ts).
    const input = {
      model: llama8b,
      seqLen: 2048,
      recompute: "none",
      flashAttention: true,
    } as const;
    const job = transformerJobFlops(input, 1e6);
    expect(job.model).toBe(46_639_349_760e6);
    expect(job.hardware).toBe(46_907_916_288e6);
    // The per-token figures ride along: 6 × 7,504,658,432 dense model FLOPs.
    expect(job.perToken?.modelDense).toBe(6 * 7_504_658_432);
  });
});

describe("a model known by its parameter count", () => {
  it("multiplies by its active parameters", () => {
    expect(matmulParams({ params: 7e9 })).toBe(7e9);
    expect(matmulParams({ params: 30e9, activeParams: 3e9 })).toBe(3e9);
  });
  it("attends with the assumed shape: 7e9 → 33 layers of 4224 in 33 heads of 128", () => {
    // Layers round(cbrt(7e9 / (12 × 128²))) = round(32.9) = 33; hidden round(cbrt(128 × 7e9
    // / 12) / 64) × 64 = 66 × 64 = 4224; heads 4224 / 128 = 33. Per key 2 × 33 × 256 =
    // 16,896 over 33 layers × 1024.5 keys = 571,228,416 forward; 3 × that trained.
    const f = tokenFlops({
      model: { params: 7e9 },
      seqLen: 2048,
      recompute: "none",
      flashAttention: true,
    });
    expect(f.modelDense).toBe(6 * 7e9);
    expect(f.modelAttention).toBe(3 * 571_228_416);
    expect(f.attentionHeadDim).toBe(128);
  });
});
