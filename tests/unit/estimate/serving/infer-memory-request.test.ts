/**
 * The infer-memory task: each optional setting of a serving request reaches the estimator
 * (`servingInput`), the prompt must fit the context (`servingRules`), and a reserving engine's
 * GPU must hold every sequence in its pool (the chosen GPU's fit).
 */
import { describe, expect, it } from "vitest";
import type { InferenceMemoryResult } from "../../../../src/estimate/serving/memory.ts";
import type { MemoryVerdict } from "../../../../src/estimate/memory/views.ts";
import { servingInput } from "../../../../src/estimate/serving/infer-memory.ts";
import type { ServingRequest } from "../../../../src/estimate/serving/infer-memory.ts";
import { findPreset, PRESETS } from "../../../../src/estimate/model/presets.ts";
import { GPUS, issuesOf, runOk } from "../helpers.ts";

type Result = InferenceMemoryResult & { verdict: MemoryVerdict };
const run = (extra: Record<string, unknown>) =>
  runOk<Result>({ task: "infer-memory", model: { preset: "llama-3.1-8b" }, ...extra });
const assumption = (r: Result, key: string) => r.assumptions.find((a) => a.key === key)?.value;

// Llama 3.1 8B: 8,030,261,248 parameters; 2 (K,V) × 32 layers × 8 KV heads × 128 × 2 bytes
// = 131,072 B of KV per token.
const N = 8_030_261_248;

describe("servingInput: the request's optional settings reach the estimate", () => {
  it("the request's weight format is the estimate's: vLLM at 4 bits loads AWQ", () => {
    expect(assumption(run({ engine: "vllm", weightBits: 4 }), "weight-format")).toBe("awq");
  });
  it("the weights' bits say whether they were named: 16 unnamed is the default, 8 the request's", () => {
    const source = (r: Result) => r.assumptions.find((a) => a.key === "weight-bits")?.source;
    expect(source(run({ engine: "vllm" }))).toBe("serve-precision-default");
    expect(source(run({ engine: "vllm", weightBits: 8 }))).toBe("request");
  });
  it("a weight format the request leaves out is the engine's default, and says so", () => {
    const source = (r: Result) => r.assumptions.find((a) => a.key === "weight-format")?.source;
    // vLLM at 4 bits, no format named: the serving defaults give AWQ (below 8 bits in vLLM,
    // SGLang and TensorRT-LLM), the engine's default, not the user's input.
    expect(source(run({ engine: "vllm", weightBits: 4 }))).toBe("serve-format-default");
    // GPTQ named at 4 bits is not vLLM's default there: the request's.
    const gptq = run({ engine: "vllm", weightBits: 4, weightFormat: "gptq" });
    expect(gptq.assumptions.find((a) => a.key === "weight-format")).toEqual({
      key: "weight-format",
      value: "gptq",
      source: "request",
    });
  });
  it("a request without a weight format means fp16", () => {
    const r = {
      model: { spec: findPreset("llama-3.1-8b")!.model },
      weightBits: 16,
      kvBits: 16,
      contextTokens: 4096,
      sequences: 1,
      engine: "vllm",
      tensorParallel: 1,
      headroom: 0.2,
    } as unknown as ServingRequest;
    expect(servingInput(r, { gpus: GPUS, presets: PRESETS }).format).toBe("fp16");
  });
  it("a given engine share sets the KV pool's share", () => {
    const r = run({ engine: "vllm", gpu: "a100-80gb-sxm", gpuMemoryUtilization: 0.8 });
    expect(r.kvPool!.share).toBe(0.8);
    // vLLM reserves its share of the card: 0.8 × 81,920 MiB.
    expect(r.kvPool!.reservedBytes).toBeCloseTo(0.8 * 81920 * 2 ** 20, 0);
  });
  it("a given CUDA context in MiB counts as that many bytes", () => {
    const r = run({ cudaContextMiB: 500 });
    // 500 MiB = 500 × 1,048,576 = 524,288,000 B.
    expect(r.cudaContextBytes).toBe(524_288_000);
  });
  it("a given fragmentation replaces the engine's", () => {
    expect(run({ fragmentation: 0.05 }).fragmentation).toBe(0.05);
  });
  it("a given file size replaces the computed weights", () => {
    expect(run({ weightFileBytes: 9e9 }).weightBytes).toBe(9e9);
    expect(run({}).weightBytes).toBe(2 * N);
  });
  it("a given scale width replaces the format's", () => {
    expect(assumption(run({ engine: "vllm", weightBits: 4, scaleBits: 0.5 }), "scale-bits")).toBe(
      0.5,
    );
  });
  it("a given prefill chunk replaces the engine's batched-token limit", () => {
    expect(
      assumption(run({ engine: "vllm", prefillChunkTokens: 1000 }), "prefill-chunk-tokens"),
    ).toBe(1000);
  });
  it("llama.cpp layers kept off the GPU move their weights to CPU RAM", () => {
    // 16 of 32 layers on the GPU: half the weights stay in CPU RAM.
    const r = run({ engine: "llama.cpp", gpuLayers: 16 });
    expect(r.cpuBytes).toBeCloseTo(r.weightBytes / 2, 0);
  });
  it("a named GPU gives a reserving engine its pool; without one there is none", () => {
    expect(run({ engine: "vllm", gpu: "a100-80gb-sxm" }).kvPool).not.toBeNull();
    const bare = run({ engine: "vllm" });
    expect(bare.kvPool).toBeNull();
    expect(bare.verdict.chosen).toBeNull();
  });
});

