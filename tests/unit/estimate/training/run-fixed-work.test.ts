/**
 * The work a run's step does beside its FLOPs on one GPU of its layout (`fixedWork`): the
 * optimizer step over the GPU's optimizer shard, LoRA's adapter traffic per token and a
 * k-bit base's dequantisation per micro-step, each at the GPU's memory bandwidth (here a
 * round 1000 GB/s = 1e12 B/s). Expected values are worked by hand in the comments.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { GENERIC_MECHANICS } from "../../../../src/estimate/memory/frameworks.ts";
import type { LoraConfig } from "../../../../src/estimate/memory/lora.ts";
import type { TrainingMemoryInput } from "../../../../src/estimate/memory/training-memory.ts";
import { fixedWork, runOn, stateBytes } from "../../../../src/estimate/training/run.ts";
import type { UtilisationEntry } from "../../../../src/estimate/training/utilisation-entry.ts";
import type { Sharding } from "../../../../src/estimate/vocabulary.ts";
import { gigaFlops, gigaParamsRun } from "../helpers.ts";

const h100 = loadGpuSpecs().find((g) => g.id === "h100-sxm")!;
const gpu: GpuSpec = { ...h100, bandwidthGBps: 1000 };
const llama8b = PRESETS.find((p) => p.id === "llama-3.1-8b")!.model;

const flops = (forwardReruns = 0) => gigaFlops({ forwardReruns });
const memory = gigaParamsRun;
const work = (
  over: Partial<TrainingMemoryInput> = {},
  gpus = 1,
  sharding: Sharding = "none",
  pipelineParallel = 1,
  reruns = 0,
) => fixedWork(memory(over), flops(reruns), gpu, gpus, sharding, pipelineParallel);

describe("the optimizer step", () => {
  // bf16-mixed AdamW, PyTorch's foreach default: 4 passes over the fp32 master (16 B), 3 over
  // the fp32 gradient (12 B), 14 over one fp32 moment (56 B), the bf16 weights written (2 B):
  // 86 B a parameter. 1e9 parameters: 86e9 B at 1e12 B/s = 0.086 s.
  it("a full fine-tune steps every parameter: 0.086 s, and nothing per token or micro-step", () => {
    expect(work()).toEqual({
      secondsPerToken: 0,
      secondsPerMicroStep: 0,
      secondsPerOptimizerStep: expect.closeTo(0.086, 12),
    });
  });
  it("a fused AdamW passes once: 30 B a parameter, 0.03 s", () => {
    // Gradient 4 + moments 2 × 4 read and written 16 + master read and written 8 + weights 2.
    expect(work({ optimizerForeach: false }).secondsPerOptimizerStep).toBeCloseTo(0.03, 12);
  });
  it("only AdamW has the foreach path: SGD with momentum is one fused pass, 22 B a parameter", () => {
    // Gradient 4 + momentum 4 read and written 8 + master 8 + weights 2 = 22 B.
    expect(work({ optimizer: "sgd-momentum" }).secondsPerOptimizerStep).toBeCloseTo(0.022, 12);
  });
  it("tensor and pipeline parallel split the parameters; ZeRO splits them over data parallel too", () => {
    // tp 2 × pp 2 on 8 GPUs: 4 model shards, 2 data-parallel ranks.
    const split = { tensorParallel: 2 };
    expect(work(split, 8, "none", 2).secondsPerOptimizerStep).toBeCloseTo(0.086 / 4, 12);
    expect(work(split, 8, "zero1", 2).secondsPerOptimizerStep).toBeCloseTo(0.086 / 8, 12);
    // Fewer GPUs than model shards still leaves one data-parallel rank, not none.
    expect(work(split, 2, "zero1", 2).secondsPerOptimizerStep).toBeCloseTo(0.086 / 4, 12);
  });
  it("Adafactor on a full fine-tune keeps factored states: a row and a column per matrix", () => {
    // One layer, hidden 64, one head of 64, plain MLP of 64, tied 8-word vocabulary: embed
    // 8 × 64; q, k, v, o, up, down 64 × 64: 25,088 matrix parameters + 3 RMS norms of 64 =
    // 25,280. Factored states: rows + columns, 72 + 6 × 128 = 840, + the 192 norm weights =
    // 1,032 fp32 values, 4,128 B. One fused pass: gradient 4 B + master 2 × 4 + weights 2 B
    // = 14 B a parameter, and the states read and written, 2 × 4,128: 362,176 B at 1e12 B/s.
    const tiny = {
      layers: 1,
      hidden: 64,
      heads: 1,
      headDim: 64,
      ffn: 64,
      vocab: 8,
      tiedEmbeddings: true,
      mlp: "plain",
    } as const;
    expect(work({ model: tiny, optimizer: "adafactor" }).secondsPerOptimizerStep).toBeCloseTo(
      362_176 / 1e12,
      18,
    );
  });
  it("an optimizer offloaded to the CPU is not timed on the GPU", () => {
    expect(work({ offload: "optimizer" }).secondsPerOptimizerStep).toBe(0);
  });
});

describe("LoRA's adapters and a k-bit base", () => {
  // Llama-3.1-8B, rank 16 on q (4096 → 4096) and v (4096 → 1024), 32 layers, unfused:
  // (12·4096 + 20·4096) + (12·4096 + 20·1024) = 200,704 B × 32 = 6,422,528 B a token.
  const lora: LoraConfig = {
    rank: 16,
    targets: ["q", "v"],
    dropout: 0,
    baseBits: 16,
    doubleQuant: true,
    adapterBits: 32,
    fullModules: [],
  };

  it("unfused adapters move 6,422,528 B a token: 6.4225e-6 s at 1e12 B/s", () => {
    expect(work({ model: llama8b, lora }).secondsPerToken).toBeCloseTo(6.422528e-6, 15);
  });
  it("full recomputation reruns their forward: 8,912,896 B a token", () => {
    // q 2·4096 + 12·4096 more, v 2·4096 + 12·1024 more: (200,704 + 77,824) × 32.
    expect(work({ model: llama8b, lora }, 1, "none", 1, 1).secondsPerToken).toBeCloseTo(
      8.912896e-6,
      15,
    );
  });
  it("Unsloth's fused kernels move none of it", () => {
    const fused = { ...GENERIC_MECHANICS, fusedLoraKernels: true };
    expect(work({ model: llama8b, lora, mechanics: fused }).secondsPerToken).toBe(0);
  });
  it("q, k and v sharing one adapter read their input once", () => {
    // Targets q, k, v: separately 3 × 12·4096 + 20 × (4096 + 1024 + 1024) = 270,336 a layer;
    // fused, one input: 12·4096 + 20 × 6144 = 172,032. × 32 layers: 5,505,024 B.
    const qkv: LoraConfig = { ...lora, targets: ["q", "k", "v"] };
    const fused = { ...GENERIC_MECHANICS, fusedQkvAdapter: true };
    expect(work({ model: llama8b, lora: qkv, mechanics: fused }).secondsPerToken).toBeCloseTo(
      5.505024e-6,
      15,
    );
  });
  it("a 16-bit base needs no dequantisation; a 4-bit one is split over the model's shards", () => {
    expect(work({ model: llama8b, lora }).secondsPerMicroStep).toBe(0);
    const q4: LoraConfig = { ...lora, baseBits: 4 };
    const one = work({ model: llama8b, lora: q4 }).secondsPerMicroStep;
    expect(one).toBeGreaterThan(0);
    // Tensor 2 × pipeline 2: each GPU dequantises a quarter of the base.
    expect(
      work({ model: llama8b, lora: q4, tensorParallel: 2 }, 4, "none", 2).secondsPerMicroStep,
    ).toBeCloseTo(one / 4, 15);
  });
});

describe("a run's options reach its step", () => {
  const options = {
    pipelineParallel: 1,
    virtualStages: 1,
    expertParallel: 1,
    fp8: false,
    attentionKernel: "flash2",
  } as const;
  it("your MFU holds the fixed work already; without it the optimizer step is timed", () => {
    const m = memory();
    expect(runOn(m, flops(), gpu, 1, "none", { ...options, mfu: 0.5 }).step.fixedShare).toBe(0);
    expect(runOn(m, flops(), gpu, 1, "none", options).step.fixedShare).toBeGreaterThan(0);
  });
  it("gradient accumulation reaches the step: 4 micro-batches of 1000 tokens per optimizer step", () => {
    // At your MFU 0.5 of 989.5 TFLOPS a token takes 1e9 / 494.75e12 s; the step's tokens
    // don't change the rate on one GPU, but they do the fixed share: compare 1 and 4.
    const one = runOn(memory(), flops(), gpu, 1, "none", { ...options, mfu: 0.5 });
    expect(one.step.secondsPerToken).toBeCloseTo(1e9 / 494.75e12, 18);
    expect(one.assumptions).toEqual([{ key: "mfu", value: 0.5, source: "request" }]);
    const m1 = runOn(memory(), flops(), gpu, 1, "none", options).step.fixedShare;
    const m4 = runOn(memory({ gradAccumulation: 4 }), flops(), gpu, 1, "none", options).step
      .fixedShare;
    expect(m4).toBeLessThan(m1);
  });
});

describe("what the collectives move", () => {
  it("the whole run's gradients and weights once, however the request shards them", () => {
    // 1e9 parameters under torch.amp: fp32 gradients 4e9 B, bf16 weights 2e9 B.
    const whole = { gradientBytes: 4e9, paramBytes: 2e9 };
    expect(stateBytes(memory())).toEqual(whole);
    expect(
      stateBytes(memory({ gpus: 8, sharding: "fsdp", tensorParallel: 2, offload: "optimizer" })),
    ).toEqual(whole);
  });
});

describe("the run's stack, table and layout options", () => {
  const h100Run = (over: Partial<TrainingMemoryInput>, gpus: number, o: object) =>
    runOn(memory({ model: llama8b, seqLen: 2048, ...over }), flops(), h100, gpus, "none", {
      pipelineParallel: 1,
      virtualStages: 1,
      expertParallel: 1,
      fp8: false,
      attentionKernel: "flash2",
      ...o,
    }).step;
  // Tensor parallel 2 on 2 H100s at your MFU 0.4: each computes 2048 tokens × 1e9 FLOPs ÷
  // 2 at 395.8 TFLOPS, C = 2.587165e-3 s. Its all-reduces: 32 layers × 4 × (2048 × 4096 ×
  // 2 B = 16,777,216) = 2,147,483,648 B over NVLink at 450e9: T = 4.772186e-3 s.
  const C = 1024e9 / 395.8e12;
  const T = 2_147_483_648 / 450e9;

  it("PyTorch stacks wait for the tensor-parallel all-reduces; Megatron-Core overlaps them", () => {
    expect(h100Run({ tensorParallel: 2 }, 2, { mfu: 0.4 }).efficiency).toBeCloseTo(C / (C + T), 12);
    // Overlapped, only T − C shows: C / T.
    expect(
      h100Run({ tensorParallel: 2 }, 2, { mfu: 0.4, framework: "megatron" }).efficiency,
    ).toBeCloseTo(C / T, 12);
  });
  it("a measured scaling replaces the prediction; a network lets 16 GPUs be predicted", () => {
    expect(h100Run({}, 2, { mfu: 0.4, measuredScaling: 0.7 })).toMatchObject({
      basis: "measured",
      efficiency: 0.7,
    });
    expect(h100Run({}, 16, { mfu: 0.4 }).basis).toBe("assumed");
    expect(h100Run({}, 16, { mfu: 0.4, interNodeGBps: 50 }).basis).toBe("predicted");
  });
  it("the table and the framework choose the utilisation entry; flash attention is the default", () => {
    const row = (stack: "pytorch" | "megatron", dense: number): UtilisationEntry => ({
      family: "hopper-hbm",
      format: "16-bit",
      stack,
      moe: false,
      size: "medium",
      dense,
      rows: 2,
      sources: ["test"],
    });
    const table = [row("pytorch", 0.5), row("megatron", 0.6)];
    const used = (o: object, over: Partial<TrainingMemoryInput> = {}) =>
      runOn(memory({ model: llama8b, seqLen: 2048, ...over }), flops(), h100, 1, "none", {
        pipelineParallel: 1,
        virtualStages: 1,
        expertParallel: 1,
        fp8: false,
        attentionKernel: "flash2",
        table,
        ...o,
      });
    const dense = (r: ReturnType<typeof used>) =>
      r.assumptions.find((a) => a.key === "dense-utilisation-share")?.value;
    const attention = (r: ReturnType<typeof used>) =>
      r.assumptions.find((a) => a.key === "attention-efficiency")?.source;
    expect(dense(used({}))).toBe(0.5);
    expect(dense(used({ framework: "megatron" }))).toBe(0.6);
    expect(attention(used({}))).toBe("flash-attention-bench");
    expect(attention(used({}, { flashAttention: false }))).toBe("eager-attention-bench");
  });
});
