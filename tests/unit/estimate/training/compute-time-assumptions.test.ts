/**
 * What a FLOPs-counted training time says about itself: the FLOPs, the datasheet peak, the
 * MFU and where it came from, the GPUs and the scaling's basis; and the warnings on the
 * GPU's figures. Peaks from gpu-datasheets.tsv (A100 SXM 312 dense bf16, P40 12 FP32 and
 * no tensor cores).
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import { trainTime } from "../../../../src/estimate/training/compute-time.ts";

const catalog = loadGpuSpecs();
const byId = (id: string): GpuSpec => catalog.find((g) => g.id === id)!;
const a100 = byId("a100-80gb-sxm");

describe("the assumptions of a training time", () => {
  it("one GPU: the request's FLOPs, the dense peak, the published MFU, single-GPU scaling", () => {
    const t = trainTime({ flops: 1e18, gpu: a100, format: "bf16" });
    expect(t.assumptions).toEqual([
      { key: "flops", value: 1e18, source: "request" },
      {
        key: "peak-tflops",
        value: 312,
        source: "datasheet-dense",
        sourceParams: { gpu: a100.name, format: "bf16" },
      },
      { key: "mfu", value: 0.4, source: "mfu-published" },
      { key: "gpus", value: 1, source: "request" },
      { key: "scaling", value: 1, source: "single-gpu" },
    ]);
    expect(t.warnings).toEqual([]);
    // 1e18 / (312e12 × 0.4) = 8012.82 s, all of it compute.
    expect(t.breakdown).toEqual([
      expect.objectContaining({ key: "compute", value: expect.closeTo(1e18 / 124.8e12 / 3600, 9) }),
    ]);
    expect(t.peakTflops).toBe(312);
  });

  it("several GPUs: the scaling's source follows its basis, assumed when none is said", () => {
    const source = (basis?: "single-gpu" | "measured" | "predicted" | "assumed") =>
      trainTime({
        flops: 1e18,
        gpu: a100,
        format: "bf16",
        gpus: 4,
        scaling: 0.9,
        mfuSource: "request",
        mfu: 0.5,
        ...(basis ? { scalingBasis: basis } : {}),
      }).assumptions;
    expect(source("measured")).toContainEqual({ key: "scaling", value: 0.9, source: "request" });
    expect(source("predicted")).toContainEqual({
      key: "scaling",
      value: 0.9,
      source: "scaling-predicted",
    });
    expect(source()).toContainEqual({ key: "scaling", value: 0.9, source: "scaling-default" });
    expect(source("measured")).toContainEqual({ key: "mfu", value: 0.5, source: "request" });
    expect(source("measured")).toContainEqual({ key: "gpus", value: 4, source: "request" });
  });
});

describe("the warnings of a training time", () => {
  it("fp16 on a GPU without tensor cores falls back to its FP32 peak", () => {
    const p40 = byId("p40");
    const t = trainTime({ flops: 1e18, gpu: { ...p40, unverified: [] }, format: "fp16" });
    expect(t.warnings).toEqual([
      { code: "low-precision-fallback", params: { gpu: p40.name, used: "fp32" } },
    ]);
    expect(t.peakTflops).toBe(12);
  });
  it("names the GPU's unverified figures, comma-separated", () => {
    const t = trainTime({
      flops: 1e18,
      gpu: { ...a100, unverified: ["fp16", "bf16"] },
      format: "bf16",
    });
    expect(t.warnings).toEqual([
      { code: "unverified-gpu-figures", params: { gpu: a100.name, figures: "fp16,bf16" } },
    ]);
  });
  it("bf16 on a T4 says no-bf16 with the format it used", () => {
    const t4 = byId("t4");
    expect(trainTime({ flops: 1e18, gpu: t4, format: "bf16" }).warnings).toEqual([
      { code: "no-bf16", params: { gpu: t4.name, used: "fp32" } },
    ]);
  });
});
