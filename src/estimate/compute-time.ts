/**
 * Training compute and time: total FLOPs, the sustained rate a deadline needs, and hours on
 * given GPUs from their dense peak x utilisation (MFU) x multi-GPU scaling.
 */
import type { GpuSpec } from "./gpu.ts";
import type { MathFormat } from "./precision.ts";
import { peakTflops } from "./precision.ts";
import type { Assumption, Result, Warning } from "./result.ts";
import { part, sumBreakdown } from "./result.ts";
import { FLOPS_PER_TFLOP, SECONDS_PER_HOUR, safeDiv } from "./units.ts";

/** Forward 2·N·D + backward 4·N·D (Kaplan et al. 2020, sec. 2.1). */
export const TRAIN_FLOPS_PER_PARAM_TOKEN = 6;
/** Full activation recomputation runs the forward twice: 8·N·D (Korthikanti et al. 2022, sec. 6). */
export const TRAIN_FLOPS_PER_PARAM_TOKEN_FULL_RECOMPUTE = 8;
/** Backward costs about twice the forward, so a forward-only FLOP figure triples for training. */
export const FORWARD_TO_TRAINING_FACTOR = 3;
/**
 * Default model FLOPs utilisation. Published large runs reach 51-56% on A100 clusters
 * (Korthikanti et al. 2022: 54.2% selective recompute; Narayanan et al. 2021 Table 1: 52% for
 * 1T, 44% for 1.7B on 32 GPUs); PaLM 46.2% (Chowdhery et al. 2022, sec. 4). Single GPUs
 * and smaller models reach less; 40% sits below the 1.7B figure.
 */
export const MFU_DEFAULT = 0.4;
export const MFU_PUBLISHED_RANGE = [0.3, 0.56] as const;

export type FlopsInput =
  | { kind: "transformer"; params: number; tokens: number; fullRecompute?: boolean }
  | { kind: "samples"; samples: number; flopsPerSample: number; forwardOnly?: boolean };

export function trainingFlops(input: FlopsInput): number {
  if (input.kind === "transformer") {
    const k = input.fullRecompute
      ? TRAIN_FLOPS_PER_PARAM_TOKEN_FULL_RECOMPUTE
      : TRAIN_FLOPS_PER_PARAM_TOKEN;
    return k * input.params * input.tokens;
  }
  return (
    input.samples * input.flopsPerSample * (input.forwardOnly ? FORWARD_TO_TRAINING_FACTOR : 1)
  );
}

/** Sustained TFLOPS needed to finish `flops` in `seconds` (1e17 FLOPs in 86,400 s = 1.157). */
export function sustainedTflopsForDeadline(flops: number, seconds: number): number {
  return safeDiv(flops, seconds) / FLOPS_PER_TFLOP;
}

/** Peak rating needed once utilisation is accounted for. */
export function peakTflopsNeeded(flops: number, seconds: number, mfu: number): number {
  return safeDiv(sustainedTflopsForDeadline(flops, seconds), mfu);
}

export interface TrainTimeInput {
  flops: number;
  gpu: GpuSpec;
  gpus?: number;
  format: MathFormat;
  mfu?: number;
  /** Multi-GPU scaling efficiency; published MFU figures already include communication. */
  scaling?: number;
}

export interface TrainTimeResult extends Result {
  hours: number;
  seconds: number;
  peakTflops: number;
  effectiveTflops: number;
}

export function trainTime(input: TrainTimeInput): TrainTimeResult {
  const gpus = Math.max(1, input.gpus ?? 1);
  const mfu = input.mfu ?? MFU_DEFAULT;
  const scaling = gpus > 1 ? (input.scaling ?? 1) : 1;
  const peak = peakTflops(input.gpu, input.format);
  const effectiveTflops = peak.tflops * mfu * gpus * scaling;
  const seconds = safeDiv(input.flops, effectiveTflops * FLOPS_PER_TFLOP);
  const hours = seconds / SECONDS_PER_HOUR;
  const breakdown = [part("compute", hours)];
  const warnings: Warning[] = [];
  if (peak.fellBack)
    warnings.push({
      code: input.format === "bf16" ? "no-bf16" : "low-precision-fallback",
      params: { gpu: input.gpu.id, used: peak.format },
    });
  if (input.gpu.unverified.length > 0)
    warnings.push({
      code: "unverified-gpu-figures",
      params: { gpu: input.gpu.id, figures: input.gpu.unverified.join(",") },
    });
  const assumptions: Assumption[] = [
    {
      key: "flops",
      value: input.flops,
      source: "6·N·D (Kaplan et al. 2020); 8·N·D with full recompute",
    },
    {
      key: "peak-tflops",
      value: peak.tflops,
      source: `${input.gpu.name} datasheet, dense ${peak.format}`,
    },
    { key: "mfu", value: mfu, source: "default 0.4; published 0.30-0.56 (Megatron-LM, PaLM)" },
    { key: "gpus", value: gpus, source: "request" },
    {
      key: "scaling",
      value: scaling,
      source:
        gpus > 1
          ? "request (default 1: MFU from multi-GPU runs includes communication)"
          : "single GPU",
    },
  ];
  return {
    total: sumBreakdown(breakdown),
    hours,
    seconds,
    peakTflops: peak.tflops,
    effectiveTflops,
    breakdown,
    assumptions,
    warnings,
  };
}
