/** Cross-field rules of a parallel layout, which only the tasks check (not the page's inputs). */
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
