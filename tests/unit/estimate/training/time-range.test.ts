/**
 * A training time's likely range and the deadline verdict against it, with hand-worked
 * values; and the range reaching the train-time result and the plan's training rows.
 */
import { describe, expect, it } from "vitest";
import {
  deadlineVerdict,
  likelyHours,
  likelyRate,
  rangeKindOf,
  servingRangeKind,
  ttftRangeKind,
} from "../../../../src/estimate/training/time-range.ts";
import type { RangeKind, RangeSpread } from "../../../../src/estimate/training/time-range.ts";
import { LIKELY_SPREAD } from "../../../../src/estimate/generated/time-ranges.ts";
import { priceRow } from "../../../../src/estimate/plan/row.ts";
import { PRESETS, runRequest } from "../../../../src/estimate/index.ts";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";

const spread: Record<RangeKind, RangeSpread> = {
  "training-dense": { low: 0.8, high: 1.3, runs: 10, sources: 3 },
  "training-moe": { low: 0.9, high: 2.5, runs: 5, sources: 2 },
  "training-adapter": { low: 0.7, high: 3.5, runs: 8, sources: 3 },
  serving: { low: 0.95, high: 1.4, runs: 20, sources: 4 },
  "serving-moe": { low: 1, high: 3, runs: 6, sources: 2 },
  "ttft-closed": { low: 1, high: 20, runs: 50, sources: 3 },
  "ttft-burst": { low: 0.7, high: 1.5, runs: 10, sources: 2 },
  "ttft-moe": { low: 1, high: 8, runs: 4, sources: 1 },
};

describe("likely range", () => {
  it("scales hours by the held-out ratios, and a speed by their inverse", () => {
    // 10 h × 0.8 = 8 h; 10 h × 1.3 = 13 h.
    expect(likelyHours(10, "training-dense", spread)).toMatchObject({ low: 8, high: 13 });
    // 1000 tok/s ÷ 1.3 = 769.23…; 1000 ÷ 0.8 = 1250.
    const rate = likelyRate(1000, "training-dense", spread);
    expect(rate.low).toBeCloseTo(769.2308, 3);
    expect(rate.high).toBeCloseTo(1250, 9);
    // 4 h MoE: 3.6 h to 10 h.
    expect(likelyHours(4, "training-moe", spread)).toMatchObject({ low: 3.6, high: 10 });
    // 2 h of LoRA: 1.4 h to 7 h.
    expect(likelyHours(2, "training-adapter", spread)).toMatchObject({ low: 1.4, high: 7 });
  });

  it("always holds the estimate itself", () => {
    const odd = { ...spread, "training-dense": { low: 1.1, high: 0.9, runs: 1, sources: 1 } };
    expect(likelyHours(5, "training-dense", odd)).toMatchObject({ low: 5, high: 5 });
  });

  it("tells MoE from dense, and adapters from both", () => {
    expect(rangeKindOf({ params: 7e9 }, false)).toBe("training-dense");
    const mixtral = PRESETS.find((p) => p.id === "mixtral-8x7b");
    expect(mixtral).toBeDefined();
    expect(rangeKindOf(mixtral?.model ?? { params: 1 }, false)).toBe("training-moe");
    expect(rangeKindOf({ params: 7e9 }, true)).toBe("training-adapter");
    expect(rangeKindOf(mixtral?.model ?? { params: 1 }, true)).toBe("training-adapter");
  });

  it("serves an MoE model with its own speed and first-token kinds, a dense one by arrival", () => {
    const mixtral = PRESETS.find((p) => p.id === "mixtral-8x7b")?.model ?? { params: 1 };
    expect(servingRangeKind({ params: 7e9 })).toBe("serving");
    expect(servingRangeKind(mixtral)).toBe("serving-moe");
    expect(ttftRangeKind({ params: 7e9 }, "closed")).toBe("ttft-closed");
    expect(ttftRangeKind({ params: 7e9 }, "burst")).toBe("ttft-burst");
    expect(ttftRangeKind(mixtral, "closed")).toBe("ttft-moe");
    expect(ttftRangeKind(mixtral, "burst")).toBe("ttft-moe");
    // 1000 tok/s of an MoE server: 1000 ÷ 3 = 333.3… at the slow end, 1000 ÷ 1 at the fast.
    const r = likelyRate(1000, "serving-moe", spread);
    expect(r.low).toBeCloseTo(333.3333, 3);
    expect(r).toMatchObject({ high: 1000, basis: "serving-moe", runs: 6, sources: 2 });
  });
});

