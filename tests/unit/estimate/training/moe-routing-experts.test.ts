/**
 * Which layers of an MoE route, and how many tokens each expert's GEMM gets per
 * micro-batch: from the models' config.json (Qwen3-30B-A3B: 48 layers, all MoE, 128
 * experts, 8 per token; DeepSeek-V3: 61 layers, the first 3 dense).
 */
import { describe, expect, it } from "vitest";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { moeLayersOf, tokensPerExpert } from "../../../../src/estimate/training/moe-routing.ts";

const preset = (id: string): ModelArch => PRESETS.find((p) => p.id === id)!.model;
const qwen3 = preset("qwen3-30b-a3b");

describe("MoE layers", () => {
  it("all layers but the leading dense ones; none for a dense model", () => {
    expect(moeLayersOf(qwen3)).toBe(48);
    expect(moeLayersOf(preset("deepseek-v3"))).toBe(58);
    expect(moeLayersOf(preset("llama-3.1-8b"))).toBe(0);
  });
  it("more leading dense layers than layers leaves none, never a negative count", () => {
    const moe = qwen3.moe!;
    expect(moeLayersOf({ ...qwen3, moe: { ...moe, denseLayers: 60 } })).toBe(0);
  });
});

describe("tokens per expert GEMM", () => {
  it("a micro-batch's tokens × top-k, gathered from the expert ranks onto their experts", () => {
    // 4096 tokens on each of 2 tensor ranks' share: 4096 × 8 copies × 8 ep ranks / (2 × 128).
    expect(tokensPerExpert(qwen3, 4096, 2, 8)).toBe(1024);
    // One GPU: 4096 × 8 / 128 = 256.
    expect(tokensPerExpert(qwen3, 4096, 1, 1)).toBe(256);
  });
  it("a dense model has no experts to feed", () => {
    expect(tokensPerExpert(preset("llama-3.1-8b"), 4096, 1, 1)).toBe(0);
  });
});
