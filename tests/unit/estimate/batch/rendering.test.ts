import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  renderTime,
  renderVramGuidanceGB,
  SEED_COMPLEX_SCENE_GB,
  SEED_VRAM_GB,
} from "../../../../src/estimate/batch/rendering.ts";
import { allFinite, RUNS, sum } from "../helpers.ts";

describe("render VRAM guidance (seed 001 rules of thumb)", () => {
  it("4K from 8 GB, 8K 24 GB+, complex scenes 24 GB+", () => {
    expect(SEED_VRAM_GB).toEqual({ "1080p": 8, "4k": 8, "8k": 24 });
    expect(SEED_COMPLEX_SCENE_GB).toBe(24);
    expect(renderVramGuidanceGB("4k", "simple").total).toBe(8);
    expect(renderVramGuidanceGB("8k", "simple").total).toBe(24);
    expect(renderVramGuidanceGB("4k", "complex").total).toBe(24);
    expect(renderVramGuidanceGB("8k", "complex").total).toBe(24);
    expect(renderVramGuidanceGB("1080p", "moderate").total).toBe(8);
  });
  it("parts add up and the result is flagged as a rule of thumb", () => {
    const r = renderVramGuidanceGB("4k", "complex");
    expect(sum(r.breakdown)).toBe(r.total);
    expect(r.warnings.map((w) => w.code)).toEqual(["seed-rule-of-thumb"]);
  });
});

describe("render time and cost", () => {
  it("30 s/frame × 1000 frames = 8.33 h on one GPU; 2 GPUs at 0.9 scaling = 4.63 h; cost = hours × GPUs × price", () => {
    expect(renderTime({ secondsPerFrame: 30, frames: 1000 }).hours).toBeCloseTo(30000 / 3600, 12);
    const r = renderTime({
      secondsPerFrame: 30,
      frames: 1000,
      gpus: 2,
      scaling: 0.9,
      pricePerGpuHour: 1.5,
    });
    expect(r.hours).toBeCloseTo(30000 / (2 * 0.9) / 3600, 12);
    expect(r.cost).toBeCloseTo(r.hours * 2 * 1.5, 12);
    expect(r.costPerFrame).toBeCloseTo(r.cost! / 1000, 12);
    expect(renderTime({ secondsPerFrame: 30, frames: 1000 }).cost).toBeNull();
  });
  it("finite; cost never decreases with more frames (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 1e5, noNaN: true }),
        fc.integer({ min: 1, max: 1e7 }),
        fc.integer({ min: 1, max: 64 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (spf, frames, gpus, scaling, price) => {
          const r = renderTime({
            secondsPerFrame: spf,
            frames,
            gpus,
            scaling,
            pricePerGpuHour: price,
          });
          expect(allFinite(r)).toBe(true);
          expect(
            renderTime({
              secondsPerFrame: spf,
              frames: frames + 1,
              gpus,
              scaling,
              pricePerGpuHour: price,
            }).cost!,
          ).toBeGreaterThanOrEqual(r.cost!);
        },
      ),
      RUNS,
    );
  });
});
