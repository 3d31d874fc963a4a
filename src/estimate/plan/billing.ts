/**
 * What a plan's workload downloads, checkpoints and exports, in bytes, for the billed hours
 * of its rows (`cost/billed-hours.ts`):
 * - training downloads the model as published (16-bit safetensors: 2 bytes per parameter,
 *   also for a QLoRA run, which quantizes at load) and the data; a checkpoint holds what a
 *   resumed run needs (the trainable weights, fp32 master weights and optimizer states,
 *   e.g. Transformers' Trainer `model.safetensors` + `optimizer.pt`: fp32 parameters and two
 *   fp32 Adam states under torch.amp, 12 bytes per parameter); the export is the
 *   trained model in 16 bit, or the adapter alone for LoRA;
 * - serving downloads its weight files and writes nothing back;
 * - batch work downloads its data; its results are the user's to count.
 */
import type { Billing } from "../cost/billed-hours.ts";
import type { WeightBytes } from "../model/weight-bytes.ts";
import { paramCounts } from "../model/model.ts";
import { isAutocast } from "../hardware/precision.ts";
import { partValue } from "../result.ts";
import type { TrainingMemoryInput } from "../memory/training-memory.ts";
import { unshardedMemory } from "../training/run.ts";
import { BYTES_PER_GB } from "../units.ts";

/** Bytes per parameter of a published 16-bit checkpoint (bf16/fp16 safetensors). */
export const PUBLISHED_BYTES_PER_PARAM = 2;
const BITS_PER_BYTE = 8;

/** The plan's billing fields as a request gives them (`BILLING_FIELDS`). */
export interface BillingFields {
  setupHours: number;
  networkGbps: number;
  datasetGB: number;
  rerunFraction: number;
  checkpointEveryHours: number;
  diskGBps: number;
  idleHours: number;
}

function base(f: BillingFields, downloadBytes: number): Billing {
  return {
    setupHours: f.setupHours,
    downloadBytes: downloadBytes + f.datasetGB * BYTES_PER_GB,
    exportBytes: 0,
    networkBytesPerSecond: (f.networkGbps * 1e9) / BITS_PER_BYTE,
    rerunFraction: f.rerunFraction,
    checkpointBytes: 0,
    checkpointEveryHours: f.checkpointEveryHours,
    diskBytesPerSecond: f.diskGBps * BYTES_PER_GB,
    idleHours: f.idleHours,
  };
}

export function trainingBilling(f: BillingFields, memory: TrainingMemoryInput): Billing {
  const whole = unshardedMemory(memory).breakdown;
  const published = paramCounts(memory.model).total * PUBLISHED_BYTES_PER_PARAM;
  const master = partValue(whole, "master-weights");
  // A frozen base is not saved; the adapters are, in the dtype their gradients have. Under
  // torch.amp the fp32 master is the parameter itself and the 16-bit weights a cache.
  const trainable = memory.lora
    ? partValue(whole, "gradients")
    : isAutocast(memory.precision)
      ? 0
      : partValue(whole, "weights");
  return {
    ...base(f, published),
    checkpointBytes: trainable + master + partValue(whole, "optimizer-states"),
    exportBytes: memory.lora ? partValue(whole, "gradients") : published,
  };
}

/** Serving: its weight files come down once; nothing is rerun, checkpointed or exported. */
export function servingBilling(f: BillingFields, weights: WeightBytes): Billing {
  return { ...base(f, weights.stored), rerunFraction: 0 };
}

export function batchBilling(f: BillingFields): Billing {
  return base(f, 0);
}
