/**
 * `verdict.ts` on a made-up catalog of the shared fixture GPUs, so each list and each
 * shortfall is worked by hand from their nvidia-smi totals: T4 15,360 MiB =
 * 16,106,127,360 B; A10G 23,028 MiB = 24,146,608,128 B; RTX 4090 24,564 MiB =
 * 25,757,220,864 B; A100 80GB 81,920 MiB = 85,899,345,920 B.
 */
import { describe, expect, it } from "vitest";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import {
  gpuById,
  memoryVerdict,
  speedFigureIssues,
} from "../../../../src/estimate/memory/verdict.ts";
import type { TaskContext } from "../../../../src/estimate/request/task.ts";
import { a100, a10g, rtx4090, t4 } from "../helpers.ts";

/** The catalog out of size order, so the verdict's own sort shows. */
const ctx: TaskContext = { gpus: [a100, rtx4090, t4, a10g], presets: [] };

describe("memoryVerdict", () => {
  it("a need every GPU holds lists them all, smallest memory first; no GPU chosen, none judged", () => {
    const v = memoryVerdict(ctx, { nvidiaSmiBytes: 10e9, recommendedBytes: 12e9 }, undefined, 2);
    expect(v).toEqual({
      rentGB: 12,
      needBytes: 12e9,
      gpus: 2,
      chosen: null,
      fitsOn: ["t4", "a10g", "rtx-4090", "a100-80gb-sxm"],
      tightOn: [],
    });
  });
  it("a peak of 16 GB with 30 GB to rent: tight on the three smaller cards, fits the A100", () => {
    const v = memoryVerdict(
      ctx,
      { nvidiaSmiBytes: 16e9, recommendedBytes: 30e9 },
      "a100-80gb-sxm",
      1,
    );
    expect(v.tightOn).toEqual(["t4", "a10g", "rtx-4090"]);
    expect(v.fitsOn).toEqual(["a100-80gb-sxm"]);
    expect(v.chosen).toEqual({
      gpuId: "a100-80gb-sxm",
      fit: "fits",
      shortBytes: 0,
      shortGB: 0,
      capacityBytes: 85_899_345_920,
    });
  });
  it("a chosen RTX 4090, tight: 26e9 − 25,757,220,864 = 242,779,136 B short, 0.3 GB rounded up", () => {
    const v = memoryVerdict(ctx, { nvidiaSmiBytes: 24.5e9, recommendedBytes: 26e9 }, "rtx-4090", 1);
    expect(v.rentGB).toBe(26);
    expect(v.chosen).toEqual({
      gpuId: "rtx-4090",
      fit: "tight",
      shortBytes: 242_779_136,
      shortGB: 0.3,
      capacityBytes: 25_757_220_864,
    });
    // The A10G's 24.15 GB is below even the 24.5 GB peak: in neither list.
    expect(v.tightOn).toEqual(["rtx-4090"]);
    expect(v.fitsOn).toEqual(["a100-80gb-sxm"]);
  });
  it("a chosen T4 that does not hold the peak: nothing short of headroom, as nothing fits", () => {
    const v = memoryVerdict(ctx, { nvidiaSmiBytes: 24.5e9, recommendedBytes: 26e9 }, "t4", 1);
    expect(v.chosen).toMatchObject({ fit: "does-not-fit", shortBytes: 0, shortGB: 0 });
  });
});

describe("gpuById", () => {
  it("finds a GPU by id, and throws, naming it, for one the checker should have refused", () => {
    expect(gpuById(ctx, "a10g")).toBe(a10g);
    expect(() => gpuById(ctx, "h100-sxm")).toThrow(
      "GPU h100-sxm passed the checker but is not in the catalog",
    );
  });
});

describe("speedFigureIssues", () => {
  /** A GPU with no datasheet bandwidth nor FP32 peak (as the catalog keeps the Ascend 910B). */
  const bare: GpuSpec = { ...t4, id: "bare", name: "Bare GPU" };
  delete bare.bandwidthGBps;
  delete bare.fp32Tflops;
  const withBare: TaskContext = { ...ctx, gpus: [...ctx.gpus, bare] };
  it("names each figure needed that the GPU lacks, on the field, in the order asked", () => {
    expect(speedFigureIssues(withBare, "gpu", "bare", ["fp32Tflops", "bandwidthGBps"])).toEqual([
      { field: "gpu", code: "gpu-no-compute", params: { gpu: "Bare GPU" } },
      { field: "gpu", code: "gpu-no-bandwidth", params: { gpu: "Bare GPU" } },
    ]);
    expect(speedFigureIssues(withBare, "options.0.gpu", "bare", ["bandwidthGBps"])).toEqual([
      { field: "options.0.gpu", code: "gpu-no-bandwidth", params: { gpu: "Bare GPU" } },
    ]);
  });
  it("nothing for a GPU with its figures, an unknown id (the checker's issue) or no id", () => {
    const both = ["bandwidthGBps", "fp32Tflops"] as const;
    expect(speedFigureIssues(withBare, "gpu", "t4", both)).toEqual([]);
    expect(speedFigureIssues(withBare, "gpu", "nope", both)).toEqual([]);
    expect(speedFigureIssues(withBare, "gpu", undefined, both)).toEqual([]);
  });
});
