import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { InferenceMemoryInput } from "../../../../src/estimate/serving/memory.ts";
import { inferenceMemory, SAMPLING_LOGIT_BYTES } from "../../../../src/estimate/serving/memory.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import { paramCounts, shapeFromParams } from "../../../../src/estimate/model/model.ts";
import { findPreset, PRESETS } from "../../../../src/estimate/model/presets.ts";
import {
  sglangDefaults,
  VLLM_GPU_MEMORY_UTILIZATION,
  VLLM_NON_TORCH_BYTES,
} from "../../../../src/estimate/serving/engines.ts";
import { formatScaleBits } from "../../../../src/estimate/model/weight-formats.ts";
import { defaultFormat } from "../../../../src/estimate/serving/fields.ts";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { a100, allFinite, RUNS, rtx4090, sum, valueOf } from "../helpers.ts";

const llama8b = findPreset("llama-3.1-8b")!.model;
const n8b = paramCounts(llama8b).total;
const h100 = loadGpuSpecs().find((g) => g.id === "h100-sxm")!;
const serve = (o: Partial<InferenceMemoryInput>): InferenceMemoryInput => ({
  model: llama8b,
  format: "fp16",
  weightBits: 16,
  contextTokens: 1,
  sequences: 1,
  kvBits: 16,
  engine: "transformers",
  ...o,
});

describe("weights in their format", () => {
  it("fp16 2 bytes, fp32 4 per parameter", () => {
    expect(inferenceMemory(serve({})).weightBytes).toBe(2 * n8b);
    expect(inferenceMemory(serve({ weightBits: 32 })).weightBytes).toBe(4 * n8b);
  });
  it("bitsandbytes 4-bit: linear layers at 4 + 0.5 scale bits, embeddings and head in 16 bit", () => {
    const c = paramCounts(llama8b);
    expect(formatScaleBits("bnb", 4)).toBe(0.5);
    expect(inferenceMemory(serve({ format: "bnb", weightBits: 4 })).weightBytes).toBe(
      (c.quantizable * 4.5) / 8 + (c.total - c.quantizable) * 2,
    );
  });
  it("GPTQ and AWQ: one fp16 scale and a zero point per 128 weights, (16 + 4) / 128 bits", () => {
    expect(formatScaleBits("gptq", 4)).toBe(20 / 128);
    expect(formatScaleBits("awq", 4)).toBe(20 / 128);
  });
  it("GGUF bits per weight include their scales and cover every tensor", () => {
    expect(formatScaleBits("gguf", 4.5)).toBe(0);
    expect(
      inferenceMemory(serve({ engine: "llama.cpp", format: "gguf", weightBits: 4.5 })).weightBytes,
    ).toBeCloseTo(((n8b - 65 * 4096) * 4.5) / 8 + 65 * 4096 * 2, 0);
  });
  it("each engine's usual format when a request names none", () => {
    expect(defaultFormat("llama.cpp", 16)).toBe("gguf");
    expect(defaultFormat("exllamav2", 4)).toBe("exl2");
    expect(defaultFormat("transformers", 4)).toBe("bnb");
    expect(defaultFormat("vllm", 8)).toBe("fp8");
    expect(defaultFormat("vllm", 4)).toBe("awq");
    expect(defaultFormat("sglang", 16)).toBe("fp16");
  });
});

