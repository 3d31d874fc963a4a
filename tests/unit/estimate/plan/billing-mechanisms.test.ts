/**
 * What a plan's workload bills beside its run (`plan/billing.ts`), on a toy model small
 * enough to count by hand: the bytes training, serving and batch work download, checkpoint
 * and export, and the network, disk and time figures they carry from the plan's fields.
 *
 * The toy: 2 layers, hidden 64, 2 heads, gated MLP of 128, vocabulary 256, untied head,
 * RMSNorm. Embed 256·64 = 16,384; per layer q, k, v, o 64·64 = 4096 each and gate, up,
 * down 64·128 = 8192 each: 4·4096 + 3·8192 = 40,960; head 16,384; norms (2·2 + 1)·64 = 320.
 * N = 16,384 + 2·40,960 + 16,384 + 320 = 115,008 parameters.
 */
import { describe, expect, it } from "vitest";
import type { BillingFields } from "../../../../src/estimate/plan/billing.ts";
import {
  batchBilling,
  servingBilling,
  trainingBilling,
} from "../../../../src/estimate/plan/billing.ts";
import type { TrainingMemoryInput } from "../../../../src/estimate/memory/training-memory.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";

const TOY: ModelArch = { layers: 2, hidden: 64, heads: 2, ffn: 128, vocab: 256 };
const N = 115_008;

/** Every field distinct, so a figure carried to the wrong place shows. */
const FIELDS: BillingFields = {
  setupHours: 0.75,
  // 8 Gb/s = 8e9 / 8 = 1e9 bytes/s.
  networkGbps: 8,
  // 3 GB of data = 3e9 bytes.
  datasetGB: 3,
  rerunFraction: 0.15,
  checkpointEveryHours: 2,
  // 0.25 GB/s = 2.5e8 bytes/s.
  diskGBps: 0.25,
  idleHours: 5,
};

const train = (o: Partial<TrainingMemoryInput> = {}): TrainingMemoryInput => ({
  model: TOY,
  precision: "bf16-mixed",
  optimizer: "adamw",
  microBatch: 1,
  seqLen: 1,
  ...o,
});

describe("training billing", () => {
  it("full bf16-mixed training: downloads the 16-bit model and the data, saves the fp32 state", () => {
    const b = trainingBilling(FIELDS, train());
    expect(b).toEqual({
      setupHours: 0.75,
      // Published 16 bit: 2 · 115,008 = 230,016 bytes, plus 3 GB of data.
      downloadBytes: 230_016 + 3e9,
      // The trained model in 16 bit, as published: 230,016 bytes.
      exportBytes: 230_016,
      networkBytesPerSecond: 1e9,
      rerunFraction: 0.15,
      // Under torch.amp the fp32 master is the parameter (4 B) and AdamW keeps two fp32
      // states (8 B); the 16-bit weights are a cache: 12 · 115,008 = 1,380,096 bytes.
      checkpointBytes: 12 * N,
      checkpointEveryHours: 2,
      diskBytesPerSecond: 2.5e8,
      idleHours: 5,
    });
  });

  it("pure fp32 training saves its weights: no master copy, two fp32 states", () => {
    // fp32 weights 4 B + AdamW 2 · 4 B = 12 B per parameter, with no master: 12 · N.
    // Export stays the published 16-bit model: 2 · N.
    const b = trainingBilling(FIELDS, train({ precision: "fp32" }));
    expect(b.checkpointBytes).toBe(12 * N);
    expect(b.exportBytes).toBe(2 * N);
    // bf16 weights (2 B) + AdamW states in bf16 (2 · 2 B) = 6 B per parameter.
    expect(trainingBilling(FIELDS, train({ precision: "bf16" })).checkpointBytes).toBe(6 * N);
  });

  it("LoRA: saves and exports the adapters alone, downloads the whole 16-bit model", () => {
    // Rank 4 on q and v (64 → 64) in 2 layers: 2 layers · 2 matrices · 4 · (64 + 64) = 2048
    // adapter parameters, fp32 (4 B): 8192 bytes of weights and as many of gradients.
    const b = trainingBilling(
      FIELDS,
      train({
        lora: {
          rank: 4,
          targets: ["q", "v"],
          baseBits: 16,
          doubleQuant: true,
          dropout: 0,
          adapterBits: 32,
          fullModules: [],
        },
      }),
    );
    // Adapters (their gradients' bytes, 2048 · 4 = 8192) + no master + two fp32 AdamW
    // states (2048 · 8 = 16,384) = 24,576 bytes.
    expect(b.checkpointBytes).toBe(8192 + 16_384);
    // The adapter alone: 2048 · 4 = 8192 bytes.
    expect(b.exportBytes).toBe(8192);
    // The download is still the published base: 2 · 115,008 + 3e9.
    expect(b.downloadBytes).toBe(230_016 + 3e9);
  });

  it("QLoRA quantizes at load: the download is the 16-bit checkpoint, not 4-bit bytes", () => {
    const b = trainingBilling(
      { ...FIELDS, datasetGB: 0 },
      train({
        lora: {
          rank: 4,
          targets: ["q", "v"],
          baseBits: 4,
          doubleQuant: true,
          dropout: 0,
          adapterBits: 16,
          fullModules: [],
        },
      }),
    );
    // 2 · 115,008 = 230,016 bytes and no data.
    expect(b.downloadBytes).toBe(230_016);
    // bf16 adapters: 2048 · 2 = 4096 bytes exported.
    expect(b.exportBytes).toBe(4096);
  });
});

describe("serving billing", () => {
  it("downloads the weight files and the data once; never reruns, checkpoints or exports", () => {
    const b = servingBilling(FIELDS, { stored: 5e9, readPerStep: 4e9 });
    expect(b).toEqual({
      setupHours: 0.75,
      // The stored weights (5e9, not the 4e9 a step reads) + 3 GB of data.
      downloadBytes: 8e9,
      exportBytes: 0,
      networkBytesPerSecond: 1e9,
      // The fields' 15% is not billed: serving reruns nothing.
      rerunFraction: 0,
      checkpointBytes: 0,
      checkpointEveryHours: 2,
      diskBytesPerSecond: 2.5e8,
      idleHours: 5,
    });
  });
});

describe("batch billing", () => {
  it("downloads its data alone, at the network's bytes per second", () => {
    // 1 Gb/s = 1e9 / 8 = 1.25e8 bytes/s; 0.5 GB of data = 5e8 bytes; disk 2 GB/s = 2e9.
    const b = batchBilling({ ...FIELDS, networkGbps: 1, datasetGB: 0.5, diskGBps: 2 });
    expect(b).toEqual({
      setupHours: 0.75,
      downloadBytes: 5e8,
      exportBytes: 0,
      networkBytesPerSecond: 1.25e8,
      rerunFraction: 0.15,
      checkpointBytes: 0,
      checkpointEveryHours: 2,
      diskBytesPerSecond: 2e9,
      idleHours: 5,
    });
  });
});
