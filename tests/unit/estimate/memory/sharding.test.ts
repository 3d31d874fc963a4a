/**
 * What sharded data parallelism gathers, counted by hand on a toy model: 2 layers, hidden
 * 64, 2 heads, gated MLP of 128, vocabulary 256. One decoder layer's matrices: q, k, v, o at
 * 64 · 64 = 4096 each and gate, up, down at 64 · 128 = 8192 each: 40,960; the largest
 * matrix is the embedding (or head), 256 · 64 = 16,384.
 */
import { describe, expect, it } from "vitest";
import type { GatherInput } from "../../../../src/estimate/memory/sharding.ts";
import { gatherBuffers, layerMatrixParams } from "../../../../src/estimate/memory/sharding.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";

const TOY: ModelArch = { layers: 2, hidden: 64, heads: 2, ffn: 128, vocab: 256 };
const gather = (o: Partial<GatherInput> = {}): GatherInput => ({
  sharding: "fsdp",
  dataParallel: 2,
  paramsOffloaded: false,
  model: TOY,
  storageBytesPerParam: 2,
  trainableLayerParams: 40_960,
  gradBytes: 4,
  ...o,
});

describe("a decoder layer's matrices", () => {
  it("leave out the embedding, the head and a BERT pooler", () => {
    expect(layerMatrixParams(TOY)).toBe(40_960);
    // The pooler (64 · 64 = 4096) sits after the last layer: not a layer's.
    expect(layerMatrixParams({ ...TOY, pooler: true })).toBe(40_960);
    expect(layerMatrixParams({ ...TOY, tiedEmbeddings: true })).toBe(40_960);
  });
});

describe("gathered layers", () => {
  it("FSDP over 2 replicas: two layers as stored, one layer's unsharded gradients", () => {
    // 2 · 40,960 · 2 bytes = 163,840; 40,960 · 4 = 163,840.
    expect(gatherBuffers(gather())).toEqual({
      gatheredWeights: 163_840,
      unshardedGradients: 163_840,
    });
  });
  it("ZeRO-3: DeepSpeed's two 16-bit copies of the largest matrix, its buckets included", () => {
    // 2 · 16,384 · 2 = 65,536.
    expect(gatherBuffers(gather({ sharding: "zero3" }))).toEqual({
      gatheredWeights: 65_536,
      unshardedGradients: 0,
    });
  });
  it("one replica has nothing to gather, unless its weights live in CPU RAM", () => {
    const none = { gatheredWeights: 0, unshardedGradients: 0 };
    expect(gatherBuffers(gather({ dataParallel: 1 }))).toEqual(none);
    expect(gatherBuffers(gather({ sharding: "zero3", dataParallel: 1 }))).toEqual(none);
    expect(gatherBuffers(gather({ sharding: "zero2", dataParallel: 8 }))).toEqual(none);
    // ZeRO-Infinity on one GPU: the weights come in layer by layer, 65,536 as for ZeRO-3.
    expect(
      gatherBuffers(gather({ sharding: "zero3", dataParallel: 1, paramsOffloaded: true })),
    ).toEqual({ gatheredWeights: 65_536, unshardedGradients: 0 });
  });
});
