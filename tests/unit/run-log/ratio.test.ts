import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeDiv } from "../../../src/run-log/ratio.ts";
import { RUNS } from "../estimate/helpers.ts";

describe("safeDiv (measured data, where zeros are real)", () => {
  it("never yields NaN or Infinity", () => {
    expect(safeDiv(1, 0)).toBe(0);
    expect(safeDiv(1, 0, 7)).toBe(7);
    expect(safeDiv(Number.NaN, 2)).toBe(0);
    expect(safeDiv(1, Number.NaN)).toBe(0);
    expect(safeDiv(Infinity, 2)).toBe(0);
    expect(safeDiv(1, Infinity)).toBe(0);
    expect(safeDiv(1e308, 1e-308)).toBe(0);
    expect(safeDiv(6, 3)).toBe(2);
    fc.assert(
      fc.property(fc.double(), fc.double(), (a, b) => {
        expect(Number.isFinite(safeDiv(a, b))).toBe(true);
      }),
      RUNS,
    );
  });
});
