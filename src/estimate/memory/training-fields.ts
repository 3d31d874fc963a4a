/**
 * How a model is trained: precision, optimizer, batch, recomputation, LoRA, parallelism.
 * Shared by training memory, training time and the GPU ranking, and stored once on the
 * page (`$training`), so every calculator sizes the same run.
 */
import type { LoraTarget } from "../vocabulary.ts";
import {
  ADAPTER_BITS,
  FRAMEWORKS,
  FULL_MODULES,
  LORA_BASE_BITS,
  LORA_TARGETS,
  LOSS_PATHS,
  OFFLOADS,
  OPTIMIZERS,
  PEFT_DEFAULT_TARGETS,
  RECOMPUTES,
  SHARDINGS,
  TRAINING_HEADS,
  TRAINING_PRECISIONS,
} from "../vocabulary.ts";
import type { EnumListField } from "../request/field.ts";
import { bool, int, num, oneOf } from "../request/field.ts";
import { MEMORY_FIELDS } from "./fields.ts";

/** PEFT's `LoraConfig` defaults (peft 0.20 `tuners/lora/config.py`) unless a framework says otherwise. */
export const LORA_FIELDS = {
  rank: int("count", 1, 4096, { default: 8, label: "f.loraRank" }),
  /** Scales the adapters' output by alpha / rank; memory and time do not depend on it. */
  alpha: num("count", 0, 1_000_000, { default: 8, label: "f.loraAlpha" }),
  targets: {
    kind: "enum-list",
    options: LORA_TARGETS,
    min: 1,
    default: PEFT_DEFAULT_TARGETS,
    label: "f.loraTargets",
  } as EnumListField<LoraTarget> & { default: readonly LoraTarget[] },
  /** 16; fp32 training keeps a 32-bit base, and frameworks their own (`trainingDefaults`). */
  baseBits: oneOf(LORA_BASE_BITS, { default: 16, label: "f.baseBits" }),
  doubleQuant: bool({ default: true, label: "f.doubleQuant" }),
  dropout: num("fraction", 0, 1, { default: 0, percent: true, label: "f.loraDropout" }),
  adapterBits: oneOf(ADAPTER_BITS, { default: 32, label: "f.adapterBits" }),
  /** Modules trained in full beside the adapters (PEFT `modules_to_save`). */
  fullModules: {
    kind: "enum-list",
    options: FULL_MODULES,
    min: 0,
    default: [],
    label: "f.fullModules",
  } as EnumListField<(typeof FULL_MODULES)[number]> & { default: readonly [] },
} as const;

export const TRAINING_FIELDS = {
  /** Whose defaults fill the fields left unset (`src/estimate/memory/frameworks.ts`). */
  framework: oneOf(FRAMEWORKS),
  precision: oneOf(TRAINING_PRECISIONS, { default: "bf16-mixed" }),
  optimizer: oneOf(OPTIMIZERS, { default: "adamw" }),
  microBatch: int("sequences", 1, 65536, { default: 1 }),
  seqLen: int("tokens", 1, 10_000_000, { default: 2048, suffixes: true }),
  gradAccumulation: int("micro-batches", 1, 100_000, { default: 1 }),
  recompute: oneOf(RECOMPUTES, { default: "none" }),
  /** SDPA/flash attention is PyTorch's and Transformers' default; false is eager attention. */
  flashAttention: bool({ default: true }),
  loss: oneOf(LOSS_PATHS, { default: "standard" }),
  /** torch.compile, Liger Kernel or Unsloth's kernels: norms and the MLP activation recomputed. */
  fusedKernels: bool({ default: false }),
  /**
   * PyTorch's default foreach step (a states-sized temporary); off for a fused kernel
   * (`fused=True`, `adamw_torch_fused`) or a per-parameter loop.
   */
  optimizerForeach: bool({ default: true }),
  /** Each parameter steps as its gradient is ready (torchtune `optimizer_in_bwd`). */
  optimizerInBackward: bool({ default: false }),
  lora: { kind: "object", fields: LORA_FIELDS },
  gpus: int("gpus", 1, 100_000, { default: 1 }),
  tensorParallel: int("gpus", 1, 1024, { default: 1 }),
  sharding: oneOf(SHARDINGS, { default: "none" }),
  offload: oneOf(OFFLOADS, { default: "none" }),
  head: oneOf(TRAINING_HEADS, { default: "lm" }),
  /** The model's own dropout; absent: what its architecture does (BERT, GPT-2 on). */
  dropout: bool(),
  ...MEMORY_FIELDS,
} as const;
