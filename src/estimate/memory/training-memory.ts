/**
 * Training memory per GPU: model states (weights, master weights, gradients, optimizer),
 * activations and the loss, sharded as ZeRO/FSDP and tensor parallelism shard them, then
 * the allocator, nvidia-smi and rental views (`memory/views.ts`).
 */
import type { LossPath, Offload, Sharding, TrainingHead } from "../vocabulary.ts";
export type { Offload, Sharding, TrainingHead } from "../vocabulary.ts";
import type { Mechanics } from "./frameworks.ts";
import { GENERIC_MECHANICS } from "./frameworks.ts";
import type { GpuSpec } from "../hardware/gpu.ts";
import type { ModelArch, ModelSpec } from "../model/model.ts";
import { isArch, paramCounts, shapeFromParams } from "../model/model.ts";
import { stepPeak } from "./peak.ts";
import type { TrainingPrecision } from "../hardware/precision.ts";
import { isAutocast, PARAM_BYTES, PRECISION_BYTES } from "../hardware/precision.ts";
import type { Optimizer } from "./optimizer.ts";
import { optimizerStateBytes, optimizerStepBytes } from "./optimizer.ts";
import type { Recompute } from "./activations.ts";
import { activationBytes } from "./activations.ts";
import type { LoraConfig } from "./lora.ts";
import {
  adapterSavedBytesPerToken,
  frozenBaseBytes,
  frozenBaseBytesOfCount,
  fullModuleParams,
  largestDequantized,
  loraParams,
  scaleBitsFor,
  unsavedLinearInputs,
} from "./lora.ts";
import { CLASSIFIER_LABELS, lossBytes } from "./loss.ts";
import type { MemoryOverheads, MemoryViews } from "./views.ts";
import { memoryViews, overheadAssumptions, pushCommonWarnings } from "./views.ts";
import type { Assumption, SourceKey, Warning } from "../result.ts";
import { gatherBuffers, layerMatrixParams } from "./sharding.ts";

export interface TrainingMemoryInput extends MemoryOverheads {
  model: ModelSpec;
  precision: TrainingPrecision;
  optimizer: Optimizer;
  microBatch: number;
  seqLen: number;
  recompute?: Recompute;
  flashAttention?: boolean;
  loss?: LossPath;
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
  /** torch.compile, Liger or Unsloth kernels (`ActivationInput.fusedKernels`). */
  fusedKernels?: boolean;
  /** PyTorch's foreach optimizer step (default true); false: fused or per-parameter. */
  optimizerForeach?: boolean;
  /** Each parameter steps and frees its gradient as soon as backward produces it. */
  optimizerInBackward?: boolean;
  gpu?: GpuSpec;
  /** What the framework does that no field says (default: Transformers and PEFT). */
  mechanics?: Mechanics;
  /** The framework whose defaults filled the request, for the assumptions. */
  frameworkSource?: SourceKey;
}

export interface TrainingMemoryResult extends MemoryViews {
  assumptions: Assumption[];
  warnings: Warning[];
  /** Bytes moved to CPU RAM by offload (not part of the GPU total). */
  cpuOffloadBytes: number;
  /**
   * Paged optimizer states in CUDA unified memory: on the GPU while it has room, else in
   * CPU RAM (not part of the GPU total, nor of what PyTorch's allocator reports).
   */
  pagedOptimizerBytes: number;
  trainableParams: number;
}

export interface ModelStates {
  /** Weights the forward pass reads (the frozen base and the adapters under LoRA). */
  weights: number;
  trainable: number;
  /** Bytes per trainable parameter of its weight, gradient and optimizer-state values. */
  trainableBytes: { weights: number; master: number; grads: number; state: number };
  /** Bytes per parameter of the weights as stored (what FSDP gathers). */
  storageBytesPerParam: number;
}

