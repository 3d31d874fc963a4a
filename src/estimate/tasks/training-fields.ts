/**
 * How a model is trained: precision, optimizer, batch, recomputation, LoRA, parallelism.
 * Shared by training memory, training time and the GPU ranking, and stored once on the
 * page (`$training`), so every calculator sizes the same run.
 */
import {
  LORA_TARGETS,
  OFFLOADS,
  OPTIMIZERS,
  RECOMPUTES,
  SHARDINGS,
  TRAINING_HEADS,
  TRAINING_PRECISIONS,
} from "../vocabulary.ts";
import type { EnumListField } from "./field.ts";
import { bool, int, num, oneOf } from "./field.ts";
import { MEMORY_FIELDS } from "./memory-fields.ts";
import type { Issue } from "./issue.ts";
import { issue } from "./issue.ts";

/** Bits of the frozen base's linear weights: 16 (LoRA), 8 (LLM.int8), 4 (QLoRA NF4). */
export const BASE_BITS = [4, 8, 16] as const;

export const LORA_FIELDS = {
  rank: int("count", 1, 4096, { default: 8, label: "f.loraRank" }),
  targets: {
    kind: "enum-list",
    options: LORA_TARGETS,
    min: 1,
    default: ["q", "v"],
    label: "f.loraTargets",
  } as EnumListField<(typeof LORA_TARGETS)[number]> & { default: readonly ["q", "v"] },
  baseBits: oneOf(BASE_BITS, { default: 16, label: "f.baseBits" }),
  doubleQuant: bool({ default: true, label: "f.doubleQuant" }),
  dropout: num("fraction", 0, 1, { default: 0.05, label: "f.loraDropout" }),
} as const;

export const TRAINING_FIELDS = {
  precision: oneOf(TRAINING_PRECISIONS, { default: "bf16-mixed" }),
  optimizer: oneOf(OPTIMIZERS, { default: "adamw" }),
  microBatch: int("sequences", 1, 65536, { default: 1 }),
  seqLen: int("tokens", 1, 10_000_000, { default: 2048, suffixes: true }),
  gradAccumulation: int("micro-batches", 1, 100_000, { default: 1 }),
  recompute: oneOf(RECOMPUTES, { default: "none" }),
  flashAttention: bool({ default: false }),
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

/** Tensor parallel splits each layer over GPUs of one data-parallel replica. */
export function parallelRules(
  r: { gpus: number; tensorParallel: number },
  gpusField = "gpus",
): Issue[] {
  if (r.tensorParallel > r.gpus)
    return [issue("tensorParallel", "tp-exceeds-gpus", { gpus: r.gpus, field: gpusField })];
  if (r.gpus % r.tensorParallel !== 0)
    return [issue("tensorParallel", "tp-not-divisor", { gpus: r.gpus, field: gpusField })];
  return [];
}
