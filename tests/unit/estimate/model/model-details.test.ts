/**
 * The shapes and counts of small made-up architectures, summed by hand in the comments:
 * latent attention, biases, norms, position and token-type embeddings, MoE edge cases,
 * and the shape assumed for a bare parameter count.
 */
import { describe, expect, it } from "vitest";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import {
  ASSUMED_HIDDEN_PER_LAYER,
  headDimOf,
  isArch,
  matrixShapes,
  paramCounts,
  PARAMS_PER_LAYER_PER_HIDDEN_SQUARED,
  shapeFromParams,
  vectorParams,
} from "../../../../src/estimate/model/model.ts";

/** 1 layer, hidden 8, 2 heads of dim 4, 1 KV head, ffn 16, vocab 10. */
const T: ModelArch = { layers: 1, hidden: 8, heads: 2, kvHeads: 1, ffn: 16, vocab: 10 };
const shape = (m: ModelArch, name: string) => matrixShapes(m).find((s) => s.name === name);

describe("matrixShapes", () => {
  it("a dense model's matrices in order, each active and (but embed and head) quantizable", () => {
    expect(matrixShapes(T)).toEqual([
      { name: "embed", rows: 10, cols: 8, count: 1, quantizable: false, activeShare: 1 },
      { name: "q", rows: 8, cols: 8, count: 1, quantizable: true, activeShare: 1 },
      { name: "k", rows: 8, cols: 4, count: 1, quantizable: true, activeShare: 1 },
      { name: "v", rows: 8, cols: 4, count: 1, quantizable: true, activeShare: 1 },
      { name: "o", rows: 8, cols: 8, count: 1, quantizable: true, activeShare: 1 },
      { name: "gate", rows: 8, cols: 16, count: 1, quantizable: true, activeShare: 1 },
      { name: "up", rows: 8, cols: 16, count: 1, quantizable: true, activeShare: 1 },
      { name: "down", rows: 16, cols: 8, count: 1, quantizable: true, activeShare: 1 },
      { name: "head", rows: 8, cols: 10, count: 1, quantizable: false, activeShare: 1 },
    ]);
  });
  it("the embedding holds learned positions and token types too; a pooler is h×h", () => {
    const bert = { ...T, positionEmbeddings: 5, typeVocab: 2, pooler: true, tiedEmbeddings: true };
    expect(shape(bert, "embed")?.rows).toBe(17);
    expect(shape(bert, "head")).toBeUndefined();
    expect(shape(bert, "pooler")).toEqual({
      name: "pooler",
      rows: 8,
      cols: 8,
      count: 1,
      quantizable: true,
      activeShare: 1,
    });
  });
  it("latent attention without a query rank: q = h·heads·(nope + rope)", () => {
    const mla = { kvLoraRank: 4, qkRopeHeadDim: 2, qkNopeHeadDim: 3, vHeadDim: 5 };
    // q 8·2·(3 + 2) = 80; kv_a 8·(4 + 2) = 48; kv_b 4·2·(3 + 5) = 64: 192 in one row.
    const m = { ...T, mla };
    expect(matrixShapes(m).slice(1, 3)).toEqual([
      { name: "mla", rows: 1, cols: 192, count: 1, quantizable: true, activeShare: 1 },
      { name: "o", rows: 10, cols: 8, count: 1, quantizable: true, activeShare: 1 },
    ]);
    // With a query rank 3: q = 8·3 + 3·10 = 54 instead of 80.
    expect(shape({ ...m, mla: { ...mla, qLoraRank: 3 } }, "mla")?.cols).toBe(166);
  });
  it("MoE: routed experts at their active share, shared experts whole, a router per layer", () => {
    const m: ModelArch = {
      ...T,
      layers: 3,
      moe: { experts: 4, activeExperts: 1, sharedExperts: 2, expertFfn: 6, denseLayers: 1 },
      mlp: "plain",
    };
    const mlp = matrixShapes(m).filter((s) => ["up", "down", "router"].includes(s.name));
    expect(mlp).toEqual([
      // One dense layer of ffn 16.
      { name: "up", rows: 8, cols: 16, count: 1, quantizable: true, activeShare: 1 },
      { name: "down", rows: 16, cols: 8, count: 1, quantizable: true, activeShare: 1 },
      // Two MoE layers of 4 experts: 8 of each matrix, a quarter active.
      { name: "up", rows: 8, cols: 6, count: 8, quantizable: true, activeShare: 0.25 },
      { name: "down", rows: 6, cols: 8, count: 8, quantizable: true, activeShare: 0.25 },
      // Two shared experts in each of 2 layers.
      { name: "up", rows: 8, cols: 6, count: 4, quantizable: true, activeShare: 1 },
      { name: "down", rows: 6, cols: 8, count: 4, quantizable: true, activeShare: 1 },
      { name: "router", rows: 8, cols: 4, count: 2, quantizable: false, activeShare: 1 },
    ]);
  });
  it("MoE: no dense layers and no shared experts add no matrices, even of count 0", () => {
    const m: ModelArch = { ...T, ffn: 1000, moe: { experts: 4, activeExperts: 2, expertFfn: 6 } };
    const names = matrixShapes(m).map((s) => `${s.name}:${s.count}`);
    expect(names).toEqual([
      "embed:1",
      "q:1",
      "k:1",
      "v:1",
      "o:1",
      "gate:4",
      "up:4",
      "down:4",
      "router:1",
      "head:1",
    ]);
    // So the largest matrix is the 10×8 embedding, not an unused 8×1000 dense FFN.
    expect(paramCounts(m).largestMatrix).toBe(80);
    expect(paramCounts(m).largestQuantizable).toBe(64);
  });
  it("more dense layers than layers: all dense, no MoE layer and no router", () => {
    const m: ModelArch = {
      ...T,
      layers: 2,
      moe: { experts: 4, activeExperts: 1, expertFfn: 6, denseLayers: 5 },
    };
    const mlp = matrixShapes(m).filter((s) => ["gate", "up", "down", "router"].includes(s.name));
    expect(mlp.map((s) => [s.name, s.cols, s.count])).toEqual([
      ["gate", 16, 2],
      ["up", 16, 2],
      ["down", 8, 2],
      ["router", 4, 0],
    ]);
  });
});

