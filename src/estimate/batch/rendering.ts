/**
 * Rendering and video: VRAM guidance and render time/cost. The VRAM figures are the seed's
 * rules of thumb (001_fc7f8ec21c56ca4c, "渲染与视频处理场景": 4K from 8 GB, 8K 24 GB+, complex
 * scenes 24 GB+ for Blender Cycles), shown as such, not measurements.
 */
import type { Resolution, SceneComplexity } from "../vocabulary.ts";
export type { Resolution, SceneComplexity } from "../vocabulary.ts";
import type { Result, Warning } from "../result.ts";
import { part } from "../result.ts";
import { SECONDS_PER_HOUR } from "../units.ts";

/** Seed 001: "4K渲染建议8GB起步，8K渲染需24GB+". It gives no 1080p figure; the 4K floor is used. */
export const SEED_VRAM_GB: Record<Resolution, number> = { "1080p": 8, "4k": 8, "8k": 24 };
/** Seed 001: "复杂场景需24GB以上". */
export const SEED_COMPLEX_SCENE_GB = 24;

export function renderVramGuidanceGB(resolution: Resolution, complexity: SceneComplexity): Result {
  const base = SEED_VRAM_GB[resolution];
  const total = complexity === "complex" ? Math.max(base, SEED_COMPLEX_SCENE_GB) : base;
  const warnings: Warning[] = [{ code: "seed-rule-of-thumb", params: {} }];
  return {
    total,
    breakdown: [part("resolution-floor", base), part("scene-complexity", total - base)],
    assumptions: [{ key: "vram-GB", value: total, source: "seed-render" }],
    warnings,
  };
}

export interface RenderJob {
  secondsPerFrame: number;
  frames: number;
  gpus?: number;
  /** Frames are independent, so task-level parallelism scales well (seed 000); default 1. */
  scaling?: number;
  pricePerGpuHour?: number;
}

export function renderTime(
  job: RenderJob,
): Result & { hours: number; cost: number | null; costPerFrame: number | null } {
  const gpus = Math.max(1, job.gpus ?? 1);
  const scaling = gpus > 1 ? (job.scaling ?? 1) : 1;
  const hours = (job.secondsPerFrame * job.frames) / (gpus * scaling) / SECONDS_PER_HOUR;
  const cost = job.pricePerGpuHour === undefined ? null : hours * gpus * job.pricePerGpuHour;
  return {
    total: hours,
    breakdown: [part("render", hours)],
    assumptions: [
      { key: "seconds-per-frame", value: job.secondsPerFrame, source: "user-measured" },
      { key: "scaling", value: scaling, source: "frames-independent" },
    ],
    warnings: [],
    hours,
    cost,
    costPerFrame: cost === null ? null : cost / job.frames,
  };
}
