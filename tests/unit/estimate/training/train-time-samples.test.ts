/**
 * Training time of a job counted in samples (no model: its FLOPs at your MFU or the published
 * default), the deadline and price figures every training time carries, the catalog
 * comparison, and the request rules on the unit of work. Expected values are worked by hand
 * in the comments from the datasheet peaks (A100 SXM 312, H100 SXM 989.5 dense bf16 TFLOPS).
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { Assumption } from "../../../../src/estimate/result.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { LIKELY_SPREAD } from "../../../../src/estimate/generated/time-ranges.ts";

const catalog = loadGpuSpecs();
const pick = (...ids: string[]) => catalog.filter((g) => ids.includes(g.id));

interface Range {
  low: number;
  high: number;
  basis: string;
}
interface TimeResult {
  hours: number;
  seconds: number;
  total: number;
  flops: number;
  hardwareFlops: number;
  peakTflops: number;
  effectiveTflops: number;
  mfu: number;
  computeMfu: number;
  scalingEfficiency: number;
  scalingBasis: string;
  hoursRange: Range;
  assumptions: Assumption[];
  breakdown: { key: string; value: number }[];
  deadlineSustainedTflops?: number;
  deadlinePeakTflopsNeeded?: number;
  deadlineVerdict?: string;
  cost?: number;
  byGpu: { gpu: string; peakTflops: number; hours: number; scalingEfficiency: number }[];
}

const ctx = (ids: string[]) => ({ gpus: pick(...ids), presets: PRESETS });
function timeOf(request: Record<string, unknown>, ids = ["a100-80gb-sxm"]): TimeResult {
  const r = runRequest({ task: "train-time", gpu: "a100-80gb-sxm", ...request }, ctx(ids));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as TimeResult;
}
const sourceOf = (t: TimeResult, key: string) => t.assumptions.find((a) => a.key === key)?.source;

describe("a job counted in samples", () => {
  it("runs samples × FLOPs per sample at the published MFU on one GPU", () => {
    // Only samples given: the work is counted in samples. 1e8 × 1e9 = 1e17 FLOPs at 312 TFLOPS
    // × 0.4 = 124.8 TFLOPS: 1e17 / 1.248e14 = 801.282 s = 0.2225783 h.
    const t = timeOf({ samples: 1e8, flopsPerSample: 1e9 });
    expect(t.flops).toBe(1e17);
    expect(t.hardwareFlops).toBe(1e17);
    expect(t.hours).toBeCloseTo(1e17 / 124.8e12 / 3600, 12);
    expect(t.mfu).toBe(0.4);
    expect(t.computeMfu).toBe(0.4);
    expect(t.scalingEfficiency).toBe(1);
    expect(t.scalingBasis).toBe("single-gpu");
    expect(sourceOf(t, "mfu")).toBe("mfu-published");
    expect(sourceOf(t, "scaling")).toBe("single-gpu");
    // No model tells dense from MoE: the dense runs' held-out spread.
    const dense = LIKELY_SPREAD["training-dense"];
    expect(t.hoursRange.basis).toBe("training-dense");
    expect(t.hoursRange.low).toBeCloseTo(t.hours * Math.min(1, dense.low), 12);
    expect(t.hoursRange.high).toBeCloseTo(t.hours * Math.max(1, dense.high), 12);
  });

  it("one GPU ignores a scaling figure: single-gpu basis, efficiency 1, MFU as given", () => {
    const t = timeOf({ samples: 1e8, flopsPerSample: 1e9, scaling: 0.5, mfu: 0.3 });
    // 1e17 / (312e12 × 0.3) = 1068.376 s.
    expect(t.hours).toBeCloseTo(1e17 / (312e12 * 0.3) / 3600, 12);
    expect(t.scalingBasis).toBe("single-gpu");
    expect(t.scalingEfficiency).toBe(1);
    expect(t.mfu).toBe(0.3);
    expect(sourceOf(t, "mfu")).toBe("request");
  });

  it("several GPUs at a measured scaling: the step's MFU is the compute MFU × scaling", () => {
    // A forward-only figure triples: 3e17 FLOPs. 4 × 312 × 0.5 × 0.75 = 468 TFLOPS:
    // 3e17 / 468e12 = 641.026 s = 0.1780627 h.
    const t = timeOf({
      samples: 1e8,
      flopsPerSample: 1e9,
      forwardOnly: true,
      gpus: 4,
      mfu: 0.5,
      scaling: 0.75,
    });
    expect(t.flops).toBe(3e17);
    expect(t.hours).toBeCloseTo(3e17 / 468e12 / 3600, 12);
    expect(t.computeMfu).toBe(0.5);
    expect(t.mfu).toBeCloseTo(0.375, 12);
    expect(t.scalingEfficiency).toBe(0.75);
    expect(t.scalingBasis).toBe("measured");
    expect(sourceOf(t, "scaling")).toBe("request");
    expect(sourceOf(t, "mfu")).toBe("request");
  });

  it("several GPUs without a scaling figure: assumed perfect, and said to be assumed", () => {
    // 4 × 312 × 0.4 = 499.2 TFLOPS: 1e17 / 499.2e12 = 200.32 s.
    const t = timeOf({ samples: 1e8, flopsPerSample: 1e9, gpus: 4 });
    expect(t.hours).toBeCloseTo(1e17 / 499.2e12 / 3600, 12);
    expect(t.scalingBasis).toBe("assumed");
    expect(t.scalingEfficiency).toBe(1);
    expect(t.mfu).toBe(0.4);
    expect(sourceOf(t, "scaling")).toBe("scaling-default");
  });
});

describe("a deadline and a price", () => {
  // Run inside each test (not at collection), so that mutation testing sees it per test.
  const priced = () =>
    timeOf({
      samples: 1e8,
      flopsPerSample: 1e9,
      forwardOnly: true,
      gpus: 4,
      mfu: 0.5,
      scaling: 0.75,
      deadlineHours: 0.1,
      pricePerGpuHour: 2,
    });
  it("the sustained rate 0.1 h needs, and the peak once the compute MFU is taken out", () => {
    const t = priced();
    // 3e17 FLOPs in 360 s = 833.33 TFLOPS sustained; at 0.5 MFU a peak of 1666.67.
    expect(t.deadlineSustainedTflops).toBeCloseTo(3e17 / 360 / 1e12, 9);
    expect(t.deadlinePeakTflopsNeeded).toBeCloseTo(3e17 / 360 / 1e12 / 0.5, 9);
    // The fast end, 0.178 h × 0.836, still overshoots 0.1 h.
    expect(t.deadlineVerdict).toBe("misses");
  });
  it("costs hours × GPUs × the price per GPU-hour", () => {
    // 0.1780627 h × 4 GPUs × 2 = 1.4245.
    expect(priced().cost).toBeCloseTo((3e17 / 468e12 / 3600) * 4 * 2, 12);
  });
  it("without a price or deadline there are none", () => {
    const plain = timeOf({ samples: 1e8, flopsPerSample: 1e9 });
    expect(plain.cost).toBeUndefined();
    expect(plain.deadlineVerdict).toBeUndefined();
  });
});

describe("the same job on every catalog GPU", () => {
  it("lists each GPU with a compute figure at its own peak, and skips one without (Ascend 910B)", () => {
    const t = timeOf({ samples: 1e8, flopsPerSample: 1e9 }, [
      "a100-80gb-sxm",
      "h100-sxm",
      "ascend-910b",
    ]);
    expect(t.byGpu.map((g) => g.gpu)).toEqual(["a100-80gb-sxm", "h100-sxm"]);
    const h100 = t.byGpu.find((g) => g.gpu === "h100-sxm")!;
    // 1e17 / (989.5e12 × 0.4) = 252.65 s.
    expect(h100.peakTflops).toBe(989.5);
    expect(h100.hours).toBeCloseTo(1e17 / (989.5e12 * 0.4) / 3600, 12);
    expect(t.byGpu.find((g) => g.gpu === "a100-80gb-sxm")?.hours).toBe(t.hours);
  });
});

describe("the unit of work must come with its count", () => {
  const issues = (request: Record<string, unknown>) => {
    const r = runRequest(
      { task: "train-time", gpu: "a100-80gb-sxm", ...request },
      ctx(["a100-80gb-sxm"]),
    );
    if (r.ok) throw new Error("accepted a request that should be refused");
    return r.issues.map((i) => ({ field: i.field, code: i.code, params: i.params }));
  };
  it("work: samples with tokens only asks for the samples", () => {
    expect(issues({ work: "samples", tokens: 1e9, model: { preset: "llama-3.1-8b" } })).toEqual([
      { field: "samples", code: "needs-with", params: { with: "work" } },
    ]);
  });
  it("work: tokens with samples only asks for the tokens", () => {
    expect(issues({ work: "tokens", samples: 1e8, flopsPerSample: 1e9 })).toEqual([
      { field: "tokens", code: "needs-with", params: { with: "work" } },
    ]);
  });
  it("no work at all is the missing pair alone, not also a missing count", () => {
    expect(issues({ work: "tokens" }).map((i) => i.code)).toEqual(["needs-one-of"]);
  });
  it("a broken tensor-parallel split is reported alone, before the pipeline's rules", () => {
    // tp 4 on 2 GPUs; virtual stages without a pipeline would be a second issue.
    expect(
      issues({
        model: { preset: "llama-3.1-8b" },
        tokens: 1e9,
        gpus: 2,
        tensorParallel: 4,
        virtualStages: 2,
      }).map((i) => i.field),
    ).toEqual(["tensorParallel"]);
  });
});
