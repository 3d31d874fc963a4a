/**
 * The `diagnose` task: what it asks for, where a side's peak comes from (typed, or the
 * catalog GPU's datasheet peak in the run's precision), and the whole result it returns.
 * Expected values are worked by hand beside them.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";

const ctx = { gpus: loadGpuSpecs(), presets: PRESETS };
const run = (request: Record<string, unknown>) => runRequest({ task: "diagnose", ...request }, ctx);
const issues = (request: Record<string, unknown>) => {
  const r = run(request);
  return r.ok ? [] : r.issues.map((i) => `${i.field}:${i.code}`);
};
const result = (request: Record<string, unknown>) => {
  const r = run(request);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as {
    verdict: string;
    paperRatio: number;
    measuredRatio: number;
    warnings: unknown[];
    breakdown: unknown[];
    assumptions: unknown[];
  };
};

describe("diagnose: what it asks for", () => {
  it("both throughputs, and for each side a peak or a GPU", () => {
    expect(issues({ peakA: 65, peakB: 312 })).toEqual([
      "throughputA:required",
      "throughputB:required",
    ]);
    const both = issues({ throughputA: 100, throughputB: 115 });
    expect(both).toHaveLength(2);
    expect(both[0]).toMatch(/^peakA:/);
    expect(both[1]).toMatch(/^peakB:/);
    expect(issues({ throughputA: 100, throughputB: 115, peakA: 65 })).toHaveLength(1);
    expect(issues({ throughputA: 100, throughputB: 115, peakA: 65 })[0]).toMatch(/^peakB:/);
    expect(issues({ throughputA: 100, throughputB: 115, peakA: 65, peakB: 0 })).toEqual([
      "peakB:out-of-range",
    ]);
  });
});

describe("diagnose: a side's peak from its GPU", () => {
  it("the datasheet's 16-bit tensor peak for bf16-mixed: A100 312 over a typed 65 is 4.8×", () => {
    const r = result({ throughputA: 100, throughputB: 115, peakA: 65, gpuB: "a100-80gb-sxm" });
    expect(r.paperRatio).toBeCloseTo(312 / 65, 9);
    expect(r.verdict).toBe("not-gpu-bound");
  });

  it("in the run's precision: fp32 on an A100 is 19.5 TFLOPS, twice a typed 9.75", () => {
    const r = result({
      throughputA: 100,
      throughputB: 180,
      peakA: 9.75,
      gpuB: "a100-80gb-sxm",
      precision: "fp32",
    });
    expect(r.paperRatio).toBeCloseTo(2, 9);
  });

  it("a typed peak wins over the GPU's", () => {
    const r = result({
      throughputA: 100,
      throughputB: 115,
      peakA: 65,
      peakB: 130,
      gpuB: "a100-80gb-sxm",
    });
    expect(r.paperRatio).toBeCloseTo(2, 9);
  });
});

describe("diagnose: the whole result", () => {
  const ASSUMPTIONS = [
    { key: "small-measured-gap", value: 1.2, source: "seed-measured-gap" },
    { key: "large-paper-gap", value: 1.5, source: "seed-paper-gap" },
    { key: "gpu-bound-share", value: 0.8, source: "estimator-convention" },
  ];

  it("partly GPU-bound: 1.21× measured of 4.8× on paper, warned with both ratios", () => {
    const r = result({ throughputA: 100, throughputB: 121, peakA: 65, peakB: 312 });
    expect(r.verdict).toBe("partly-gpu-bound");
    expect(r.warnings).toEqual([
      { code: "partly-gpu-bound", params: { paperRatio: 312 / 65, measuredRatio: 1.21 } },
    ]);
    expect(r.breakdown).toEqual([
      { key: "measured-ratio", labelKey: "breakdown.measured-ratio", value: 1.21 },
    ]);
    expect(r.assumptions).toEqual(ASSUMPTIONS);
  });

  it("not GPU-bound is warned with both ratios; GPU-bound and inconclusive are not warned", () => {
    expect(result({ throughputA: 100, throughputB: 115, peakA: 65, peakB: 312 }).warnings).toEqual([
      { code: "not-gpu-bound", params: { paperRatio: 312 / 65, measuredRatio: 1.15 } },
    ]);
    expect(result({ throughputA: 100, throughputB: 400, peakA: 65, peakB: 312 }).warnings).toEqual(
      [],
    );
    expect(result({ throughputA: 100, throughputB: 101, peakA: 312, peakB: 400 }).warnings).toEqual(
      [],
    );
  });

  it("a paper gap of exactly 1.5× is worth testing; equal peaks keep B over A", () => {
    // 150 over 100 TFLOPS, 1.1× measured: within the seed's 10–20%, not GPU-bound.
    expect(result({ throughputA: 100, throughputB: 110, peakA: 100, peakB: 150 }).verdict).toBe(
      "not-gpu-bound",
    );
    // Equal peaks: nothing to swap, B's 150 over A's 100.
    const even = result({ throughputA: 100, throughputB: 150, peakA: 312, peakB: 312 });
    expect(even.measuredRatio).toBeCloseTo(1.5, 12);
    expect(even.verdict).toBe("inconclusive");
  });
});
