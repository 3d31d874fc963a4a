/**
 * What a render time shows beyond its hours: the one breakdown part, the assumptions it
 * rests on (the user's measured time per frame, the scaling actually applied), no
 * warnings, and no cost figures without a price. One GPU has nothing to scale over, so a
 * scaling factor given with one GPU changes nothing.
 */
import { describe, expect, it } from "vitest";
import { renderTime } from "../../../../src/estimate/batch/rendering.ts";

describe("render time on one GPU", () => {
  it("ignores a scaling factor: 20 s × 360 frames = 7,200 s = 2 h, scaling recorded as 1", () => {
    const r = renderTime({ secondsPerFrame: 20, frames: 360, gpus: 1, scaling: 0.5 });
    expect(r.hours).toBe(2);
    expect(r.assumptions).toEqual([
      { key: "seconds-per-frame", value: 20, source: "user-measured" },
      { key: "scaling", value: 1, source: "frames-independent" },
    ]);
  });

  it("a GPU count below one counts as one GPU: still 2 h", () => {
    expect(renderTime({ secondsPerFrame: 20, frames: 360, gpus: 0, scaling: 0.5 }).hours).toBe(2);
  });
});

describe("render time on several GPUs", () => {
  it("applies and records the scaling: 20 s × 360 ÷ (2 × 0.5) = 7,200 s = 2 h", () => {
    const r = renderTime({ secondsPerFrame: 20, frames: 360, gpus: 2, scaling: 0.5 });
    expect(r.hours).toBe(2);
    expect(r.assumptions[1]).toEqual({ key: "scaling", value: 0.5, source: "frames-independent" });
  });
});

describe("what the result shows", () => {
  it("one breakdown part, the render hours, and no warnings", () => {
    // 10 s × 720 frames = 7,200 s = 2 h.
    const r = renderTime({ secondsPerFrame: 10, frames: 720 });
    expect(r.total).toBe(2);
    expect(r.breakdown).toEqual([{ key: "render", labelKey: "breakdown.render", value: 2 }]);
    expect(r.warnings).toEqual([]);
  });

  it("without a price there is no cost and no cost per frame (not 0)", () => {
    const r = renderTime({ secondsPerFrame: 10, frames: 720 });
    expect(r.cost).toBeNull();
    expect(r.costPerFrame).toBeNull();
  });

  it("with a price: 2 h × 1 GPU × 1.8 = 3.6, per frame 3.6 / 720 = 0.005", () => {
    const r = renderTime({ secondsPerFrame: 10, frames: 720, pricePerGpuHour: 1.8 });
    expect(r.cost).toBeCloseTo(3.6, 12);
    expect(r.costPerFrame).toBeCloseTo(0.005, 12);
  });
});
