/** The training job's FLOPs, shared by compute time and the fit table. */
import { paramCounts } from "../../estimate/model.ts";
import { trainingFlops } from "../../estimate/training-flops.ts";
import type { ModelState } from "../../stores/model.ts";
import type { TrainingState } from "../../stores/training.ts";
import type { ComputeState } from "../../stores/compute.ts";

/** Training FLOPs of the job in `$compute`: 6·N·D on active parameters, or samples x FLOPs per sample. */
export function jobFlops(m: ModelState, c: ComputeState, t: TrainingState): number {
  return c.mode === "tokens"
    ? trainingFlops({
        kind: "transformer",
        params: paramCounts(m.spec).active,
        tokens: c.tokens,
        fullRecompute: t.recompute === "full",
      })
    : trainingFlops({
        kind: "samples",
        samples: c.samples,
        flopsPerSample: c.flopsPerSample,
        forwardOnly: c.forwardOnly,
      });
}
