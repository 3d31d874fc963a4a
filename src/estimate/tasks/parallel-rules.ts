/**
 * Cross-field rules of a training layout, which only the tasks check (not the page's
 * inputs): the parallel layout, and an optimizer step that needs one micro-batch.
 */
import type { Issue } from "./issue.ts";
import { issue } from "./issue.ts";

/** Tensor parallel splits each layer over GPUs of one data-parallel replica. */
export function parallelRules(
  r: { gpus: number; tensorParallel: number },
  gpusField = "gpus",
): Issue[] {
  if (r.tensorParallel > r.gpus)
    return [issue("tensorParallel", "tp-exceeds-gpus", { gpus: r.gpus, field: gpusField })];
  if (r.gpus % r.tensorParallel !== 0)
    return [issue("tensorParallel", "tp-not-divisor", { gpus: r.gpus, field: gpusField })];
  return [];
}

/**
 * Stepping each parameter inside backward frees its gradient at once, so gradients cannot
 * accumulate over micro-batches (torchtune's recipes refuse the combination).
 */
export function optimizerRules(r: {
  optimizerInBackward: boolean;
  gradAccumulation: number;
}): Issue[] {
  return r.optimizerInBackward && r.gradAccumulation > 1
    ? [issue("optimizerInBackward", "needs-single-micro-batch", {})]
    : [];
}
