/**
 * Training time of a job counted in tokens: the step's time split into compute, stage
 * imbalance, pipeline bubble, fixed work and exposed traffic; the assumptions it prints; and
 * its warnings. Expected values are worked by hand in the comments.
 *
 * Llama-3.1-8B at 2048 tokens (tests/unit/estimate/training/flops.test.ts works these out
 * from its config): 46,639,349,760 model FLOPs per token; FlashAttention's backward adds half
 * an attention forward (268,566,528): 46,907,916,288 hardware FLOPs. At a given MFU of 0.4 on
 * an H100 SXM (989.5 dense bf16 TFLOPS) a GPU runs 395.8e12 model FLOPs a second.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { Assumption, Warning } from "../../../../src/estimate/result.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { LIKELY_SPREAD } from "../../../../src/estimate/generated/time-ranges.ts";
import type { UtilisationEntry } from "../../../../src/estimate/training/utilisation-entry.ts";

const catalog = loadGpuSpecs();
const byId = (id: string): GpuSpec => catalog.find((g) => g.id === id)!;
const H100 = byId("h100-sxm");

const MODEL_FLOPS = 46_639_349_760;
const HARDWARE_FLOPS = 46_907_916_288;
/** Seconds one H100 at MFU 0.4 spends on a token: 46,639,349,760 / 395.8e12 = 1.17836e-4 s. */
const PER_TOKEN = MODEL_FLOPS / 395.8e12;
/** NVLink on an H100: 900 GB/s both directions, 450e9 bytes a second one way. */
const NVLINK = 450e9;

interface Range {
  low: number;
  high: number;
  basis: string;
}
interface TimeResult {
  hours: number;
  total: number;
  flops: number;
  hardwareFlops: number;
  peakTflops: number;
  effectiveTflops: number;
  mfu: number;
  hfu: number;
  computeMfu: number;
  scalingEfficiency: number;
  scalingBasis: string;
  tokensPerSecondPerGpu: number;
  tokensPerSecondPerGpuRange: Range;
  hoursRange: Range;
  assumptions: Assumption[];
  warnings: Warning[];
  breakdown: { key: string; value: number }[];
}

