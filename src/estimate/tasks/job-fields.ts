/**
 * How much training work there is and how fast it must go: tokens (6·N·D) or samples x
 * FLOPs per sample, the deadline, utilisation and scaling. Stored once (`$job`).
 */
import { MFU_DEFAULT } from "../vocabulary.ts";
import { bool, num, oneOf, share } from "./field.ts";

export const WORK_UNITS = ["tokens", "samples"] as const;

export const JOB_FIELDS = {
  /** What the work is counted in; default: tokens, or samples when only samples are given. */
  work: oneOf(WORK_UNITS),
  tokens: num("tokens", 0, 1e16, { above: true, suffixes: true }),
  samples: num("samples", 0, 1e16, { above: true, suffixes: true }),
  flopsPerSample: num("flops", 0, 1e25, { above: true, suffixes: true }),
  forwardOnly: bool({ default: false }),
  deadlineHours: num("hours", 0, 1e6, { above: true }),
  mfu: share({ default: MFU_DEFAULT }),
  /** Multi-GPU scaling efficiency you measured; otherwise predicted from the GPU's links. */
  scaling: share(),
  pricePerGpuHour: num("money-per-gpu-hour", 0, 1e6),
} as const;

/** The unit of work when the request does not say: tokens, or samples when only samples are given. */
export const jobDefaults = (given: Record<string, unknown>): Record<string, unknown> => ({
  work: given["tokens"] === undefined && given["samples"] !== undefined ? "samples" : "tokens",
});
