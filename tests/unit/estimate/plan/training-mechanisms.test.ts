/**
 * Training plan rows (`plan/training.ts`) where the memory is a measured peak and the GPU
 * has no FP32 figure, so no speed model runs: which counts are tried, which fit (the peak on
 * at least the run's GPUs, its headroom on top), how many nodes a row may span, the layout's
 * divisibility, the shape, the fewest GPUs, the reasons and the memory to rent, each worked
 * by hand.
 *
 * The GPU: an RTX 4090 (nodes of 1, 2, 4, 8; nvidia-smi total 24,564 MiB = 24,564 · 1,048,576
 * = 25,757,220,864 bytes) without its FP32 figure.
 */
import { describe, expect, it } from "vitest";
import type { UsedPrice } from "../../../../src/estimate/cost/price.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { TrainingMemoryInput } from "../../../../src/estimate/memory/training-memory.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import type { TrainingPlanInput } from "../../../../src/estimate/plan/training.ts";
import { trainingRows } from "../../../../src/estimate/plan/training.ts";
import type { TokenFlops } from "../../../../src/estimate/training/flops.ts";
import { trainingTokenFlops } from "../../../../src/estimate/memory/train-memory.ts";
import { a10g, rtx4090 } from "../helpers.ts";

const { fp32Tflops: _fp32, ...noFp32 } = rtx4090;
const GPU: GpuSpec = { ...noFp32, id: "no-fp32", name: "No FP32" };
const CAPACITY = 25_757_220_864;

const TOY: ModelArch = { layers: 2, hidden: 64, heads: 2, ffn: 128, vocab: 256 };
const memory = (o: Partial<TrainingMemoryInput> = {}): TrainingMemoryInput => ({
  model: TOY,
  precision: "bf16-mixed",
  optimizer: "adamw",
  microBatch: 1,
  seqLen: 1,
  ...o,
});

const input = (o: Partial<TrainingPlanInput> = {}): TrainingPlanInput => ({
  memory: memory(),
  // No speed model runs on a GPU without FP32: the FLOPs are never read.
  flops: {} as TokenFlops,
  tokens: 1e9,
  epochs: 2,
  run: {
    pipelineParallel: 1,
    virtualStages: 1,
    expertParallel: 1,
    fp8: false,
    attentionKernel: "flash2",
  },
  // A peak of 20 GB measured on 2 GPUs, 20% headroom: 24 GB to rent, within 25.76 GB.
  measured: { peakBytes: 20e9, gpus: 2, headroom: 0.2 },
  maxGpus: 16,
  price: () => null,
  ...o,
});