function timeOf(
  request: Record<string, unknown>,
  gpus: readonly GpuSpec[] = [H100],
  utilisation?: readonly UtilisationEntry[],
): TimeResult {
  const r = runRequest(
    {
      task: "train-time",
      model: { preset: "llama-3.1-8b" },
      gpu: "h100-sxm",
      tokens: 1e9,
      ...request,
    },
    { gpus, presets: PRESETS, ...(utilisation ? { utilisation } : {}) },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as TimeResult;
}
const part = (t: TimeResult, key: string) => t.breakdown.find((b) => b.key === key)?.value;
const parts = (t: TimeResult) => t.breakdown.map((b) => b.key);
const assumption = (t: TimeResult, key: string) => t.assumptions.find((a) => a.key === key);

describe("one GPU at your MFU", () => {
  // Run inside each test (not at collection), so that mutation testing sees it per test.
  const one = () => timeOf({ mfu: 0.4 });
  const hours = (1e9 * PER_TOKEN) / 3600;

  it("tokens ÷ the GPU's rate: 1e9 × 1.17836e-4 s = 32.732 h, all of it compute", () => {
    const t = one();
    expect(t.hours).toBeCloseTo(hours, 9);
    expect(t.tokensPerSecondPerGpu).toBeCloseTo(1 / PER_TOKEN, 9);
    expect(parts(t)).toEqual([
      "compute",
      "stage-imbalance",
      "pipeline-bubble",
      "fixed-work",
      "communication",
      "scaling-loss",
    ]);
    expect(part(t, "compute")).toBeCloseTo(hours, 9);
    for (const k of ["stage-imbalance", "pipeline-bubble", "fixed-work", "communication"])
      expect(part(t, k)).toBe(0);
    expect(part(t, "scaling-loss")).toBeCloseTo(0, 12);
    expect(t.total).toBeCloseTo(hours, 9);
  });

  it("the job's FLOPs, model and hardware, and the rate they run at", () => {
    const t = one();
    expect(t.flops).toBe(MODEL_FLOPS * 1e9);
    expect(t.hardwareFlops).toBe(HARDWARE_FLOPS * 1e9);
    expect(t.peakTflops).toBe(989.5);
    // 989.5 × 0.4 = 395.8 TFLOPS of model FLOPs.
    expect(t.effectiveTflops).toBeCloseTo(395.8, 9);
    expect(t.mfu).toBeCloseTo(0.4, 12);
    expect(t.computeMfu).toBeCloseTo(0.4, 12);
    // Hardware FLOPs at the same rate: 0.4 × 46,907,916,288 / 46,639,349,760 = 0.402303.
    expect(t.hfu).toBeCloseTo((0.4 * HARDWARE_FLOPS) / MODEL_FLOPS, 12);
    expect(t.scalingEfficiency).toBe(1);
    expect(t.scalingBasis).toBe("single-gpu");
  });

  it("prints the FLOPs per token, the datasheet peak, your MFU, the GPUs and the scaling", () => {
    const t = one();
    expect(t.assumptions).toEqual([
      { key: "model-flops-per-token", value: MODEL_FLOPS, source: "model-flops" },
      { key: "hardware-flops-per-token", value: HARDWARE_FLOPS, source: "hardware-flops" },
      {
        key: "peak-tflops",
        value: 989.5,
        source: "datasheet-dense",
        sourceParams: { gpu: "NVIDIA H100 SXM 80GB", format: "bf16" },
      },
      { key: "mfu", value: 0.4, source: "request" },
      { key: "gpus", value: 1, source: "request" },
      { key: "scaling", value: 1, source: "single-gpu" },
    ]);
    expect(t.warnings).toEqual([]);
  });

  it("a dense full fine-tune takes the dense runs' range; time and speed move inversely", () => {
    const t = one();
    const s = LIKELY_SPREAD["training-dense"];
    expect(t.hoursRange).toMatchObject({ basis: "training-dense" });
    expect(t.hoursRange.high).toBeCloseTo(hours * s.high, 9);
    expect(t.tokensPerSecondPerGpuRange.basis).toBe("training-dense");
    expect(t.tokensPerSecondPerGpuRange.low).toBeCloseTo(1 / PER_TOKEN / s.high, 9);
    expect(t.tokensPerSecondPerGpuRange.high).toBeCloseTo(1 / PER_TOKEN / s.low, 9);
  });

  it("LoRA adapters take the adapter runs' range", () => {
    const lora = timeOf({ mfu: 0.4, lora: { rank: 16 } });
    expect(lora.hoursRange.basis).toBe("training-adapter");
    expect(lora.tokensPerSecondPerGpuRange.basis).toBe("training-adapter");
    expect(lora.hoursRange.high).toBeCloseTo(
      lora.hours * LIKELY_SPREAD["training-adapter"].high,
      9,
    );
  });
});

describe("several GPUs", () => {
  it("16 GPUs over an unknown network at a measured 0.8: 0.2 of the hours lost to scaling", () => {
    // Two 8-GPU nodes, no network given: no prediction, the measured 0.8 applies. Each GPU
    // runs 0.8 / 1.17836e-4 tokens a second; 16 of them: 1e9 / (16 × 0.8) × 1.17836e-4 s.
    const t = timeOf({ mfu: 0.4, gpus: 16, scaling: 0.8 });
    const hours = (1e9 * PER_TOKEN) / (16 * 0.8) / 3600;
    expect(t.hours).toBeCloseTo(hours, 9);
    expect(t.scalingBasis).toBe("measured");
    expect(t.scalingEfficiency).toBe(0.8);
    expect(part(t, "compute")).toBeCloseTo(0.8 * hours, 9);
    expect(part(t, "scaling-loss")).toBeCloseTo(0.2 * hours, 9);
    expect(part(t, "communication")).toBe(0);
    // 16 × 0.8 × 395.8 = 5066.24 TFLOPS together; the step's MFU 0.32, its compute's 0.4.
    expect(t.effectiveTflops).toBeCloseTo(5066.24, 6);
    expect(t.mfu).toBeCloseTo(0.32, 12);
    expect(t.computeMfu).toBeCloseTo(0.4, 12);
    expect(assumption(t, "gpus")).toEqual({ key: "gpus", value: 16, source: "request" });
    expect(assumption(t, "scaling")).toEqual({ key: "scaling", value: 0.8, source: "request" });
    // A measured scaling covers the network: no warning about it.
    expect(t.warnings).toEqual([]);
  });

  it("without a measured scaling or a network, 16 GPUs are assumed perfect and warned about", () => {
    const t = timeOf({ mfu: 0.4, gpus: 16 });
    expect(t.scalingBasis).toBe("assumed");
    expect(t.scalingEfficiency).toBe(1);
    expect(assumption(t, "scaling")?.source).toBe("scaling-default");
    expect(part(t, "scaling-loss")).toBeCloseTo(0, 12);
    expect(t.warnings).toEqual([
      {
        code: "inter-node-network-unknown",
        params: { gpu: "NVIDIA H100 SXM 80GB", perNode: 8 },
      },
    ]);
  });

  it("one full 8-GPU node needs no network: predicted from NVLink, nothing left exposed", () => {
    // DDP all-reduce of at most 8.03e9 × 4 B of gradients: 2 × 7/8 × 32.1e9 = 56.2e9 B at
    // 450 GB/s = 0.125 s, under the backward's 2/3 of a 2048 × 1.178e-4 = 0.241 s step (0.161 s).
    const t = timeOf({ mfu: 0.4, gpus: 8 });
    expect(t.warnings).toEqual([]);
    expect(t.scalingBasis).toBe("predicted");
    expect(t.scalingEfficiency).toBe(1);
    expect(assumption(t, "scaling")).toEqual({
      key: "scaling",
      value: 1,
      source: "scaling-predicted",
    });
    expect(part(t, "communication")).toBeCloseTo(0, 12);
    expect(part(t, "compute")).toBeCloseTo(t.hours, 12);
    expect(t.hours).toBeCloseTo((1e9 * PER_TOKEN) / 8 / 3600, 9);
  });
});

describe("a pipeline's bubble, imbalance and sends", () => {
  // Each stage sends a micro-batch's activations forward and gets their gradient back:
  // 2 × 4 micro-batches × (1 × 2048 tokens × 4096 × 2 B = 16,777,216) = 134,217,728 B over
  // NVLink between neighbouring stages: 2.98262e-4 s, on the critical path.
  const sends = (2 * 4 * 2048 * 4096 * 2) / NVLINK;

  it("2 stages, 4 micro-batches: a bubble of 1/4 of compute, then the sends", () => {
    // Each of 2 GPUs computes half of 4 × 2048 tokens: C = 4096 × 1.17836e-4 = 0.48266 s.
    // The step: C + C/4 + sends; its share of compute is the efficiency.
    const t = timeOf({ mfu: 0.4, gpus: 2, pipelineParallel: 2, gradAccumulation: 4 });
    const C = 4096 * PER_TOKEN;
    const step = 1.25 * C + sends;
    expect(t.scalingBasis).toBe("predicted");
    expect(t.scalingEfficiency).toBeCloseTo(C / step, 12);
    expect(t.computeMfu).toBeCloseTo(0.4, 12);
    expect(t.mfu).toBeCloseTo((0.4 * C) / step, 12);
    expect(part(t, "compute")! / t.hours).toBeCloseTo(C / step, 12);
    expect(part(t, "stage-imbalance")).toBe(0);
    expect(part(t, "pipeline-bubble")! / t.hours).toBeCloseTo((0.25 * C) / step, 12);
    expect(part(t, "communication")! / t.hours).toBeCloseTo(sends / step, 12);
    expect(part(t, "scaling-loss")).toBe(0);
    expect(assumption(t, "bubble-share")).toEqual({
      key: "bubble-share",
      value: 0.25,
      source: "pipeline-bubble",
    });
  });

  it("3 stages of 32 layers: the 11-layer stages pace the step (33/32), the bubble 2/4", () => {
    // Stages of 11, 11, 10 layers: the slowest computes 33/32 of the average. Each GPU:
    // C = 8192 × 1.17836e-4 / 3 × 33/32; the bubble is (3 − 1)/4 of it. Sends between two
    // neighbouring stages: the same 134,217,728 B over NVLink.
    const t = timeOf({ mfu: 0.4, gpus: 3, pipelineParallel: 3, gradAccumulation: 4 });
    const ideal = (8192 * PER_TOKEN) / 3;
    const C = (ideal * 33) / 32;
    const step = C + 0.5 * C + sends;
    expect(t.scalingEfficiency).toBeCloseTo(ideal / step, 12);
    expect(part(t, "compute")! / t.hours).toBeCloseTo(ideal / step, 12);
    expect(part(t, "stage-imbalance")! / t.hours).toBeCloseTo((C - ideal) / step, 12);
    expect(part(t, "pipeline-bubble")! / t.hours).toBeCloseTo((0.5 * C) / step, 12);
    expect(part(t, "communication")! / t.hours).toBeCloseTo(sends / step, 12);
    expect(assumption(t, "bubble-share")?.value).toBe(0.5);
  });

  it("no pipeline, no bubble assumption", () => {
    expect(assumption(timeOf({ mfu: 0.4 }), "bubble-share")).toBeUndefined();
  });
});

describe("the optimizer step beside the FLOPs", () => {
  // Without your MFU the step times its fixed work: AdamW (PyTorch's foreach default) over
  // 8,030,261,248 parameters (7,504,658,432 in matrices + the 525,336,576 embedding + 65
  // norms of 4096), fp32 master, gradients and moments: 4 passes × 4 B + 3 × 4 + 14 × 4 +
  // the 2 B weights written = 86 B a parameter, at 3,350 GB/s: 0.206144 s per optimizer step.
  const optimizerSeconds = (8_030_261_248 * 86) / 3350e9;

  it("one GPU: 1e9 / 2048 optimizer steps of 0.2061 s are the fixed work; the rest is compute", () => {
    const t = timeOf({});
    expect(part(t, "fixed-work")).toBeCloseTo(((1e9 / 2048) * optimizerSeconds) / 3600, 6);
    expect(part(t, "compute")! + part(t, "fixed-work")!).toBeCloseTo(t.hours, 9);
    expect(part(t, "scaling-loss")).toBeCloseTo(0, 9);
  });

  it("two GPUs: each steps the whole model (no ZeRO), once per 2 × 2048 tokens", () => {
    // DDP over NVLink: 2 × 1/2 × 32.1e9 B = 0.071 s of all-reduce, hidden by the backward.
    const t = timeOf({ gpus: 2 });
    expect(t.scalingBasis).toBe("predicted");
    expect(part(t, "fixed-work")).toBeCloseTo(((1e9 / 4096) * optimizerSeconds) / 3600, 6);
    expect(part(t, "communication")).toBeCloseTo(0, 9);
    expect(part(t, "compute")! + part(t, "fixed-work")!).toBeCloseTo(t.hours, 9);
  });
});

describe("warnings on the GPU's figures", () => {
  it("FP8 on an A100, which has none: runs at 16 bits and says so", () => {
    const a100 = byId("a100-80gb-sxm");
    // Your MFU applies to the FP8 peak, which falls back to the fp16 one.
    expect(timeOf({ mfu: 0.4, fp8: true, gpu: a100.id }, [a100]).warnings).toEqual([
      { code: "no-fp8", params: { gpu: a100.name, used: "fp16" } },
    ]);
    // The measured table keys 16-bit for it: the bf16 peak, no fallback, still warned.
    expect(timeOf({ fp8: true, gpu: a100.id }, [a100]).warnings).toEqual([
      { code: "no-fp8", params: { gpu: a100.name, used: "bf16" } },
    ]);
    // An H100 has FP8: no warning, the peak doubles to 1979.
    const h = timeOf({ mfu: 0.4, fp8: true });
    expect(h.warnings).toEqual([]);
    expect(h.peakTflops).toBe(1979);
  });

  it("bf16 on a T4 falls back to FP32; fp16 on a P40 (no tensor cores) too", () => {
    const t4 = byId("t4");
    expect(timeOf({ mfu: 0.4, gpu: "t4" }, [t4]).warnings).toEqual([
      { code: "no-bf16", params: { gpu: t4.name, used: "fp32" } },
    ]);
    const p40 = byId("p40");
    expect(
      timeOf({ mfu: 0.4, gpu: "p40", precision: "fp16-mixed" }, [p40]).warnings.map((w) => w.code),
    ).toEqual(["low-precision-fallback", "unverified-gpu-figures"]);
    expect(timeOf({ mfu: 0.4, gpu: "p40", precision: "fp16-mixed" }, [p40]).warnings[0]).toEqual({
      code: "low-precision-fallback",
      params: { gpu: p40.name, used: "fp32" },
    });
  });

  it("names every unverified figure of the GPU, comma-separated", () => {
    const unsure: GpuSpec = { ...H100, unverified: ["fp16", "bf16"] };
    expect(timeOf({ mfu: 0.4 }, [unsure]).warnings).toEqual([
      { code: "unverified-gpu-figures", params: { gpu: H100.name, figures: "fp16,bf16" } },
    ]);
  });
});

describe("an MoE's routing", () => {
  const moe = (request: Record<string, unknown>) =>
    timeOf({ model: { preset: "qwen3-30b-a3b" }, mfu: 0.4, ...request });
  it("prints the routed copies' bytes per token and takes the MoE runs' range", () => {
    // Qwen3-30B-A3B: 48 MoE layers × 8 experts × 2048 hidden × 2 B × 14 passes = 22,020,096.
    const t = moe({});
    expect(assumption(t, "moe-routed-bytes-per-token")).toEqual({
      key: "moe-routed-bytes-per-token",
      value: 22_020_096,
      source: "moe-routing",
    });
    expect(t.hoursRange.basis).toBe("training-moe");
  });
  it("512 tokens per expert is already a small expert batch", () => {
    // 1 × 8192 tokens × 8 copies / 128 experts = 512 tokens per expert GEMM.
    expect(moe({ seqLen: 8192 }).warnings).toContainEqual({
      code: "moe-small-expert-batches",
      params: { tokens: 512 },
    });
  });
});

describe("the request's stack and table reach the step", () => {
  it("framework megatron keys Megatron-LM's own FP8 runs", () => {
    const t = timeOf({ framework: "megatron", fp8: true });
    const entry = assumption(t, "dense-utilisation-share")?.sourceParams?.["entry"];
    expect(entry).toBe("hopper-hbm/fp8/megatron/dense/medium");
  });
  it("a utilisation table in the context replaces the fitted one", () => {
    const table: UtilisationEntry[] = [
      {
        family: "hopper-hbm",
        format: "16-bit",
        stack: "pytorch",
        moe: false,
        size: "medium",
        dense: 0.5,
        rows: 3,
        sources: ["test"],
      },
    ];
    const t = timeOf({}, [H100], table);
    expect(assumption(t, "dense-utilisation-share")).toMatchObject({
      value: 0.5,
      sourceParams: { entry: "hopper-hbm/16-bit/pytorch/dense/medium", rows: 3, sources: "test" },
    });
  });
});
