/**
 * The rate a job sustains on a set of GPUs: dense peak for its math format x model FLOPs
 * utilisation (MFU) x GPU count x multi-GPU scaling. Compute time and the fit ranking both
 * turn FLOPs into hours with it.
 */
import type { GpuSpec } from "./gpu.ts";
import type { MathFormat, PeakChoice } from "./precision.ts";
import { peakTflops } from "./precision.ts";

/**
 * Default model FLOPs utilisation. Published large runs reach 51-56% on A100 clusters
 * (Korthikanti et al. 2022: 54.2% selective recompute; Narayanan et al. 2021 Table 1: 52% for
 * 1T, 44% for 1.7B on 32 GPUs); PaLM 46.2% (Chowdhery et al. 2022, sec. 4). Single GPUs
 * and smaller models reach less; 40% sits below the 1.7B figure.
 */
export const MFU_DEFAULT = 0.4;
export const MFU_PUBLISHED_RANGE = [0.3, 0.56] as const;

export interface RateInput {
  gpu: GpuSpec;
  format: MathFormat;
  gpus?: number;
  mfu?: number;
  /** Multi-GPU scaling efficiency; published MFU figures already include communication. */
  scaling?: number;
}

export interface SustainedRate {
  peak: PeakChoice;
  gpus: number;
  mfu: number;
  /** Scaling applied: 1 on a single GPU. */
  scaling: number;
  tflops: number;
}

export function sustainedRate(input: RateInput): SustainedRate {
  const gpus = Math.max(1, input.gpus ?? 1);
  const mfu = input.mfu ?? MFU_DEFAULT;
  const scaling = gpus > 1 ? (input.scaling ?? 1) : 1;
  const peak = peakTflops(input.gpu, input.format);
  return { peak, gpus, mfu, scaling, tflops: peak.tflops * mfu * gpus * scaling };
}
