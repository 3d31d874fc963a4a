/**
 * Batch plan rows (`plan/batch.ts`) on hand-made GPUs: how a time per item carries to
 * another GPU (render-benchmark scores, else the ratio of the bounding figure), how the
 * items split over GPUs as independent jobs, and every reason a row gives. Each time is
 * worked by hand beside its expectation.
 */
import { describe, expect, it } from "vitest";
import type { UsedPrice } from "../../../../src/estimate/cost/price.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { BatchPlanInput } from "../../../../src/estimate/plan/batch.ts";
import { batchRows, carriedSeconds } from "../../../../src/estimate/plan/batch.ts";
import { a10g, rtx4090 } from "../helpers.ts";

const BENCH = "Bench 1.0";
/** The measured GPU: the RTX 4090's figures (FP32 82.6 TFLOPS, 1008 GB/s) with scores. */
const measured: GpuSpec = {
  ...rtx4090,
  renderScores: [
    { benchmark: BENCH, backend: "cuda", value: 50 },
    { benchmark: BENCH, backend: "optix", value: 100 },
  ],
};
/** Twice the FP32 peak (165.2) and twice the bandwidth (2016); scores 400 OptiX, 200 CUDA. */
const doubled: GpuSpec = {
  ...rtx4090,
  id: "doubled",
  name: "Doubled",
  fp32Tflops: 165.2,
  bandwidthGBps: 2016,
  renderScores: [
    { benchmark: BENCH, backend: "cuda", value: 200 },
    { benchmark: BENCH, backend: "optix", value: 400 },
  ],
};
/** The same, with no score in any benchmark the measured GPU has. */
const unscored: GpuSpec = { ...doubled, id: "unscored", renderScores: [] };

const input = (o: Partial<BatchPlanInput> = {}): BatchPlanInput => ({
  secondsPerItem: 36,
  items: 1001,
  measuredOn: measured,
  bound: "compute",
  render: false,
  maxGpus: 4,
  price: () => null,
  ...o,
});

describe("the time per item on another GPU", () => {
  it("a render carries by the shared RT-core score first: 36 s × 100 / 400 = 9 s", () => {
    expect(carriedSeconds(input({ render: true }), doubled)).toBe(9);
  });

  it("without a shared score, and for other work, by the FP32 peak: 36 × 82.6 / 165.2 = 18 s", () => {
    expect(carriedSeconds(input({ render: true }), unscored)).toBe(18);
    expect(carriedSeconds(input({ render: false }), doubled)).toBe(18);
  });

  it("memory-bound work by bandwidth, render or not: 36 × 1008 / 2016 = 18 s", () => {
    // The scores would give 9 s: a memory-bound render is not carried by them.
    expect(carriedSeconds(input({ bound: "memory-bandwidth", render: true }), doubled)).toBe(18);
    // The A10G: 36 × 1008 / 600 = 60.48 s.
    expect(carriedSeconds(input({ bound: "memory-bandwidth" }), a10g)).toBeCloseTo(60.48, 12);
  });

  it("on the measured GPU itself, the time measured", () => {
    expect(carriedSeconds(input({ render: true }), measured)).toBe(36);
  });
});

