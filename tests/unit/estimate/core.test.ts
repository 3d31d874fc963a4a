import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { GpuSpec } from "../../../src/estimate/gpu.ts";
import { paramCounts, trainingMemory, inferenceMemory, sustainedTflopsForDeadline, trainingFlops, compareOptions, scaledHours, kvBytesPerToken, diagnose, renderVramGuidanceGB, rentalCost } from "../../../src/estimate/index.ts";
import { findPreset } from "../../../src/estimate/presets.ts";
import { parseRequest } from "../../../src/estimate/request.ts";
import { parseHfConfig } from "../../../src/estimate/hf-config.ts";
import { runRequest } from "../../../src/estimate/run.ts";
import type { BreakdownItem } from "../../../src/estimate/result.ts";

// GPU figures from gpu-datasheets.tsv (dense tensor peaks).
const rtx4090: GpuSpec = { id: "rtx-4090", name: "GeForce RTX 4090", vendor: "NVIDIA", segment: "consumer", memoryGB: 24, bandwidthGBps: 1008, fp32Tflops: 82.6, tensorTflopsDense: { tf32: 82.6, fp16: 165.2, bf16: 165.2, fp8: 330.3, int8: 660.6 }, tdpW: 450, unverified: [] };
const a100: GpuSpec = { id: "a100-80gb-sxm", name: "NVIDIA A100 80GB SXM", vendor: "NVIDIA", segment: "datacenter", memoryGB: 80, bandwidthGBps: 2039, fp32Tflops: 19.5, tensorTflopsDense: { tf32: 156, fp16: 312, bf16: 312, int8: 624 }, nvlinkGBps: 600, tdpW: 400, unverified: [] };
const t4: GpuSpec = { id: "t4", name: "NVIDIA T4", vendor: "NVIDIA", segment: "datacenter", memoryGB: 16, bandwidthGBps: 320, fp32Tflops: 8.1, tensorTflopsDense: { fp16: 65, int8: 130 }, tdpW: 70, unverified: [] };
const GPUS = [rtx4090, a100, t4];
const llama8b = findPreset("llama-3.1-8b")!.model;

const sum = (b: BreakdownItem[]): number => b.reduce((a, x) => a + x.value, 0);
const allFinite = (v: unknown): boolean =>
  typeof v === "number" ? Number.isFinite(v) : Array.isArray(v) ? v.every(allFinite) : v && typeof v === "object" ? Object.values(v).every(allFinite) : true;

