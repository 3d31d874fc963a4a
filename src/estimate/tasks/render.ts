/**
 * `render`: rendering and other batch work. With a resolution, the seed's VRAM rule of
 * thumb; with a measured time per item and a count, the time and cost; at least one of them.
 */
import { renderTime, renderVramGuidanceGB } from "../rendering.ts";
import { issue } from "./issue.ts";
import type { Issue } from "./issue.ts";
import { RENDER_FIELDS } from "./render-fields.ts";
import { defineTask } from "./task.ts";

export const renderTask = defineTask({
  id: "render",
  fields: RENDER_FIELDS,
  rules: (r) => {
    const out: Issue[] = [];
    if ((r.secondsPerFrame === undefined) !== (r.frames === undefined))
      out.push(
        issue(r.frames === undefined ? "frames" : "secondsPerFrame", "needs-with", {
          with: r.frames === undefined ? "secondsPerFrame" : "frames",
        }),
      );
    else if (r.secondsPerFrame === undefined && r.resolution === undefined)
      out.push(issue("resolution", "needs-one-of", { fields: "resolution, secondsPerFrame" }));
    return out;
  },
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
