/**
 * `render`: rendering and other batch work. With a resolution, the seed's VRAM rule of
 * thumb; with a measured time per item and a count, the time and cost; at least one of them.
 */
import { renderTime, renderVramGuidanceGB } from "./rendering.ts";
import { RENDER_FIELDS } from "./fields.ts";
import { defineTask } from "../request/task.ts";

export const renderTask = defineTask({
  id: "render",
  fields: RENDER_FIELDS,
  // A resolution (the VRAM rule of thumb), or a time: a time per item and a count, each
  // needing the other (so a count alone asks for its time, not for a resolution).
  requirements: [
    { oneOf: ["resolution", "secondsPerFrame", "frames"] },
    { field: "frames", with: "secondsPerFrame" },
    { field: "secondsPerFrame", with: "frames" },
  ],
  run: (r) => {
    const time =
      r.secondsPerFrame === undefined || r.frames === undefined
        ? null
        : renderTime({
            secondsPerFrame: r.secondsPerFrame,
            frames: r.frames,
            gpus: r.gpus,
            scaling: r.scaling,
            ...(r.pricePerGpuHour === undefined ? {} : { pricePerGpuHour: r.pricePerGpuHour }),
          });
    if (time && !r.resolution) return time;
    // Without a time the rules have required a resolution.
    const vram = renderVramGuidanceGB(r.resolution ?? "1080p", r.complexity);
    if (!time) return { ...vram, vramGB: vram.total };
    return {
      ...time,
      vramGB: vram.total,
      assumptions: [...vram.assumptions, ...time.assumptions],
      warnings: [...vram.warnings, ...time.warnings],
    };
  },
});
