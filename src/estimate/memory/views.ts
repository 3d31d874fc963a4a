/**
 * The three memory figures every memory estimate reports: what PyTorch's allocator peaks
 * at, what nvidia-smi shows, and what to rent.
 */
import { HEADROOM_DEFAULT, HEADROOM_SEED_MAX, HEADROOM_SEED_MIN } from "../vocabulary.ts";
export { HEADROOM_DEFAULT } from "../vocabulary.ts";
import type { Assumption, BreakdownItem } from "../result.ts";
import { part, sumBreakdown } from "../result.ts";
import { BYTES_PER_GB, bytesToMiB, mibToBytes } from "../units.ts";
import type { GpuSpec } from "../hardware/gpu.ts";
import type { TrainingPrecision } from "../hardware/precision.ts";
import type { Warning } from "../result.ts";

/**
 * CUDA context plus cuBLAS/cuDNN handles: 1343 MiB on a V100 in the HF "Model training
 * anatomy" measurement (transformers docs, model_memory_anatomy.md; rows A1-A6). With
 * lazy module loading (CUDA >= 11.7) it can be 0.3-0.5 GiB (formulas.md: 0.3-1.3 GiB);
 * the larger figure is the safe one for sizing a rental.
 */
export const CUDA_CONTEXT_BYTES = mibToBytes(1343);

/**
 * Reserved-but-free share of the memory PyTorch's caching allocator holds. GMLake (Guo et
 * al., ASPLOS 2024, arXiv 2401.08156, abstract) removes 15% fragmentation on average (up to
 * 33%) in LLM fine-tuning with recomputation, offload and LoRA; plain training fragments
 * less, so 10%. Checked (not fitted) against rows A1-A6, which nvidia-smi measured.
 */
export const ALLOCATOR_FRAGMENTATION = 0.1;

export interface MemoryOverheads {
  /** Fraction of reserved memory that is free but cached (0 for engines without a caching allocator). */
  fragmentation?: number;
  cudaContextBytes?: number;
  headroom?: number;
}

export interface MemoryViews {
  allocatorPeakBytes: number;
  /** What PyTorch's caching allocator holds at the peak (`torch.cuda.max_memory_reserved`). */
  reservedBytes: number;
  nvidiaSmiBytes: number;
  recommendedBytes: number;
  breakdown: BreakdownItem[];
  total: number;
  fragmentation: number;
  cudaContextBytes: number;
  headroom: number;
}

/** Adds the allocator reserve, CUDA context and headroom to allocator-visible parts. */
export function memoryViews(parts: BreakdownItem[], o: MemoryOverheads): MemoryViews {
  const fragmentation = o.fragmentation ?? ALLOCATOR_FRAGMENTATION;
  const cudaContextBytes = o.cudaContextBytes ?? CUDA_CONTEXT_BYTES;
  const headroom = o.headroom ?? HEADROOM_DEFAULT;
  const allocatorPeakBytes = sumBreakdown(parts);
  // reserved = allocated / (1 - fragmentation); the difference is cached-but-free memory.
  const reserve =
    fragmentation < 1 ? (allocatorPeakBytes * fragmentation) / (1 - fragmentation) : 0;
  const withSmi = [
    ...parts,
    part("allocator-reserve", reserve),
    part("cuda-context", cudaContextBytes),
  ];
  const nvidiaSmiBytes = sumBreakdown(withSmi);
  // The seeds' headroom is for "framework caches, temporary tensors and fluctuations": it goes
  // on the allocator's peak and so already holds the allocator's cache. On top of nvidia-smi's
  // view (which holds that cache) it would count the cache twice. Never less than nvidia-smi.
  const recommendedBytes = Math.max(
    nvidiaSmiBytes,
    allocatorPeakBytes * (1 + headroom) + cudaContextBytes,
  );
  const breakdown = [...withSmi, part("headroom", recommendedBytes - nvidiaSmiBytes)];
  return {
    allocatorPeakBytes,
    reservedBytes: allocatorPeakBytes + reserve,
    nvidiaSmiBytes,
    recommendedBytes,
    breakdown,
    total: recommendedBytes,
    fragmentation,
    cudaContextBytes,
    headroom,
  };
}

/**
 * How a GPU holds a memory need, in the three levels the guides teach: the need with its
 * headroom fits; only the peak fits (tight: the headroom does not, and a short real run
 * decides); or the peak itself does not fit.
 */
export type MemoryFit = "fits" | "tight" | "does-not-fit";

export function memoryFit(
  views: Pick<MemoryViews, "nvidiaSmiBytes" | "recommendedBytes">,
  capacityBytes: number,
): MemoryFit {
  if (views.recommendedBytes <= capacityBytes) return "fits";
  return views.nvidiaSmiBytes <= capacityBytes ? "tight" : "does-not-fit";
}

