/** The fit table's workload and prices (see `inputs.ts` for the mapping rule). */
import type { Workload } from "../../estimate/fit-rank.ts";
import { trainingMemory } from "../../estimate/training-memory.ts";
import type { inferenceMemory } from "../../estimate/inference-memory.ts";
import { MFU_DEFAULT } from "../../estimate/compute-time.ts";
import { mathFormatFor } from "../../estimate/precision.ts";
import type { ModelState } from "../../stores/model.ts";
import type { TrainingState } from "../../stores/training.ts";
import type { InferenceState } from "../../stores/inference.ts";
import type { ComputeState } from "../../stores/compute.ts";
import type { CostState } from "../../stores/cost.ts";
import { inferenceInput, trainingInput } from "./inputs.ts";
import { jobFlops } from "./flops.ts";

/**
 * The fit table's workload, wired as run.ts's "fit-rank" task does (ZeRO-3 when split for
 * training). Inference mode takes the inference estimator as an argument: the table loads
 * it only when someone switches to inference.
 */
export function fitWorkload(
  mode: "training" | "inference",
  m: ModelState,
  t: TrainingState,
  s: InferenceState,
  c: ComputeState,
  infer?: typeof inferenceMemory,
): Workload {
  const train = mode === "training";
  const base = trainingInput(m, t, undefined);
  const inf = inferenceInput(m, s, undefined);
  return {
    memoryPerGpu: (n) =>
      train
        ? trainingMemory({
            ...base,
            gpus: n,
            tensorParallel: 1,
            sharding: n > 1 ? "zero3" : (base.sharding ?? "none"),
          }).nvidiaSmiBytes
        : (infer as typeof inferenceMemory)({ ...inf, tensorParallel: n }).nvidiaSmiBytes,
    flops: train ? jobFlops(m, c, t) : null,
    format: mathFormatFor(train ? t.precision : "bf16-mixed"),
    mfu: c.mfuPct / 100 || MFU_DEFAULT,
    scaling: c.scalingPct / 100,
    splitNeedsFastLink: !train,
    memoryBound: !train,
    headroom: (train ? t.headroomPct : s.headroomPct) / 100,
  };
}

/** Price per GPU-hour of each GPU that has a node option in the cost comparison. */
export function pricesPerGpu(k: CostState): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const o of k.options)
    if (o.price > 0 && prices[o.gpu] === undefined) prices[o.gpu] = o.price / o.gpus;
  return prices;
}
