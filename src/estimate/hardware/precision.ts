/**
 * What each training precision stores, in bytes per value, which datasheet peak its matrix
 * math runs at, and the rate a job sustains there (peak x MFU x GPUs x scaling), which
 * compute time and the fit ranking both turn FLOPs into hours with.
 */
import type { TrainingPrecision } from "../vocabulary.ts";
import { MFU_DEFAULT } from "../vocabulary.ts";

export type { TrainingPrecision } from "../vocabulary.ts";
export { MFU_DEFAULT, TRAINING_PRECISIONS } from "../vocabulary.ts";
import type { GpuSpec } from "./gpu.ts";
import { requiredFigure } from "./gpu.ts";

export interface PrecisionBytes {
  /** Weights the forward pass reads. Mixed precision: the 16-bit copy autocast makes. */
  weights: number;
  /** fp32 master weights kept beside the 16-bit copy (mixed precision only). */
  master: number;
  /** Gradient bytes per trainable parameter. */
  grads: number;
  /** Bytes per optimizer state value (fp32 states, or bf16 in pure bf16 training). */
  optimizerState: number;
  /** Bytes per stored activation value. */
  activation: number;
}

/**
 * torch.amp keeps the parameters and their gradients in fp32 and caches a 16-bit copy of
 * each weight for the forward/backward matmuls: 2 + 4 + 4 bytes plus the optimizer. The
 * ZeRO paper (Rajbhandari et al. 2020, sec. 3.1) counts 16-bit gradients (2 + 2 + 12 = 16
 * bytes/param with Adam); EleutherAI's cookbook counts fp32 gradients (18 bytes/param),
 * which is what torch.amp stores. Pure bf16 ("bf16-true" in LitGPT/torchtune) keeps
 * everything in bf16 (formulas.md: 2 + 2 + 4 = 8 bytes/param with AdamW); so does the
 * Transformers Trainer with bf16 on a model loaded in bf16, since AdamW makes its states
 * like the parameters (`torch.zeros_like(p)`). `bf16-master` is Megatron-LM's layout:
 * bf16 parameters, gradients accumulated in fp32 ("bfloat16 requires gradient accumulation
 * and all-reduce to be done in fp32", megatron/training/arguments.py), fp32 master weights
 * and states in the optimizer: 2 + 4 + 4 + 8 = 18 bytes/param, computed without autocast.
 */
export const PRECISION_BYTES: Record<TrainingPrecision, PrecisionBytes> = {
  fp32: { weights: 4, master: 0, grads: 4, optimizerState: 4, activation: 4 },
  "fp16-mixed": { weights: 2, master: 4, grads: 4, optimizerState: 4, activation: 2 },
  "bf16-mixed": { weights: 2, master: 4, grads: 4, optimizerState: 4, activation: 2 },
  bf16: { weights: 2, master: 0, grads: 2, optimizerState: 2, activation: 2 },
  "bf16-master": { weights: 2, master: 4, grads: 4, optimizerState: 4, activation: 2 },
};

/** torch.autocast runs these precisions' matmuls in 16 bit over fp32 parameters. */
export const isAutocast = (p: TrainingPrecision): boolean =>
  p === "fp16-mixed" || p === "bf16-mixed";

/**
 * Bytes per value of the parameters as stored: what the residual stream and a frozen
 * base are kept in (fp32 under torch.amp, whose parameters stay fp32).
 */
export const PARAM_BYTES: Record<TrainingPrecision, number> = {
  fp32: 4,
  "fp16-mixed": 4,
  "bf16-mixed": 4,
  bf16: 2,
  "bf16-master": 2,
};

/** Matrix-math formats a GPU datasheet lists peaks for. */
export type MathFormat = "fp32" | "tf32" | "fp16" | "bf16" | "fp8" | "int8";

export function mathFormatFor(precision: TrainingPrecision): MathFormat {
  if (precision === "fp32") return "fp32";
  if (precision === "fp16-mixed") return "fp16";
  return "bf16";
}

export interface PeakChoice {
  tflops: number;
  /** The format whose peak was used; differs from the request when the GPU lacks it. */
  format: MathFormat;
  fellBack: boolean;
}

/**
 * Dense peak for a math format. PyTorch runs fp32 matmuls without TF32 by default
 * (torch.backends.cuda.matmul.allow_tf32 = False since 1.12), so fp32 uses the non-tensor
 * figure. A GPU without bf16 (T4, V100) emulates it slowly: fall back to the fp32 peak and
 * warn. The catalog's fp16 figure is FP32-accumulate, what mixed-precision training uses.
 */
export function peakTflops(gpu: GpuSpec, format: MathFormat): PeakChoice {
  const fp32 = requiredFigure(gpu, "fp32Tflops");
  if (format === "fp32") return { tflops: fp32, format, fellBack: false };
  const value = gpu.tensorTflopsDense[format];
  if (value !== undefined && value > 0) return { tflops: value, format, fellBack: false };
  if (format === "fp8" || format === "int8") {
    const half = gpu.tensorTflopsDense.fp16;
    if (half !== undefined && half > 0) return { tflops: half, format: "fp16", fellBack: true };
  }
  return { tflops: fp32, format: "fp32", fellBack: true };
}

/**
 * GeForce cards run FP16 tensor math with FP16 accumulate at twice the FP32-accumulate
 * rate (NVIDIA Ada whitepaper v2.1 appendix A: RTX 4090 330.3 vs 165.2 TFLOPS; GA102
 * whitepaper: RTX 3090 142 vs 71). Inference engines that accumulate in FP16 (llama.cpp's
 * cuBLAS path) see the higher rate; training never does.
 */
export const GEFORCE_FP16_ACCUMULATE_SPEEDUP = 2;

export function inferencePeakTflops(gpu: GpuSpec, fp16Accumulate: boolean): number {
  const base = peakTflops(gpu, "fp16").tflops;
  return fp16Accumulate && gpu.segment === "consumer"
    ? base * GEFORCE_FP16_ACCUMULATE_SPEEDUP
    : base;
}

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

/**
 * NF4 block scales: one fp32 absmax per 64 weights = 32/64 = 0.5 bits/param; double
 * quantization stores them as 8-bit with one fp32 per 256 blocks: 8/64 + 32/(64·256)
 * ≈ 0.127 bits/param (Dettmers et al. 2023, sec. 3, "Double Quantization").
 */
export const NF4_BLOCK = 64;
export const NF4_SCALE_BITS = 32 / NF4_BLOCK;
