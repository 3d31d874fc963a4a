/**
 * How much training work there is and how fast it must go: tokens (FLOPs by mechanism,
 * `training/flops.ts`) or samples x FLOPs per sample, the deadline, utilisation, scaling,
 * and what sets the speed of a parallel run beyond the memory fields: pipeline and expert
 * parallelism, FP8 linear layers and the network between nodes. Stored once (`$job`).
 */
import { bool, int, num, oneOf, share } from "../request/field.ts";
import { NETWORK_FIELDS } from "../hardware/network-fields.ts";

/**
 * What sets a parallel run's speed beside the memory fields; the plan times its training
 * rows with the same set (`PLAN_TRAINING_FIELDS`), as the decision table sends them.
 */
export const LAYOUT_FIELDS = {
  /** Pipeline stages the layers are split into (Megatron-LM's 1F1B schedule). */
  pipelineParallel: int("gpus", 1, 1024, { default: 1 }),
  /** Model chunks per GPU of the interleaved pipeline schedule; 1 is plain 1F1B. */
  virtualStages: int("count", 1, 128, { default: 1 }),
  /** MoE only: GPUs the routed experts are split over (all-to-all of routed tokens). */
  expertParallel: int("gpus", 1, 1024, { default: 1 }),
  /** Linear layers in FP8 (Transformer Engine, torchao float8), on GPUs that have it. */
  fp8: bool({ default: false }),
} as const;

export const WORK_UNITS = ["tokens", "samples"] as const;

export const JOB_FIELDS = {
  /** What the work is counted in; default: tokens, or samples when only samples are given. */
  work: oneOf(WORK_UNITS),
  tokens: num("tokens", 0, 1e16, { above: true, suffixes: true }),
  samples: num("samples", 0, 1e16, { above: true, suffixes: true }),
  flopsPerSample: num("flops", 0, 1e25, { above: true, suffixes: true }),
  forwardOnly: bool({ default: false }),
  deadlineHours: num("hours", 0, 1e6, { above: true }),
  /** Your model FLOPs utilisation; without it, the measured table's (`training/utilisation-entry.ts`). */
  mfu: share(),
  /** Multi-GPU scaling efficiency you measured; otherwise predicted from the GPU's links. */
  scaling: share(),
  ...LAYOUT_FIELDS,
  ...NETWORK_FIELDS,
  pricePerGpuHour: num("money-per-gpu-hour", 0, 1e6),
} as const;

/** The unit of work when the request does not say: tokens, or samples when only samples are given. */
export const jobDefaults = (given: Record<string, unknown>): Record<string, unknown> => ({
  work: given["tokens"] === undefined && given["samples"] !== undefined ? "samples" : "tokens",
});
