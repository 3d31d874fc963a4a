/**
 * Inference mode of the GPU fit table, loaded the first time someone ranks for inference:
 * the serving settings and the workload built from them. A module of its own, so the lazy
 * load does not make the estimator itself a dynamic entry (which would split it from the
 * inference page's static bundle and add the bundler's runtime there).
 */
import type { Workload } from "../../estimate/fit-rank.ts";
import { inferenceMemory } from "../../estimate/inference-memory.ts";
import { mathFormatFor } from "../../estimate/precision.ts";
import type { ModelState } from "../../stores/model.ts";
import type { InferenceState } from "../../stores/inference.ts";
import { inferenceInput } from "./inputs.ts";

export { $inference } from "../../stores/inference.ts";

/**
 * Serving as run.ts's "fit-rank" task wires it: tensor parallel once split over GPUs. The
 * rate settings come from the caller (`rateSettings`), so this lazy chunk needs nothing
 * from the page's own.
 */
export function inferenceWorkload(
  m: ModelState,
  s: InferenceState,
  rate: Pick<Workload, "mfu" | "scaling">,
): Workload {
  const input = inferenceInput(m, s, undefined);
  return {
    ...rate,
    memoryPerGpu: (n) => inferenceMemory({ ...input, tensorParallel: n }).nvidiaSmiBytes,
    flops: null,
    format: mathFormatFor("bf16-mixed"),
    splitNeedsFastLink: true,
    memoryBound: true,
    headroom: s.headroomPct / 100,
  };
}
