import { describe, expect, it } from "vitest";
import { findPreset, PRESET_IDS, PRESETS } from "../../../src/estimate/presets.ts";
import { headDimOf, kvHeadsOf, paramCounts } from "../../../src/estimate/model.ts";
import { expectRel } from "./helpers.ts";

describe("presets", () => {
  it("covers the models the spec names, each with a source", () => {
    for (const id of [
      "llama-3.1-8b",
      "llama-3.1-70b",
      "qwen2.5-7b",
      "qwen2.5-72b",
      "qwen3-8b",
      "qwen3-32b",
      "deepseek-v3",
      "deepseek-r1",
      "mistral-7b",
      "mixtral-8x7b",
      "glm-4-9b",
      "bert-large",
    ]) {
      const p = findPreset(id);
      expect(p, id).toBeDefined();
      expect(p!.source).toMatch(/config\.json/);
    }
  });
  it("has unique ids and exposes them", () => {
    expect(new Set(PRESET_IDS).size).toBe(PRESETS.length);
    expect(PRESET_IDS).toEqual(PRESETS.map((p) => p.id));
    expect(findPreset("no-such-model")).toBeUndefined();
  });
  it.each([
    ["llama-3.1-8b", 8.03e9],
    ["llama-3.1-70b", 70.6e9],
    ["llama-2-7b", 6.74e9],
    ["llama-2-13b", 13.0e9],
    ["qwen2.5-7b", 7.61e9],
    ["qwen2.5-14b", 14.7e9],
    ["qwen2.5-32b", 32.8e9],
    ["qwen2.5-72b", 72.7e9],
    ["qwen3-8b", 8.19e9],
    ["qwen3-32b", 32.8e9],
    ["deepseek-v3", 671e9],
    ["deepseek-r1", 671e9],
    ["mistral-7b", 7.24e9],
    ["mixtral-8x7b", 46.7e9],
    ["glm-4-9b", 9.4e9],
    ["bert-large", 335e6],
    ["gpt2", 124.4e6],
    ["octocoder", 15.5e9],
  ] as const)("%s has its published size (within 1%%)", (id, n) => {
    expectRel(paramCounts(findPreset(id)!.model).total, n, 0.01);
  });
  it("transcribes the attention layout: GQA heads, head_dim, MQA", () => {
    const m = (id: string) => findPreset(id)!.model;
    expect([kvHeadsOf(m("llama-3.1-8b")), headDimOf(m("llama-3.1-8b"))]).toEqual([8, 128]);
    expect(kvHeadsOf(m("llama-2-7b"))).toBe(32);
    expect([kvHeadsOf(m("qwen2.5-7b")), headDimOf(m("qwen2.5-7b"))]).toEqual([4, 128]);
    expect(headDimOf(m("qwen3-32b"))).toBe(128);
    expect(kvHeadsOf(m("glm-4-9b"))).toBe(2);
    expect(kvHeadsOf(m("octocoder"))).toBe(1);
    expect(m("deepseek-v3").mla?.kvLoraRank).toBe(512);
  });
  it("every preset is a sane architecture (positive integers, kvHeads ≤ heads, active ≤ total)", () => {
    for (const p of PRESETS) {
      const m = p.model;
      for (const v of [m.layers, m.hidden, m.heads, m.ffn, m.vocab])
        expect(Number.isInteger(v) && v > 0, p.id).toBe(true);
      expect(kvHeadsOf(m)).toBeLessThanOrEqual(m.heads);
      expect(m.heads % kvHeadsOf(m), p.id).toBe(0);
      const c = paramCounts(m);
      expect(c.active).toBeLessThanOrEqual(c.total);
    }
  });
});
