/**
 * Render plans: a frame's time carries between GPUs by their published render-benchmark
 * scores where both have one (same benchmark and backend), by FP32 peak otherwise, and the
 * FP32 fallback is marked in the row's reasons, the plan's assumptions and a warning; the
 * memory check runs whenever a resolution is given, and rows without one say it did not.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import type { PlanRow } from "../../../src/estimate/plan-row.ts";
import { PRESETS } from "../../../src/estimate/presets.ts";
import { renderScoreRatio } from "../../../src/estimate/render-speed.ts";
import { runRequest } from "../../../src/estimate/tasks/registry.ts";

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
  const p = plan({
    workload: RENDER,
    measuredOn: "rtx-3090",
    gpus: ["rtx-3090", "rtx-4090", "h100-sxm"],
  });

  it("prefers the RT-core backend the two GPUs share", () => {
    // Chaos V-Ray GPU: RTX 4090 2.2x the RTX 3090 in RTX mode (2.15x in CUDA).
    expect(renderScoreRatio(byId("rtx-3090"), byId("rtx-4090"))).toEqual({
      ratio: 1 / 2.2,
      benchmark: "V-Ray GPU, Chaos generation-scaling test (4 scenes)",
      backend: "rtx",
    });
    expect(renderScoreRatio(byId("rtx-3090"), byId("h100-sxm"))).toBeNull();
  });

  it("carries the 3090's 36 h to the 4090 by the score ratio: 36 / 2.2 = 16.36 h", () => {
    expect(one(p, "rtx-3090").runHours).toBeCloseTo(36, 9);
    expect(one(p, "rtx-4090").runHours).toBeCloseTo(36 / 2.2, 9);
    // By FP32 peak it would have been 36 x 35.6 / 82.6 = 15.52 h: the score says slower.
    expect(one(p, "rtx-4090").reasons).toEqual(
      expect.arrayContaining(["speed-carried", "speed-render-score"]),
    );
    expect(one(p, "rtx-4090").reasons).not.toContain("speed-fp32-fallback");
  });

  it("falls back to FP32 peak for a GPU with no shared score, and marks it", () => {
    // H100 SXM: 36 h x 35.6 / 67 TFLOPS FP32 = 19.13 h.
    const h100 = one(p, "h100-sxm");
    expect(h100.runHours).toBeCloseTo((36 * 35.6) / 67, 9);
    expect(h100.reasons).toContain("speed-fp32-fallback");
    const warning = p.warnings.find((w) => w.code === "render-fp32-fallback");
    expect(warning?.params).toEqual({ gpus: "NVIDIA H100 SXM 80GB" });
    expect(p.assumptions).toEqual(
      expect.arrayContaining([
        { key: "render-speed-score", value: 1, source: "render-benchmark" },
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