describe("model", () => {
  it("derives published parameter counts", () => {
    expect(paramCounts(llama8b).total / 1e9).toBeCloseTo(8.03, 2);
    expect(paramCounts(findPreset("bert-large")!.model).total / 1e6).toBeCloseTo(335.1, 0);
    expect(paramCounts(findPreset("gpt2")!.model).total / 1e6).toBeCloseTo(124.4, 0);
    const ds = paramCounts(findPreset("deepseek-v3")!.model);
    expect(ds.total / 1e9).toBeCloseTo(671, 0);
    expect(ds.active / 1e9).toBeCloseTo(37.5, 0);
    expect(paramCounts(findPreset("mixtral-8x7b")!.model).total / 1e9).toBeCloseTo(46.7, 1);
  });
  it("uses GQA heads and head_dim in the KV cache", () => {
    expect(kvBytesPerToken(llama8b, 16)).toBe(2 * 32 * 8 * 128 * 2);
    // Qwen3 gives head_dim 128 although hidden/heads = 128 for 8B: same; 32B has 5120/64 = 80.
    expect(kvBytesPerToken(findPreset("qwen3-32b")!.model, 16)).toBe(2 * 64 * 8 * 128 * 2);
    expect(kvBytesPerToken(findPreset("deepseek-v3")!.model, 16)).toBe(61 * (512 + 64) * 2);
  });
  it("parses Hugging Face configs", () => {
    const r = parseHfConfig({ model_type: "qwen3", hidden_size: 5120, num_hidden_layers: 64, num_attention_heads: 64, num_key_value_heads: 8, head_dim: 128, intermediate_size: 25600, vocab_size: 151936 });
    expect(r.ok && paramCounts(r.model).total / 1e9).toBeCloseTo(32.76, 1);
    const bad = parseHfConfig({ model_type: "llama", hidden_size: 4096 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.field).toMatch(/^config\.num_/);
  });
});

describe("memory properties", () => {
  const arb = fc.record({
    params: fc.double({ min: 1e6, max: 1e12, noNaN: true }),
    batch: fc.integer({ min: 1, max: 64 }),
    seq: fc.integer({ min: 1, max: 32768 }),
    gpus: fc.constantFrom(1, 2, 4, 8, 64),
  });
  it("is finite, non-negative, and parts add up", () => {
    fc.assert(fc.property(arb, fc.constantFrom("fp32", "fp16-mixed", "bf16-mixed", "bf16" as const), ({ params, batch, seq, gpus }, precision) => {
      const r = trainingMemory({ model: { params }, precision, optimizer: "adamw", microBatch: batch, seqLen: seq, gpus, sharding: "zero3" });
      expect(allFinite(r)).toBe(true);
      expect(r.breakdown.every((b) => b.value >= 0)).toBe(true);
      expect(sum(r.breakdown) / r.total).toBeCloseTo(1, 9);
      expect(r.allocatorPeakBytes).toBeLessThanOrEqual(r.nvidiaSmiBytes);
      expect(r.nvidiaSmiBytes).toBeLessThanOrEqual(r.recommendedBytes);
    }));
  });
  it("never needs less for more params, longer sequences, bigger batches", () => {
    fc.assert(fc.property(arb, ({ params, batch, seq }) => {
      const m = (p: number, b: number, s: number): number => trainingMemory({ model: { params: p }, precision: "bf16-mixed", optimizer: "adamw", microBatch: b, seqLen: s }).recommendedBytes;
      const base = m(params, batch, seq);
      expect(m(params * 1.5, batch, seq)).toBeGreaterThanOrEqual(base);
      expect(m(params, batch + 1, seq)).toBeGreaterThanOrEqual(base);
      expect(m(params, batch, seq + 1)).toBeGreaterThanOrEqual(base);
    }));
  });
  it("never needs more per GPU when sharded over more GPUs", () => {
    fc.assert(fc.property(fc.constantFrom("zero1", "zero2", "zero3", "fsdp" as const), fc.integer({ min: 1, max: 6 }), (sharding, k) => {
      const m = (g: number): number => trainingMemory({ model: llama8b, precision: "bf16-mixed", optimizer: "adamw", microBatch: 1, seqLen: 2048, gpus: g, sharding }).recommendedBytes;
      expect(m(2 ** k)).toBeLessThanOrEqual(m(2 ** (k - 1)));
    }));
  });
  it("never needs more at lower precision", () => {
    const m = (p: "fp32" | "bf16"): number => trainingMemory({ model: llama8b, precision: p, optimizer: "adamw", microBatch: 1, seqLen: 1024 }).recommendedBytes;
    expect(m("bf16")).toBeLessThan(m("fp32"));
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e5 }), fc.constantFrom(4, 8, 16), (ctx, kvBits) => {
      const inf = (bits: number, kv: number): number => inferenceMemory({ model: llama8b, weightBits: bits, contextTokens: ctx, sequences: 2, kvBits: kv }).recommendedBytes;
      expect(inf(4, kvBits)).toBeLessThanOrEqual(inf(8, kvBits));
      expect(inf(8, kvBits)).toBeLessThanOrEqual(inf(16, kvBits));
      expect(inf(16, 4)).toBeLessThanOrEqual(inf(16, 16));
    }));
  });
  it("gradient accumulation does not raise memory; recomputation lowers it", () => {
    const m = (o: object): number => trainingMemory({ model: llama8b, precision: "bf16-mixed", optimizer: "adamw", microBatch: 2, seqLen: 2048, ...o }).allocatorPeakBytes;
    expect(m({ gradAccumulation: 8 })).toBe(m({}));
    expect(m({ recompute: "full" })).toBeLessThan(m({ recompute: "selective" }));
    expect(m({ recompute: "selective" })).toBeLessThan(m({}));
  });
  it("counts 16 + 2 bytes/param for AdamW under torch.amp, 8 in pure bf16", () => {
    const r = trainingMemory({ model: { params: 1e9 }, precision: "bf16-mixed", optimizer: "adamw", microBatch: 1, seqLen: 1 });
    const states = r.breakdown.filter((b) => ["weights", "master-weights", "gradients", "optimizer-states"].includes(b.key));
    expect(sum(states) / 1e9).toBeCloseTo(18, 6);
    const pure = trainingMemory({ model: { params: 1e9 }, precision: "bf16", optimizer: "adamw", microBatch: 1, seqLen: 1 });
    expect(sum(pure.breakdown.filter((b) => ["weights", "gradients", "optimizer-states"].includes(b.key))) / 1e9).toBeCloseTo(8, 6);
  });
  it("reports a vLLM reservation and a max sequence count", () => {
    const r = inferenceMemory({ model: llama8b, weightBits: 16, contextTokens: 8192, sequences: 1, engine: "vllm", gpu: a100 });
    expect(r.engineReservedBytes).toBeCloseTo(0.9 * 80e9, 0);
    expect(r.maxSequences).toBeGreaterThan(10);
  });
});

