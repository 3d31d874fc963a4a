import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  diagnose,
  GPU_BOUND_SHARE,
  LARGE_PAPER_GAP,
  SMALL_MEASURED_GAP,
} from "../../../../src/estimate/measured/diagnosis.ts";
import { allFinite, RUNS } from "../helpers.ts";

describe("diagnosis: the seed's rule", () => {
  it("constants: a 10-20% measured gap is 'small' (≤ 1.2×); a paper gap worth testing is ≥ 1.5×; 80% realised is GPU-bound", () => {
    expect(SMALL_MEASURED_GAP).toBe(1.2);
    expect(LARGE_PAPER_GAP).toBe(1.5);
    expect(GPU_BOUND_SHARE).toBe(0.8);
  });
  it("T4 (65) → A100 (312): a 4.8× gap on paper but only 15% measured → not GPU-bound", () => {
    const r = diagnose({ throughputA: 100, throughputB: 115, peakA: 65, peakB: 312 });
    expect(r.verdict).toBe("not-gpu-bound");
    expect(r.paperRatio).toBeCloseTo(4.8, 9);
    expect(r.measuredRatio).toBeCloseTo(1.15, 9);
    expect(r.warnings.map((w) => w.code)).toEqual(["not-gpu-bound"]);
  });
  it("10% and 20% measured gaps are both 'not GPU-bound'; 21% is not", () => {
    expect(diagnose({ throughputA: 100, throughputB: 110, peakA: 65, peakB: 312 }).verdict).toBe(
      "not-gpu-bound",
    );
    expect(diagnose({ throughputA: 100, throughputB: 120, peakA: 65, peakB: 312 }).verdict).toBe(
      "not-gpu-bound",
    );
    expect(diagnose({ throughputA: 100, throughputB: 121, peakA: 65, peakB: 312 }).verdict).toBe(
      "partly-gpu-bound",
    );
  });
  it("a speed-up reaching 80% of the paper ratio is GPU-bound: 4.8 × 0.8 = 3.84", () => {
    expect(diagnose({ throughputA: 100, throughputB: 384, peakA: 65, peakB: 312 }).verdict).toBe(
      "gpu-bound",
    );
    expect(diagnose({ throughputA: 100, throughputB: 383, peakA: 65, peakB: 312 }).verdict).toBe(
      "partly-gpu-bound",
    );
    expect(
      diagnose({ throughputA: 100, throughputB: 440, peakA: 65, peakB: 312 }).realizedShare,
    ).toBeCloseTo(3.4 / 3.8, 9);
  });
  it("a small paper gap (< 1.5×) cannot tell: inconclusive", () => {
    expect(diagnose({ throughputA: 100, throughputB: 101, peakA: 312, peakB: 400 }).verdict).toBe(
      "inconclusive",
    );
  });
  it("order does not matter: the faster-on-paper node is compared against the slower", () => {
    const a = diagnose({ throughputA: 100, throughputB: 115, peakA: 65, peakB: 312 });
    const b = diagnose({ throughputA: 115, throughputB: 100, peakA: 312, peakB: 65 });
    expect(b.verdict).toBe(a.verdict);
    expect(b.measuredRatio).toBeCloseTo(a.measuredRatio, 12);
  });
  it("never NaN (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e12, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e12, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e4, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e4, noNaN: true }),
        (throughputA, throughputB, peakA, peakB) => {
          const r = diagnose({ throughputA, throughputB, peakA, peakB });
          expect(allFinite(r)).toBe(true);
          expect(r.paperRatio).toBeGreaterThanOrEqual(1);
        },
      ),
      RUNS,
    );
  });
});