/** What the headroom lacks on a tight fit (need − capacity); 0 when it fits or does not. */
export const headroomShortBytes = (
  views: Pick<MemoryViews, "nvidiaSmiBytes" | "recommendedBytes">,
  capacityBytes: number,
): number =>
  memoryFit(views, capacityBytes) === "tight" ? views.recommendedBytes - capacityBytes : 0;

/**
 * The memory to rent per GPU in GB (10⁹ bytes): the need with headroom
 * (`recommendedBytes`), rounded up to the next 0.1 GB so the headline never promises less
 * than the estimate.
 */
export function rentGB(recommendedBytes: number): number {
  const tenths = recommendedBytes / (BYTES_PER_GB / 10);
  // A need of exactly 25.0 GB stays 25.0: float noise must not round it up to 25.1. Nothing
  // is 0, not the -0 the slack would give (which prints "-0").
  return Math.max(0, Math.ceil(tenths - 1e-9) / 10);
}

/**
 * The answer a memory estimate gives first: how much to rent per GPU, whether the chosen
 * GPU holds it, and which catalog GPUs do. Every check compares the same need
 * (`needBytes`, the memory to rent with headroom) with each GPU's usable memory
 * (`GpuSpec.memoryTotalBytes`, nvidia-smi memory.total), as the GPU ranking does.
 */
export interface MemoryVerdict {
  /** GB (10⁹ bytes) to rent per GPU, `needBytes` rounded up to 0.1 GB. */
  rentGB: number;
  /** The need per GPU in bytes: `recommendedBytes`. */
  needBytes: number;
  /** GPUs the need is per (training: the GPU count; serving: the tensor-parallel degree). */
  gpus: number;
  /**
   * The GPU the request names and how it holds the need; `shortBytes` is what the headroom
   * lacks on a tight fit (need − capacity), 0 otherwise, and `shortGB` the same rounded up to
   * 0.1 GB as `rentGB` is, so a shortfall never reads as 0. Null when the request names none.
   */
  chosen: {
    gpuId: string;
    fit: MemoryFit;
    shortBytes: number;
    shortGB: number;
    capacityBytes: number;
  } | null;
  /** Ids of the catalog GPUs that hold the need, smallest usable memory first. */
  fitsOn: string[];
  /** Ids of the catalog GPUs that hold the peak but not its headroom, smallest first. */
  tightOn: string[];
}

/** The overheads `memoryViews` applied, as assumptions with their sources. */
export function overheadAssumptions(views: MemoryViews): Assumption[] {
  return [
    {
      key: "allocator-fragmentation",
      value: views.fragmentation,
      source: "gmlake",
    },
    {
      key: "cuda-context-bytes",
      value: views.cudaContextBytes,
      source: "hf-anatomy",
    },
    {
      key: "headroom",
      value: views.headroom,
      source: "seed-headroom",
    },
  ];
}

/** Warnings every memory estimate shares: headroom outside the seed range, the GPU too small, no bf16, unverified figures. */
export function pushCommonWarnings(
  warnings: Warning[],
  views: Pick<MemoryViews, "headroom" | "nvidiaSmiBytes">,
  gpu: GpuSpec | undefined,
  precision?: TrainingPrecision,
): void {
  // The range goes with the warning, so the message names the seeds' figures, not a copy.
  const range = {
    headroom: views.headroom,
    headroomMin: HEADROOM_SEED_MIN,
    headroomMax: HEADROOM_SEED_MAX,
  };
  if (views.headroom < HEADROOM_SEED_MIN)
    warnings.push({ code: "headroom-below-seed-range", params: range });
  if (views.headroom > HEADROOM_SEED_MAX)
    warnings.push({ code: "headroom-above-seed-range", params: range });
  if (!gpu) return;
  // nvidia-smi's own total, not the number on the box: the need is an nvidia-smi figure too.
  const capacity = gpu.memoryTotalBytes;
  if (views.nvidiaSmiBytes > capacity) {
    warnings.push({
      code: "exceeds-gpu-memory",
      params: {
        gpu: gpu.name,
        neededBytes: views.nvidiaSmiBytes,
        capacityBytes: capacity,
        capacityMiB: bytesToMiB(capacity),
      },
    });
  }
  if (
    (precision === "bf16" || precision === "bf16-mixed" || precision === "bf16-master") &&
    gpu.tensorTflopsDense.bf16 === undefined
  ) {
    warnings.push({ code: "no-bf16", params: { gpu: gpu.name } });
  }
  if (gpu.unverified.length > 0)
    warnings.push({
      code: "unverified-gpu-figures",
      params: { gpu: gpu.name, figures: gpu.unverified.join(",") },
    });
}
