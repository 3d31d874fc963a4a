/**
 * Training memory per GPU: model states (weights, master weights, gradients, optimizer),
 * activations and logits, sharded as ZeRO/FSDP and tensor parallelism shard them, then the
 * allocator, nvidia-smi and rental views (`memory-views.ts`).
 */
import type { Offload, Sharding, TrainingHead } from "./vocabulary.ts";
export type { Offload, Sharding, TrainingHead } from "./vocabulary.ts";
import type { GpuSpec } from "./gpu.ts";
import type { ModelArch, ModelSpec } from "./model.ts";
import { isArch, paramCounts, shapeFromParams } from "./model.ts";
import type { TrainingPrecision } from "./precision.ts";
import { PRECISION_BYTES } from "./precision.ts";
import type { Optimizer } from "./optimizer.ts";
import { optimizerStateBytes } from "./optimizer.ts";
import type { Recompute } from "./activations.ts";
import { activationBytes, DROPOUT_MASK_BYTES } from "./activations.ts";
import type { LoraConfig } from "./lora.ts";
import {
  DEFAULT_LORA_DROPOUT,
  frozenBaseBytes,
  loraInputWidth,
  loraParams,
  unsavedLinearInputs,
  scaleBitsFor,
} from "./lora.ts";
import type { MemoryOverheads, MemoryViews } from "./memory-views.ts";
import { memoryViews, overheadAssumptions, pushCommonWarnings } from "./memory-views.ts";
import type { Assumption, Warning } from "./result.ts";
import { part } from "./result.ts";

export interface TrainingMemoryInput extends MemoryOverheads {
  model: ModelSpec;
  precision: TrainingPrecision;
  optimizer: Optimizer;
  microBatch: number;
  seqLen: number;
  recompute?: Recompute;
  flashAttention?: boolean;
  /** Micro-batches per optimizer step; does not raise activation memory. */
  gradAccumulation?: number;
  /** All GPUs; data-parallel degree = gpus / tensorParallel. */
  gpus?: number;
  tensorParallel?: number;
  sharding?: Sharding;
  offload?: Offload;
  lora?: LoraConfig;
  head?: TrainingHead;
  dropout?: boolean;
  gpu?: GpuSpec;
}

export interface TrainingMemoryResult extends MemoryViews {
  assumptions: Assumption[];
  warnings: Warning[];
  /** Bytes moved to CPU RAM by offload (not part of the GPU total). */
  cpuOffloadBytes: number;
  trainableParams: number;
}

/**
 * ZeRO-3/FSDP gathers full layers before use and prefetches the next: DeepSpeed's memory
 * helper budgets 4 x the largest layer (formulas.md; DeepSpeed
 * estimate_zero3_model_states_mem_needs), i.e. two 16-bit copies of it.
 */
export const ZERO3_GATHERED_LAYER_COPIES = 2;

