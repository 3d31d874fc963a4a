/**
 * Batch plan rows (rendering frames, offline jobs): a time per item measured on one GPU,
 * carried to every other GPU by the ratio of the resource that bounds the work (FP32
 * compute for rendering and most batch work, memory bandwidth for decode-like work), and
 * split over GPUs as independent jobs, which need no communication (the seeds'
 * task-level parallelism).
 */
import type { GpuSpec, OptionalFigure } from "./gpu.ts";
import { missingSpeedFigures, requiredFigure } from "./gpu.ts";
import type { PlanReason, PlanRow } from "./plan-row.ts";
import { doesNotFit, gpuCounts, placeRow, priceRow } from "./plan-row.ts";
import type { UsedPrice } from "./price.ts";
import { SECONDS_PER_HOUR } from "./units.ts";
import type { BatchBound } from "./vocabulary.ts";

export interface BatchPlanInput {
  secondsPerItem: number;
  items: number;
  /** The GPU the time per item was measured on. */
  measuredOn: GpuSpec;
  bound: BatchBound;
  /** Memory one job needs per GPU, bytes, when known. */
  memoryBytes?: number;
  maxGpus: number;
  deadlineHours?: number;
  budget?: number;
  price: (gpuId: string) => UsedPrice | null;
}

/** The figure that carries a time per item between GPUs, by what bounds the work. */
export const BATCH_FIGURE = {
  compute: "fp32Tflops",
  "memory-bandwidth": "bandwidthGBps",
} as const satisfies Record<BatchBound, OptionalFigure>;
const figure = (b: BatchBound) => BATCH_FIGURE[b];

/** Seconds per item on `gpu`: the measured time x the measured GPU's rate ÷ this one's. */
export function carriedSeconds(p: BatchPlanInput, gpu: GpuSpec): number {
  const key = figure(p.bound);
  return (p.secondsPerItem * requiredFigure(p.measuredOn, key)) / requiredFigure(gpu, key);
}

export function batchRows(p: BatchPlanInput, gpu: GpuSpec): PlanRow[] {
  if (p.memoryBytes !== undefined && p.memoryBytes > gpu.memoryTotalBytes)
    return [doesNotFit(gpu, 1)];
  const missing = missingSpeedFigures(gpu, [figure(p.bound)]).length > 0;
  const reasons: PlanReason[] = [];
  if (gpu.id !== p.measuredOn.id) reasons.push("speed-carried");
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
      hours,
      ...priced,
      reasons: [
        ...reasons,
        ...(gpus > 1 ? (["independent-jobs"] as const) : []),
        ...priced.reasons,
      ],
      scalingEfficiency: gpus === 1 ? 1 : null,
      scalingBasis: gpus === 1 ? "single-gpu" : "independent",
      limitedBy: p.bound,
      memoryPerGpuBytes: p.memoryBytes ?? null,
    };
  });
}
