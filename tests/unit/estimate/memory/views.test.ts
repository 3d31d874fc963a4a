import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALLOCATOR_FRAGMENTATION,
  CUDA_CONTEXT_BYTES,
  memoryFit,
  memoryViews,
} from "../../../../src/estimate/memory/views.ts";
import {
  HEADROOM_DEFAULT,
  HEADROOM_SEED_MAX,
  HEADROOM_SEED_MIN,
} from "../../../../src/estimate/vocabulary.ts";
import { part } from "../../../../src/estimate/result.ts";
import { RUNS, sum, valueOf } from "../helpers.ts";

describe("memory views", () => {
  it("constants: 1343 MiB context (HF V100 measurement), 10% fragmentation, seeds' 15-25% headroom, default 20%", () => {
    expect(CUDA_CONTEXT_BYTES).toBe(1343 * 2 ** 20);
    expect(ALLOCATOR_FRAGMENTATION).toBe(0.1);
    expect([HEADROOM_SEED_MIN, HEADROOM_DEFAULT, HEADROOM_SEED_MAX]).toEqual([0.15, 0.2, 0.25]);
  });
  it("10 GB allocated → reserved 10/0.9 = 11.11 GB, + context = nvidia-smi; to rent = 10 GB × 1.2 + context", () => {
    const v = memoryViews([part("weights", 6e9), part("activations", 4e9)], {});
    expect(v.allocatorPeakBytes).toBe(10e9);
    expect(valueOf(v.breakdown, "allocator-reserve")).toBeCloseTo(10e9 / 9, 0);
    expect(v.nvidiaSmiBytes).toBeCloseTo(10e9 / 0.9 + 1343 * 2 ** 20, 0);
    // The headroom goes on the allocator's peak and holds its cache: 12 GB + 1343 MiB, not
    // 1.2 × (11.11 GB + 1343 MiB), which would count the 1.11 GB cache twice.
    expect(v.recommendedBytes).toBeCloseTo(12e9 + 1343 * 2 ** 20, 0);
    // What the breakdown calls headroom is what is left once the cache is counted: 0.89 GB.
    expect(valueOf(v.breakdown, "headroom")).toBeCloseTo(2e9 - 10e9 / 9, 0);
    expect(v.total).toBe(v.recommendedBytes);
    expect(sum(v.breakdown)).toBeCloseTo(v.total, 0);
  });
  it("honours overrides (llama.cpp: no caching allocator; lazy-loaded context; 15% headroom)", () => {
    const v = memoryViews([part("weights", 1e9)], {
      fragmentation: 0,
      cudaContextBytes: 300 * 2 ** 20,
      headroom: 0.15,
    });
    expect(v.nvidiaSmiBytes).toBe(1e9 + 300 * 2 ** 20);
    expect(v.recommendedBytes).toBeCloseTo(1.15e9 + 300 * 2 ** 20, 0);
  });
  it("never rents less than nvidia-smi shows: a headroom below the cache's share is the cache", () => {
    // 10% fragmentation caches 10/0.9 − 10 = 1.11 GB on a 10 GB peak; a 5% headroom (0.5 GB)
    // is less than that, so the memory to rent is nvidia-smi's figure and the headroom part 0.
    const v = memoryViews([part("weights", 10e9)], { headroom: 0.05, cudaContextBytes: 0 });
    expect(v.recommendedBytes).toBeCloseTo(10e9 / 0.9, 0);
    expect(valueOf(v.breakdown, "headroom")).toBe(0);
  });
  it("three levels against a GPU: fits with headroom, tight (the peak only), does not fit", () => {
    const views = { nvidiaSmiBytes: 20e9, recommendedBytes: 24e9 };
    expect(memoryFit(views, 24e9)).toBe("fits");
    expect(memoryFit(views, 23.99e9)).toBe("tight");
    expect(memoryFit(views, 20e9)).toBe("tight");
    expect(memoryFit(views, 19.99e9)).toBe("does-not-fit");
  });
  it("parts add up; allocator ≤ smi ≤ recommended; never NaN (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e12, max: 1e13, noNaN: true }), { maxLength: 8 }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1e10, noNaN: true }),
        (values, fragmentation, headroom, ctx) => {
          const v = memoryViews(
            values.map((x, i) => part(`p${i}`, x)),
            { fragmentation, headroom, cudaContextBytes: ctx },
          );
          for (const x of [v.allocatorPeakBytes, v.nvidiaSmiBytes, v.recommendedBytes])
            expect(Number.isFinite(x) && x >= 0).toBe(true);
          expect(v.allocatorPeakBytes).toBeLessThanOrEqual(v.nvidiaSmiBytes);
          expect(v.nvidiaSmiBytes).toBeLessThanOrEqual(v.recommendedBytes);
          expect(sum(v.breakdown) - v.total).toBeCloseTo(0, -2);
          // part() clamps negatives and NaN to 0: a breakdown never holds a negative part.
          expect(v.breakdown.every((b) => b.value >= 0)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});
