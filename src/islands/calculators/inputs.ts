/**
 * Maps store state to the estimation core's inputs: which field feeds which input, the same
 * mapping `src/estimate/run.ts` does for the command line (e2e tests compare the two). No
 * formula lives here. Split per widget so an island ships only the core it calls.
 */
import type { GpuSpec } from "../../estimate/gpu.ts";
import type { TrainingMemoryInput } from "../../estimate/training-memory.ts";
import type { InferenceMemoryInput } from "../../estimate/inference-memory.ts";
import type { LoraTarget } from "../../estimate/lora.ts";
import type { ModelState } from "../../stores/model.ts";
import type { TrainingState } from "../../stores/training.ts";
import type { InferenceState } from "../../stores/inference.ts";
// Bundling: the memory cores' shared helpers travel with the input mapping every
// estimate widget loads, in one chunk instead of three small ones.
export { memoryViews } from "../../estimate/memory-views.ts";
export { part } from "../../estimate/result.ts";

/** QLoRA adapts every linear layer of the blocks (Dettmers et al. 2023, sec. 4). */
export const LORA_TARGETS_ALL: readonly LoraTarget[] = ["q", "k", "v", "o", "gate", "up", "down"];

export const findGpu = (gpus: readonly GpuSpec[], id: string): GpuSpec | undefined =>
  gpus.find((g) => g.id === id);

export function trainingInput(
  m: ModelState,
  t: TrainingState,
  gpu: GpuSpec | undefined,
): TrainingMemoryInput {
  const input: TrainingMemoryInput = {
    model: m.spec,
    precision: t.precision,
    optimizer: t.optimizer,
    microBatch: t.microBatch,
    seqLen: t.seqLen,
    recompute: t.recompute,
    flashAttention: t.flash,
    gradAccumulation: t.gradAccum,
    gpus: t.gpus,
    tensorParallel: Math.min(t.tp, t.gpus),
    sharding: t.sharding,
    offload: t.offload,
    headroom: t.headroomPct / 100,
  };
  if (t.lora !== "none")
    input.lora = {
      rank: t.loraRank,
      targets: LORA_TARGETS_ALL,
      baseBits: t.lora === "qlora" ? 4 : 16,
    };
  if (gpu) input.gpu = gpu;
  return input;
}

export function inferenceInput(
  m: ModelState,
  s: InferenceState,
  gpu: GpuSpec | undefined,
): InferenceMemoryInput {
  const input: InferenceMemoryInput = {
    model: m.spec,
    weightBits: s.weightBits,
    kvBits: s.kvBits,
    contextTokens: s.context,
    sequences: s.sequences,
    engine: s.engine,
    gpuMemoryUtilization: s.utilPct / 100,
    tensorParallel: s.gpus,
    headroom: s.headroomPct / 100,
  };
  if (gpu) input.gpu = gpu;
  return input;
}
