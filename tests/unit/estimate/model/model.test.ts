import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import {
  headDimOf,
  isArch,
  kvHeadsOf,
  matrixShapes,
  paramCounts,
  shapeFromParams,
  vectorParams,
} from "../../../../src/estimate/model/model.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";
import { expectRel, RUNS } from "../helpers.ts";

const preset = (id: string): ModelArch => findPreset(id)!.model;

describe("parameter counts from the architecture, against hand arithmetic", () => {
  it("Llama 3.1 8B: 8,030,261,248 exactly", () => {
    // embed + head: 2·128256·4096; per layer q,o 4096² each, k,v 4096·1024 each, 3·4096·14336 MLP, 2 RMSNorms.
    const perLayer = 2 * 4096 * 4096 + 2 * 4096 * 1024 + 3 * 4096 * 14336 + 2 * 4096;
    const hand = 2 * 128256 * 4096 + 32 * perLayer + 4096;
    expect(hand).toBe(8_030_261_248);
    expect(paramCounts(preset("llama-3.1-8b")).total).toBe(hand);
    expect(paramCounts(preset("llama-3.1-8b")).active).toBe(hand);
  });
  it("Llama 2 7B: 6,738,415,616 exactly (full MHA, ffn 11008)", () => {
    const hand = 2 * 32000 * 4096 + 32 * (4 * 4096 * 4096 + 3 * 4096 * 11008 + 2 * 4096) + 4096;
    expect(hand).toBe(6_738_415_616);
    expect(paramCounts(preset("llama-2-7b")).total).toBe(hand);
  });
  it("BERT-large: 335,141,888 (embeddings + LayerNorm + 24 layers with biases + pooler)", () => {
    const embeddings = (30522 + 512 + 2) * 1024 + 2 * 1024;
    const layer =
      4 * (1024 * 1024 + 1024) + (1024 * 4096 + 4096) + (4096 * 1024 + 1024) + 2 * 2 * 1024;
    const hand = embeddings + 24 * layer + (1024 * 1024 + 1024);
    expect(hand).toBe(335_141_888);
    expect(paramCounts(preset("bert-large")).total).toBe(hand);
    expectRel(paramCounts(preset("bert-large")).total, 335e6, 0.01);
  });
  it("GPT-2 small: 124,439,808 (tied head, learned positions)", () => {
    const layer =
      2 * 2 * 768 +
      (768 * 2304 + 2304) +
      (768 * 768 + 768) +
      (768 * 3072 + 3072) +
      (3072 * 768 + 768);
    const hand = 50257 * 768 + 1024 * 768 + 12 * layer + 2 * 768;
    expect(hand).toBe(124_439_808);
    expect(paramCounts(preset("gpt2")).total).toBe(hand);
  });
  it("Mixtral 8x7B: 46.7B total, 12.9B active (2 of 8 experts)", () => {
    const c = paramCounts(preset("mixtral-8x7b"));
    expectRel(c.total, 46.7e9, 0.01);
    expectRel(c.active, 12.9e9, 0.01);
    const expert = 3 * 4096 * 14336;
    // Total minus active is exactly the 6 idle experts in each of 32 layers.
    expect(c.total - c.active).toBe(32 * 6 * expert);
  });
  it('DeepSeek-V3: 671B total; active 37.55B by hand (published "37B")', () => {
    const c = paramCounts(preset("deepseek-v3"));
    expectRel(c.total, 671e9, 0.01);
    const h = 7168;
    const mla =
      h * 1536 + 1536 * 128 * (128 + 64) + h * (512 + 64) + 512 * 128 * (128 + 128) + 128 * 128 * h;
    const expert = 3 * h * 2048;
    const handActive = 2 * 129280 * h + 61 * mla + 3 * 3 * h * 18432 + 58 * (9 * expert + h * 256);
    // Norm vectors (2 per layer + final) are all that the hand sum leaves out.
    expect(c.active - handActive).toBe((2 * 61 + 1) * h);
    expectRel(c.active, 37e9, 0.02);
  });
  it("GLM-4 9B ≈ 9.4B, Qwen2.5 7B ≈ 7.61B, Qwen3 8B ≈ 8.19B, Mistral 7B ≈ 7.24B", () => {
    expectRel(paramCounts(preset("glm-4-9b")).total, 9.4e9, 0.01);
    expectRel(paramCounts(preset("qwen2.5-7b")).total, 7.61e9, 0.01);
    expectRel(paramCounts(preset("qwen3-8b")).total, 8.19e9, 0.01);
    expectRel(paramCounts(preset("mistral-7b")).total, 7.24e9, 0.01);
    expectRel(paramCounts(preset("llama-3.1-70b")).total, 70.6e9, 0.01);
  });
});