describe("the KV cache as each engine holds it", () => {
  it("a bare count assumes full multi-head attention: 2·L·h·2 bytes per token", () => {
    const r = inferenceMemory(
      serve({
        model: { params: 7e9 },
        format: "bnb",
        weightBits: 4,
        contextTokens: 4096,
        sequences: 8,
        gpu: rtx4090,
      }),
    );
    const shape = shapeFromParams(7e9);
    expect(r.kvBytesPerToken).toBe(2 * shape.layers * shape.hidden * 2);
    expect(r.kvCacheBytes).toBe(r.kvBytesPerToken * 4096 * 8);
    expect(r.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(["shape-assumed", "kv-exceeds-weights"]),
    );
  });
  it("llama.cpp: no caching-allocator reserve, context allocated up front; layers off the GPU go to CPU RAM", () => {
    const all = inferenceMemory(
      serve({ engine: "llama.cpp", format: "gguf", contextTokens: 4096 }),
    );
    expect(all.fragmentation).toBe(0);
    expect(all.maxSequences).toBeNull();
    const half = inferenceMemory(
      serve({ engine: "llama.cpp", format: "gguf", contextTokens: 4096, gpuLayers: 16 }),
    );
    expect(half.cpuBytes).toBeCloseTo(all.weightBytes / 2, 0);
    expect(valueOf(half.breakdown, "kv-cache")).toBeCloseTo(
      valueOf(all.breakdown, "kv-cache") / 2,
      0,
    );
    expect(half.warnings.map((w) => w.code)).toContain("layers-on-cpu");
  });
  it("ExLlamaV2's Q4 cache: 0.5625 bytes per element plus an fp16 scratch of one layer", () => {
    const fp16 = inferenceMemory(
      serve({ engine: "exllamav2", format: "exl2", weightBits: 4, contextTokens: 8192 }),
    );
    const q4 = inferenceMemory(
      serve({ engine: "exllamav2", format: "exl2", weightBits: 4, contextTokens: 8192, kvBits: 4 }),
    );
    const perToken = fp16.kvBytesPerToken;
    expect(valueOf(q4.breakdown, "kv-cache")).toBeCloseTo(
      perToken * (0.5625 / 2) * 8192 + (perToken / 32) * 8192,
      0,
    );
  });
  it("Transformers' prompt runs in one forward pass; sampling reads one fp32 logit row per sequence", () => {
    const r = inferenceMemory(serve({ contextTokens: 1000, sequences: 3 }));
    expect(valueOf(r.breakdown, "activation-workspace")).toBe(
      3000 * (4 * 4096 + 3 * 14336) * 2 + 3 * 128256 * SAMPLING_LOGIT_BYTES,
    );
    expect(
      valueOf(inferenceMemory(serve({ format: "bnb", weightBits: 4 })).breakdown, "dequant-buffer"),
    ).toBe(2 * 4096 * 14336);
  });
});

describe("KV pools of reserving engines", () => {
  it("vLLM on an H100: utilisation x memory − weights − activation peak − non-torch, in tokens and blocks", () => {
    const r = inferenceMemory(
      serve({ engine: "vllm", contextTokens: 8192, gpu: h100, gpuMemoryUtilization: 0.95 }),
    );
    const pool = r.kvPool!;
    const workspace = valueOf(r.breakdown, "activation-workspace");
    expect(pool.bytes).toBeCloseTo(
      0.95 * h100.memoryTotalBytes - 2 * n8b - workspace - VLLM_NON_TORCH_BYTES,
      0,
    );
    expect(pool.tokens).toBe(Math.floor(pool.bytes / r.kvBytesPerToken));
    expect(pool.blocks).toBe(Math.floor(pool.tokens / 16));
    expect(pool.maxSequences).toBe(Math.floor(pool.tokens / 8192));
    // vLLM batches 8192 tokens on a 70+ GiB GPU other than the A100.
    expect(r.assumptions.find((a) => a.key === "prefill-chunk-tokens")?.value).toBe(8192);
  });
  it("vLLM reserves its share: nvidia-smi shows 0.9 of the card whatever the need", () => {
    expect(VLLM_GPU_MEMORY_UTILIZATION).toBe(0.9);
    const r = inferenceMemory(serve({ engine: "vllm", contextTokens: 1024, gpu: a100 }));
    expect(r.engineReservedBytes).toBeCloseTo(0.9 * a100.memoryTotalBytes, 0);
    expect(r.warnings.map((w) => w.code)).toContain("engine-reserves-memory");
    expect(inferenceMemory(serve({ gpu: a100 })).engineReservedBytes).toBeNull();
  });
  it("tensor parallel splits the weights and the KV heads: the pool per GPU grows", () => {
    const at = (tp: number) =>
      inferenceMemory(serve({ engine: "vllm", contextTokens: 8192, gpu: h100, tensorParallel: tp }))
        .kvPool!;
    expect(at(2).tokens).toBeGreaterThan(at(1).tokens);
  });
  it("SGLang's default share from the GPU's memory (server_args.py)", () => {
    // 24 GB card at TP1: 512 + 2048 x 1.5 + 24 x 2 + 128 MB reserved.
    expect(sglangDefaults(24564, 1).fraction).toBeCloseTo((24564 - 3760) / 24564, 3);
    // H100: 512 + 8192 x 1.5 + 512 + 128 = 13,440 MB, above the 10 GB floor.
    expect(sglangDefaults(81559, 1)).toEqual({ chunk: 8192, fraction: 0.835 });
  });
  it("a pool too small for the sequences asked for says so", () => {
    const r = inferenceMemory(
      serve({ engine: "vllm", contextTokens: 131072, sequences: 16, gpu: a100 }),
    );
    expect(r.kvPool!.maxSequences).toBeLessThan(16);
    expect(r.warnings.map((w) => w.code)).toContain("kv-pool-short");
  });
});