describe("batch rows", () => {
  it("split the items as independent jobs: the slowest GPU takes the ceiling of its share", () => {
    // Counts on an RTX 4090 up to 4: 1, 2, 4. 1001 items at 36 s:
    // 1 GPU: 1001 · 36 = 36,036 s = 10.01 h; 2: ceil(500.5) = 501 · 36 = 18,036 s = 5.01 h;
    // 4: ceil(250.25) = 251 · 36 = 9036 s = 2.51 h.
    const rows = batchRows(input({ memoryBytes: 1e9 }), measured);
    expect(rows.map((r) => r.gpus)).toEqual([1, 2, 4]);
    expect(rows[0]!.hours).toBeCloseTo(10.01, 12);
    expect(rows[1]!.hours).toBeCloseTo(5.01, 12);
    expect(rows[2]!.hours).toBeCloseTo(2.51, 12);
    // Each job runs on one GPU: the fewest is 1, the verdict "fits" at every count.
    for (const r of rows) expect([r.fewestGpus, r.fewestNodes, r.verdict]).toEqual([1, 1, "fits"]);
    expect(rows.map((r) => r.shape)).toEqual(["single", "independent", "independent"]);
    expect(rows.map((r) => r.scalingEfficiency)).toEqual([1, null, null]);
    expect(rows.map((r) => r.scalingBasis)).toEqual(["single-gpu", "independent", "independent"]);
    expect(rows.map((r) => r.limitedBy)).toEqual(["compute", "compute", "compute"]);
    // On the measured GPU with a memory figure: no speed or memory reason; no price.
    expect(rows.map((r) => r.reasons)).toEqual([
      ["no-price"],
      ["independent-jobs", "no-price"],
      ["independent-jobs", "no-price"],
    ]);
    // 1e9 bytes is 1.0 GB to rent.
    expect(rows[0]!.memoryPerGpuBytes).toBe(1e9);
    expect(rows[0]!.memoryPerGpuRentGB).toBe(1);
  });

  it("price every GPU's hours and divide by the items", () => {
    const price: UsedPrice = {
      pricePerGpuHour: 2,
      currency: "USD",
      source: "request",
      conversion: null,
    };
    const rows = batchRows(input({ price: () => price, maxGpus: 4, deadlineHours: 5 }), measured);
    // 4 GPUs: 2.51 h · 2 per GPU-hour · 4 = 20.08; per item 20.08 / 1001.
    expect(rows[2]!.cost).toBeCloseTo(20.08, 12);
    expect(rows[2]!.units).toBe(1001);
    expect(rows[2]!.costPerUnit).toBeCloseTo(20.08 / 1001, 15);
    // The plan's deadline reaches the row: 10.01 and 5.01 h miss 5 h, 2.51 h meets it.
    expect(rows.map((r) => r.meetsDeadline)).toEqual([false, false, true]);
  });

  it("a job larger than the GPU's memory fits none; one exactly its size fits", () => {
    const over = batchRows(input({ memoryBytes: rtx4090.memoryTotalBytes + 1 }), doubled);
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({
      gpu: "doubled",
      gpus: 1,
      verdict: "does-not-fit",
      hours: null,
    });
    const exact = batchRows(input({ memoryBytes: rtx4090.memoryTotalBytes }), doubled);
    expect(exact.map((r) => r.verdict)).toEqual(["fits", "fits", "fits"]);
  });

  it("say how the time was carried, and that memory was not checked without a figure", () => {
    // A render carried by score to "doubled": 9 s per item; 1001 · 9 s = 9009 s = 2.5025 h.
    const byScore = batchRows(input({ render: true, maxGpus: 1 }), doubled);
    expect(byScore[0]!.hours).toBeCloseTo(2.5025, 12);
    expect(byScore[0]!.reasons).toEqual([
      "speed-carried",
      "speed-render-score",
      "memory-unchecked",
      "no-price",
    ]);
    expect(byScore[0]!.memoryPerGpuBytes).toBeNull();
    // A render carried by FP32 (no shared score) says so.
    const fallback = batchRows(input({ render: true, maxGpus: 1, memoryBytes: 1 }), unscored);
    expect(fallback[0]!.reasons).toEqual(["speed-carried", "speed-fp32-fallback", "no-price"]);
    // Other work carried by its figure: carried, no fallback named.
    const plain = batchRows(input({ maxGpus: 1, memoryBytes: 1 }), doubled);
    expect(plain[0]!.reasons).toEqual(["speed-carried", "no-price"]);
    // A memory-bound render carried by bandwidth is no FP32 fallback either.
    const bw = batchRows(
      input({ render: true, bound: "memory-bandwidth", maxGpus: 1, memoryBytes: 1 }),
      doubled,
    );
    expect(bw[0]!.reasons).toEqual(["speed-carried", "no-price"]);
    expect(bw[0]!.limitedBy).toBe("memory-bandwidth");
  });

  it("a GPU without the bounding figure has no hours, and names the figure", () => {
    const { fp32Tflops: _f, ...noFp32 } = doubled;
    const noCompute = batchRows(input({ maxGpus: 2, memoryBytes: 1 }), noFp32);
    expect(noCompute.map((r) => r.hours)).toEqual([null, null]);
    expect(noCompute[0]!.reasons).toEqual(["speed-carried", "no-compute-figure", "no-price"]);
    const { bandwidthGBps: _b, ...noBw } = doubled;
    const noBandwidth = batchRows(
      input({ bound: "memory-bandwidth", maxGpus: 1, memoryBytes: 1 }),
      noBw,
    );
    expect(noBandwidth[0]!.hours).toBeNull();
    expect(noBandwidth[0]!.reasons).toEqual(["speed-carried", "no-bandwidth-figure", "no-price"]);
    // The missing FP32 figure does not matter to memory-bound work: 36 × 1008 / 2016 = 18 s;
    // 1001 · 18 s = 18,018 s = 5.005 h.
    const bwOnly = batchRows(
      input({ bound: "memory-bandwidth", maxGpus: 1, memoryBytes: 1 }),
      noFp32,
    );
    expect(bwOnly[0]!.hours).toBeCloseTo(5.005, 12);
  });

  it("a GPU with unverified figures says so", () => {
    // A10G (FP32 31.2): 36 × 82.6 / 31.2 s per item; its fp16/bf16 figures are unverified.
    const rows = batchRows(input({ maxGpus: 1, memoryBytes: 1 }), a10g);
    expect(rows[0]!.reasons).toEqual(["speed-carried", "unverified-figures", "no-price"]);
    // 1001 · 36 · 82.6 / 31.2 / 3600 h.
    expect(rows[0]!.hours).toBeCloseTo((1001 * 36 * 82.6) / 31.2 / 3600, 12);
  });
});
