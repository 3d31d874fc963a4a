/**
 * Training time of a job given as FLOPs (samples x FLOPs per sample): the sustained rate a
 * deadline needs, and hours on given GPUs at the rate they sustain (`sustainedRate` in
 * precision.ts). A job given as tokens runs through `training/step.ts` instead.
 */
import type { RateInput } from "../hardware/precision.ts";
import { sustainedRate } from "../hardware/precision.ts";
import type { Assumption, Result, SourceKey, Warning } from "../result.ts";
import { part, sumBreakdown } from "../result.ts";
import { FLOPS_PER_TFLOP, SECONDS_PER_HOUR } from "../units.ts";

/** Sustained TFLOPS needed to finish `flops` in `seconds` (1e17 FLOPs in 86,400 s = 1.157). */
export function sustainedTflopsForDeadline(flops: number, seconds: number): number {
  return flops / seconds / FLOPS_PER_TFLOP;
}

/** Peak rating needed once utilisation is accounted for. */
export function peakTflopsNeeded(flops: number, seconds: number, mfu: number): number {
  return sustainedTflopsForDeadline(flops, seconds) / mfu;
}

export interface TrainTimeInput extends RateInput {
  flops: number;
  /** Where the scaling came from, for the assumptions. */
  scalingBasis?: "single-gpu" | "measured" | "predicted" | "assumed";
  /** Where the MFU came from: your input, or the published default. */
  mfuSource?: SourceKey;
}

const SCALING_SOURCE = {
  "single-gpu": "single-gpu",
  measured: "request",
  predicted: "scaling-predicted",
  assumed: "scaling-default",
} as const;

export interface TrainTimeResult extends Result {
  hours: number;
  seconds: number;
  peakTflops: number;
  effectiveTflops: number;
}

export function trainTime(input: TrainTimeInput): TrainTimeResult {
  const { peak, gpus, mfu, scaling, tflops: effectiveTflops } = sustainedRate(input);
  const seconds = input.flops / (effectiveTflops * FLOPS_PER_TFLOP);
  const hours = seconds / SECONDS_PER_HOUR;
  const breakdown = [part("compute", hours)];
  const warnings: Warning[] = [];
  if (peak.fellBack)
    warnings.push({
      code: input.format === "bf16" ? "no-bf16" : "low-precision-fallback",
      params: { gpu: input.gpu.name, used: peak.format },
    });
  if (input.gpu.unverified.length > 0)
    warnings.push({
      code: "unverified-gpu-figures",
      params: { gpu: input.gpu.name, figures: input.gpu.unverified.join(",") },
    });
  const assumptions: Assumption[] = [
    { key: "flops", value: input.flops, source: "request" },
    {
      key: "peak-tflops",
      value: peak.tflops,
      source: "datasheet-dense",
      sourceParams: { gpu: input.gpu.name, format: peak.format },
    },
    { key: "mfu", value: mfu, source: input.mfuSource ?? "mfu-published" },
    { key: "gpus", value: gpus, source: "request" },
    {
      key: "scaling",
      value: scaling,
      source: gpus > 1 ? SCALING_SOURCE[input.scalingBasis ?? "assumed"] : "single-gpu",
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
