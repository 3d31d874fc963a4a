import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { InferenceMemoryInput } from "../../../src/estimate/inference-memory.ts";
import {
  defaultScaleBits,
  inferenceMemory,
  PREFILL_CHUNK_TOKENS,
  quantizedWeightBytes,
} from "../../../src/estimate/inference-memory.ts";
import { VLLM_GPU_MEMORY_UTILIZATION } from "../../../src/estimate/vocabulary.ts";
import type { ModelArch } from "../../../src/estimate/model.ts";
import { paramCounts, shapeFromParams } from "../../../src/estimate/model.ts";
import { findPreset, PRESETS } from "../../../src/estimate/presets.ts";
import { a100, allFinite, RUNS, rtx4090, sum, valueOf } from "./helpers.ts";

const llama8b = findPreset("llama-3.1-8b")!.model;
const n8b = paramCounts(llama8b).total;

describe("weights at a bit width", () => {
  it("fp16 2 bytes, fp32 4, int8 1 byte per parameter", () => {
    expect(
      inferenceMemory({ model: llama8b, weightBits: 16, contextTokens: 1, sequences: 1 })
        .weightBytes,
    ).toBe(2 * n8b);
    expect(quantizedWeightBytes(7e9, 7e9, 32, 0, "pytorch")).toBe(28e9);
    expect(quantizedWeightBytes(7e9, 7e9, 8, 0, "pytorch")).toBe(7e9);
  });
  it("bitsandbytes 4-bit: linear layers at 4 + 0.5 scale bits, embeddings/head in 16 bit", () => {
    const c = paramCounts(llama8b);
    expect(defaultScaleBits(4)).toBe(0.5);
    expect(
      inferenceMemory({ model: llama8b, weightBits: 4, contextTokens: 1, sequences: 1 })
        .weightBytes,
    ).toBe((c.quantizable * 4.5) / 8 + (c.total - c.quantizable) * 2);
  });
  it("GGUF bits-per-weight (fractional) include scales and cover every tensor under llama.cpp", () => {
    expect(defaultScaleBits(4.5)).toBe(0);
    expect(defaultScaleBits(8)).toBe(0);
    expect(
      inferenceMemory({
        model: llama8b,
        weightBits: 4.5,
        contextTokens: 1,
        sequences: 1,
        engine: "llama.cpp",
      }).weightBytes,
    ).toBe((n8b * 4.5) / 8);
  });
  it("the spec's infer-memory request: 7e9 params, 4-bit, 4096 context × 8 sequences, fp16 KV, RTX 4090", () => {
    const r = inferenceMemory({
      model: { params: 7e9 },
      weightBits: 4,
      contextTokens: 4096,
      sequences: 8,
      kvBits: 16,
      gpu: rtx4090,
    });
    expect(r.weightBytes).toBe((7e9 * 4.5) / 8);
    const shape = shapeFromParams(7e9);
    // A bare count assumes full multi-head attention: 2·L·h·2 bytes per token.
    expect(r.kvBytesPerToken).toBe(2 * shape.layers * shape.hidden * 2);
    expect(r.kvCacheBytes).toBe(r.kvBytesPerToken * 4096 * 8);
    expect(r.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(["shape-assumed", "kv-exceeds-weights", "exceeds-gpu-memory"]),
    );
    expect(allFinite(r)).toBe(true);
  });
});

describe("fit on a GPU and engine reservation", () => {
  it("maxSequences is the largest count whose nvidia-smi figure fits the budget", () => {
    for (const engine of ["pytorch", "vllm", "llama.cpp"] as const) {
      const at = (sequences: number) =>
        inferenceMemory({
          model: llama8b,
          weightBits: 16,
          contextTokens: 8192,
          sequences,
          engine,
          gpu: a100,
        });
      const n = at(1).maxSequences!;
      const budget = 80e9 * (engine === "vllm" ? 0.9 : 1);
      expect(n, engine).toBeGreaterThan(10);
      expect(at(n).nvidiaSmiBytes, engine).toBeLessThanOrEqual(budget);
      expect(at(n + 1).nvidiaSmiBytes, engine).toBeGreaterThan(budget);
    }
  });
  it("vLLM reserves 0.9 of the card: nvidia-smi shows 72 GB on an A100 80GB whatever the need", () => {
    expect(VLLM_GPU_MEMORY_UTILIZATION).toBe(0.9);
    const r = inferenceMemory({
      model: llama8b,
      weightBits: 16,
      contextTokens: 1024,
      sequences: 1,
      engine: "vllm",
      gpu: a100,
    });
    expect(r.engineReservedBytes).toBeCloseTo(72e9, 0);
    expect(r.warnings.map((w) => w.code)).toContain("engine-reserves-memory");
    const half = inferenceMemory({
      model: llama8b,
      weightBits: 16,
      contextTokens: 1024,
      sequences: 1,
      engine: "vllm",
      gpu: a100,
      gpuMemoryUtilization: 0.5,
    });
    expect(half.engineReservedBytes).toBeCloseTo(40e9, 0);
    expect(
      inferenceMemory({
        model: llama8b,
        weightBits: 16,
        contextTokens: 1024,
        sequences: 1,
        gpu: a100,
      }).engineReservedBytes,
    ).toBeNull();
  });
  it("llama.cpp has no caching-allocator reserve; no GPU means no max sequence count", () => {
    const r = inferenceMemory({
      model: llama8b,
      weightBits: 4.5,
      contextTokens: 4096,
      sequences: 1,
      engine: "llama.cpp",
    });
    expect(r.fragmentation).toBe(0);
    expect(r.maxSequences).toBeNull();
  });
  it("the prefill workspace uses a 512-token chunk (llama.cpp n_ubatch) and one fp32 logit row per sequence", () => {
    expect(PREFILL_CHUNK_TOKENS).toBe(512);
    const r = inferenceMemory({
      model: llama8b,
      weightBits: 16,
      contextTokens: 8192,
      sequences: 3,
    });
    expect(valueOf(r.breakdown, "activation-workspace")).toBe(
      512 * (4 * 4096 + 3 * 14336) * 2 + 3 * 128256 * 4,
    );
  });
  it("a 4-bit PyTorch model adds one 16-bit dequantized copy of its largest linear layer", () => {
    const r = inferenceMemory({ model: llama8b, weightBits: 4, contextTokens: 16, sequences: 1 });
    expect(valueOf(r.breakdown, "dequant-buffer")).toBe(2 * 4096 * 14336);
  });
});