function loraStates(
  model: ModelSpec,
  arch: ModelArch,
  lora: LoraConfig,
  total: number,
  quantizedHead: boolean,
): ModelStates {
  const adapter = lora.adapterBits / 8;
  const trainable = loraParams(arch, lora) + fullModuleParams(arch, lora.fullModules);
  const base = isArch(model)
    ? frozenBaseBytes(model, lora.baseBits, lora.doubleQuant, quantizedHead)
    : frozenBaseBytesOfCount(total, lora.baseBits, lora.doubleQuant);
  return {
    weights: base + trainable * adapter,
    trainable,
    // The adapters are their own master copy: gradients and states in their dtype.
    trainableBytes: { weights: adapter, master: 0, grads: adapter, state: adapter },
    storageBytesPerParam: (lora.baseBits + scaleBitsFor(lora.baseBits, lora.doubleQuant)) / 8,
  };
}

/**
 * The residual stream runs in the dtype of the unquantized weights (the embeddings): the
 * base's own dtype at 16 or 32 bits, the compute dtype under a k-bit bitsandbytes base.
 */
function residualBytesUnderLora(baseBits: number, computeBytes: number): number {
  return baseBits >= 16 ? baseBits / 8 : computeBytes;
}

/** What a run stores of the model and trains: its weights, the trainable count, their bytes. */
export function modelStates(input: TrainingMemoryInput): ModelStates {
  const bytes = PRECISION_BYTES[input.precision];
  const arch: ModelArch = isArch(input.model) ? input.model : shapeFromParams(input.model.params);
  const total = paramCounts(input.model).total;
  const lora = input.lora;
  return lora
    ? loraStates(
        input.model,
        arch,
        lora,
        total,
        (input.mechanics ?? GENERIC_MECHANICS).quantizedHead,
      )
    : {
        weights: total * bytes.weights,
        trainable: total,
        trainableBytes: {
          weights: bytes.weights,
          master: bytes.master,
          grads: bytes.grads,
          state: bytes.optimizerState,
        },
        storageBytesPerParam: bytes.weights,
      };
}

