/**
 * The `render` request as the page and the command line send it: a resolution alone gives
 * the seed's VRAM rule of thumb; a time per frame with a frame count alone gives hours (and
 * cost with a price), without a VRAM figure nobody asked for; both give the hours with the
 * VRAM figure beside them, and the assumptions and warnings of both.
 */
import { describe, expect, it } from "vitest";
import { runOk } from "../helpers.ts";

interface Rendered {
  total: number;
  hours?: number;
  cost?: number | null;
  costPerFrame?: number | null;
  vramGB?: number;
  breakdown: { key: string; value: number }[];
  assumptions: { key: string; value: unknown; source: string }[];
  warnings: { code: string }[];
}
const render = (request: Record<string, unknown>) =>
  runOk<Rendered>({ task: "render", ...request });
const codes = (r: Rendered) => r.warnings.map((w) => w.code);
const keys = (r: Rendered) => r.assumptions.map((a) => a.key);

describe("a resolution alone: the seed's VRAM rule of thumb", () => {
  it("8K at the default (moderate) complexity: 24 GB, the 8K figure itself, not the 1080p one", () => {
    const r = render({ resolution: "8k" });
    expect(r.total).toBe(24);
    expect(r.vramGB).toBe(24);
    expect(r.hours).toBeUndefined();
    expect(codes(r)).toEqual(["seed-rule-of-thumb"]);
    expect(r.assumptions).toEqual([{ key: "vram-GB", value: 24, source: "seed-render" }]);
  });
});

describe("a time per frame and a frame count alone: hours, no VRAM figure", () => {
  it("30 s × 1,200 frames on one GPU = 36,000 s = 10 h; no price, no cost", () => {
    const r = render({ secondsPerFrame: 30, frames: 1200 });
    expect(r.total).toBe(10);
    expect(r.hours).toBe(10);
    expect(r.cost).toBeNull();
    expect(r.costPerFrame).toBeNull();
    // Nothing was asked about memory: no VRAM figure and no rule-of-thumb warning.
    expect(r.vramGB).toBeUndefined();
    expect(codes(r)).toEqual([]);
    expect(keys(r)).toEqual(["seconds-per-frame", "scaling"]);
  });

  it("the price reaches the cost: 4 GPUs at 0.8 scaling, 3 per GPU-hour", () => {
    // 30 × 1,200 = 36,000 s ÷ (4 × 0.8 = 3.2) = 11,250 s = 3.125 h;
    // cost 3.125 h × 4 GPUs × 3 = 37.5; per frame 37.5 / 1,200 = 0.03125.
    const r = render({
      secondsPerFrame: 30,
      frames: 1200,
      gpus: 4,
      scaling: 0.8,
      pricePerGpuHour: 3,
    });
    expect(r.hours).toBe(3.125);
    expect(r.cost).toBe(37.5);
    expect(r.costPerFrame).toBe(0.03125);
  });
});

describe("a resolution with a time: both figures", () => {
  it("4K, 30 s × 1,200 frames: 10 h with 8 GB beside it, both sets of assumptions and warnings", () => {
    const r = render({ resolution: "4k", secondsPerFrame: 30, frames: 1200, pricePerGpuHour: 2 });
    // The result's total is the time: 10 h; 10 h × 1 GPU × 2 = 20.
    expect(r.total).toBe(10);
    expect(r.hours).toBe(10);
    expect(r.cost).toBe(20);
    expect(r.breakdown.map((b) => b.key)).toEqual(["render"]);
    // 4K at moderate complexity: the seed's 8 GB floor.
    expect(r.vramGB).toBe(8);
    expect(r.assumptions).toEqual([
      { key: "vram-GB", value: 8, source: "seed-render" },
      { key: "seconds-per-frame", value: 30, source: "user-measured" },
      { key: "scaling", value: 1, source: "frames-independent" },
    ]);
    expect(codes(r)).toEqual(["seed-rule-of-thumb"]);
  });

  it("8K complex with a time: the VRAM figure is the 8K one (24 GB), not a default", () => {
    const r = render({ resolution: "8k", complexity: "complex", secondsPerFrame: 2, frames: 1800 });
    // 2 × 1,800 = 3,600 s = 1 h.
    expect(r.hours).toBe(1);
    expect(r.vramGB).toBe(24);
  });
});
