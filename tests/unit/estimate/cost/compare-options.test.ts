/**
 * Node options side by side: the single-GPU hours the unmeasured ones are scaled from, the
 * warning when a scaling had to be assumed, which option is cheapest and which fastest
 * (ties to the first listed), and the cost of each option at other GPU counts (the chart).
 */
import { describe, expect, it } from "vitest";
import {
  compareOptions,
  costByGpuCount,
  singleGpuBase,
} from "../../../../src/estimate/cost/cost.ts";
import type { NodeOption } from "../../../../src/estimate/cost/cost.ts";

const node = (gpus: number, pricePerHour: number, more: Partial<NodeOption> = {}): NodeOption => ({
  gpu: "x",
  gpus,
  pricePerHour,
  ...more,
});

describe("the single-GPU hours unmeasured options are scaled from", () => {
  it("are the request's own when it gives them", () => {
    const input = { singleGpuHours: 30, options: [node(1, 2, { runHours: 10 })] };
    expect(singleGpuBase(input)).toBe(30);
    expect(compareOptions(input).assumptions).toEqual([
      { key: "single-gpu-hours", value: 30, source: "request" },
    ]);
  });

  it("else come from the first one-GPU option with measured hours, skipping the others", () => {
    // A 4-GPU option's 5 h are not single-GPU hours; a 1-GPU option without hours has none.
    const input = {
      options: [node(4, 8, { runHours: 5 }), node(1, 2), node(1, 2, { runHours: 20 })],
    };
    expect(singleGpuBase(input)).toBe(20);
    expect(compareOptions(input).assumptions).toEqual([
      { key: "single-gpu-hours", value: 20, source: "first-one-gpu-option" },
    ]);
    // The unmeasured 1-GPU option runs those 20 h: 20 x 2 = 40.
    expect(compareOptions(input).options[1]!.total).toBe(40);
  });

  it("are 0 when no one-GPU option was measured", () => {
    expect(singleGpuBase({ options: [node(4, 8, { runHours: 5 })] })).toBe(0);
  });
});

describe("the warning that a scaling was assumed", () => {
  const linear = { code: "scaling-assumed-linear", params: { gpus: 4 } };

  it("names the GPU count of a multi-GPU option scaled with no efficiency given", () => {
    const r = compareOptions({ options: [node(1, 2, { runHours: 20 }), node(4, 8)] });
    expect(r.warnings).toEqual([linear]);
    // 20 h / 4 GPUs at the assumed 100% = 5 h, at 8 per hour = 40.
    expect(r.options[1]!.runHours).toBe(5);
    expect(r.options[1]!.scalingBasis).toBe("assumed-linear");
  });

  it("is not raised for measured hours, a given efficiency or a single GPU", () => {
    const measured = compareOptions({
      options: [node(1, 2, { runHours: 20 }), node(4, 8, { runHours: 6 })],
    });
    expect(measured.warnings).toEqual([]);
    const given = compareOptions({
      singleGpuHours: 20,
      options: [node(1, 2), node(4, 8, { scaling: 0.8 })],
    });
    expect(given.warnings).toEqual([]);
    expect(given.options.map((o) => o.scalingBasis)).toEqual(["single-gpu", "measured"]);
    // 20 / (4 x 0.8) = 6.25 h.
    expect(given.options[1]!.runHours).toBe(6.25);
  });
});