describe("deadline verdict", () => {
  const range = { low: 8, high: 13 };
  it("meets even at the slow end, may miss, or misses even at the fast end", () => {
    expect(deadlineVerdict(range, 14)).toBe("meets-even-slow");
    expect(deadlineVerdict(range, 13)).toBe("meets-even-slow");
    expect(deadlineVerdict(range, 12)).toBe("may-miss");
    expect(deadlineVerdict(range, 8)).toBe("may-miss");
    expect(deadlineVerdict(range, 7.9)).toBe("misses");
  });
});

describe("ranges in results", () => {
  const gpus = loadGpuSpecs();
  it("train-time gives hours, speed and each GPU's hours with their range, and the verdict", () => {
    const r = runRequest(
      {
        task: "train-time",
        model: { preset: "llama-3.1-8b" },
        gpu: "h100-sxm",
        gpus: 8,
        tokens: 2e9,
        deadlineHours: 1,
      },
      { gpus, presets: PRESETS },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const x = r.result as unknown as {
      hours: number;
      hoursRange: { low: number; high: number; basis: string };
      tokensPerSecondPerGpu: number;
      tokensPerSecondPerGpuRange: { low: number; high: number };
      deadlineVerdict: string;
      byGpu: { hours: number; hoursRange: { low: number; high: number } }[];
    };
    const s = LIKELY_SPREAD["training-dense"];
    expect(x.hoursRange.basis).toBe("training-dense");
    expect(x.hoursRange.low).toBeCloseTo(x.hours * s.low, 9);
    expect(x.hoursRange.high).toBeCloseTo(x.hours * s.high, 9);
    expect(x.tokensPerSecondPerGpuRange.low).toBeCloseTo(x.tokensPerSecondPerGpu / s.high, 6);
    // 2e9 tokens on 8 H100s take hours, not one: misses even at the fast end.
    expect(x.hoursRange.low).toBeGreaterThan(1);
    expect(x.deadlineVerdict).toBe("misses");
    for (const g of x.byGpu) {
      expect(g.hoursRange.low).toBeLessThanOrEqual(g.hours);
      expect(g.hoursRange.high).toBeGreaterThanOrEqual(g.hours);
    }
  });

  it("a plan row bills each end of the range and names the deadline verdict", () => {
    const s = LIKELY_SPREAD["training-dense"];
    // 10 run hours, no overheads: billed 10 × low to 10 × high. A deadline of 10 h lies
    // inside (the slow end is above it): may miss.
    const row = priceRow({ hours: 10, gpus: 1, rangeKind: "training-dense" }, null, {
      deadlineHours: 10,
    });
    expect(row.hoursRange?.low).toBeCloseTo(10 * s.low, 9);
    expect(row.hoursRange?.high).toBeCloseTo(10 * s.high, 9);
    expect(row.deadlineVerdict).toBe("may-miss");
    expect(row.reasons).toContain("may-miss-deadline");
    expect(row.reasons).not.toContain("misses-deadline");
    // A deadline beyond the slow end: met even there.
    const easy = priceRow({ hours: 10, gpus: 1, rangeKind: "training-dense" }, null, {
      deadlineHours: 10 * s.high + 1,
    });
    expect(easy.deadlineVerdict).toBe("meets-even-slow");
    // No range (a serving row): the point estimate decides, as before.
    const served = priceRow({ hours: 10, gpus: 1 }, null, { deadlineHours: 9 });
    expect(served.hoursRange).toBeUndefined();
    expect(served.reasons).toContain("misses-deadline");
  });
});

// A range carries what it comes from: its kind and the held-out runs and publications.
describe("a likely range's provenance", () => {
  it("hours: 10 h of serving time range 9.5–14 h, from 20 runs of 4 sources", () => {
    expect(likelyHours(10, "serving", spread)).toEqual({
      low: 9.5,
      high: 14,
      basis: "serving",
      runs: 20,
      sources: 4,
    });
  });
  it("a speed: 1000 tok/s of an MoE run range 1000/2.5–1000/0.9, from 5 runs of 2 sources", () => {
    const r = likelyRate(1000, "training-moe", spread);
    expect(r).toMatchObject({ low: 400, basis: "training-moe", runs: 5, sources: 2 });
    expect(r.high).toBeCloseTo(1000 / 0.9, 9);
  });
  it("a speed's range always holds the estimate itself", () => {
    const odd = { ...spread, "training-dense": { low: 1.1, high: 0.9, runs: 1, sources: 1 } };
    expect(likelyRate(100, "training-dense", odd)).toMatchObject({ low: 100, high: 100 });
  });
});
