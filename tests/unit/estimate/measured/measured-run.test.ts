/**
 * `measured-run`: the memory to rent from a peak nvidia-smi measured, and the single-GPU hours
 * of a job at a measured throughput. Expected values are worked out by hand from the request
 * and the catalog's nvidia-smi memory.total figures (tests/unit/run-log/helpers.ts).
 */
import { describe, expect, it } from "vitest";
import type { MeasuredRunResult } from "../../../../src/estimate/measured/measured-run.ts";
import { CATALOG } from "../../run-log/helpers.ts";
import { allFinite, issuesOf, runOk } from "../helpers.ts";

const MIB = 2 ** 20;
const measured = (r: Record<string, unknown>) =>
  runOk<MeasuredRunResult>({ task: "measured-run", ...r }, CATALOG);

describe("memory to rent from a measured peak", () => {
  // The single-GPU fixture's peak: 18944 MiB = 19,864,223,744 bytes.
  const peakBytes = 18944 * MIB;
  const r = measured({ peakBytes, memoryTotalMiB: 24564 });

  it("adds the default 20% headroom and rounds the rental up to 0.1 GB", () => {
    expect(r.headroom).toBe(0.2);
    expect(r.assumptions).toEqual([
      { key: "measured-peak-bytes", value: peakBytes, source: "run-log" },
      { key: "headroom", value: 0.2, source: "seed-headroom" },
    ]);
    // 19,864,223,744 × 1.2 = 23,837,068,492.8 bytes = 23.837 GB → 23.9 GB to rent.
    expect(r.recommendedBytes).toBeCloseTo(23_837_068_492.8, 1);
    expect(r.total).toBe(r.recommendedBytes);
    expect(r.breakdown.map((b) => [b.key, b.value])).toEqual([
      ["measured-peak", peakBytes],
      ["headroom", expect.closeTo(3_972_844_748.8, 1)],
    ]);
    expect(r.verdict.rentGB).toBe(23.9);
    // × 1.15 = 22,843,857,305.6 → 22.9 GB; × 1.25 = 24,830,279,680 → 24.9 GB.
    expect(r.seedRangeBytes.low).toBeCloseTo(22_843_857_305.6, 1);
    expect(r.seedRangeBytes.high).toBeCloseTo(24_830_279_680, 1);
    expect(r.warnings).toEqual([]);
    expect(allFinite(r)).toBe(true);
  });

  it("lists the catalog GPUs whose memory.total holds it, smallest first", () => {
    // 23.84e9 bytes: the L4's 23034 MiB (24.15e9) is the smallest that holds it; the T4's
    // 15360 MiB (16.1e9) does not.
    expect(r.verdict.fitsOn).toEqual([
      "l4",
      "rtx-4090",
      "rtx-5090",
      "a100-40gb-pcie",
      "l40s",
      "h100-sxm",
      "a100-80gb-sxm",
    ]);
  });

  it("checks the measured GPU's own memory, and calls a GPU smaller only well below it", () => {
    // 24564 MiB = 25,757,220,864 bytes holds 23.84e9. Smaller means under 0.9 × 24564 MiB
    // = 22107.6 MiB: only the T4, which does not hold the need.
    expect(r.own).toEqual({ capacityBytes: 24564 * MIB, fit: "fits", smallerFitsOn: [] });
    // 9290 MiB × 1.2 = 11148 MiB fits the T4 (15360 MiB), well under an A10's 23028 MiB.
    const a10 = measured({ peakBytes: 9290 * MIB, memoryTotalMiB: 23028 });
    expect(a10.own?.smallerFitsOn).toEqual(["t4"]);
    // 10000 MiB × 1.2 = 12000 MiB on a 24564 MiB card: the L4 (23034 MiB) is the same class.
    const same = measured({ peakBytes: 10_000 * MIB, memoryTotalMiB: 24564 });
    expect(same.own?.smallerFitsOn).toEqual(["t4"]);
    expect(measured({ peakBytes: 10_000 * MIB }).own).toBeNull();
  });

  it("says when the own GPU is tight or too small, and nothing fits", () => {
    // 23000 MiB × 1.2 = 27600 MiB > 24564 MiB, but the 23000 MiB peak itself fits: tight.
    expect(measured({ peakBytes: 23_000 * MIB, memoryTotalMiB: 24564 }).own?.fit).toBe("tight");
    // 20000 MiB × 1.2 = 24000 MiB ≤ 24564 MiB: fits with headroom.
    expect(measured({ peakBytes: 20_000 * MIB, memoryTotalMiB: 24564 }).own?.fit).toBe("fits");
    // A 25000 MiB peak read from another GPU: not even the peak fits 24564 MiB.
    expect(measured({ peakBytes: 25_000 * MIB, memoryTotalMiB: 24564 }).own?.fit).toBe(
      "does-not-fit",
    );
    expect(measured({ peakBytes: 500e9 }).verdict.fitsOn).toEqual([]);
  });

  it("takes any headroom from 0 to 100% and warns outside the seeds' 15-25%", () => {
    const none = measured({ peakBytes: 1000 * MIB, headroom: 0 });
    expect(none.recommendedBytes).toBe(1000 * MIB);
    expect(none.warnings.map((w) => w.code)).toEqual(["headroom-below-seed-range"]);
    const half = measured({ peakBytes: 1000 * MIB, headroom: 0.5 });
    expect(half.recommendedBytes).toBe(1500 * MIB);
    expect(half.warnings.map((w) => w.code)).toEqual(["headroom-above-seed-range"]);
    // The seeds' range stays 15-25% whatever headroom was asked for.
    expect(half.seedRangeBytes).toEqual({ low: 1150 * MIB, high: 1250 * MIB });
    expect(issuesOf({ task: "measured-run", peakBytes: 1, headroom: 1.5 }, CATALOG)[0]?.field).toBe(
      "headroom",
    );
  });

  it("checks a chosen catalog GPU like every memory estimate", () => {
    const r = measured({ peakBytes: 18944 * MIB, gpu: "t4" });
    // An 18944 MiB peak does not fit a T4's 15360 MiB even without headroom.
    expect(r.verdict.chosen).toEqual({
      gpuId: "t4",
      fit: "does-not-fit",
      shortBytes: 0,
      shortGB: 0,
      capacityBytes: 15360 * MIB,
    });
    expect(r.warnings.map((w) => w.code)).toContain("exceeds-gpu-memory");
  });
});

describe("single-GPU hours at a measured throughput", () => {
  it("is total ÷ throughput per hour × the run's GPUs", () => {
    const base = { peakBytes: 1000 * MIB, throughputPerHour: 180_000, totalWork: 5e7 };
    // 5e7 ÷ 180,000 = 277.78 h on the run's one GPU.
    expect(measured(base).singleGpuHours).toBeCloseTo(277.777_78, 4);
    // Measured on four GPUs sharing the work: one GPU takes four times as long.
    expect(measured({ ...base, gpus: 4 }).singleGpuHours).toBeCloseTo(1111.111_11, 4);
    expect(measured({ peakBytes: 1000 * MIB }).singleGpuHours).toBeNull();
    // A throughput without a total: no job to time.
    expect(
      measured({ peakBytes: 1000 * MIB, throughputPerHour: 180_000 }).singleGpuHours,
    ).toBeNull();
  });
  it("needs the throughput with a total", () => {
    const issues = issuesOf({ task: "measured-run", peakBytes: 1, totalWork: 10 }, CATALOG);
    expect(issues).toEqual([
      { field: "throughputPerHour", code: "needs-with", params: { with: "totalWork" } },
    ]);
  });
});