export function trainingMemory(input: TrainingMemoryInput): TrainingMemoryResult {
  const assumptions: Assumption[] = [];
  const warnings: Warning[] = [];
  const bytes = PRECISION_BYTES[input.precision];
  const autocast = input.precision === "fp16-mixed" || input.precision === "bf16-mixed";
  const gpus = Math.max(1, input.gpus ?? 1);
  const tp = Math.max(1, input.tensorParallel ?? 1);
  const dp = Math.max(1, Math.floor(gpus / tp));
  const sharding = input.sharding ?? "none";
  const offload = input.offload ?? "none";
  const recompute = input.recompute ?? "none";
  const arch: ModelArch = isArch(input.model) ? input.model : shapeFromParams(input.model.params);
  if (!isArch(input.model)) {
    warnings.push({ code: "shape-assumed", params: { layers: arch.layers, hidden: arch.hidden } });
  }
  const counts = paramCounts(input.model);
  const total = counts.total;

  // Weights: full working copy, or a frozen (possibly quantized) base under LoRA.
  let weights: number;
  let trainable: number;
  let loraActivations = 0;
  if (input.lora) {
    const baseBits = input.lora.baseBits ?? 16;
    const doubleQuant = input.lora.doubleQuant ?? true;
    // Frozen bases are loaded in 16 bit unless training is fp32.
    const sixteen = input.precision === "fp32" ? 4 : 2;
    trainable = loraParams(arch, input.lora);
    // The adapters' own working copy, as `weights` counts it for full training (mixed
    // precision keeps their fp32 copy under master-weights); a bare count's base gets the
    // same block-scale bits as an architecture's.
    weights =
      (isArch(input.model)
        ? frozenBaseBytes(input.model, baseBits, doubleQuant, sixteen)
        : (total *
            (baseBits >= 16 ? sixteen * 8 : baseBits + scaleBitsFor(baseBits, doubleQuant))) /
          8) +
      trainable * bytes.weights;
    const dropout = input.lora.dropout ?? DEFAULT_LORA_DROPOUT;
    if (dropout > 0) {
      // PEFT applies a separate dropout to each adapted layer's input: a dropped copy and its mask.
      loraActivations =
        input.seqLen *
        input.microBatch *
        loraInputWidth(arch, input.lora) *
        arch.layers *
        (bytes.activation + DROPOUT_MASK_BYTES);
    }
    assumptions.push({
      key: "lora-trainable-params",
      value: trainable,
      source: "hu-2021",
    });
    assumptions.push({
      key: "lora-base-bits",
      value: baseBits,
      source: baseBits < 16 ? "dettmers-2023" : "frozen-base",
    });
  } else {
    weights = total * bytes.weights;
    trainable = total;
  }
  const master = trainable * bytes.master;
  const grads = trainable * bytes.grads;
  const opt = optimizerStateBytes(
    input.optimizer,
    trainable,
    bytes.optimizerState,
    isArch(input.model) ? input.model : undefined,
    !input.lora,
  );
  if (opt.approximate) warnings.push({ code: "adafactor-needs-architecture", params: {} });

  // Sharding: tensor parallel splits everything by tp; ZeRO stages split over data parallel.
  const optShard = sharding === "none" ? 1 : dp;
  const gradShard = sharding === "zero2" || sharding === "zero3" || sharding === "fsdp" ? dp : 1;
  const weightShard = sharding === "zero3" || sharding === "fsdp" ? dp : 1;
  if (sharding !== "none" && dp === 1)
    warnings.push({ code: "zero-without-data-parallel", params: { gpus, tensorParallel: tp } });
  const offloadOpt = offload !== "none";
  const offloadParams = offload === "optimizer+params";
  const gpuGrads = grads / (gradShard * tp);
  const gpuWeights = offloadParams ? 0 : weights / (weightShard * tp);
  const gathered =
    weightShard > 1 || offloadParams
      ? ZERO3_GATHERED_LAYER_COPIES * counts.largestMatrix * bytes.weights
      : 0;
  const cpuOffloadBytes = (offloadOpt ? opt.bytes + master : 0) + (offloadParams ? weights : 0);

  const act = activationBytes({
    model: arch,
    seqLen: input.seqLen,
    microBatch: input.microBatch,
    valueBytes: bytes.activation,
    autocast,
    recompute,
    flashAttention: input.flashAttention ?? false,
    tensorParallel: tp,
    dropout: input.dropout ?? arch.dropout ?? false,
    head: input.head ?? "lm",
    unsavedInputs: input.lora ? unsavedLinearInputs(input.lora) : [],
    trainableNorms: !input.lora,
  });

  const parts = [
    part("weights", gpuWeights),
    part("master-weights", offloadOpt ? 0 : master / (optShard * tp)),
    part("gradients", gpuGrads),
    part("optimizer-states", offloadOpt ? 0 : opt.bytes / (optShard * tp)),
    part("activations", act.layers + act.finalLayer + loraActivations),
    part("logits", act.logits),
    part("gathered-layers", gathered),
  ];
  const views = memoryViews(parts, input);

  assumptions.push(
    {
      key: "params",
      value: total,
      source: isArch(input.model) ? "from-architecture" : "request",
    },
    {
      key: "bytes-per-param-weights",
      value: bytes.weights,
      source: "zero-bytes",
    },
    {
      key: "bytes-per-param-master",
      value: bytes.master,
      source: "torch-amp-master",
    },
    { key: "bytes-per-param-grads", value: bytes.grads, source: "grads-dtype" },
    {
      key: "activation-bytes-per-layer",
      value: act.perLayer,
      source: "korthikanti-s4",
    },
    { key: "recompute", value: recompute, source: "korthikanti-s5" },
    { key: "data-parallel", value: dp, source: "data-parallel" },
    {
      key: "gradient-accumulation",
      value: input.gradAccumulation ?? 1,
      source: "grad-accumulation",
    },
    ...overheadAssumptions(views),
  );
  if (input.lora === undefined && input.precision !== "fp32" && input.precision !== "bf16") {
    assumptions.push({
      key: "mixed-precision-bytes-per-param",
      value: bytes.weights + bytes.master + bytes.grads,
      source: "torch-amp-bytes",
    });
  }
  pushCommonWarnings(warnings, views, input.gpu, input.precision);
  return { ...views, assumptions, warnings, cpuOffloadBytes, trainableParams: trainable };
}
