/** `render`: the seed's VRAM rule of thumb for a resolution, and render time and cost. */
import { renderTime, renderVramGuidanceGB } from "../rendering.ts";
import { RESOLUTIONS, SCENE_COMPLEXITIES } from "../vocabulary.ts";
import { int, num, oneOf, share } from "./field.ts";
import { issue } from "./issue.ts";
import { defineTask } from "./task.ts";

export const RENDER_FIELDS = {
  resolution: oneOf(RESOLUTIONS),
  complexity: oneOf(SCENE_COMPLEXITIES, { default: "moderate" }),
  secondsPerFrame: num("count", 0, 1e7, { above: true }),
  frames: int("count", 1, 1e9),
  gpus: int("gpus", 1, 10_000, { default: 1 }),
  /** Frames render independently, so task-level parallelism scales well (seed 000). */
  scaling: share({ default: 1 }),
  pricePerGpuHour: num("money-per-gpu-hour", 0, 1e6),
} as const;

export const renderTask = defineTask({
  id: "render",
  fields: RENDER_FIELDS,
  required: ["resolution"],
  rules: (r) =>
    (r.secondsPerFrame === undefined) !== (r.frames === undefined)
      ? [
          issue(r.frames === undefined ? "frames" : "secondsPerFrame", "needs-with", {
            with: r.frames === undefined ? "secondsPerFrame" : "frames",
          }),
        ]
      : [],
  run: (r) => {
    const vram = renderVramGuidanceGB(r.resolution ?? "1080p", r.complexity);
    if (r.secondsPerFrame === undefined || r.frames === undefined)
      return { ...vram, vramGB: vram.total };
    const time = renderTime({
      secondsPerFrame: r.secondsPerFrame,
      frames: r.frames,
      gpus: r.gpus,
      scaling: r.scaling,
      ...(r.pricePerGpuHour === undefined ? {} : { pricePerGpuHour: r.pricePerGpuHour }),
    });
    return {
      ...time,
      vramGB: vram.total,
      assumptions: [...vram.assumptions, ...time.assumptions],
      warnings: [...vram.warnings, ...time.warnings],
    };
  },
});
