/** `train-memory`: memory per GPU to train or fine-tune a model, and the GPUs it fits on. */
import { FRAMEWORK_PROFILES } from "./frameworks.ts";
import type { TrainingMemoryInput } from "./training-memory.ts";
import { trainingMemory } from "./training-memory.ts";
import { fullModuleParams, loraParams } from "./lora.ts";
import { isArch, shapeFromParams } from "../model/model.ts";
import type { TokenFlops } from "../training/flops.ts";
import { tokenFlops } from "../training/flops.ts";
import { mibToBytes } from "../units.ts";
import { gpuById, memoryVerdict } from "./verdict.ts";
import type { Resolved } from "../request/field.ts";
import type { TaskContext } from "../request/task.ts";
import { defineTask } from "../request/task.ts";
import { optimizerRules, trainingParallelRules } from "./parallel-rules.ts";
import { trainingDefaults } from "./training-defaults.ts";
import { TRAINING_FIELDS } from "./training-fields.ts";

export const TRAIN_MEMORY_FIELDS = {
  model: { kind: "model", required: true },
  ...TRAINING_FIELDS,
} as const;
export type TrainingRequest = Resolved<typeof TRAIN_MEMORY_FIELDS>;

/** The estimator's input for a checked training request (also used by time and ranking). */
export function trainingInput(r: TrainingRequest, ctx: TaskContext): TrainingMemoryInput {
  const input: TrainingMemoryInput = {
    model: r.model.spec,
    precision: r.precision,
    optimizer: r.optimizer,
    microBatch: r.microBatch,
    seqLen: r.seqLen,
    recompute: r.recompute,
    flashAttention: r.flashAttention,
    loss: r.loss,
    gradAccumulation: r.gradAccumulation,
    gpus: r.gpus,
    tensorParallel: r.tensorParallel,
    sharding: r.sharding,
    offload: r.offload,
    head: r.head,
    headroom: r.headroom,
    fusedKernels: r.fusedKernels,
    optimizerForeach: r.optimizerForeach,
    optimizerInBackward: r.optimizerInBackward,
  };
  if (r.dropout !== undefined) input.dropout = r.dropout;
  if (r.cudaContextMiB !== undefined) input.cudaContextBytes = mibToBytes(r.cudaContextMiB);
  if (r.fragmentation !== undefined) input.fragmentation = r.fragmentation;
  if (r.lora) input.lora = r.lora;
  if (r.framework) {
    const profile = FRAMEWORK_PROFILES[r.framework];
    input.mechanics = profile.mechanics;
    input.frameworkSource = profile.source;
  }
  if (r.gpu !== undefined) input.gpu = gpuById(ctx, r.gpu);
  return input;
}

/**
 * FLOPs per trained token (`training/flops.ts`): 6·N (4·N on a frozen LoRA base plus 6 per
 * trainable parameter) and attention at the request's sequence length; model and hardware.
 */
export function trainingTokenFlops(input: TrainingMemoryInput): TokenFlops {
  const arch = isArch(input.model) ? input.model : shapeFromParams(input.model.params);
  return tokenFlops({
    model: input.model,
    seqLen: input.seqLen,
    recompute: input.recompute ?? "none",
    flashAttention: input.flashAttention ?? true,
    ...(input.lora
      ? {
          trainableParams:
            loraParams(arch, input.lora) + fullModuleParams(arch, input.lora.fullModules),
        }
      : {}),
  });
}

export const trainMemoryTask = defineTask({
  id: "train-memory",
  fields: TRAIN_MEMORY_FIELDS,
  defaults: trainingDefaults,
  rules: (r) => [...trainingParallelRules(r), ...optimizerRules(r)],
  run: (r, ctx) => {
    const result = trainingMemory(trainingInput(r, ctx));
    return { ...result, verdict: memoryVerdict(ctx, result, r.gpu, r.gpus) };
  },
});
