/**
 * The heads tensor parallelism splits (`headRules`) and a training layout's rules in their
 * order (`trainingParallelRules`): the GPU count first, then the model's heads, one issue per
 * field. Models made up by hand so each division is plain; the rules are vLLM's
 * (`QKVParallelLinear`: kv % tp, or tp % kv with each K/V head copied) and Megatron-LM's
 * (num_query_groups a multiple of the tensor-parallel size, no copies).
 */
import { describe, expect, it } from "vitest";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import type { SpeedLayout } from "../../../../src/estimate/memory/parallel-rules.ts";
import {
  headRules,
  speedLayoutRules,
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

describe("speedLayoutRules: pipeline and expert parallel, each issue with what it names", () => {
  const layout = (over: Partial<SpeedLayout>): SpeedLayout => ({
    gpus: 8,
    tensorParallel: 1,
    pipelineParallel: 1,
    virtualStages: 1,
    expertParallel: 1,
    ...over,
  });
  /** 2 layers of 8 experts. */
  const moe: ModelArch = {
    ...gqa,
    moe: { experts: 8, activeExperts: 2, expertFfn: 1024 },
  };
  it("tensor × pipeline must divide the GPUs: 2 × 3 = 6 into 8 is refused, naming both", () => {
    // Six layers, so the 3 stages have two each.
    const six = { ...gqa, layers: 6 };
    expect(speedLayoutRules(layout({ tensorParallel: 2, pipelineParallel: 3 }), six)).toEqual([
      {
        field: "pipelineParallel",
        code: "layout-not-divisor",
        params: { product: 6, gpus: 8 },
      },
    ]);
  });
  it("a tensor parallel that does not divide the GPUs is the tensor-parallel rule's, not said twice", () => {
    // 6 GPUs, tensor parallel 4 (6 % 4 = 2): trainingParallelRules says it; 4 × 1 here is silent.
    expect(speedLayoutRules(layout({ gpus: 6, tensorParallel: 4 }), gqa)).toEqual([]);
  });
  it("virtual stages need a pipeline", () => {
    expect(speedLayoutRules(layout({ virtualStages: 2 }), gqa)).toEqual([
      { field: "virtualStages", code: "needs-with", params: { with: "pipelineParallel > 1" } },
    ]);
  });
  it("2 stages × 2 virtual = 4 stages over 2 layers: each stage needs a layer", () => {
    expect(
      speedLayoutRules(layout({ gpus: 4, pipelineParallel: 2, virtualStages: 2 }), gqa),
    ).toEqual([
      {
        field: "pipelineParallel",
        code: "stages-exceed-layers",
        params: { layers: 2, stages: 4 },
      },
    ]);
    // 2 stages over 2 layers: one each.
    expect(speedLayoutRules(layout({ gpus: 4, pipelineParallel: 2 }), gqa)).toEqual([]);
  });
  it("expert parallel needs experts: a dense model, or one of unknown shape, has none", () => {
    const refused = [{ field: "expertParallel", code: "dense-no-experts", params: {} }];
    expect(speedLayoutRules(layout({ expertParallel: 2 }), gqa)).toEqual(refused);
    expect(speedLayoutRules(layout({ expertParallel: 2 }), undefined)).toEqual(refused);
  });
  it("8 experts split over 2 or 4 ranks, not 3", () => {
    expect(speedLayoutRules(layout({ expertParallel: 4 }), moe)).toEqual([]);
    expect(speedLayoutRules(layout({ expertParallel: 3 }), moe)).toEqual([
      { field: "expertParallel", code: "experts-not-divisible", params: { experts: 8 } },
    ]);
  });
  it("pipeline × expert must divide the GPUs: 2 × 2 = 4 into 6 is refused, naming both", () => {
    expect(
      speedLayoutRules(layout({ gpus: 6, pipelineParallel: 2, expertParallel: 2 }), moe),
    ).toEqual([
      {
        field: "expertParallel",
        code: "experts-layout-not-divisor",
        params: { product: 4, gpus: 6 },
      },
    ]);
  });
});