describe("compute and cost", () => {
  it("corrects the seed's example: 1e8 x 1e9 = 1e17 FLOPs, 1.16 TFLOPS over a day", () => {
    const flops = trainingFlops({ kind: "samples", samples: 1e8, flopsPerSample: 1e9 });
    expect(flops).toBe(1e17);
    expect(sustainedTflopsForDeadline(flops, 86400)).toBeCloseTo(1.157, 3);
    expect(trainingFlops({ kind: "samples", samples: 1e8, flopsPerSample: 1e9, forwardOnly: true })).toBe(3e17);
  });
  it("seed: 72 h on one card vs 24 h on four; four are cheaper only below 3x the price", () => {
    expect(scaledHours(72, 4, 0.75)).toBeCloseTo(24, 9);
    fc.assert(fc.property(fc.double({ min: 0.1, max: 100, noNaN: true }), fc.double({ min: 0.1, max: 1000, noNaN: true }), (p1, p4) => {
      fc.pre(Math.abs(p4 - 3 * p1) > 1e-6);
      const r = compareOptions({ options: [{ gpu: "x", gpus: 1, pricePerHour: p1, runHours: 72 }, { gpu: "x", gpus: 4, pricePerHour: p4, scaling: 0.75 }] });
      expect(r.cheapest === 1).toBe(p4 < 3 * p1);
    }));
  });
  it("cost parts add up and include every billed hour", () => {
    const r = rentalCost(2, 10, { setupHours: 1, dataPrepHours: 1, downloadHours: 0.5, exportHours: 0.5, rerunFraction: 0.1, idleHours: 2, storageGB: 100, storagePricePerGBMonth: 0.1, storageMonths: 1, transferGB: 10, transferPricePerGB: 0.5 });
    expect(r.hours).toBeCloseTo(16, 9);
    expect(r.total).toBeCloseTo(32 + 10 + 5, 9);
    expect(sum(r.breakdown)).toBeCloseTo(r.total, 9);
  });
  it("diagnoses a job that does not speed up on a faster GPU", () => {
    expect(diagnose({ throughputA: 100, throughputB: 115, peakA: 65, peakB: 312 }).verdict).toBe("not-gpu-bound");
    expect(diagnose({ throughputA: 100, throughputB: 440, peakA: 65, peakB: 312 }).verdict).toBe("gpu-bound");
  });
  it("gives the seed's rendering rules of thumb", () => {
    expect(renderVramGuidanceGB("4k", "simple").total).toBe(8);
    expect(renderVramGuidanceGB("8k", "simple").total).toBe(24);
    expect(renderVramGuidanceGB("4k", "complex").total).toBe(24);
  });
});

