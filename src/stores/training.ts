/** `$training`: fine-tuning / pre-training settings shared by training memory, compute time and the fit table. */
import { bool, defaultsOf, int, num, oneOf, str } from "./fields.ts";
import type { ShapeOf } from "./fields.ts";
import { calcAtom, patch } from "./persist.ts";

export interface TrainingState {
  precision: "fp32" | "fp16-mixed" | "bf16-mixed" | "bf16";
  optimizer: "adamw" | "sgd-momentum" | "adam-8bit" | "adafactor";
  microBatch: number;
  seqLen: number;
  recompute: "none" | "selective" | "full";
  flash: boolean;
  gradAccum: number;
  gpus: number;
  tp: number;
  sharding: "none" | "zero1" | "zero2" | "zero3" | "fsdp";
  offload: "none" | "optimizer" | "optimizer+params";
  lora: "none" | "lora" | "qlora";
  loraRank: number;
  /** Percent, as typed (20 = 20%). */
  headroomPct: number;
  gpu: string;
}

/** Defaults: a QLoRA fine-tune of the default model that fits one 24 GB card, with recomputation. */
export const TRAINING_SHAPE: ShapeOf<TrainingState> = {
  precision: oneOf("bf16-mixed", ["fp32", "fp16-mixed", "bf16-mixed", "bf16"]),
  optimizer: oneOf("adamw", ["adamw", "sgd-momentum", "adam-8bit", "adafactor"]),
  microBatch: int(1, 1, 4096),
  seqLen: int(2048, 1, 1048576),
  recompute: oneOf("full", ["none", "selective", "full"]),
  flash: bool(true),
  gradAccum: int(1, 1, 4096),
  gpus: int(1, 1, 1024),
  tp: int(1, 1, 64),
  sharding: oneOf("none", ["none", "zero1", "zero2", "zero3", "fsdp"]),
  offload: oneOf("none", ["none", "optimizer", "optimizer+params"]),
  lora: oneOf("qlora", ["none", "lora", "qlora"]),
  loraRank: int(16, 1, 1024),
  headroomPct: num(20, 0, 100),
  gpu: str("rtx-4090"),
};
export const TRAINING_DEFAULTS = defaultsOf<TrainingState>(TRAINING_SHAPE);

export const $training = calcAtom<TrainingState>("t", TRAINING_SHAPE);
export const setTraining = (changes: Partial<TrainingState>): void => patch($training, changes);
