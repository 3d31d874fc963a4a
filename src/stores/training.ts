/** `$training`: fine-tuning / pre-training settings shared by training memory, compute time and the fit table. */
import { bool, num, oneOf } from "./fields.ts";
import type { Shape } from "./fields.ts";
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

export const TRAINING_DEFAULTS: TrainingState = {
  precision: "bf16-mixed", optimizer: "adamw", microBatch: 1, seqLen: 2048, recompute: "full", flash: true,
  gradAccum: 1, gpus: 1, tp: 1, sharding: "none", offload: "none", lora: "qlora", loraRank: 16, headroomPct: 20, gpu: "rtx-4090",
};

export const TRAINING_SHAPE: Shape = {
  precision: oneOf(["fp32", "fp16-mixed", "bf16-mixed", "bf16"]),
  optimizer: oneOf(["adamw", "sgd-momentum", "adam-8bit", "adafactor"]),
  microBatch: num(1, 4096, true),
  seqLen: num(1, 1048576, true),
  recompute: oneOf(["none", "selective", "full"]),
  flash: bool,
  gradAccum: num(1, 4096, true),
  gpus: num(1, 1024, true),
  tp: num(1, 64, true),
  sharding: oneOf(["none", "zero1", "zero2", "zero3", "fsdp"]),
  offload: oneOf(["none", "optimizer", "optimizer+params"]),
  lora: oneOf(["none", "lora", "qlora"]),
  loraRank: num(1, 1024, true),
  headroomPct: num(0, 100),
  gpu: { t: "str", max: 64 },
};

export const $training = calcAtom<TrainingState>("t", TRAINING_SHAPE, TRAINING_DEFAULTS);
export const setTraining = (changes: Partial<TrainingState>): void => patch($training, changes);
