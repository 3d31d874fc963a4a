import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BYTES_PER_GB,
  BYTES_PER_GIB,
  BYTES_PER_MIB,
  bytesToGB,
  bytesToGiB,
  bytesToMiB,
  FLOPS_PER_TFLOP,
  gbToBytes,
  gibToBytes,
  HOURS_PER_MONTH,
  mibToBytes,
  SECONDS_PER_HOUR,
} from "../../../src/estimate/units.ts";
import { RUNS } from "./helpers.ts";

describe("units", () => {
  it("GB is decimal, GiB/MiB binary", () => {
    expect(BYTES_PER_GB).toBe(1e9);
    expect(BYTES_PER_GIB).toBe(1_073_741_824);
    expect(BYTES_PER_MIB).toBe(1_048_576);
    expect(gbToBytes(24)).toBe(24e9);
    // A "24 GB" card is 22.35 GiB as nvidia-smi prints it.
    expect(bytesToGiB(gbToBytes(24))).toBeCloseTo(22.35, 2);
    expect(mibToBytes(1343)).toBe(1343 * 1_048_576);
    expect(gibToBytes(1)).toBe(2 ** 30);
  });
  it("time and rate constants", () => {
    expect(SECONDS_PER_HOUR).toBe(3600);
    expect(HOURS_PER_MONTH).toBe(8760 / 12);
    expect(FLOPS_PER_TFLOP).toBe(1e12);
  });
  it("conversions round-trip (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e15, noNaN: true }), (x) => {
        expect(bytesToGB(gbToBytes(x)) / (x || 1)).toBeCloseTo(x / (x || 1), 12);
        expect(bytesToGiB(gibToBytes(x)) / (x || 1)).toBeCloseTo(x / (x || 1), 12);
        expect(bytesToMiB(mibToBytes(x)) / (x || 1)).toBeCloseTo(x / (x || 1), 12);
      }),
      RUNS,
    );
  });
});
