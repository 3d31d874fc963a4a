/**
 * The heads tensor parallelism splits (`headRules`) and a training layout's rules in their
 * order (`trainingParallelRules`): the GPU count first, then the model's heads, one issue per
 * field. Models made up by hand so each division is plain; the rules are vLLM's
 * (`QKVParallelLinear`: kv % tp, or tp % kv with each K/V head copied) and Megatron-LM's
 * (num_query_groups a multiple of the tensor-parallel size, no copies).
 */
import { describe, expect, it } from "vitest";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import {
  headRules,
  trainingParallelRules,
} from "../../../../src/estimate/memory/parallel-rules.ts";

/** 24 query heads over 6 K/V heads (GQA). */
const gqa: ModelArch = {
  layers: 2,
  hidden: 1536,
  heads: 24,
  kvHeads: 6,
  ffn: 4096,
  vocab: 1000,
  tiedEmbeddings: true,
};

describe("headRules: the heads tensor parallelism splits", () => {
  it("one GPU, or a model given by its count alone, is never held to the heads", () => {
    // 25 heads split over no more than 1 GPU: nothing to split.
    expect(headRules({ ...gqa, heads: 25 }, 1, false)).toEqual([]);
    // A bare count's shape is assumed: not held to it at any tensor parallel.
    expect(headRules({ params: 7e9 }, 5, false)).toEqual([]);
  });
  it("query heads must divide: 24 over 5 GPUs is refused, naming the 24", () => {
    expect(headRules(gqa, 5, true)).toEqual([
      { field: "tensorParallel", code: "tp-heads", params: { heads: 24 } },
    ]);
  });
  it("6 K/V heads over 2, 3 or 6 GPUs split evenly, copies or not", () => {
    for (const tp of [2, 3, 6])
      for (const kvCopies of [true, false]) expect(headRules(gqa, tp, kvCopies)).toEqual([]);
  });
  it("over 12 GPUs: serving copies each K/V head to 12/6 = 2 GPUs; training cannot", () => {
    // 24 % 12 = 0; 6 % 12 ≠ 0; 12 % 6 = 0.
    expect(headRules(gqa, 12, true)).toEqual([]);
    expect(headRules(gqa, 12, false)).toEqual([
      { field: "tensorParallel", code: "tp-kv-heads", params: { kvHeads: 6 } },
    ]);
  });
  it("over 4 GPUs neither splits nor copies the 6 K/V heads evenly", () => {
    // 24 % 4 = 0; 6 % 4 = 2; 4 % 6 = 4.
    expect(headRules(gqa, 4, true)).toEqual([
      { field: "tensorParallel", code: "tp-kv-copies", params: { kvHeads: 6 } },
    ]);
    expect(headRules(gqa, 4, false)).toEqual([
      { field: "tensorParallel", code: "tp-kv-heads", params: { kvHeads: 6 } },
    ]);
  });
  it("MLA keeps one latent every GPU holds whole: its K/V heads are not split", () => {
    const mla: ModelArch = {
      ...gqa,
      mla: { kvLoraRank: 512, qkRopeHeadDim: 64, qkNopeHeadDim: 128, vHeadDim: 128 },
    };
    expect(headRules(mla, 4, false)).toEqual([]);
    expect(headRules(mla, 4, true)).toEqual([]);
  });
});

describe("trainingParallelRules: the GPU count first, then the heads", () => {
  const model = { spec: gqa };
  it("tensor parallel wider than the GPUs: refused on the GPU count alone", () => {
    expect(trainingParallelRules({ gpus: 2, tensorParallel: 4, model })).toEqual([
      { field: "tensorParallel", code: "tp-exceeds-gpus", params: { gpus: 2, field: "gpus" } },
    ]);
  });
  it("tensor parallel that does not divide the GPUs: refused, the heads unchecked", () => {
    // 6 GPUs, tensor parallel 4: 6 % 4 = 2; 4 would also fail the K/V heads, unsaid.
    expect(trainingParallelRules({ gpus: 6, tensorParallel: 4, model })).toEqual([
      { field: "tensorParallel", code: "tp-not-divisor", params: { gpus: 6, field: "gpus" } },
    ]);
  });
  it("as many GPUs as tensor parallel is a layout; then the heads decide", () => {
    // 4 = 4: no layout issue; 6 K/V heads over 4 is Megatron's refusal.
    expect(trainingParallelRules({ gpus: 4, tensorParallel: 4, model })).toEqual([
      { field: "tensorParallel", code: "tp-kv-heads", params: { kvHeads: 6 } },
    ]);
    expect(trainingParallelRules({ gpus: 6, tensorParallel: 6, model })).toEqual([]);
    // Without a model nothing more to check.
    expect(trainingParallelRules({ gpus: 4, tensorParallel: 4 })).toEqual([]);
  });
});