export function trainingMemory(input: TrainingMemoryInput): TrainingMemoryResult {
  const assumptions: Assumption[] = [];
  const warnings: Warning[] = [];
  const bytes = PRECISION_BYTES[input.precision];
  const autocast = isAutocast(input.precision);
  const mechanics = input.mechanics ?? GENERIC_MECHANICS;
  const gpus = Math.max(1, input.gpus ?? 1);
  const tp = Math.max(1, input.tensorParallel ?? 1);
  const dp = Math.max(1, Math.floor(gpus / tp));
  const sharding = input.sharding ?? "none";
  const offload = input.offload ?? "none";
  const recompute = input.recompute ?? "none";
  const lossPath = input.loss ?? "standard";
  const arch: ModelArch = isArch(input.model) ? input.model : shapeFromParams(input.model.params);
  if (!isArch(input.model)) {
    warnings.push({ code: "shape-assumed", params: { layers: arch.layers, hidden: arch.hidden } });
  }
  const total = paramCounts(input.model).total;
  const lora = input.lora;
  const states = modelStates(input);
  const { trainable, trainableBytes: tb } = states;
  const master = trainable * tb.master;
  const grads = trainable * tb.grads;
  const opt = optimizerStateBytes(
    input.optimizer,
    trainable,
    tb.state,
    isArch(input.model) ? input.model : undefined,
    !lora,
  );
  if (opt.approximate) warnings.push({ code: "adafactor-needs-architecture", params: {} });

  // Sharding: tensor parallel splits everything by tp; ZeRO stages split over data parallel.
  // FSDP and ZeRO-3 shard a quantized base too (stored in a dtype FSDP can flatten:
  // bitsandbytes' `bnb_4bit_quant_storage`, PEFT docs "FSDP + QLoRA").
  const optShard = sharding === "none" ? 1 : dp;
  const gradShard = sharding === "zero2" || sharding === "zero3" || sharding === "fsdp" ? dp : 1;
  const weightShard = sharding === "zero3" || sharding === "fsdp" ? dp : 1;
  if (sharding !== "none" && dp === 1)
    warnings.push({ code: "zero-without-data-parallel", params: { gpus, tensorParallel: tp } });
  const offloadOpt = offload !== "none";
  const offloadParams = offload === "optimizer+params";
  const gather = gatherBuffers({
    sharding: offloadParams && sharding !== "fsdp" ? "zero3" : sharding,
    dataParallel: dp,
    paramsOffloaded: offloadParams,
    model: arch,
    storageBytesPerParam: states.storageBytesPerParam,
    trainableLayerParams: lora ? loraParams(arch, lora) / arch.layers : layerMatrixParams(arch),
    gradBytes: tb.grads,
  });

  // Activations are kept in the compute dtype; the residual stream in the parameters'.
  const valueBytes = bytes.activation;
  const adapterInput = lora
    ? {
        model: arch,
        lora,
        activationBytes: valueBytes,
        autocast,
        fusedQkv: mechanics.fusedQkvAdapter,
        fusedLoraKernels: mechanics.fusedLoraKernels,
        quantizedBaseKeepsInputs: mechanics.quantizedBaseKeepsInputs,
      }
    : null;
  const fusedKernels = input.fusedKernels ?? false;
  const act = activationBytes({
    model: arch,
    seqLen: input.seqLen,
    microBatch: input.microBatch,
    valueBytes,
    autocast,
    residualBytes: lora
      ? residualBytesUnderLora(lora.baseBits, valueBytes)
      : PARAM_BYTES[input.precision],
    recompute,
    flashAttention: input.flashAttention ?? true,
    tensorParallel: tp,
    dropout: input.dropout ?? arch.dropout ?? false,
    fusedQkv: mechanics.fusedQkvProjection,
    unsavedInputs: adapterInput ? unsavedLinearInputs(adapterInput) : [],
    adapterBytesPerToken: adapterInput ? adapterSavedBytesPerToken(adapterInput) : 0,
    trainableNorms: !lora,
    trainableHead: !lora || lora.fullModules.includes("head"),
    fusedKernels,
  });
  const head = input.head ?? "lm";
  const loss = lossBytes({
    path: lossPath,
    tokens: head === "lm" ? input.seqLen * input.microBatch : input.microBatch,
    vocab: head === "lm" ? arch.vocab : CLASSIFIER_LABELS,
    hidden: arch.hidden,
    logitBytes: valueBytes,
    lossInFp32: mechanics.upcastLoss || autocast,
    tensorParallel: tp,
    fusedKernels,
  });

  // Optimizer in backward: each parameter steps and drops its gradient as soon as backward
  // has produced it (torchtune `optimizer_in_bwd`, PyTorch tutorial "How to save memory by
  // fusing the optimizer step into the backward pass"), so one parameter's gradient is held
  // at a time: the largest (the embedding or head in full training; tied, its gradient
  // accumulates from the head to the embedding). Under LoRA the adapters' are kept whole.
  const inBackward = (input.optimizerInBackward ?? false) && !offloadOpt;
  const largestTrainable = lora ? trainable : paramCounts(arch).largestMatrix;
  const heldGrads = inBackward && !lora ? largestTrainable * tb.grads : grads;
  const optSplit = optShard * tp;
  const stepTemporaries = offloadOpt
    ? 0
    : optimizerStepBytes(
        input.optimizer,
        input.optimizerForeach ?? true,
        inBackward ? largestTrainable : trainable,
        tb.state,
      ) / (inBackward ? tp : optSplit);
  const pagedOptimizerBytes = opt.paged && !offloadOpt ? opt.bytes / optSplit : 0;
  // A k-bit base dequantizes one matrix at a time to 16 bits for each matmul
  // (`largestDequantized`; Unsloth's `fast_dequantize` reuses one buffer): the largest one
  // is live during both passes.
  const dequantized =
    lora && lora.baseBits < 16 ? (largestDequantized(arch, mechanics.quantizedHead) * 2) / tp : 0;
  const peak = stepPeak({
    weights: offloadParams ? 0 : states.weights / (weightShard * tp),
    master: offloadOpt ? 0 : master / optSplit,
    states: offloadOpt || opt.paged ? 0 : opt.bytes / optSplit,
    gradients: heldGrads / (inBackward && !lora ? tp : gradShard * tp),
    gradientsPersist: (input.gradAccumulation ?? 1) > 1 || !mechanics.gradientsFreed,
    stepTemporaries,
    stepInBackward: inBackward,
    forwardActivations: (act.recomputed ? act.checkpoints : act.layers) + act.finalLayer,
    loss: loss.bytes,
    checkpoints: act.checkpoints,
    rebuiltBlock: act.perLayer,
    backwardTransient: act.backwardTransient,
    recomputed: act.recomputed,
    gathered: (gather.gatheredWeights + gather.unshardedGradients) / tp,
    dequantized,
  });

  const cpuOffloadBytes =
    (offloadOpt ? opt.bytes + master : 0) + (offloadParams ? states.weights : 0) + act.offloaded;
  const views = memoryViews(peak.parts, input);

  if (input.frameworkSource)
    assumptions.push({ key: "framework-defaults", value: true, source: input.frameworkSource });
  if (lora) {
    assumptions.push(
      { key: "lora-trainable-params", value: trainable, source: "hu-2021" },
      {
        key: "lora-base-bits",
        value: lora.baseBits,
        source: lora.baseBits < 16 ? "dettmers-2023" : "frozen-base",
      },
      { key: "lora-adapter-bits", value: lora.adapterBits, source: "peft-adapter-dtype" },
      {
        key: "lora-adapter-saved-bytes-per-token",
        value: adapterInput ? adapterSavedBytesPerToken(adapterInput) * arch.layers : 0,
        source: "peft-lora-forward",
      },
    );
  }
  assumptions.push(
    {
      key: "params",
      value: total,
      source: isArch(input.model) ? "from-architecture" : "request",
    },
    { key: "bytes-per-param-weights", value: bytes.weights, source: "zero-bytes" },
    { key: "bytes-per-param-master", value: bytes.master, source: "torch-amp-master" },
    { key: "bytes-per-param-grads", value: bytes.grads, source: "grads-dtype" },
    { key: "activation-bytes-per-layer", value: act.perLayer, source: "korthikanti-s4" },
    { key: "recompute", value: recompute, source: "recompute-block" },
    {
      key: "attention",
      value: (input.flashAttention ?? true) ? "flash" : "eager",
      source: "sdpa-default",
    },
    { key: "loss-path", value: lossPath, source: `loss-${lossPath}` },
    { key: "live-logit-values", value: loss.liveLogitValues, source: `loss-${lossPath}` },
    { key: "data-parallel", value: dp, source: "data-parallel" },
    {
      key: "gradient-accumulation",
      value: input.gradAccumulation ?? 1,
      source: "grad-accumulation",
    },
    { key: "peak-phase", value: peak.phase, source: "step-phases" },
    { key: "fused-kernels", value: fusedKernels, source: "fused-kernels" },
    {
      key: "optimizer-step-bytes",
      value: stepTemporaries,
      source: (input.optimizerForeach ?? true) ? "torch-foreach" : "fused-optimizer",
    },
    ...overheadAssumptions(views),
  );
  if (inBackward)
    assumptions.push({
      key: "optimizer-in-backward",
      value: true,
      source: "optimizer-in-backward",
    });
  if (mechanics.fusedQkvProjection)
    assumptions.push({ key: "fused-qkv-saved", value: true, source: "litgpt-qkv-views" });
  if (lora && lora.baseBits < 16 && mechanics.quantizedHead)
    assumptions.push({ key: "quantized-head", value: true, source: "lightning-bnb-head" });
  if (dequantized > 0)
    assumptions.push({ key: "dequantized-weight-bytes", value: dequantized, source: "dequantize" });
  if (pagedOptimizerBytes > 0) {
    assumptions.push({
      key: "paged-optimizer-bytes",
      value: pagedOptimizerBytes,
      source: "bnb-paged",
    });
    warnings.push({
      code: "paged-optimizer-states",
      params: { pagedBytes: pagedOptimizerBytes },
    });
  }
  if (gather.gatheredWeights > 0)
    assumptions.push({
      key: "gathered-weight-bytes",
      value: gather.gatheredWeights,
      source: sharding === "fsdp" ? "fsdp-prefetch" : "zero3-split",
    });
  if (!lora && autocast) {
    assumptions.push({
      key: "mixed-precision-bytes-per-param",
      value: bytes.weights + bytes.master + bytes.grads,
      source: "torch-amp-bytes",
    });
  }
  pushCommonWarnings(warnings, views, input.gpu, input.precision);
  return {
    ...views,
    assumptions,
    warnings,
    cpuOffloadBytes,
    pagedOptimizerBytes,
    trainableParams: trainable,
  };
}
