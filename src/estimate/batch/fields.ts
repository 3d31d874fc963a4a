/**
 * The fields of a rendering or batch job, apart from the task that runs them so the page's
 * stores can declare their inputs without loading the estimator.
 */
import { RESOLUTIONS, SCENE_COMPLEXITIES } from "../vocabulary.ts";
import { int, num, oneOf, share } from "../request/field.ts";

export const RENDER_FIELDS = {
  /** A render's output resolution, for the seed's VRAM rule of thumb; none for other batch work. */
  resolution: oneOf(RESOLUTIONS),
  complexity: oneOf(SCENE_COMPLEXITIES, { default: "moderate" }),
  /** Seconds one item (a frame) takes, measured on one GPU after the first, warm-up item. */
  secondsPerFrame: num("seconds", 0, 1e7, { above: true }),
  frames: int("count", 1, 1e9),
  gpus: int("gpus", 1, 10_000, { default: 1 }),
  /** Frames render independently, so task-level parallelism scales well (seed 000). */
  scaling: share({ default: 1 }),
  pricePerGpuHour: num("money-per-gpu-hour", 0, 1e6),
} as const;
