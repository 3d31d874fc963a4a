/**
 * For one workload, every GPU: does it fit, how many are needed, how long, what it costs,
 * and why; sorted by cost or time. The caller passes the memory model as a function of the
 * GPU count, so training (ZeRO-3) and inference (tensor parallel) share this ranking.
 */
import type { SortKey } from "./vocabulary.ts";
import type { GpuSpec } from "./gpu.ts";
import { missingSpeedFigures } from "./gpu.ts";
import type { MathFormat } from "./precision.ts";
import { sustainedRate } from "./precision.ts";
import { FLOPS_PER_TFLOP, SECONDS_PER_HOUR } from "./units.ts";
import { HEADROOM_DEFAULT } from "./memory-views.ts";

export type FitReason =
  | "fits-one-gpu"
  | "needs-multiple-gpus"
  | "needs-nvlink-for-tensor-parallel"
  | "no-compute-figure"
  | "no-bandwidth-figure"
  | "does-not-fit"
  | "memory-bound"
  | "compute-bound"
  | "no-bf16"
  | "unverified-figures"
  | "no-price";

export interface Workload {
  /** nvidia-smi bytes per GPU when split over n GPUs. */
  memoryPerGpu: (gpus: number) => number;
  /** Total FLOPs of the job, for time (training), or null. */
  flops: number | null;
  format: MathFormat;
  mfu: number;
  /** Multi-GPU scaling efficiency. */
  scaling: number;
  /** Splitting the model over GPUs needs fast links (tensor parallel inference). */
  splitNeedsFastLink: boolean;
  /** Decode-style work, limited by memory bandwidth. */
  memoryBound: boolean;
  headroom?: number;
  maxGpus?: number;
}

export interface FitRow {
  gpuId: string;
  fits: boolean;
  gpusNeeded: number | null;
  hours: number | null;
  cost: number | null;
  memoryPerGpuBytes: number | null;
  reasons: FitReason[];
}

/** Node sizes rented in practice: 1, 2, 4, 8 GPUs per node, then whole nodes. */
export const GPU_COUNTS = [1, 2, 4, 8, 16, 32, 64] as const;

export function fitGpu(gpu: GpuSpec, w: Workload, pricePerGpuHour?: number): FitRow {
  const headroom = w.headroom ?? HEADROOM_DEFAULT;
  const usable = gpu.memoryTotalBytes / (1 + headroom);
  const reasons: FitReason[] = [];
  const max = w.maxGpus ?? 64;
  const n = GPU_COUNTS.find((c) => c <= max && w.memoryPerGpu(c) <= usable) ?? null;
  if (n === null) {
    return {
      gpuId: gpu.id,
      fits: false,
      gpusNeeded: null,
      hours: null,
      cost: null,
      memoryPerGpuBytes: null,
      reasons: ["does-not-fit"],
    };
  }
  reasons.push(n === 1 ? "fits-one-gpu" : "needs-multiple-gpus");
  if (n > 1 && w.splitNeedsFastLink && gpu.linkGBps === undefined)
    reasons.push("needs-nvlink-for-tensor-parallel");
  // A GPU the catalog gives no speed figure for (Ascend 910B) fits or not, but gets no time.
  const missing = missingSpeedFigures(
    gpu,
    w.memoryBound ? ["fp32Tflops", "bandwidthGBps"] : ["fp32Tflops"],
  );
  if (missing.length > 0) {
    if (missing.includes("fp32Tflops")) reasons.push("no-compute-figure");
    if (missing.includes("bandwidthGBps")) reasons.push("no-bandwidth-figure");
    if (gpu.unverified.length > 0) reasons.push("unverified-figures");
    if (pricePerGpuHour === undefined) reasons.push("no-price");
    const memoryPerGpuBytes = w.memoryPerGpu(n);
    return {
      gpuId: gpu.id,
      fits: true,
      gpusNeeded: n,
      hours: null,
      cost: null,
      memoryPerGpuBytes,
      reasons,
    };
  }
  reasons.push(w.memoryBound ? "memory-bound" : "compute-bound");
  const rate = sustainedRate({ gpu, format: w.format, gpus: n, mfu: w.mfu, scaling: w.scaling });
  if (w.format === "bf16" && rate.peak.fellBack) reasons.push("no-bf16");
  if (gpu.unverified.length > 0) reasons.push("unverified-figures");
  const hours =
    w.flops === null ? null : w.flops / (rate.tflops * FLOPS_PER_TFLOP) / SECONDS_PER_HOUR;
  if (pricePerGpuHour === undefined) reasons.push("no-price");
  const cost = hours !== null && pricePerGpuHour !== undefined ? hours * n * pricePerGpuHour : null;
  return {
    gpuId: gpu.id,
    fits: true,
    gpusNeeded: n,
    hours,
    cost,
    memoryPerGpuBytes: w.memoryPerGpu(n),
    reasons,
  };
}

/** Ranks GPUs: fitting ones first, then by cost (or time); unknowns last. */
export function rankGpus(
  gpus: readonly GpuSpec[],
  w: Workload,
  prices: Readonly<Record<string, number>>,
  sortBy: SortKey,
): FitRow[] {
  const rows = gpus.map((g) => fitGpu(g, w, prices[g.id]));
  const key = (r: FitRow): number => {
    const v = sortBy === "cost" ? r.cost : r.hours;
    return v ?? Number.MAX_VALUE;
  };
  return rows.sort(
    (a, b) =>
      Number(b.fits) - Number(a.fits) ||
      key(a) - key(b) ||
      (a.gpusNeeded ?? 0) - (b.gpusNeeded ?? 0) ||
      // The same order whatever order the catalog arrives in (file, collection, page data).
      a.gpuId.localeCompare(b.gpuId),
  );
}
