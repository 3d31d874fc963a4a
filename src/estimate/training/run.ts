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
import type { FixedWork, StepResult } from "./step.ts";
import { adapterBytesPerToken, atBandwidth, dequantBytesPerMicroStep } from "./adapter-cost.ts";
import { optimizerStepBytesPerParam, optimizerStepSeconds } from "./optimizer-step.ts";
import { modelStates } from "../memory/training-memory.ts";
import { optimizerStateBytes } from "../memory/optimizer.ts";
import { isArch, shapeFromParams } from "../model/model.ts";
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

/**
 * The work a step does beside its FLOPs on one GPU of this layout (`FixedWork`): LoRA's
 * adapter traffic, a k-bit base's dequantisation (each GPU its tensor and pipeline share,
 * gathered whole under ZeRO-3/FSDP) and the optimizer step over its optimizer shard.
 */
export function fixedWork(
  memory: TrainingMemoryInput,
  flops: TokenFlops,
  gpu: GpuSpec,
  gpus: number,
  sharding: Sharding,
  pipelineParallel: number,
): FixedWork {
  const arch = isArch(memory.model) ? memory.model : shapeFromParams(memory.model.params);
  const tp = memory.tensorParallel ?? 1;
  const modelSplit = tp * pipelineParallel;
  const dp = Math.max(1, Math.floor(gpus / modelSplit));
  const bandwidth = gpu.bandwidthGBps;
  const lora = memory.lora;
  const mechanics = memory.mechanics;
  const adapter = lora && {
    model: arch,
    lora,
    forwardReruns: flops.forwardReruns,
    fusedQkv: mechanics?.fusedQkvAdapter ?? false,
    fusedLoraKernels: mechanics?.fusedLoraKernels ?? false,
  };
  const states = modelStates(memory);
  const stateBytes =
    states.trainable > 0
      ? optimizerStateBytes(
          memory.optimizer,
          states.trainable,
          states.trainableBytes.state,
          arch,
          !lora,
        ).bytes / states.trainable
      : 0;
  const perParam = optimizerStepBytesPerParam(
    {
      weights: states.trainableBytes.weights,
      master: states.trainableBytes.master,
      grads: states.trainableBytes.grads,
      states: stateBytes,
    },
    // The same switch the memory estimate reads for the foreach step's temporaries.
    memory.optimizer === "adamw" && (memory.optimizerForeach ?? true),
  );
  const optimizerShards = (sharding === "none" ? 1 : dp) * modelSplit;
  // Offloaded, the step runs on the CPU: not timed here.
  const onGpu = (memory.offload ?? "none") === "none";
  return {
    secondsPerToken: adapter ? atBandwidth(adapterBytesPerToken(adapter), bandwidth) : 0,
    secondsPerMicroStep: adapter
      ? atBandwidth(dequantBytesPerMicroStep(adapter) / modelSplit, bandwidth)
      : 0,
    secondsPerOptimizerStep: onGpu
      ? optimizerStepSeconds(states.trainable / optimizerShards, perParam, bandwidth)
      : 0,
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
    // An MFU the user measured is over the whole step: the fixed work is inside it.
    ...(o.mfu === undefined
      ? { fixed: fixedWork(memory, flops, gpu, gpus, sharding, o.pipelineParallel) }
      : {}),
    megatronOverlap: stackOf(o.framework) === "megatron",
    ...(o.interNodeGBps === undefined ? {} : { interNodeGBps: o.interNodeGBps }),
    ...(o.measuredScaling === undefined ? {} : { measuredScaling: o.measuredScaling }),
  });
  return { step, assumptions: used.assumptions };
}
