/**
 * A training request's step on a given GPU and count: its FLOPs per token, the utilisation
 * (the user's or the measured table's), the bytes its collectives move, and the layout,
 * run through `trainingStep`. Training time and the plan's training rows both come here,
 * so a GPU's speed is computed one way.
 */
import type { GpuSpec } from "../hardware/gpu.ts";
import { mathFormatFor } from "../hardware/precision.ts";
import type { Assumption } from "../result.ts";
import { partValue } from "../result.ts";
import type { TokenFlops } from "./flops.ts";
import type { TrainingMemoryInput } from "../memory/training-memory.ts";
import { trainingMemory } from "../memory/training-memory.ts";
import type { StepResult } from "./step.ts";
import { trainingStep } from "./step.ts";
import { trainingUtilisation } from "./utilisation.ts";
import type { UtilisationEntry } from "./utilisation-entry.ts";
import { stackOf } from "./utilisation-entry.ts";
import type { AttentionKernel } from "./attention-speed.ts";
import type { Framework, Sharding } from "../vocabulary.ts";

/** What sets a run's speed beyond its memory fields. */
export interface RunOptions {
  pipelineParallel: number;
  virtualStages: number;
  expertParallel: number;
  fp8: boolean;
  /** The fused attention kernel (when attention is not eager). */
  attentionKernel: AttentionKernel;
  framework?: Framework;
  /** The user's model FLOPs utilisation; wins over the table. */
  mfu?: number;
  measuredScaling?: number;
  /** GB/s per GPU between nodes, one direction. */
  interNodeGBps?: number;
  /** The utilisation table; absent, the fitted one. */
  table?: readonly UtilisationEntry[];
}

/** The whole run's memory on one GPU, nothing sharded or offloaded: every state once. */
export const unshardedMemory = (memory: TrainingMemoryInput) =>
  trainingMemory({ ...memory, gpus: 1, tensorParallel: 1, sharding: "none", offload: "none" });

/** The unsharded gradient and parameter bytes (what the collectives move). */
export function stateBytes(memory: TrainingMemoryInput) {
  const whole = unshardedMemory(memory);
  return {
    gradientBytes: partValue(whole.breakdown, "gradients"),
    paramBytes: partValue(whole.breakdown, "weights"),
  };
}

export interface RunOn {
  step: StepResult;
  assumptions: Assumption[];
}

export function runOn(
  memory: TrainingMemoryInput,
  flops: TokenFlops,
  gpu: GpuSpec,
  gpus: number,
  sharding: Sharding,
  o: RunOptions,
  state = stateBytes(memory),
): RunOn {
  const format = mathFormatFor(memory.precision);
  const used = trainingUtilisation({
    model: memory.model,
    gpu,
    format,
    fp8: o.fp8,
    flashAttention: memory.flashAttention ?? true,
    attentionKernel: o.attentionKernel,
    seqLen: memory.seqLen,
    ...(o.framework === undefined ? {} : { framework: o.framework }),
    ...(o.mfu === undefined ? {} : { mfu: o.mfu }),
    ...(o.table === undefined ? {} : { table: o.table }),
  });
  const step = trainingStep({
    model: memory.model,
    flops,
    gpu,
    format,
    fp8: o.fp8,
    layout: {
      gpus,
      tensorParallel: memory.tensorParallel ?? 1,
      pipelineParallel: o.pipelineParallel,
      virtualStages: o.virtualStages,
      expertParallel: o.expertParallel,
      sharding,
      microBatch: memory.microBatch,
      seqLen: memory.seqLen,
      gradAccumulation: memory.gradAccumulation ?? 1,
    },
    state,
    utilisation: used.utilisation,
    megatronOverlap: stackOf(o.framework) === "megatron",
    ...(o.interNodeGBps === undefined ? {} : { interNodeGBps: o.interNodeGBps }),
    ...(o.measuredScaling === undefined ? {} : { measuredScaling: o.measuredScaling }),
  });
  return { step, assumptions: used.assumptions };
}
