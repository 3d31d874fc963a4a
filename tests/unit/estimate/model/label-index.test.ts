/**
 * File labels as model cards print counts ("8.03 B", "494.0 M"), the check that a stored
 * label fits a model, and what a pasted model.safetensors.index.json tells.
 */
import { describe, expect, it } from "vitest";
import { readSafetensorsIndex } from "../../../../src/estimate/model/weights-header/index-json.ts";
import {
  ARCH_MATCH_TOLERANCE,
  fileLabel,
  labelFits,
} from "../../../../src/estimate/model/weights-header/label.ts";

describe("fileLabel", () => {
  it("billions with two decimals, millions with one", () => {
    expect(fileLabel("m.gguf", "llama", 8_030_261_248)).toBe("m.gguf (llama, 8.03 B)");
    expect(fileLabel("q.safetensors", "BF16", 494_032_768)).toBe("q.safetensors (BF16, 494.0 M)");
  });
  it("exactly one billion is printed in billions", () => {
    expect(fileLabel("a", "b", 1e9)).toBe("a (b, 1.00 B)");
    expect(fileLabel("a", "b", 999_900_000)).toBe("a (b, 999.9 M)");
  });
});

describe("labelFits", () => {
  it("a label the reader wrote for this count fits it", () => {
    expect(labelFits("m.gguf (llama, 8.03 B)", 8_030_261_248)).toBe(true);
    expect(labelFits("q (BF16, 494.0 M)", 494_032_768)).toBe(true);
  });
  it("holds the count to the print's rounding plus 2% of the model's", () => {
    expect(ARCH_MATCH_TOLERANCE).toBe(0.02);
    // 8.03e9 − p ≤ 0.005e9 + 0.02·p  ⇔  p ≥ 8.025e9 / 1.02 = 7.8676e9.
    expect(labelFits("m (llama, 8.03 B)", 7.87e9)).toBe(true);
    expect(labelFits("m (llama, 8.03 B)", 7.86e9)).toBe(false);
    // p − 8.03e9 ≤ 0.005e9 + 0.02·p  ⇔  p ≤ 8.035e9 / 0.98 = 8.1990e9.
    expect(labelFits("m (llama, 8.03 B)", 8.19e9)).toBe(true);
    expect(labelFits("m (llama, 8.03 B)", 8.2e9)).toBe(false);
    // p − 494e6 ≤ 0.05e6 + 0.02·p  ⇔  p ≤ 494.05e6 / 0.98 = 504.13e6.
    expect(labelFits("q (BF16, 494.0 M)", 504e6)).toBe(true);
    expect(labelFits("q (BF16, 494.0 M)", 505e6)).toBe(false);
  });
  it("a unit is a billion (B) or a million (M), never the other", () => {
    expect(labelFits("m (llama, 8.03 B)", 8.03e6)).toBe(false);
    expect(labelFits("q (BF16, 494.0 M)", 494e9)).toBe(false);
  });
  it("near zero the print's rounding (half its last digit) is most of the margin", () => {
    // |0 − 4e6| = 4e6 ≤ 5e6 + 0.02·4e6; |1e7 − 0| = 1e7 > 5e6 + 0.
    expect(labelFits("m (x, 0.00 B)", 4e6)).toBe(true);
    expect(labelFits("m (x, 0.01 B)", 0)).toBe(false);
    // 40,000 ≤ 50,000 + 800; 60,000 > 50,000 + 1,200.
    expect(labelFits("m (x, 0.0 M)", 40_000)).toBe(true);
    expect(labelFits("m (x, 0.0 M)", 60_000)).toBe(false);
  });
  it("anything else is not one of the reader's labels", () => {
    expect(labelFits("Llama 3.1 8B", 8.03e9)).toBe(false);
    expect(labelFits("m (llama, 8 B)", 8e9)).toBe(false);
    expect(labelFits("m (llama, 8.03 B) copy", 8.03e9)).toBe(false);
    expect(labelFits("m (llama, 8.03 G)", 8.03e9)).toBe(false);
    expect(labelFits("m (llama,8.03 B)", 8.03e9)).toBe(false);
    // A family with a closing parenthesis is not one the reader prints.
    expect(labelFits("m (llama), 8.03 B)", 8.03e9)).toBe(false);
    // Many digits before the point, and an empty family, are still the reader's.
    expect(labelFits("m (, 12345.0 M)", 12345e6)).toBe(true);
    expect(labelFits("m (x, 405.00 B)", 405e9)).toBe(true);
  });
});

