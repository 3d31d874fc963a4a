/**
 * Only the two torch.amp precisions (fp16-mixed, bf16-mixed) run their matmuls under
 * autocast over fp32 parameters. The difference shows in what a checkpoint saves: under
 * autocast the fp32 master is the parameter itself and the 16-bit weights are a cache,
 * so the weights are not saved twice; every other precision saves its weights.
 */
import { describe, expect, it } from "vitest";
import { isAutocast } from "../../../../src/estimate/hardware/precision.ts";
import { trainingBilling } from "../../../../src/estimate/plan/billing.ts";
import type { TrainingPrecision } from "../../../../src/estimate/vocabulary.ts";

const BILLING = {
  setupHours: 0,
  networkGbps: 1,
  datasetGB: 0,
  rerunFraction: 0,
  checkpointEveryHours: 1,
  diskGBps: 1,
  idleHours: 0,
};

/** Checkpoint bytes of a full fine-tune of a 1e9-parameter model with AdamW. */
const checkpointBytes = (precision: TrainingPrecision) =>
  trainingBilling(BILLING, {
    model: { params: 1e9 },
    precision,
    optimizer: "adamw",
    microBatch: 1,
    seqLen: 512,
  }).checkpointBytes;

describe("which precisions run under autocast", () => {
  it("fp16-mixed and bf16-mixed only", () => {
    expect(isAutocast("fp16-mixed")).toBe(true);
    expect(isAutocast("bf16-mixed")).toBe(true);
    expect(isAutocast("fp32")).toBe(false);
    expect(isAutocast("bf16")).toBe(false);
    expect(isAutocast("bf16-master")).toBe(false);
  });

  it("bf16-mixed saves 12 bytes/param: 4 (fp32 params) + 2×4 (Adam), not the 16-bit cache", () => {
    expect(checkpointBytes("bf16-mixed")).toBe(12e9);
  });

  it("bf16-master saves 14 bytes/param: 2 (bf16 weights) + 4 (fp32 master) + 2×4 (Adam)", () => {
    expect(checkpointBytes("bf16-master")).toBe(14e9);
  });

  it("pure bf16 saves 6 bytes/param: 2 (weights) + 2×2 (bf16 Adam states)", () => {
    expect(checkpointBytes("bf16")).toBe(6e9);
  });
});
