import { describe, expect, it } from "vitest";
import type { Workload } from "../../../src/estimate/fit-rank.ts";
import { fitGpu, GPU_COUNTS, rankGpus } from "../../../src/estimate/fit-rank.ts";
import { trainTime } from "../../../src/estimate/compute-time.ts";
import { a100, a10g, allFinite, GPUS, rtx4090, runOk, t4 } from "./helpers.ts";

const GB = 1e9;
const train = (bytesOnOne: number, o: Partial<Workload> = {}): Workload => ({
  memoryPerGpu: (n) => bytesOnOne / n,
  flops: 1e18,
  format: "bf16",
  mfu: 0.4,
  scaling: 1,
  splitNeedsFastLink: false,
  memoryBound: false,
  ...o,
});

describe("fitGpu", () => {
  it("hours agree with the compute-time estimator for the same GPUs, MFU and scaling", () => {
    for (const gpu of [a100, rtx4090, t4]) {
      const r = fitGpu(gpu, train(100 * GB, { scaling: 0.8, mfu: 0.35 }));
      const t = trainTime({
        flops: 1e18,
        gpu,
        gpus: r.gpusNeeded ?? 0,
        format: "bf16",
        mfu: 0.35,
        scaling: 0.8,
      });
      expect(r.hours, gpu.id).toBeCloseTo(t.hours, 12);
    }
  });
  it("fits one GPU when memory × (1 + 20% headroom) ≤ capacity (nvidia-smi memory.total)", () => {
    const usable = a100.memoryTotalBytes / 1.2;
    expect(fitGpu(a100, train(usable)).gpusNeeded).toBe(1);
    expect(fitGpu(a100, train(usable * 1.001)).gpusNeeded).toBe(2);
    // 71 GB x 1.2 = 85.2 GB: more than the 80 GB on the box, less than its 81920 MiB (85.9 GB).
    expect(fitGpu(a100, train(71 * GB)).gpusNeeded).toBe(1);
    expect(fitGpu(a100, train(72 * GB)).gpusNeeded).toBe(2);
  });
  it("time = FLOPs / (peak × MFU × n × scaling); cost = hours × n × price", () => {
    const r = fitGpu(a100, train(100 * GB, { scaling: 0.9 }), 2);
    expect(r.gpusNeeded).toBe(2);
    const hours = 1e18 / (312e12 * 0.4 * 2 * 0.9) / 3600;
    expect(r.hours).toBeCloseTo(hours, 12);
    expect(r.cost).toBeCloseTo(hours * 2 * 2, 12);
    expect(r.reasons).toEqual(["needs-multiple-gpus", "compute-bound"]);
  });
  it("says why: no NVLink for tensor parallel, memory-bound, no bf16, unverified figures, no price", () => {
    expect(
      fitGpu(rtx4090, train(40 * GB, { splitNeedsFastLink: true, memoryBound: true })).reasons,
    ).toEqual([
      "needs-multiple-gpus",
      "needs-nvlink-for-tensor-parallel",
      "memory-bound",
      "no-price",
    ]);
    expect(fitGpu(t4, train(1 * GB), 1).reasons).toContain("no-bf16");
    expect(fitGpu(a10g, train(1 * GB), 1).reasons).toContain("unverified-figures");
    expect(fitGpu(a100, train(200 * GB, { splitNeedsFastLink: true }), 1).reasons).not.toContain(
      "needs-nvlink-for-tensor-parallel",
    );
  });
  it("does not fit when even the largest node count is too small", () => {
    const r = fitGpu(rtx4090, train(1e15, { maxGpus: 8 }));
    expect(r).toMatchObject({
      fits: false,
      gpusNeeded: null,
      hours: null,
      cost: null,
      reasons: ["does-not-fit"],
    });
    expect(GPU_COUNTS).toEqual([1, 2, 4, 8, 16, 32, 64]);
  });
});

describe("rankGpus", () => {
  it("fitting first, then by cost (or time); unknown cost last", () => {
    const w = train(30 * GB);
    const prices = { "a100-80gb-sxm": 2, "rtx-4090": 0.5, t4: 0.2 };
    const byCost = rankGpus(GPUS, w, prices, "cost");
    expect(byCost.map((r) => r.fits)).toEqual(
      [...byCost.map((r) => r.fits)].sort((a, b) => Number(b) - Number(a)),
    );
    const costs = byCost.filter((r) => r.cost !== null).map((r) => r.cost!);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(byCost.at(-1)!.cost).toBeNull();
    const byTime = rankGpus(GPUS, w, prices, "time");
    const hours = byTime.filter((r) => r.hours !== null).map((r) => r.hours!);
    expect(hours).toEqual([...hours].sort((a, b) => a - b));
  });
  it("a fit-rank request runs end to end without NaN", () => {
    const r = runOk<{
      rows: { gpuId: string; fits: boolean; gpusNeeded: number | null }[];
    }>({
      task: "fit-rank",
      workload: {
        task: "train-memory",
        model: { preset: "llama-3.1-8b" },
        microBatch: 1,
        seqLen: 2048,
        recompute: "full",
      },
      tokens: 1e9,
      prices: { "a100-80gb-sxm": 2, "rtx-4090": 0.5 },
    });
    expect(allFinite(JSON.parse(JSON.stringify(r)))).toBe(true);
    expect(r.rows.find((x) => x.gpuId === "a100-80gb-sxm")?.gpusNeeded).toBeGreaterThanOrEqual(2);
  });
});