describe("readSafetensorsIndex", () => {
  const index = (weightMap: Record<string, string>, total: unknown = 1000) =>
    JSON.stringify({ metadata: { total_size: total }, weight_map: weightMap });
  const ok = (text: string) => {
    const r = readSafetensorsIndex(text);
    if (!r.ok) throw new Error(r.error.code);
    return r.index;
  };
  const code = (text: string) => {
    const r = readSafetensorsIndex(text);
    return r.ok ? "read" : r.error.code;
  };

  it("total bytes, tensor names, distinct shards", () => {
    const r = ok(
      index({
        "model.embed_tokens.weight": "model-00001-of-00002.safetensors",
        "model.layers.0.mlp.up_proj.weight": "model-00001-of-00002.safetensors",
        "model.layers.1.mlp.up_proj.weight": "model-00002-of-00002.safetensors",
      }),
    );
    expect(r).toEqual({
      totalBytes: 1000,
      tensorNames: [
        "model.embed_tokens.weight",
        "model.layers.0.mlp.up_proj.weight",
        "model.layers.1.mlp.up_proj.weight",
      ],
      shards: 2,
      layers: 2,
      tiedEmbeddings: true,
      quantized: false,
    });
  });
  it("layers: one more than the largest index under layers., h. or blocks.", () => {
    expect(ok(index({ "model.layers.0.x.weight": "a" })).layers).toBe(1);
    expect(ok(index({ "transformer.h.11.attn.weight": "a" })).layers).toBe(12);
    expect(ok(index({ "model.blocks.3.w": "a", "model.blocks.7.w": "a" })).layers).toBe(8);
    // Only between dots: "layers.5" at the start or "sublayers.5." is no layer index.
    const none = ok(index({ "layers.5.w": "a", "model.sublayers.5.w": "a", "x.layers.5": "a" }));
    expect("layers" in none).toBe(false);
    expect("experts" in none).toBe(false);
  });
  it("experts: one more than the largest experts.N.", () => {
    const r = ok(
      index({
        "model.layers.0.mlp.experts.0.w1.weight": "a",
        "model.layers.0.mlp.experts.7.w1.weight": "a",
      }),
    );
    expect(r.experts).toBe(8);
    expect(ok(index({ "m.experts.0.w": "a" })).experts).toBe(1);
  });
  it("an lm_head.weight (top level or nested) means the head is untied", () => {
    expect(ok(index({ "lm_head.weight": "a" })).tiedEmbeddings).toBe(false);
    expect(ok(index({ "language_model.lm_head.weight": "a" })).tiedEmbeddings).toBe(false);
    expect(ok(index({ "my_lm_head.weight": "a" })).tiedEmbeddings).toBe(true);
    expect(ok(index({ "lm_head.weight.other": "a" })).tiedEmbeddings).toBe(true);
  });
  it("each quantized checkpoint's tensor ending marks it quantized, after a dot", () => {
    for (const s of [
      "weight_scale_inv",
      "weight_scale",
      "input_scale",
      "qweight",
      "qzeros",
      "scales",
      "g_idx",
      "absmax",
      "quant_map",
      "quant_state.bitsandbytes__nf4",
      "quant_state.bitsandbytes__fp4",
    ]) {
      expect(ok(index({ [`model.layers.0.q.${s}`]: "a" })).quantized, s).toBe(true);
      expect(ok(index({ [`model.layers.0.q_${s}`]: "a" })).quantized, s).toBe(false);
    }
  });
  it("refuses what is not an index, and an index of nothing", () => {
    expect(code("{")).toBe("not-index");
    expect(code("[]")).toBe("not-index");
    expect(code("null")).toBe("not-index");
    expect(code(JSON.stringify({ weight_map: { a: "b" } }))).toBe("not-index");
    expect(code(JSON.stringify({ metadata: [], weight_map: { a: "b" } }))).toBe("not-index");
    expect(code(JSON.stringify({ metadata: { total_size: 5 }, weight_map: [] }))).toBe("not-index");
    expect(code(JSON.stringify({ metadata: { total_size: 5 }, weight_map: "a" }))).toBe(
      "not-index",
    );
    for (const total of ["1000", 0, -8, 1.5, 2 ** 53, null])
      expect(code(index({ a: "b" }, total)), String(total)).toBe("not-index");
    expect(code(index({ a: "b" }, 1))).toBe("read");
    expect(code(index({}))).toBe("no-tensors");
  });
});