describe("the cheapest and the fastest option", () => {
  it("ties on cost go to the first listed, and the result's total is that option's", () => {
    // 10 h x 2 = 20 and 5 h x 4 = 20: equal; the second is faster.
    const r = compareOptions({
      options: [node(1, 2, { runHours: 10 }), node(2, 4, { runHours: 5 })],
    });
    expect(r.cheapest).toBe(0);
    expect(r.fastest).toBe(1);
    expect(r.total).toBe(20);
    expect(r.breakdown.find((p) => p.key === "compute-run")?.value).toBe(20);
    expect(r.breakdown).toEqual(r.options[0]!.breakdown);
  });

  it("ties on hours go to the first listed", () => {
    // Both 5 h; 5 x 4 = 20 against 5 x 2 = 10.
    const r = compareOptions({
      options: [node(1, 4, { runHours: 5 }), node(1, 2, { runHours: 5 })],
    });
    expect(r.fastest).toBe(0);
    expect(r.cheapest).toBe(1);
    expect(r.total).toBe(10);
    expect(r.breakdown.find((p) => p.key === "compute-run")?.value).toBe(10);
  });

  it("the fastest may be listed first and be the dearer", () => {
    // 3 h x 8 = 24 against 10 h x 1 = 10.
    const r = compareOptions({
      options: [node(4, 8, { runHours: 3 }), node(1, 1, { runHours: 10 })],
    });
    expect(r.fastest).toBe(0);
    expect(r.cheapest).toBe(1);
  });

  it("no option prices nothing: total 0 and an empty breakdown", () => {
    const r = compareOptions({ options: [] });
    expect(r.total).toBe(0);
    expect(r.breakdown).toEqual([]);
    expect(r.options).toEqual([]);
    expect([r.cheapest, r.fastest]).toEqual([0, 0]);
  });
});

describe("each option's cost at other GPU counts (the chart)", () => {
  // 12 single-GPU hours and 1 h of setup billed at every count.
  const input = {
    singleGpuHours: 12,
    setupHours: 1,
    options: [
      // 8 per hour for 4 GPUs: 2 per GPU-hour; 50% scaling efficiency.
      node(4, 8, { scaling: 0.5 }),
      // 6 per hour for 2 GPUs: 3 per GPU-hour; linear; twice the measured GPU's speed.
      node(2, 6, { speed: 2 }),
    ],
  };

  it("prices each count at the per-GPU price times the count over the scaled hours", () => {
    // First: 1 GPU 12 h (scaling only applies above one), 2 GPUs 12 / (2 x 0.5) = 12 h,
    // 4 GPUs 12 / (4 x 0.5) = 6 h; with setup: 13 x 2 = 26, 13 x 4 = 52, 7 x 8 = 56.
    // Second: 12 / 2 (speed) = 6 h on 1 GPU, 3 h on 2, 1.5 h on 4; with setup:
    // 7 x 3 = 21, 4 x 6 = 24, 2.5 x 12 = 30.
    expect(costByGpuCount(input, [1, 2, 4])).toEqual([
      [26, 52, 56],
      [21, 24, 30],
    ]);
  });

  it("starts a measured option's line from its own run, through its cost in the table", () => {
    // 12 single-GPU hours on the base GPU; the second option was measured: 5 h on 2 GPUs of
    // another kind at 80% scaling, 4 per hour (2 per GPU-hour). Its own single-GPU hours are
    // 5 x (2 x 0.8) = 8 h, whatever the base GPU took: 1 GPU 8 h, 2 GPUs 8 / 1.6 = 5 h,
    // 4 GPUs 8 / 3.2 = 2.5 h; with 1 h setup: 9 x 2 = 18, 6 x 4 = 24, 3.5 x 8 = 28.
    const measured = {
      singleGpuHours: 12,
      setupHours: 1,
      options: [node(1, 1), node(2, 4, { runHours: 5, scaling: 0.8 })],
    };
    expect(costByGpuCount(measured, [1, 2, 4])[1]).toEqual([18, 24, 28]);
    // At its own count the line is what the table bills it: (5 + 1) h x 4 = 24.
    expect(compareOptions(measured).options[1]?.total).toBe(24);
  });

  it("charts 1, 2, 4 and 8 GPUs by default", () => {
    // Second option on 8 GPUs: 12 / 8 / 2 = 0.75 h + 1 h setup = 1.75 h at 24 = 42.
    expect(costByGpuCount(input)[1]).toEqual([21, 24, 30, 42]);
  });
});
