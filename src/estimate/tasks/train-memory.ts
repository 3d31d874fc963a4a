/** `train-memory`: memory per GPU to train or fine-tune a model, and the GPUs it fits on. */
import { FRAMEWORK_PROFILES } from "../frameworks.ts";
import type { TrainingMemoryInput } from "../training-memory.ts";
import { trainingMemory } from "../training-memory.ts";
import { fullModuleParams, loraParams } from "../lora.ts";
import { isArch, paramCounts, shapeFromParams } from "../model.ts";
import { trainingFlops } from "../training-flops.ts";
import { mibToBytes } from "../units.ts";
import { gpuById, gpusHolding, memoryVerdict } from "./context.ts";
import type { Resolved } from "./field.ts";
import type { TaskContext } from "./task.ts";
import { defineTask } from "./task.ts";
import { trainingParallelRules } from "./parallel-rules.ts";
import { TRAINING_FIELDS, trainingDefaults } from "./training-fields.ts";

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

/** FLOPs of training on `tokens` tokens: 6·N·D, 4·N·D on a frozen LoRA base, +2·N·D recomputed. */
export function trainingJobFlops(input: TrainingMemoryInput, tokens: number): number {
  const arch = isArch(input.model) ? input.model : shapeFromParams(input.model.params);
  return trainingFlops({
    kind: "transformer",
    params: paramCounts(input.model).active,
    tokens,
    fullRecompute: input.recompute === "full" || input.recompute === "offload",
    ...(input.lora
      ? {
          frozenBase: {
            trainableParams:
              loraParams(arch, input.lora) + fullModuleParams(arch, input.lora.fullModules),
          },
        }
      : {}),
  });
}

export const trainMemoryTask = defineTask({
  id: "train-memory",
  fields: TRAIN_MEMORY_FIELDS,
  defaults: trainingDefaults,
  rules: trainingParallelRules,
  run: (r, ctx) => {
    const result = trainingMemory(trainingInput(r, ctx));
    return {
      ...result,
      fitsOn: gpusHolding(ctx, result.recommendedBytes),
      verdict: memoryVerdict(ctx, result, r.gpu, r.gpus),
    };
  },
});