describe("training rows from a measured peak", () => {
  it("start at the run's GPU count and stay within one node without a network", () => {
    // Counts up to 16: 1, 2, 4, 8, 16. One GPU is fewer than the run's 2: unknown, skipped.
    // 16 needs two nodes of 8, and no network between nodes was named: not tried.
    const rows = trainingRows(input(), GPU);
    expect(rows.map((r) => r.gpus)).toEqual([2, 4, 8]);
    // The fewest it runs on is the first row's 2, for every row; 2 is within a node of 8.
    for (const r of rows) {
      expect(r).toMatchObject({
        fewestGpus: 2,
        fewestNodes: 1,
        verdict: "needs-gpus",
        shape: "data-parallel",
        sharding: "none",
        hours: null,
        cost: null,
        scalingBasis: "predicted",
        scalingEfficiency: null,
        limitedBy: null,
        // 20e9 · 1.2 = 24e9 bytes = 24.0 GB to rent per GPU.
        memoryPerGpuBytes: 24e9,
        memoryPerGpuRentGB: 24,
        reasons: ["no-compute-figure", "no-price"],
      });
      expect(r).not.toHaveProperty("memoryShortBytes");
    }
    // Epochs are the units; with no hours there is no cost per epoch.
    expect(rows[0]).toMatchObject({ units: 2, costPerUnit: null, hoursRange: null });
  });

  it("span nodes over a stated network, and a measured scaling is named as such", () => {
    const rows = trainingRows(
      input({
        run: {
          pipelineParallel: 1,
          virtualStages: 1,
          expertParallel: 1,
          fp8: false,
          attentionKernel: "flash2",
          interNodeGBps: 50,
          measuredScaling: 0.9,
        },
      }),
      GPU,
    );
    // 16 = two nodes of 8.
    expect(rows.map((r) => [r.gpus, r.nodes])).toEqual([
      [2, 1],
      [4, 1],
      [8, 1],
      [16, 2],
    ]);
    expect(rows.map((r) => r.scalingBasis)).toEqual([
      "measured",
      "measured",
      "measured",
      "measured",
    ]);
  });

  it("a run measured on one GPU: one GPU is the single shape, with efficiency 1", () => {
    const rows = trainingRows(
      input({ measured: { peakBytes: 20e9, gpus: 1, headroom: 0.2 } }),
      GPU,
    );
    expect(rows.map((r) => r.gpus)).toEqual([1, 2, 4, 8]);
    expect(rows[0]).toMatchObject({
      shape: "single",
      verdict: "fits",
      scalingBasis: "single-gpu",
      scalingEfficiency: 1,
    });
    expect(rows.map((r) => r.fewestGpus)).toEqual([1, 1, 1, 1]);
  });

  it("a peak whose headroom does not fit is tight: it runs, and says what it lacks", () => {
    // 22e9 · 1.2 = 26.4e9 to rent > 25,757,220,864; the peak 22e9 itself fits. Short by
    // 26,400,000,000 − 25,757,220,864 = 642,779,136 bytes: 0.64 GB, printed 0.7 GB.
    const rows = trainingRows(
      input({ measured: { peakBytes: 22e9, gpus: 2, headroom: 0.2 } }),
      GPU,
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      memoryPerGpuBytes: 26.4e9,
      memoryShortBytes: 26.4e9 - CAPACITY,
      memoryShortGB: 0.7,
      reasons: ["memory-tight", "no-compute-figure", "no-price"],
    });
    expect(rows[0]!.memoryShortBytes).toBe(642_779_136);
  });

  it("a peak over the GPU's memory fits no count: one row at the largest count tried", () => {
    const rows = trainingRows(
      input({ measured: { peakBytes: 30e9, gpus: 1, headroom: 0.2 } }),
      GPU,
    );
    // Counts up to 16: the largest is 16, two nodes of 8.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      gpus: 16,
      nodes: 2,
      verdict: "does-not-fit",
      reasons: ["does-not-fit-largest"],
    });
  });

  it("a layout takes only counts it divides: tensor, pipeline and expert parallel", () => {
    const run = {
      pipelineParallel: 1,
      virtualStages: 1,
      expertParallel: 1,
      fp8: false,
      attentionKernel: "flash2" as const,
    };
    const m = { peakBytes: 20e9, gpus: 1, headroom: 0.2 };
    // Tensor parallel 2: 1 is not a multiple of 2; 2, 4, 8 are; a tensor-parallel shape.
    const tp = trainingRows(input({ measured: m, memory: memory({ tensorParallel: 2 }) }), GPU);
    expect(tp.map((r) => r.gpus)).toEqual([2, 4, 8]);
    expect(tp.map((r) => r.shape)).toEqual([
      "tensor-parallel",
      "tensor-parallel",
      "tensor-parallel",
    ]);
    expect(tp[0]!.reasons).toEqual(["tensor-parallel-in-node", "no-compute-figure", "no-price"]);
    // Expert parallel 4 (pipeline 1): counts that are multiples of 1 · 4 = 4: 4, 8.
    const ep = trainingRows(input({ measured: m, run: { ...run, expertParallel: 4 } }), GPU);
    expect(ep.map((r) => r.gpus)).toEqual([4, 8]);
    // Pipeline 2 and tensor 2: multiples of 2 · 2 = 4: 4, 8.
    const pp = trainingRows(
      input({
        measured: m,
        memory: memory({ tensorParallel: 2 }),
        run: { ...run, pipelineParallel: 2 },
      }),
      GPU,
    );
    expect(pp.map((r) => r.gpus)).toEqual([4, 8]);
  });

  it("a sharded run keeps its sharding; more GPUs of it are the sharded shape", () => {
    const rows = trainingRows(
      input({
        measured: { peakBytes: 20e9, gpus: 1, headroom: 0.2 },
        memory: memory({ sharding: "fsdp" }),
      }),
      GPU,
    );
    expect(rows.map((r) => r.shape)).toEqual(["single", "sharded", "sharded", "sharded"]);
    expect(rows.every((r) => r.sharding === "fsdp")).toBe(true);
    // Its own sharding: no "needs-sharding".
    expect(rows[1]!.reasons).toEqual(["no-compute-figure", "no-price"]);
  });

  it("a GPU with unverified figures says so; a price prices no row without hours", () => {
    const { fp32Tflops: _f, ...a10gNoFp32 } = a10g;
    const price: UsedPrice = {
      pricePerGpuHour: 1,
      currency: "USD",
      source: "request",
      conversion: null,
    };
    const rows = trainingRows(
      input({
        measured: { peakBytes: 10e9, gpus: 1, headroom: 0.2 },
        price: () => price,
        maxGpus: 1,
      }),
      a10gNoFp32,
    );
    // 10e9 · 1.2 = 12e9 within the A10G's 23,028 MiB.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      gpu: "a10g",
      cost: null,
      pricePerGpuHour: 1,
      reasons: ["unverified-figures", "no-compute-figure", "user-price"],
    });
  });
});