describe("requests", () => {
  const bad: [unknown, string][] = [
    [{ task: "nope" }, "task"],
    [{ task: "train-memory", model: { preset: "llama-3.1-8b" }, microBatch: -1, seqLen: 10 }, "microBatch"],
    [{ task: "infer-memory", model: { params: Number.NaN }, weightBits: 4, contextTokens: 1, sequences: 1 }, "model"],
    [{ task: "infer-memory", model: { params: 7e9 }, weightBits: 4, contextTokens: JSON.parse("1e400"), sequences: 1 }, "contextTokens"],
    [{ task: "decode-speed", model: { params: 7e9 }, weightBits: "16", gpu: "rtx-4090" }, "weightBits"],
  ];
  it.each(bad)("rejects %j naming the field", (req, field) => {
    const r = parseRequest(req);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.some((e) => e.field.startsWith(field))).toBe(true);
  });
  it("names unknown presets and GPUs", () => {
    const p = parseRequest({ task: "decode-speed", model: { preset: "nope" }, weightBits: 16, gpu: "rtx-4090" });
    expect(p.ok).toBe(true);
    if (p.ok) expect(() => runRequest(p.request, GPUS)).toThrow(/model.preset/);
    const g = parseRequest({ task: "decode-speed", model: { preset: "llama-2-7b" }, weightBits: 16, gpu: "h900" });
    if (g.ok) expect(() => runRequest(g.request, GPUS)).toThrow(/gpu/);
  });
  it("runs every task to finite output", () => {
    const reqs = [
      { task: "train-memory", model: { preset: "llama-3.1-8b" }, precision: "bf16-mixed", optimizer: "adamw", microBatch: 2, seqLen: 2048, recompute: "full", gpus: 1 },
      { task: "infer-memory", model: { params: 7e9 }, weightBits: 4, contextTokens: 4096, sequences: 8, kvBits: 16, gpu: "rtx-4090" },
      { task: "decode-speed", model: { preset: "llama-2-7b" }, weightBits: 16, gpu: "rtx-4090" },
      { task: "train-time", model: { params: 7e9 }, tokens: 2e10, gpu: "a100-80gb-sxm", gpus: 8, mfu: 0.4 },
      { task: "fit-rank", workload: { task: "infer-memory", model: { preset: "llama-3.1-70b" }, weightBits: 16, contextTokens: 4096, sequences: 4 }, tokens: 1e9, prices: { "a100-80gb-sxm": 2 } },
      { task: "diagnose", throughputA: 10, throughputB: 11, gpuA: "t4", gpuB: "a100-80gb-sxm" },
      { task: "render", resolution: "8k", secondsPerFrame: 30, frames: 1000, gpus: 2, pricePerGpuHour: 1 },
    ];
    for (const q of reqs) {
      const p = parseRequest(q);
      expect(p.ok, JSON.stringify(p)).toBe(true);
      if (p.ok) expect(allFinite(JSON.parse(JSON.stringify(runRequest(p.request, GPUS))))).toBe(true);
    }
  });
  it("8 x A100 at 40% MFU trains 7B on 2e10 tokens in about 234 h", () => {
    const p = parseRequest({ task: "train-time", model: { params: 7e9 }, tokens: 2e10, gpu: "a100-80gb-sxm", gpus: 8, mfu: 0.4 });
    if (p.ok) expect((runRequest(p.request, GPUS) as { hours: number }).hours).toBeCloseTo(6 * 7e9 * 2e10 / (8 * 312e12 * 0.4) / 3600, 6);
  });
});
