/**
 * Render scores carry a frame's time only between two GPUs that both have a score in the
 * same benchmark and backend, preferring the RT-core backends; a GPU without published
 * scores has no ratio, and the plan falls back to FP32 peak for it.
 */
import { describe, expect, it } from "vitest";
import type { GpuSpec, RenderScore } from "../../../../src/estimate/hardware/gpu.ts";
import { renderScoreRatio } from "../../../../src/estimate/batch/render-speed.ts";
import { rtx4090 } from "../helpers.ts";

const BENCH = "Made-up bench 1.0";
const gpu = (id: string, renderScores?: RenderScore[]): GpuSpec => {
  const { renderScores: _r, ...rest } = rtx4090;
  return { ...rest, id, ...(renderScores ? { renderScores } : {}) };
};

describe("renderScoreRatio", () => {
  it("no ratio when the measured GPU has no published scores", () => {
    const other = gpu("other", [{ benchmark: BENCH, backend: "cuda", value: 100 }]);
    expect(renderScoreRatio(gpu("unscored"), other)).toBeNull();
  });

  it("no ratio when the other GPU has no published scores", () => {
    const measured = gpu("measured", [{ benchmark: BENCH, backend: "cuda", value: 100 }]);
    expect(renderScoreRatio(measured, gpu("unscored"))).toBeNull();
  });

  it("OptiX before CUDA when both share both: 300 / 600 = 0.5 s per second measured", () => {
    const measured = gpu("measured", [
      { benchmark: BENCH, backend: "cuda", value: 200 },
      { benchmark: BENCH, backend: "optix", value: 300 },
    ]);
    const other = gpu("other", [
      { benchmark: BENCH, backend: "cuda", value: 250 },
      { benchmark: BENCH, backend: "optix", value: 600 },
    ]);
    expect(renderScoreRatio(measured, other)).toEqual({
      ratio: 0.5,
      benchmark: BENCH,
      backend: "optix",
    });
  });
});
