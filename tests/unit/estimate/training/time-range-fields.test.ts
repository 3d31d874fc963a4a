/**
 * A likely range carries what it comes from: its kind and the held-out runs and
 * publications behind it, for hours and for speeds alike. Spreads are made up here so each
 * field is told apart.
 */
import { describe, expect, it } from "vitest";
import type { RangeKind, RangeSpread } from "../../../../src/estimate/training/time-range.ts";
import { likelyHours, likelyRate } from "../../../../src/estimate/training/time-range.ts";

const spread: Record<RangeKind, RangeSpread> = {
  "training-dense": { low: 0.8, high: 1.3, runs: 10, sources: 3 },
  "training-moe": { low: 0.9, high: 2.5, runs: 5, sources: 2 },
  "training-adapter": { low: 0.7, high: 3.5, runs: 8, sources: 3 },
  serving: { low: 0.95, high: 1.4, runs: 20, sources: 4 },
  "ttft-closed": { low: 1, high: 20, runs: 50, sources: 3 },
  "ttft-burst": { low: 0.7, high: 1.5, runs: 10, sources: 2 },
};

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
