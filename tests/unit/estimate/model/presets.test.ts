import { describe, expect, it } from "vitest";
import { findPreset, PRESET_IDS, PRESETS } from "../../../../src/estimate/model/presets.ts";
import { headDimOf, kvHeadsOf, paramCounts } from "../../../../src/estimate/model/model.ts";
import { PUBLISHED_SIZES } from "../preset-sizes.ts";

/** "1.23B" → 1.23e9 and half its last digit (0.005e9): how exact the printed figure is. */
function parseFigure(text: string): { value: number; halfUnit: number } {
  const m = /^(\d+)(?:\.(\d+))?([MB])$/.exec(text);
  if (!m) throw new Error(`not a size figure: ${text}`);
  const scale = m[3] === "B" ? 1e9 : 1e6;
  const decimals = m[2]?.length ?? 0;
  return {
    value: Number(`${m[1]}.${m[2] ?? "0"}`) * scale,
    halfUnit: (0.5 * scale) / 10 ** decimals,
  };
}

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
  it("records every preset's published size, and only theirs", () => {
    expect(Object.keys(PUBLISHED_SIZES).sort()).toEqual([...PRESET_IDS].sort());
  });
  it.each(PRESETS.map((p) => [p.id, p] as const))(
    "%s has its published total (within 1%%, or the figure's own rounding)",
    (id, p) => {
      const published = PUBLISHED_SIZES[id]!;
      const { value, halfUnit } = parseFigure(published.total);
      const tolerance = Math.max(0.01 * value, halfUnit);
      const total = paramCounts(p.model).total;
      expect(Math.abs(total - value), `${id}: ${total} vs ${published.total}`).toBeLessThanOrEqual(
        tolerance,
      );
    },
  );
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
  it("ties the head where the checkpoint does (Llama 3.2, small Qwen3, Gemma 3), not the R1 1.5B distill", () => {
    const tied = (id: string) => findPreset(id)!.model.tiedEmbeddings;
    for (const id of ["llama-3.2-1b", "llama-3.2-3b", "qwen3-0.6b", "qwen3-1.7b", "qwen3-4b"])
      expect(tied(id), id).toBe(true);
    for (const id of ["gemma-3-1b", "gemma-3-27b"]) expect(tied(id), id).toBe(true);
    for (const id of ["qwen3-8b", "qwen3-30b-a3b", "deepseek-r1-distill-qwen-1.5b", "glm-4.5"])
      expect(tied(id), id).toBe(false);
  });
  it("MoE presets: Qwen3 routes every layer with no shared expert; GLM-4.5 keeps dense first layers", () => {
    expect(findPreset("qwen3-30b-a3b")!.model.moe).toEqual({
      experts: 128,
      activeExperts: 8,
      expertFfn: 768,
      denseLayers: 0,
    });
    expect(findPreset("glm-4.5")!.model.moe?.denseLayers).toBe(3);
    expect(findPreset("glm-4.5-air")!.model.moe?.sharedExperts).toBe(1);
  });
  it("Gemma 3: one global layer in six (1B: 4 of 26, 27B: 10 of 62), windows 512 and 1024", () => {
    const g = (id: string) => findPreset(id)!.model;
    expect([g("gemma-3-1b").slidingWindow, g("gemma-3-1b").slidingLayers]).toEqual([512, 22]);
    expect([g("gemma-3-27b").slidingWindow, g("gemma-3-27b").slidingLayers]).toEqual([1024, 52]);
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
