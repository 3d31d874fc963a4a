import { describe, expect, it } from "vitest";
import { engine } from "../../../src/stores/engine-impl.ts";
import { checkMeasured, MEASURED_DEFAULTS } from "../../../src/stores/measured.ts";

/** A stored text as the store reads it: JSON, then the request checker (through the engine). */
const decodeMeasured = (text: string) => {
  let raw: unknown;
  try {
    raw = JSON.parse(text) as unknown;
  } catch {
    raw = undefined;
  }
  return checkMeasured(raw, engine).value;
};

const good = {
  gpuName: "NVIDIA GeForce RTX 4090",
  gpuCount: 1,
  peakMemoryBytes: 20_000 * 2 ** 20,
  recommendedBytes: 24_000 * 2 ** 20,
  headroom: 0.2,
  throughputPerHour: 360_000,
  workUnit: "samples",
  sourceFile: "gpu-log.csv",
  savedAt: 1_714_564_800_000,
};

describe("$measured validation on load", () => {
  it("keeps a valid stored value; one stored before the speed basis reads as having none", () => {
    const noSpeed = {
      gpuId: "",
      basisKind: "",
      tokensPerSecond: 0,
      concurrency: 0,
      burstRequests: 0,
    };
    expect(decodeMeasured(JSON.stringify(good))).toEqual({ ...good, ...noSpeed });
    const speed = {
      gpuId: "rtx-4090",
      basisKind: "serving",
      tokensPerSecond: 812.5,
      concurrency: 6,
    };
    // Stored before bursts were told apart: a steady load (no burst).
    expect(decodeMeasured(JSON.stringify({ ...good, ...speed }))).toEqual({
      ...good,
      ...speed,
      burstRequests: 0,
    });
    const burst = { ...speed, burstRequests: 1000 };
    expect(decodeMeasured(JSON.stringify({ ...good, ...burst }))).toEqual({ ...good, ...burst });
    expect(decodeMeasured(JSON.stringify({ ...good, ...burst, burstRequests: 2.5 }))).toEqual({
      ...good,
      ...speed,
      burstRequests: 0,
    });
    expect(
      decodeMeasured(JSON.stringify({ ...good, ...speed, basisKind: "render" })).basisKind,
    ).toBe("");
  });
  it("falls back to defaults on unreadable JSON or a non-object", () => {
    expect(decodeMeasured("{not json")).toEqual(MEASURED_DEFAULTS);
    expect(decodeMeasured("[1,2]")).toEqual(MEASURED_DEFAULTS);
    expect(decodeMeasured("null")).toEqual(MEASURED_DEFAULTS);
  });
  it("resets only the invalid fields", () => {
    const r = decodeMeasured(
      JSON.stringify({ ...good, headroom: 1.5, gpuCount: 1.5, workUnit: 7 }),
    );
    expect(r.headroom).toBe(MEASURED_DEFAULTS.headroom);
    expect(r.gpuCount).toBe(MEASURED_DEFAULTS.gpuCount);
    expect(r.workUnit).toBe("");
    expect(r.peakMemoryBytes).toBe(good.peakMemoryBytes);
  });
  it("refuses negative, non-finite and overlong values", () => {
    const r = decodeMeasured(
      JSON.stringify({ ...good, throughputPerHour: -1, sourceFile: "x".repeat(500) }).replace(
        '"savedAt":1714564800000',
        '"savedAt":1e999',
      ),
    );
    expect(r.throughputPerHour).toBe(0);
    expect(r.sourceFile).toBe("");
    expect(r.savedAt).toBe(0);
  });
  it("treats a recommendation below its peak as nothing measured", () => {
    expect(decodeMeasured(JSON.stringify({ ...good, recommendedBytes: 1 }))).toEqual(
      MEASURED_DEFAULTS,
    );
  });
  it("every decoded number is finite", () => {
    for (const raw of ["{}", '{"peakMemoryBytes":"NaN"}', JSON.stringify(good)]) {
      for (const v of Object.values(decodeMeasured(raw)))
        if (typeof v === "number") expect(Number.isFinite(v)).toBe(true);
    }
  });
});
