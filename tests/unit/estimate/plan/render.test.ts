/**
 * Render plans: a frame's time carries between GPUs by their published render-benchmark
 * scores where both have one (same benchmark and backend), by FP32 peak otherwise, and the
 * FP32 fallback is marked in the row's reasons, the plan's assumptions and a warning; the
 * memory check runs whenever a resolution is given, and rows without one say it did not.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { renderScoreRatio } from "../../../../src/estimate/batch/render-speed.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";

const gpus = loadGpuSpecs();
const ctx = { gpus, presets: PRESETS, prices: [], today: "2026-12-02" };
const byId = (id: string) => gpus.find((g) => g.id === id)!;

interface Plan {
  rows: PlanRow[];
  warnings: { code: string; params: Record<string, string | number> }[];
  assumptions: { key: string; value: unknown; source: string }[];
}
function plan(request: Record<string, unknown>): Plan {
  const r = runRequest({ task: "plan", ...request }, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as Plan;
}
const one = (p: Plan, gpu: string) => p.rows.find((r) => r.gpu === gpu && r.gpus === 1)!;

// 45 s per frame on an RTX 3090, 2,880 frames: 129,600 s = 36 h on the 3090 itself.
const RENDER = { task: "render", resolution: "1080p", secondsPerFrame: 45, frames: 2880 };

describe("render plan: time carried by render-benchmark scores", () => {
  // Planned inside each test: a plan made in a describe body is never run against mutants.
  const rendered = () =>
    plan({
      workload: RENDER,
      measuredOn: "rtx-3090",
      gpus: ["rtx-3090", "rtx-4090", "h100-sxm", "a30"],
    });

  // Blender Open Data 4.5.0 medians, samples per minute (content/gpus.json, source
  // "blender-opendata": dated copy of the opendata.blender.org query, 2026-10-06):
  // RTX 3090 OptiX 5411.68, CUDA 3798.00; RTX 4090 OptiX 11062.11; H100 SXM CUDA 6944.00.
  const BENCH = "Blender Open Data 4.5.0, median benchmark score";

  it("prefers the RT-core backend the two GPUs share", () => {
    expect(renderScoreRatio(byId("rtx-3090"), byId("rtx-4090"))).toEqual({
      ratio: 5411.68 / 11062.11,
      benchmark: BENCH,
      backend: "optix",
    });
    // The H100 has no OptiX score in Blender Open Data 4.5.0: both GPUs' CUDA scores.
    expect(renderScoreRatio(byId("rtx-3090"), byId("h100-sxm"))).toEqual({
      ratio: 3798.0 / 6944.0,
      benchmark: BENCH,
      backend: "cuda",
    });
    expect(renderScoreRatio(byId("rtx-3090"), byId("a30"))).toBeNull();
  });

  it("carries the 3090's 36 h to the 4090 by the score ratio: 36 x 5411.68 / 11062.11 = 17.61 h", () => {
    const p = rendered();
    expect(one(p, "rtx-3090").runHours).toBeCloseTo(36, 9);
    expect(one(p, "rtx-4090").runHours).toBeCloseTo((36 * 5411.68) / 11062.11, 9);
    // By FP32 peak it would have been 36 x 35.6 / 82.6 = 15.52 h: the score says slower.
    expect(one(p, "rtx-4090").reasons).toEqual(
      expect.arrayContaining(["speed-carried", "speed-render-score"]),
    );
    expect(one(p, "rtx-4090").reasons).not.toContain("speed-fp32-fallback");
    // H100 SXM by CUDA scores: 36 x 3798.00 / 6944.00 = 19.69 h (FP32 would say 19.13 h).
    expect(one(p, "h100-sxm").runHours).toBeCloseTo((36 * 3798.0) / 6944.0, 9);
    expect(one(p, "h100-sxm").reasons).toContain("speed-render-score");
  });

  it("falls back to FP32 peak for a GPU with no shared score, and marks it", () => {
    const p = rendered();
    // A30: no render score in the catalog; 36 h x 35.6 / 10.3 TFLOPS FP32 = 124.43 h.
    const a30 = one(p, "a30");
    expect(a30.runHours).toBeCloseTo((36 * 35.6) / 10.3, 9);
    expect(a30.reasons).toContain("speed-fp32-fallback");
    const warning = p.warnings.find((w) => w.code === "render-fp32-fallback");
    expect(warning?.params).toEqual({ gpus: "NVIDIA A30" });
    expect(p.assumptions).toEqual(
      expect.arrayContaining([
        { key: "render-speed-score", value: 2, source: "render-benchmark" },
        { key: "render-speed-fp32", value: 1, source: "fp32-peak" },
      ]),
    );
  });

  it("checks memory when a resolution is given: an 8K frame needs 24 GB, a T4 has 15 GiB", () => {
    const eightK = plan({
      workload: { ...RENDER, resolution: "8k" },
      measuredOn: "rtx-3090",
      gpus: ["t4", "rtx-4090"],
    });
    expect(eightK.rows.filter((r) => r.gpu === "t4").map((r) => r.verdict)).toEqual([
      "does-not-fit",
    ]);
    expect(one(eightK, "rtx-4090").reasons).not.toContain("memory-unchecked");
  });

  it("other batch work (no resolution) carries by FP32 unmarked, and says memory is unchecked", () => {
    const batch = plan({
      workload: { task: "render", secondsPerFrame: 45, frames: 2880 },
      measuredOn: "rtx-3090",
      gpus: ["rtx-3090", "rtx-4090"],
    });
    // Not a render: 36 h x 35.6 / 82.6 by FP32, no render scores, no fallback mark.
    expect(one(batch, "rtx-4090").runHours).toBeCloseTo((36 * 35.6) / 82.6, 9);
    expect(one(batch, "rtx-4090").reasons).not.toContain("speed-fp32-fallback");
    expect(one(batch, "rtx-4090").reasons).toContain("memory-unchecked");
    expect(batch.warnings.map((w) => w.code)).toContain("memory-unchecked");
  });
});
