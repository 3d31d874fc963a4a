import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  kvBytesPerToken,
  kvCacheBytes,
  slidingLayersOf,
} from "../../../../src/estimate/serving/kv-cache.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";
import { RUNS } from "../helpers.ts";

const m = (id: string): ModelArch => findPreset(id)!.model;

describe("KV cache = 2 × layers × KV heads × head dim × tokens × sequences × bytes", () => {
  it("Llama 3.1 8B: 2×32×8×128×2 = 131,072 bytes per token", () => {
    expect(kvBytesPerToken(m("llama-3.1-8b"), 16)).toBe(131_072);
  });
  it("the GQA trap: using 32 attention heads instead of 8 KV heads would be 4× too big", () => {
    const wrong = kvBytesPerToken({ ...m("llama-3.1-8b"), kvHeads: 32 }, 16);
    expect(wrong / kvBytesPerToken(m("llama-3.1-8b"), 16)).toBe(4);
  });
  it("Llama 2 7B (full MHA): 2×32×32×128×2 = 524,288 bytes per token; 4096 tokens = 2 GiB", () => {
    expect(kvBytesPerToken(m("llama-2-7b"), 16)).toBe(524_288);
    expect(kvCacheBytes(m("llama-2-7b"), 4096, 16)).toBe(2 * 2 ** 30);
  });
  it("head_dim from the config when it differs from hidden/heads (Qwen3-32B: 128, not 5120/64 = 80)", () => {
    expect(kvBytesPerToken(m("qwen3-32b"), 16)).toBe(2 * 64 * 8 * 128 * 2);
    expect(kvBytesPerToken(m("qwen3-32b"), 16)).not.toBe(2 * 64 * 8 * 80 * 2);
  });
  it("MQA (OctoCoder: 1 KV head of 128): 2×40×1×128×2 = 20,480 bytes per token", () => {
    expect(kvBytesPerToken(m("octocoder"), 16)).toBe(20_480);
  });
  it("DeepSeek-V3 MLA caches the latent: 61 × (512 + 64) × 2 = 70,272 bytes per token", () => {
    expect(kvBytesPerToken(m("deepseek-v3"), 16)).toBe(70_272);
    // Full MHA with 128 heads of 192 (K) would be 2·61·128·192·2 ≈ 6 MB: MLA is ~57× smaller.
    expect((2 * 61 * 128 * 128 * 2) / kvBytesPerToken(m("deepseek-v3"), 16)).toBeGreaterThan(50);
  });
  it("KV quantization: 8-bit halves, 4-bit quarters, fp32 doubles", () => {
    const b16 = kvBytesPerToken(m("llama-3.1-8b"), 16);
    expect(kvBytesPerToken(m("llama-3.1-8b"), 8)).toBe(b16 / 2);
    expect(kvBytesPerToken(m("llama-3.1-8b"), 4)).toBe(b16 / 4);
    expect(kvBytesPerToken(m("llama-3.1-8b"), 32)).toBe(b16 * 2);
  });
  it("is linear in tokens and sequences, never negative, and lower bits never need more (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 128 }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(64, 128, 256),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 256 }),
        (layers, heads, kvDiv, headDim, tokens, seqs) => {
          const model: ModelArch = {
            layers,
            hidden: heads * headDim,
            heads,
            kvHeads: Math.max(1, Math.floor(heads / kvDiv)),
            headDim,
            ffn: 1,
            vocab: 1,
          };
          const per = kvBytesPerToken(model, 16);
          expect(kvCacheBytes(model, tokens, 16) * seqs).toBe(per * tokens * seqs);
          expect(kvCacheBytes(model, tokens + 1, 16)).toBeGreaterThanOrEqual(
            kvCacheBytes(model, tokens, 16),
          );
          expect(kvBytesPerToken(model, 8)).toBeLessThanOrEqual(per);
          expect(kvBytesPerToken(model, 4)).toBeLessThanOrEqual(kvBytesPerToken(model, 8));
        },
      ),
      RUNS,
    );
  });
});

describe("sliding-window layers cache at most their window", () => {
  const gemma27b = m("gemma-3-27b");
  const { slidingWindow: _w, slidingLayers: _l, ...allGlobal } = gemma27b;
  const perLayer = 2 * 16 * 128 * 2;
  it("Gemma 3 27B at 32k: 10 global layers × 32,768 + 52 local layers × 1,024 tokens", () => {
    expect(slidingLayersOf(gemma27b)).toBe(52);
    expect(kvCacheBytes(gemma27b, 32_768, 16)).toBe(perLayer * (10 * 32_768 + 52 * 1024));
    // All-global would cache 62 × 32,768 tokens: about 5× as much.
    expect(kvCacheBytes(allGlobal, 32_768, 16)).toBe(perLayer * 62 * 32_768);
    expect(
      kvCacheBytes(allGlobal, 32_768, 16) / kvCacheBytes(gemma27b, 32_768, 16),
    ).toBeGreaterThan(5);
  });
  it("inside the window nothing is saved; per-token bytes stay the full-attention figure", () => {
    expect(kvCacheBytes(gemma27b, 1024, 16)).toBe(kvCacheBytes(allGlobal, 1024, 16));
    expect(kvBytesPerToken(gemma27b, 16)).toBe(kvBytesPerToken(allGlobal, 16));
  });
  it("Mistral 7B v0.1: every layer slides, so the cache stops growing at 4096 tokens", () => {
    const mistral = m("mistral-7b");
    expect(slidingLayersOf(mistral)).toBe(32);
    expect(kvCacheBytes(mistral, 32_768, 16)).toBe(kvCacheBytes(mistral, 4096, 16));
  });
  it("never exceeds the all-global cache and never shrinks with context (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 96 }),
        fc.integer({ min: 0, max: 96 }),
        fc.integer({ min: 1, max: 65_536 }),
        fc.integer({ min: 1, max: 1e6 }),
        (layers, slidingLayers, slidingWindow, tokens) => {
          const base: ModelArch = { layers, hidden: 512, heads: 4, headDim: 128, ffn: 1, vocab: 1 };
          const model: ModelArch = { ...base, slidingWindow, slidingLayers };
          const c = kvCacheBytes(model, tokens, 16);
          expect(c).toBeLessThanOrEqual(kvCacheBytes(base, tokens, 16));
          expect(kvCacheBytes(model, tokens + 1, 16)).toBeGreaterThanOrEqual(c);
          expect(c).toBeGreaterThan(0);
        },
      ),
      RUNS,
    );
  });
});