describe("inference memory properties (fast-check)", () => {
  const modelArb = fc.oneof(
    fc.constantFrom(...PRESETS.map((p) => p.model)),
    fc.double({ min: 1e7, max: 1e12, noNaN: true }).map((params) => ({ params })),
  );
  const inputArb = fc.record({
    model: modelArb,
    weightBits: fc.constantFrom(4, 8, 16, 32, 4.5, 5.5, 6.56),
    contextTokens: fc.integer({ min: 1, max: 131072 }),
    sequences: fc.integer({ min: 1, max: 256 }),
    kvBits: fc.constantFrom(4, 8, 16, 32),
    engine: fc.constantFrom("pytorch", "vllm", "llama.cpp" as const),
    tensorParallel: fc.constantFrom(1, 2, 4, 8),
    gpu: fc.constantFrom(rtx4090, a100),
  }) as fc.Arbitrary<InferenceMemoryInput>;
  it("finite, non-negative, parts add up to the total", () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const r = inferenceMemory(i);
        expect(allFinite(r)).toBe(true);
        expect(r.breakdown.every((b) => b.value >= 0)).toBe(true);
        expect(sum(r.breakdown) / r.total).toBeCloseTo(1, 9);
        expect(r.maxSequences).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });
  it("longer context, more sequences, more parameters never need less", () => {
    fc.assert(
      fc.property(inputArb, fc.double({ min: 1, max: 3, noNaN: true }), (i, k) => {
        const base = inferenceMemory(i).recommendedBytes;
        expect(
          inferenceMemory({ ...i, contextTokens: i.contextTokens + 1 }).recommendedBytes,
        ).toBeGreaterThanOrEqual(base);
        expect(
          inferenceMemory({ ...i, sequences: i.sequences + 1 }).recommendedBytes,
        ).toBeGreaterThanOrEqual(base);
        if ("params" in i.model)
          expect(
            inferenceMemory({ ...i, model: { params: i.model.params * k } }).recommendedBytes,
          ).toBeGreaterThanOrEqual(base);
      }),
      RUNS,
    );
  });
  it("lower precision never needs more: weights 32→16→8→4 bits, KV 32→16→8→4 bits", () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const w = (weightBits: number) => inferenceMemory({ ...i, weightBits }).recommendedBytes;
        expect(w(16)).toBeLessThanOrEqual(w(32));
        expect(w(8)).toBeLessThanOrEqual(w(16));
        expect(w(4)).toBeLessThanOrEqual(w(8));
        const kv = (kvBits: number) => inferenceMemory({ ...i, kvBits }).recommendedBytes;
        expect(kv(16)).toBeLessThanOrEqual(kv(32));
        expect(kv(8)).toBeLessThanOrEqual(kv(16));
        expect(kv(4)).toBeLessThanOrEqual(kv(8));
      }),
      RUNS,
    );
  });
  it("more tensor-parallel GPUs never need more per GPU", () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        expect(
          inferenceMemory({ ...i, tensorParallel: (i.tensorParallel ?? 1) * 2 }).allocatorPeakBytes,
        ).toBeLessThanOrEqual(inferenceMemory(i).allocatorPeakBytes);
      }),
      RUNS,
    );
  });
  it("4-bit never needs more than 8-bit for any architecture of 2+ layers", () => {
    // One layer is the exception: the 16-bit dequant buffer for the largest matrix can outweigh
    // what halving a single layer saves. Real models have dozens of layers.
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 80 }),
        fc.integer({ min: 1, max: 32 }),
        fc.double({ min: 1, max: 6, noNaN: true }),
        (layers, heads, ffnMul) => {
          const hidden = heads * 128;
          const model: ModelArch = {
            layers,
            hidden,
            heads,
            ffn: Math.round(hidden * ffnMul),
            vocab: 32000,
          };
          const w = (weightBits: number) =>
            inferenceMemory({ model, weightBits, contextTokens: 1024, sequences: 1 })
              .recommendedBytes;
          expect(w(4)).toBeLessThanOrEqual(w(8));
        },
      ),
      RUNS,
    );
  });
});
