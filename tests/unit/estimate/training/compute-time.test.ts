import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  peakTflopsNeeded,
  sustainedTflopsForDeadline,
  trainTime,
} from "../../../../src/estimate/training/compute-time.ts";
import {
  FORWARD_TO_TRAINING_FACTOR,
  samplesFlops,
} from "../../../../src/estimate/training/flops.ts";
import {
  MFU_DEFAULT,
  MFU_PUBLISHED_RANGE,
  sustainedRate,
} from "../../../../src/estimate/hardware/precision.ts";
import { a100, a10g, allFinite, RUNS, rtx4090, sum, t4 } from "../helpers.ts";

describe("training FLOPs of a job counted in samples", () => {
  it("seed errata: 1e8 samples × 1e9 FLOPs = 1e17 (not 1e18); over 86,400 s that is 1.157 TFLOPS", () => {
    const flops = samplesFlops({ samples: 1e8, flopsPerSample: 1e9 });
    expect(flops).toBe(1e17);
    expect(sustainedTflopsForDeadline(flops, 86_400)).toBeCloseTo(1.157, 3);
    expect(sustainedTflopsForDeadline(flops, 86_400)).toBeCloseTo(1e17 / 86_400 / 1e12, 12);
  });
  it("forward-only per-sample figures triple for training: 3e17 FLOPs, ≈ 3.47 TFLOPS sustained", () => {
    expect(FORWARD_TO_TRAINING_FACTOR).toBe(3);
    const flops = samplesFlops({
      samples: 1e8,
      flopsPerSample: 1e9,
      forwardOnly: true,
    });
    expect(flops).toBe(3e17);
    expect(sustainedTflopsForDeadline(flops, 86_400)).toBeCloseTo(3.472, 3);
  });
  it("the peak rating needed divides by utilisation: 1.157 / 0.4 = 2.894 TFLOPS", () => {
    expect(peakTflopsNeeded(1e17, 86_400, 0.4)).toBeCloseTo(2.894, 3);
    // No time at all needs an unbounded rate: not a 0 (the task refuses a zero deadline).
    expect(peakTflopsNeeded(1e17, 0, 0.4)).toBe(Infinity);
  });
  it("MFU default 0.4 inside the published 0.30-0.56 range", () => {
    expect(MFU_DEFAULT).toBe(0.4);
    expect(MFU_DEFAULT).toBeGreaterThanOrEqual(MFU_PUBLISHED_RANGE[0]);
    expect(MFU_DEFAULT).toBeLessThanOrEqual(MFU_PUBLISHED_RANGE[1]);
  });
});

describe("train time", () => {
  it("the spec's request: 7B on 2e10 tokens, 8 × A100 (312 dense bf16) at 40% MFU ≈ 233.71 h", () => {
    const t = trainTime({ flops: 6 * 7e9 * 2e10, gpu: a100, gpus: 8, format: "bf16", mfu: 0.4 });
    const hand = (6 * 7e9 * 2e10) / (8 * 312e12 * 0.4) / 3600;
    expect(hand).toBeCloseTo(233.71, 2);
    expect(t.hours).toBeCloseTo(hand, 9);
    expect(t.seconds).toBeCloseTo(hand * 3600, 3);
    expect(t.effectiveTflops).toBeCloseTo(8 * 312 * 0.4, 9);
    expect(sum(t.breakdown)).toBeCloseTo(t.total, 9);
  });
  it("uses the dense tensor peak, not FP32 (gpu_poor's A100 = 19.5 would be 16× slower)", () => {
    const bf16 = trainTime({ flops: 1e18, gpu: a100, format: "bf16", mfu: 0.5 });
    const fp32 = trainTime({ flops: 1e18, gpu: a100, format: "fp32", mfu: 0.5 });
    expect(fp32.hours / bf16.hours).toBeCloseTo(312 / 19.5, 9);
  });
  it("scaling efficiency applies only with more than one GPU", () => {
    const one = trainTime({ flops: 1e18, gpu: rtx4090, format: "fp16", scaling: 0.5 });
    expect(one.hours).toBeCloseTo(1e18 / (165.2e12 * 0.4) / 3600, 9);
    const four = trainTime({ flops: 1e18, gpu: rtx4090, gpus: 4, format: "fp16", scaling: 0.75 });
    expect(one.hours / four.hours).toBeCloseTo(3, 9);
  });
  it("warns when the GPU lacks bf16 (T4) and when figures are unverified (A10G)", () => {
    expect(
      trainTime({ flops: 1e18, gpu: t4, format: "bf16" }).warnings.map((w) => w.code),
    ).toContain("no-bf16");
    expect(
      trainTime({ flops: 1e18, gpu: a10g, format: "bf16" }).warnings.map((w) => w.code),
    ).toContain("unverified-gpu-figures");
  });
  it("properties: finite, non-negative; more FLOPs never faster; doubling GPUs never slower", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e26, noNaN: true }),
        fc.integer({ min: 1, max: 1024 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.constantFrom(a100, rtx4090, t4),
        (flops, gpus, mfu, scaling, gpu) => {
          const t = trainTime({ flops, gpu, gpus, format: "bf16", mfu, scaling });
          expect(allFinite(t)).toBe(true);
          expect(t.hours).toBeGreaterThanOrEqual(0);
          expect(
            trainTime({ flops: flops * 2, gpu, gpus, format: "bf16", mfu, scaling }).hours,
          ).toBeGreaterThanOrEqual(t.hours);
          // From 1 GPU the scaling efficiency starts to apply: 2 GPUs at scaling s < 0.5 are slower.
          if (gpus > 1 || scaling >= 0.5) {
            expect(
              trainTime({ flops, gpu, gpus: gpus * 2, format: "bf16", mfu, scaling }).hours,
            ).toBeLessThanOrEqual(t.hours);
          }
        },
      ),
      RUNS,
    );
  });
});

describe("sustained rate", () => {
  it("peak × MFU × GPUs × scaling, with scaling ignored on one GPU and MFU defaulting to 0.4", () => {
    expect(sustainedRate({ gpu: a100, format: "bf16" })).toMatchObject({
      gpus: 1,
      mfu: MFU_DEFAULT,
      scaling: 1,
      tflops: 312 * 0.4,
    });
    expect(sustainedRate({ gpu: a100, format: "bf16", scaling: 0.5 }).scaling).toBe(1);
    const four = sustainedRate({ gpu: a100, format: "bf16", gpus: 4, mfu: 0.5, scaling: 0.75 });
    expect(four.tflops).toBeCloseTo(312 * 0.5 * 4 * 0.75, 9);
    // Counts below one are read as one GPU, never as zero throughput.
    expect(sustainedRate({ gpu: a100, format: "bf16", gpus: 0 }).gpus).toBe(1);
  });
});