describe("inference memory properties (fast-check)", () => {
  const modelArb = fc.oneof(
    fc.constantFrom(...PRESETS.map((p) => p.model)),
    fc.double({ min: 1e7, max: 1e12, noNaN: true }).map((params) => ({ params })),
  );
  const inputArb = fc
    .record({
      model: modelArb,
      weightBits: fc.constantFrom(4, 8, 16, 32),
      contextTokens: fc.integer({ min: 1, max: 131072 }),
      sequences: fc.integer({ min: 1, max: 256 }),
      kvBits: fc.constantFrom(4, 8, 16, 32),
      engine: fc.constantFrom(
        "transformers",
        "vllm",
        "sglang",
        "llama.cpp",
        "ollama",
        "exllamav2",
        "tensorrt-llm" as const,
      ),
      tensorParallel: fc.constantFrom(1, 2, 4, 8),
      gpu: fc.constantFrom(rtx4090, a100),
    })
    .map((x): InferenceMemoryInput => ({ ...x, format: defaultFormat(x.engine, x.weightBits) }));
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
        const base = inferenceMemory(i).recommendedBytes * (1 - 1e-12);
        expect(
          inferenceMemory({ ...i, contextTokens: i.contextTokens + 1 }).recommendedBytes,
        ).toBeGreaterThanOrEqual(base);
        expect(
          inferenceMemory({ ...i, sequences: i.sequences + 1 }).recommendedBytes,
        ).toBeGreaterThanOrEqual(base);
        // Under tensor parallelism a bigger shape can have more KV heads to split (less KV per
        // GPU, as vLLM replicates heads only when there are fewer than GPUs).
        if ("params" in i.model && (i.tensorParallel ?? 1) === 1)
          expect(
            inferenceMemory({ ...i, model: { params: i.model.params * k } }).recommendedBytes,
          ).toBeGreaterThanOrEqual(base);
      }),
      RUNS,
    );
  });
  it("narrower KV never needs more; narrower weights in the same format never need more", () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        // ExLlamaV2's quantized caches add an fp16 scratch of one layer: on a toy model of a
        // layer or two that outweighs what the narrower cache saves.
        fc.pre(i.engine !== "exllamav2" || paramCounts(i.model).total >= 1e9);
        const kv = (kvBits: number) => inferenceMemory({ ...i, kvBits }).recommendedBytes;
        expect(kv(16)).toBeLessThanOrEqual(kv(32));
        expect(kv(8)).toBeLessThanOrEqual(kv(16));
        expect(kv(4)).toBeLessThanOrEqual(kv(8));
        const w = (weightBits: number) =>
          inferenceMemory({ ...i, format: "gguf", weightBits }).weightBytes;
        expect(w(4)).toBeLessThanOrEqual(w(8));
        expect(w(8)).toBeLessThanOrEqual(w(16));
      }),
      RUNS,
    );
  });
  it("more tensor-parallel GPUs never need more per GPU", () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        expect(
          inferenceMemory({ ...i, tensorParallel: (i.tensorParallel ?? 1) * 2 }).allocatorPeakBytes,
        ).toBeLessThanOrEqual(inferenceMemory(i).allocatorPeakBytes * (1 + 1e-12));
      }),
      RUNS,
    );
  });
  it("4-bit bitsandbytes never needs more than 8-bit for any architecture of 2+ layers", () => {
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
            inferenceMemory(serve({ model, format: "bnb", weightBits, contextTokens: 1024 }))
              .recommendedBytes;
          expect(w(4)).toBeLessThanOrEqual(w(8));
        },
      ),
      RUNS,
    );
  });
});