describe("shapes", () => {
  it("GQA: k and v are kvHeads·headDim wide, q and o full width", () => {
    const shapes = matrixShapes(preset("llama-3.1-8b"));
    const k = shapes.find((s) => s.name === "k")!;
    const q = shapes.find((s) => s.name === "q")!;
    expect([k.rows, k.cols, k.count]).toEqual([4096, 8 * 128, 32]);
    expect([q.rows, q.cols]).toEqual([4096, 4096]);
  });
  it("uses the given head_dim, never hidden/heads, when they differ (Qwen3 32B: 5120/64 = 80, head_dim 128)", () => {
    const m = preset("qwen3-32b");
    expect(headDimOf(m)).toBe(128);
    const { headDim: _given, ...derived } = m;
    expect(headDimOf(derived)).toBe(80);
    const q = matrixShapes(m).find((s) => s.name === "q")!;
    expect(q.cols).toBe(64 * 128);
  });
  it("kvHeads defaults to heads (full MHA)", () => {
    const m: ModelArch = { layers: 2, hidden: 64, heads: 4, ffn: 128, vocab: 10 };
    expect(kvHeadsOf(m)).toBe(4);
    expect(kvHeadsOf({ ...m, kvHeads: 1 })).toBe(1);
  });
  it("tied embeddings drop the head; plain MLP has 2 matrices, gated 3", () => {
    const m: ModelArch = { layers: 1, hidden: 8, heads: 2, ffn: 16, vocab: 100 };
    const untied = paramCounts(m).total;
    expect(untied - paramCounts({ ...m, tiedEmbeddings: true }).total).toBe(8 * 100);
    expect(paramCounts(m).total - paramCounts({ ...m, mlp: "plain" }).total).toBe(8 * 16);
  });
  it("MoE: dense leading layers, shared experts always active, router counted", () => {
    const m: ModelArch = {
      layers: 4,
      hidden: 8,
      heads: 2,
      ffn: 32,
      vocab: 10,
      tiedEmbeddings: true,
      moe: { experts: 4, activeExperts: 1, sharedExperts: 1, expertFfn: 4, denseLayers: 1 },
    };
    const c = paramCounts(m);
    const base = 10 * 8 + 4 * (4 * 8 * 8) + vectorParams(m);
    const dense = 3 * 8 * 32;
    const expert = 3 * 8 * 4;
    expect(c.total).toBe(base + dense + 3 * (4 * expert + expert + 8 * 4));
    expect(c.active).toBe(base + dense + 3 * (expert + expert + 8 * 4));
  });
  it("largestMatrix is the biggest single matrix; quantizable excludes embeddings and head", () => {
    const c = paramCounts(preset("llama-3.1-8b"));
    expect(c.largestMatrix).toBe(128256 * 4096);
    expect(c.largestQuantizable).toBe(4096 * 14336);
    expect(c.total - c.quantizable).toBe(2 * 128256 * 4096 + 65 * 4096);
  });
  it("a bare parameter count is its own total, active and quantizable count", () => {
    expect(isArch({ params: 7e9 })).toBe(false);
    expect(paramCounts({ params: 7e9 })).toMatchObject({
      total: 7e9,
      active: 7e9,
      quantizable: 7e9,
    });
    expect(paramCounts({ params: 47e9, activeParams: 13e9 }).active).toBe(13e9);
  });
});

describe("shapeFromParams (a shape for a bare count)", () => {
  it("gives a Llama-2-7B-like shape for 6.74e9: 32 layers, hidden ≈ 4096", () => {
    const s = shapeFromParams(6.74e9);
    expect(s.layers).toBe(32);
    expectRel(s.hidden, 4096, 0.03);
    expect(s.hidden % 64).toBe(0);
  });
  it("layers, hidden and heads never shrink as the count grows (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e5, max: 1e13, noNaN: true }),
        fc.double({ min: 1, max: 1.2, noNaN: true }),
        (p, k) => {
          const a = shapeFromParams(p);
          const b = shapeFromParams(p * k);
          expect(b.layers).toBeGreaterThanOrEqual(a.layers);
          expect(b.hidden).toBeGreaterThanOrEqual(a.hidden);
          expect(b.heads).toBeGreaterThanOrEqual(a.heads);
        },
      ),
      RUNS,
    );
  });
  it("its implied count 12·h²·L stays near the given count for real sizes (within 25%)", () => {
    for (const p of [1e9, 7e9, 13e9, 70e9, 175e9]) {
      const s = shapeFromParams(p);
      expectRel(12 * s.hidden ** 2 * s.layers, p, 0.25);
    }
  });
});
