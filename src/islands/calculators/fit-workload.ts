/** The fit table's training workload and prices (see `inputs.ts` for the mapping rule). */
import type { Workload } from "../../estimate/fit-rank.ts";
import { trainingMemory } from "../../estimate/training-memory.ts";
import { MFU_DEFAULT, mathFormatFor } from "../../estimate/precision.ts";
import type { ModelState } from "../../stores/model.ts";
import type { TrainingState } from "../../stores/training.ts";
import type { ComputeState } from "../../stores/compute.ts";
import type { CostState } from "../../stores/cost.ts";
import { trainingInput } from "./inputs.ts";
import { jobFlops } from "./flops.ts";

/** Utilisation and scaling from the compute settings, for training and inference alike. */
export function rateSettings(c: ComputeState): Pick<Workload, "mfu" | "scaling"> {
  return { mfu: c.mfuPct / 100 || MFU_DEFAULT, scaling: c.scalingPct / 100 };
}

/** Training as run.ts's "fit-rank" task wires it: ZeRO-3 once split over GPUs. */
export function trainingWorkload(m: ModelState, t: TrainingState, c: ComputeState): Workload {
  const base = trainingInput(m, t, undefined);
  return {
    ...rateSettings(c),
    memoryPerGpu: (n) =>
      trainingMemory({
        ...base,
        gpus: n,
        tensorParallel: 1,
        sharding: n > 1 ? "zero3" : (base.sharding ?? "none"),
      }).nvidiaSmiBytes,
    flops: jobFlops(m, c, t),
    format: mathFormatFor(t.precision),
    splitNeedsFastLink: false,
    memoryBound: false,
    headroom: t.headroomPct / 100,
  };
}

/** Price per GPU-hour of each GPU that has a node option in the cost comparison. */
export function pricesPerGpu(k: CostState): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const o of k.options)
    if (o.price > 0 && prices[o.gpu] === undefined) prices[o.gpu] = o.price / o.gpus;
  return prices;
}