/**
 * The speed path on a real RTX 4090 (FP32 82.6 TFLOPS; PCIe without peer-to-peer): the toy
 * model's estimated memory fits one GPU with room, so every count up to a node runs plain
 * data parallel. The hours are not worked out here: only how they scale, which is the
 * mechanism (tokens × epochs ÷ (tokens/s per GPU × ratio × GPUs)).
 */
describe("training rows with a speed", () => {
  const speedInput = (o: Partial<TrainingPlanInput> = {}): TrainingPlanInput => {
    const { measured: _m, ...rest } = input({ flops: trainingTokenFlops(memory()), maxGpus: 8 });
    return { ...rest, ...o };
  };

  it("name the scaling's basis, the host-staged path and the limit, with hours", () => {
    const rows = trainingRows(speedInput(), rtx4090);
    expect(rows.map((r) => r.gpus)).toEqual([1, 2, 4, 8]);
    expect(rows.every((r) => r.hours !== null && r.hours > 0)).toBe(true);
    // One GPU: no scaling to name, efficiency 1.
    expect(rows[0]!.reasons).toEqual(["no-price"]);
    expect(rows[0]!.scalingEfficiency).toBe(1);
    // More: predicted from the links; the 4090 has no PCIe peer-to-peer, so the gradients
    // go through the host.
    for (const r of rows.slice(1)) {
      expect(r.reasons).toEqual(["host-staged-p2p", "scaling-predicted", "no-price"]);
      expect(r.scalingEfficiency).not.toBeNull();
    }
    expect(rows.every((r) => r.limitedBy !== null)).toBe(true);
    // The toy fits with its own sharding (none): no ZeRO-3, no "needs-sharding".
    expect(rows.every((r) => r.sharding === "none")).toBe(true);
  });

  it("a measured scaling is named, and no limit is claimed for it", () => {
    const rows = trainingRows(
      speedInput({ run: { ...input().run, measuredScaling: 0.9 } }),
      rtx4090,
    );
    expect(rows[1]!.reasons).toEqual(["host-staged-p2p", "scaling-measured", "no-price"]);
    expect(rows[1]!.scalingEfficiency).toBe(0.9);
    expect(rows[1]!.limitedBy).toBeNull();
    expect(rows[1]!.scalingBasis).toBe("measured");
  });

  it("hours grow with the epochs and shrink with the measured speed ratio", () => {
    const one = trainingRows(speedInput({ epochs: 1 }), rtx4090)[0]!.hours!;
    // Twice the epochs over the same tokens per epoch: twice the hours.
    const two = trainingRows(speedInput({ epochs: 2 }), rtx4090)[0]!.hours!;
    expect(two / one).toBeCloseTo(2, 12);
    // A run measured at 2× the estimate: every row's speed × 2, half the hours, and said.
    const fast = trainingRows(speedInput({ epochs: 1, speedRatio: 2 }), rtx4090)[0]!;
    expect(fast.hours! / one).toBeCloseTo(0.5, 12);
    expect(fast.reasons).toEqual(["speed-from-run", "no-price"]);
  });

  it("a LoRA run takes the adapter runs' likely range, full training the dense one", () => {
    const lora = memory({
      lora: {
        rank: 4,
        targets: ["q", "v"],
        baseBits: 16,
        doubleQuant: true,
        dropout: 0,
        adapterBits: 32,
        fullModules: [],
      },
    });
    const adapter = trainingRows(
      speedInput({ memory: lora, flops: trainingTokenFlops(lora), maxGpus: 1 }),
      rtx4090,
    );
    expect(adapter[0]!.hoursRange?.basis).toBe("training-adapter");
    const dense = trainingRows(speedInput({ maxGpus: 1 }), rtx4090);
    expect(dense[0]!.hoursRange?.basis).toBe("training-dense");
  });
});