describe("servingRules: the prompt fits the context", () => {
  it("a prompt as long as the context is accepted", () => {
    expect(run({ contextTokens: 2048, promptTokens: 2048 }).kvBytesPerToken).toBe(131_072);
  });
  it("a prompt one token longer is refused on promptTokens, naming the context", () => {
    const issues = issuesOf({
      task: "infer-memory",
      model: { preset: "llama-3.1-8b" },
      contextTokens: 2048,
      promptTokens: 2049,
    });
    expect(issues).toEqual([
      expect.objectContaining({
        field: "promptTokens",
        code: "prompt-exceeds-context",
        params: { context: 2048 },
      }),
    ]);
  });
});

describe("the chosen GPU's fit under a reserving engine", () => {
  // vLLM on an A100 80GB at 8192 tokens of context (1 GiB of KV per sequence):
  //   pool = 0.9 × 85,899,345,920 − weights 16,060,522,496
  //          − workspace 2048 × (4·4096 + 3·14336) × 2 = 243,269,632
  //          − logits 256 × 128,256 × 4 = 131,334,144 − non-torch 1,073,741,824
  //        = 59,800,543,232 B → 55 sequences of 1,073,741,824 B.
  // nvidia-smi at 56 sequences: 16,060,522,496 + 56 GiB + 374,603,776 + 1 GiB + 1343 MiB
  //   = 79,046,647,808 B, under the card's 85,899,345,920: by memory alone "tight" (the
  //   20% headroom does not fit), yet the pool holds only 55.
  const at = (sequences: number) =>
    run({ engine: "vllm", gpu: "a100-80gb-sxm", contextTokens: 8192, sequences });
  it("55 sequences: the pool holds them, the fit is by memory (tight)", () => {
    const r = at(55);
    expect(r.kvPool!.maxSequences).toBe(55);
    expect(r.verdict.chosen!.fit).toBe("tight");
  });
  it("56 sequences: the pool does not hold them, so nothing fits", () => {
    const r = at(56);
    expect(r.nvidiaSmiBytes).toBe(79_046_647_808);
    expect(r.verdict.chosen!.fit).toBe("does-not-fit");
  });
});

describe("GPU layers: only engines that offload layers move any to the CPU", () => {
  // One sequence of 4,096 tokens: 131,072 B × 4,096 = 536,870,912 B of KV cache, 32 layers.
  const kv = (r: Result) => r.breakdown.find((b) => b.key === "kv-cache")!.value;
  it("llama.cpp with 16 of 32 layers on the GPU keeps half the cache there", () => {
    const r = run({ engine: "llama.cpp", contextTokens: 4096, gpuLayers: 16 });
    expect(kv(r)).toBe(268_435_456);
    expect(r.cpuBytes).toBeGreaterThan(0);
  });
  for (const engine of ["vllm", "transformers"])
    it(`${engine} keeps every layer, and all of its cache, on the GPU whatever gpuLayers says`, () => {
      const r = run({ engine, contextTokens: 4096, gpuLayers: 16 });
      expect(kv(r)).toBe(536_870_912);
      expect(r.cpuBytes).toBe(0);
    });
});