describe("vectorParams", () => {
  it("RMSNorm: two per layer and a final one, h each", () => {
    expect(vectorParams(T)).toBe(24);
    expect(vectorParams({ ...T, layers: 3 })).toBe(56);
  });
  it("LayerNorm has a bias too: 2h each", () => {
    expect(vectorParams({ ...T, norm: "layer" })).toBe(48);
    expect(vectorParams({ ...T, norm: "rms" })).toBe(24);
  });
  it("q/k/v biases (Qwen2): the q, k and v widths only", () => {
    // 8 + 4 + 4 = 16.
    expect(vectorParams({ ...T, bias: "qkv" })).toBe(24 + 16);
    expect(vectorParams({ ...T, bias: "none" })).toBe(24);
  });
  it("biases on every linear: attention, MLP and the pooler", () => {
    // Attention 8 + 4 + 4 + 8 = 24; MLP gate 16 + up 16 + down 8 = 40.
    expect(vectorParams({ ...T, bias: "all" })).toBe(24 + 24 + 40);
    expect(vectorParams({ ...T, bias: "all", pooler: true })).toBe(24 + 24 + 40 + 8);
    // A pooler's bias only counts with biases on.
    expect(vectorParams({ ...T, pooler: true })).toBe(24);
    expect(vectorParams({ ...T, bias: "qkv", pooler: true })).toBe(40);
  });
  it("latent attention has no q/k/v matrices to bias; all biases reach its o", () => {
    const m = { ...T, mla: { kvLoraRank: 4, qkRopeHeadDim: 2, qkNopeHeadDim: 3, vHeadDim: 5 } };
    expect(vectorParams({ ...m, bias: "qkv" })).toBe(24);
    // mla row 192 + o 8, then the MLP's 40.
    expect(vectorParams({ ...m, bias: "all" })).toBe(24 + 192 + 8 + 40);
  });
});

describe("paramCounts", () => {
  it("total, active, quantizable and the largest matrices of a dense model", () => {
    // embed 80 + q 64 + k 32 + v 32 + o 64 + 3·128 + head 80 + norms 24 = 760.
    expect(paramCounts(T)).toEqual({
      total: 760,
      active: 760,
      quantizable: 64 + 32 + 32 + 64 + 384,
      largestMatrix: 128,
      largestQuantizable: 128,
    });
  });
  it("the largest quantizable matrix may be smaller than the largest one", () => {
    const big = { ...T, vocab: 1000 };
    expect(paramCounts(big).largestMatrix).toBe(8000);
    expect(paramCounts(big).largestQuantizable).toBe(128);
  });
  it("a bare count has no matrices", () => {
    expect(paramCounts({ params: 5e9 })).toEqual({
      total: 5e9,
      active: 5e9,
      quantizable: 5e9,
      largestMatrix: 0,
      largestQuantizable: 0,
    });
    expect(isArch({ params: 5e9 })).toBe(false);
    expect(isArch(T)).toBe(true);
  });
  it("head dim is hidden / heads unless given", () => {
    expect(headDimOf(T)).toBe(4);
    expect(headDimOf({ ...T, headDim: 6 })).toBe(6);
  });
});

describe("shapeFromParams", () => {
  it("the constants: h = 128·L and 12·h² parameters a layer", () => {
    expect(ASSUMED_HIDDEN_PER_LAYER).toBe(128);
    expect(PARAMS_PER_LAYER_PER_HIDDEN_SQUARED).toBe(12);
  });
  it("6.74e9: h = ∛(128·6.74e9/12) = 4158 → 65·64 = 4160, L = ∛(6.74e9/(12·128²)) = 32.5 → 32", () => {
    expect(shapeFromParams(6.74e9)).toEqual({
      layers: 32,
      hidden: 4160,
      // 4160 / 128 = 32.5 → 33.
      heads: 33,
      ffn: 4 * 4160,
      vocab: 32000,
      mlp: "plain",
      tiedEmbeddings: true,
    });
  });
  it("1e6: h = ∛(1.0667e7) = 220 → 3·64 = 192, L = ∛(5.09) = 1.72 → 2, heads 1.5 → 2", () => {
    expect(shapeFromParams(1e6)).toMatchObject({ layers: 2, hidden: 192, heads: 2, ffn: 768 });
  });
  it("tiny counts keep at least 64 wide, one layer and one head", () => {
    // h = ∛(128·1000/12) = 22 → 0·64, raised to 64; L = ∛(1000/196,608) = 0.17 → 0, raised to 1.
    expect(shapeFromParams(1000)).toMatchObject({ layers: 1, hidden: 64, heads: 1, ffn: 256 });
  });
});
