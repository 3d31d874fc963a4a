/**
 * Batch plan rows (rendering frames, offline jobs): a time per item measured on one GPU,
 * carried to every other GPU and split over GPUs as independent jobs, which need no
 * communication (the seeds' task-level parallelism). A render's time carries by the ratio
 * of the two GPUs' published render-benchmark scores where both have one in the same
 * benchmark and backend (`batch/render-speed.ts`); otherwise, and for other batch work, by the
 * ratio of the resource that bounds the work (FP32 compute, or memory bandwidth for
 * decode-like work), and a render carried by FP32 says so.
 */
import type { GpuSpec, OptionalFigure } from "../hardware/gpu.ts";
import { missingSpeedFigures, requiredFigure } from "../hardware/gpu.ts";
import type { Limits, PlanReason, PlanRow } from "./row.ts";
import { doesNotFit, gpuCounts, memoryPerGpu, placeRow, priceRow } from "./row.ts";
import type { UsedPrice } from "../cost/price.ts";
import { renderScoreRatio } from "../batch/render-speed.ts";
import { SECONDS_PER_HOUR } from "../units.ts";
import type { BatchBound } from "../vocabulary.ts";

export interface BatchPlanInput extends Limits {
  secondsPerItem: number;
  items: number;
  /** The GPU the time per item was measured on. */
  measuredOn: GpuSpec;
  bound: BatchBound;
  /** The items are renders: carry compute-bound time by render-benchmark scores first. */
  render: boolean;
  /** Memory one job needs per GPU, bytes, when known. */
  memoryBytes?: number;
  maxGpus: number;
  price: (gpuId: string) => UsedPrice | null;
}

/** The figure that carries a time per item between GPUs, by what bounds the work. */
export const BATCH_FIGURE = {
  compute: "fp32Tflops",
  "memory-bandwidth": "bandwidthGBps",
} as const satisfies Record<BatchBound, OptionalFigure>;
const figure = (b: BatchBound) => BATCH_FIGURE[b];

/** The render-score ratio a row uses, when the work is a compute-bound render and one exists. */
const scoreRatio = (p: BatchPlanInput, gpu: GpuSpec) =>
  p.render && p.bound === "compute" && gpu.id !== p.measuredOn.id
    ? renderScoreRatio(p.measuredOn, gpu)
    : null;

/**
 * Seconds per item on `gpu`: the measured time x the render-score ratio where there is one,
 * else x the measured GPU's rate ÷ this one's.
 */
export function carriedSeconds(p: BatchPlanInput, gpu: GpuSpec): number {
  const byScore = scoreRatio(p, gpu);
  if (byScore) return p.secondsPerItem * byScore.ratio;
  const key = figure(p.bound);
  return (p.secondsPerItem * requiredFigure(p.measuredOn, key)) / requiredFigure(gpu, key);
}

/** How a row's time was carried, as reasons: by render score, or a render by FP32 peak. */
function speedReasons(p: BatchPlanInput, gpu: GpuSpec): PlanReason[] {
  if (gpu.id === p.measuredOn.id) return [];
  if (scoreRatio(p, gpu)) return ["speed-carried", "speed-render-score"];
  const fp32Render = p.render && p.bound === "compute";
  return fp32Render ? ["speed-carried", "speed-fp32-fallback"] : ["speed-carried"];
}

export function batchRows(p: BatchPlanInput, gpu: GpuSpec): PlanRow[] {
  if (p.memoryBytes !== undefined && p.memoryBytes > gpu.memoryTotalBytes)
    return [doesNotFit(gpu, 1)];
  const missing = missingSpeedFigures(gpu, [figure(p.bound)]).length > 0;
  const reasons: PlanReason[] = speedReasons(p, gpu);
  // Without a resolution nothing says how much memory a job needs: no row claims it fits.
  if (p.memoryBytes === undefined) reasons.push("memory-unchecked");
  if (missing) reasons.push(p.bound === "compute" ? "no-compute-figure" : "no-bandwidth-figure");
  if (gpu.unverified.length > 0) reasons.push("unverified-figures");
  const perItem = missing ? null : carriedSeconds(p, gpu);
  return gpuCounts(gpu, p.maxGpus).map((gpus): PlanRow => {
    // Whole items per GPU: the slowest GPU takes the ceiling of its share.
    const hours =
      perItem === null ? null : (Math.ceil(p.items / gpus) * perItem) / SECONDS_PER_HOUR;
    const priced = priceRow({ hours, gpus, units: p.items }, p.price(gpu.id), p);
    return {
      // Each job runs on one GPU: more GPUs only finish sooner.
      ...placeRow(gpu, gpus, 1),
      shape: gpus === 1 ? "single" : "independent",
      ...priced,
      reasons: [
        ...reasons,
        ...(gpus > 1 ? (["independent-jobs"] as const) : []),
        ...priced.reasons,
      ],
      scalingEfficiency: gpus === 1 ? 1 : null,
      scalingBasis: gpus === 1 ? "single-gpu" : "independent",
      limitedBy: p.bound,
      ...memoryPerGpu(p.memoryBytes ?? null),
    };
  });
}
