/**
 * Inference memory per engine, worked out by hand for Llama 3.1 8B in fp16: the activation
 * workspace of each engine's largest forward pass, the KV pool each reserving engine builds,
 * how many sequences a non-reserving engine fits, and the warnings and assumptions that go
 * with them (`serving/memory.ts`).
 *
 * Llama 3.1 8B: 8,030,261,248 parameters → 16,060,522,496 B of fp16 weights; 32 layers,
 * hidden 4096, FFN 14,336, vocab 128,256; KV 2 × 32 × 8 × 128 × 2 = 131,072 B per token.
 * Workspace values per token: 4 × 4096 + 3 × 14,336 = 59,392; one fp32 logit row
 * 128,256 × 4 = 513,024 B. CUDA context 1343 MiB = 1,408,237,568 B.
 */
import { describe, expect, it } from "vitest";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";
import type { InferenceMemoryInput } from "../../../../src/estimate/serving/memory.ts";
import { inferenceMemory, servingFit } from "../../../../src/estimate/serving/memory.ts";
import { mibToBytes } from "../../../../src/estimate/units.ts";
import { a100, rtx4090, valueOf } from "../helpers.ts";

const llama: ModelArch = findPreset("llama-3.1-8b")!.model;
const W = 16_060_522_496;
const VALUES = 59_392;
const LOGITS = 513_024;
const PER_TOKEN = 131_072;
const CUDA = 1_408_237_568;

/** An 80 GiB card that is not an A100: vLLM's large-GPU defaults apply. */
const big: GpuSpec = { ...a100, id: "big", name: "Big GPU", memoryTotalBytes: mibToBytes(81920) };
/** An H100 SXM's nvidia-smi memory.total: 81,559 MiB = 85,520,809,984 B. */
const h100like: GpuSpec = {
  ...a100,
  id: "h100ish",
  name: "H100ish",
  memoryTotalBytes: 85_520_809_984,
};

const serve = (o: Partial<InferenceMemoryInput>) =>
  inferenceMemory({
    model: llama,
    format: "fp16",
    weightBits: 16,
    kvBits: 16,
    contextTokens: 8192,
    sequences: 1,
    engine: "vllm",
    ...o,
  });
const workspace = (o: Partial<InferenceMemoryInput>) =>
  valueOf(serve(o).breakdown, "activation-workspace");
const chunk = (o: Partial<InferenceMemoryInput>) =>
  serve(o).assumptions.find((a) => a.key === "prefill-chunk-tokens")?.value;

describe("vLLM's profiled forward pass", () => {
  it("on a GPU of 70 GiB or more other than the A100: 8192 tokens, logits for 1024 sequences", () => {
    // 8192 × 59,392 × 2 + 1024 × 513,024 = 973,078,528 + 525,336,576.
    expect(workspace({ gpu: big })).toBe(8192 * VALUES * 2 + 1024 * LOGITS);
  });
  it("on an A100, a smaller card or none: 2048 tokens, logits for 256 sequences", () => {
    // 2048 × 59,392 × 2 + 256 × 513,024 = 243,269,632 + 131,334,144 = 374,603,776.
    expect(workspace({ gpu: a100 })).toBe(374_603_776);
    expect(workspace({ gpu: rtx4090 })).toBe(374_603_776);
    expect(workspace({})).toBe(374_603_776);
  });
  it("70 GiB is the bound", () => {
    const at = (mib: number) => chunk({ gpu: { ...big, memoryTotalBytes: mibToBytes(mib) } });
    expect(at(70 * 1024)).toBe(8192);
    expect(at(70 * 1024 - 1)).toBe(2048);
  });
  it("a given token limit replaces vLLM's; the sampled sequences stay by GPU", () => {
    // 1000 × 59,392 × 2 + 1024 × 513,024.
    expect(workspace({ gpu: big, prefillChunkTokens: 1000 })).toBe(
      1000 * VALUES * 2 + 1024 * LOGITS,
    );
  });
  it("the pass carries no more tokens than the sequences hold", () => {
    // 3 sequences of 100 tokens: 300 tokens, not 2048.
    expect(workspace({ contextTokens: 100, sequences: 3 })).toBe(300 * VALUES * 2 + 256 * LOGITS);
  });
  it("tensor parallel splits the activations; every rank samples the full vocabulary", () => {
    expect(workspace({ gpu: a100, tensorParallel: 2 })).toBe(243_269_632 / 2 + 131_334_144);
  });
  it("vLLM counts 1 GiB outside PyTorch; SGLang no such buffer", () => {
    expect(valueOf(serve({}).breakdown, "engine-buffers")).toBe(2 ** 30);
    expect(valueOf(serve({ engine: "sglang" }).breakdown, "engine-buffers")).toBe(0);
  });
});

describe("the other engines' largest forward pass", () => {
  it("SGLang: its chunked-prefill size by GPU memory (2048 under 35 GB), 8192 without a GPU", () => {
    expect(chunk({ engine: "sglang", gpu: rtx4090 })).toBe(2048);
    expect(chunk({ engine: "sglang" })).toBe(8192);
    // Logits for the request's own 4 sequences: 2048 × 59,392 × 2 + 4 × 513,024.
    expect(workspace({ engine: "sglang", gpu: rtx4090, sequences: 4 })).toBe(
      2048 * VALUES * 2 + 4 * LOGITS,
    );
  });
  it("TensorRT-LLM: max_num_tokens 8192", () => {
    expect(workspace({ engine: "tensorrt-llm" })).toBe(8192 * VALUES * 2 + LOGITS);
  });
  it("llama.cpp and Ollama: a 512-token batch computed in fp32", () => {
    // 512 × 59,392 × 4 + 513,024 = 122,147,840.
    for (const engine of ["llama.cpp", "ollama"] as const)
      expect(workspace({ engine, format: "gguf" })).toBe(122_147_840);
  });
  it("ExLlamaV2: a 512-token batch in 16 bit", () => {
    // 512 × 59,392 × 2 + 513,024 = 61,330,432.
    expect(workspace({ engine: "exllamav2", format: "exl2" })).toBe(61_330_432);
  });
});

describe("what a 4-bit bitsandbytes matmul dequantizes", () => {
  it("the largest quantizable matrix in 16 bit, split by tensor parallelism", () => {
    // 4096 × 14,336 × 2 bytes = 117,440,512 B.
    const dequant = (o: Partial<InferenceMemoryInput>) =>
      valueOf(serve({ engine: "transformers", format: "bnb", ...o }).breakdown, "dequant-buffer");
    expect(dequant({ weightBits: 4 })).toBe(117_440_512);
    expect(dequant({ weightBits: 4, tensorParallel: 2 })).toBe(58_720_256);
    expect(dequant({ weightBits: 8 })).toBe(0);
    expect(valueOf(serve({ format: "awq", weightBits: 4 }).breakdown, "dequant-buffer")).toBe(0);
  });
});

describe("SGLang's pool: mem_fraction_static × memory free before loading − weights", () => {
  // Share 0.835 at 81,559 MiB (512 + 12,288 + 512 + 128 = 13,440 MB reserved).
  // Free at start 85,520,809,984 − 1,408,237,568 = 84,112,572,416 B.
  const bytes = 0.835 * 84_112_572_416 - W; // 54,173,475,471.36 B
  // Workspace 8192 × 59,392 × 2 + 513,024 = 973,591,552 B.
  const reserved = W + 973_591_552 + bytes;
  const sglang = () => serve({ engine: "sglang", gpu: h100like });
  it("its bytes, tokens, one-token pages and 8192-token sequences", () => {
    const pool = sglang().kvPool!;
    expect(pool.share).toBe(0.835);
    expect(pool.bytes).toBeCloseTo(bytes, 0);
    expect(pool.tokens).toBe(413_310); // ⌊54,173,475,471.36 / 131,072⌋
    expect(pool.blocks).toBe(413_310);
    expect(pool.maxSequences).toBe(50); // ⌊… / 1,073,741,824⌋
  });
  it("nvidia-smi shows weights + activation buffers + pool", () => {
    const r = sglang();
    expect(r.kvPool!.reservedBytes).toBeCloseTo(reserved, 0);
    expect(r.engineReservedBytes).toBeCloseTo(reserved, 0);
  });
  it("records the share it assumed, from SGLang's own source", () => {
    const r = sglang();
    expect(r.assumptions).toContainEqual({
      key: "memory-share",
      value: 0.835,
      source: "sglang-kv-pool",
    });
    expect(r.warnings).toContainEqual({
      code: "engine-reserves-memory",
      params: { utilization: 0.835, reservedBytes: r.kvPool!.reservedBytes },
    });
  });
  it("a pool short of the sequences says how many it holds", () => {
    expect(serve({ engine: "sglang", gpu: h100like, sequences: 64 }).warnings).toContainEqual({
      code: "kv-pool-short",
      params: { sequences: 64, maxSequences: 50 },
    });
  });
});

describe("TensorRT-LLM's pool pages", () => {
  it("32-token blocks", () => {
    // 0.9 × (84,112,572,416 − 16,060,522,496 − (8192 × 59,392 × 2 + 513,024))
    // = 60,370,612,531.2 B → 460,591 tokens → ⌊460,591 / 32⌋ = 14,393 blocks.
    const pool = serve({ engine: "tensorrt-llm", gpu: h100like }).kvPool!;
    expect(pool.tokens).toBe(460_591);
    expect(pool.blocks).toBe(14_393);
  });
  it("a share too small for the weights leaves an empty pool, never a negative one", () => {
    const pool = serve({ engine: "vllm", gpu: a100, gpuMemoryUtilization: 0.1 }).kvPool!;
    // 0.1 × 85,899,345,920 = 8.6 GB < 16 GB of weights.
    expect(pool.bytes).toBe(0);
    expect(pool.maxSequences).toBe(0);
    // vLLM still reserves its share of the card: 0.1 × 85,899,345,920 B.
    expect(pool.reservedBytes).toBeCloseTo(8_589_934_592, 0);
  });
});

describe("sequences a non-reserving engine fits", () => {
  it("llama.cpp: what the card leaves after weights, buffers and context, over one sequence's cache", () => {
    // A100: 85,899,345,920 − (16,060,522,496 + 122,147,840 + 1,408,237,568) = 68,308,438,016;
    // one 4096-token sequence 536,870,912 B → 127.23 → 127.
    const r = serve({ engine: "llama.cpp", format: "gguf", contextTokens: 4096, gpu: a100 });
    expect(r.nvidiaSmiBytes).toBe(W + 536_870_912 + 122_147_840 + CUDA);
    expect(r.maxSequences).toBe(127);
    expect(r.kvPool).toBeNull();
    expect(r.engineReservedBytes).toBeNull();
  });
  it("Transformers: the caching allocator's 10% reserve grows with every sequence", () => {
    // 2048 tokens: 268,435,456 B of KV per sequence, / 0.9 reserved. The rest:
    // (16,060,522,496 + 2048 × 59,392 × 2 + 513,024) / 0.9 + 1,408,237,568
    // = 16,304,305,152 / 0.9 + 1,408,237,568 = 19,523,465,514.7;
    // (85,899,345,920 − 19,523,465,514.7) / (268,435,456 / 0.9) = 222.54 → 222.
    const r = serve({ engine: "transformers", contextTokens: 2048, gpu: a100 });
    expect(r.maxSequences).toBe(222);
  });
  it("the reserve on the sequences asked for is taken back before dividing", () => {
    // 100 sequences of 2048 tokens: the forward pass is 204,800 tokens
    // (204,800 × 59,392 × 2 + 100 × 513,024 = 24,378,265,600 B). What is not KV:
    // (16,060,522,496 + 24,378,265,600) / 0.9 + 1,408,237,568 = 46,340,224,341.3 B;
    // (85,899,345,920 − 46,340,224,341.3) / (268,435,456 / 0.9) = 132.63 → 132.
    const r = serve({ engine: "transformers", contextTokens: 2048, sequences: 100, gpu: a100 });
    expect(r.maxSequences).toBe(132);
  });
  it("a card too small for the weights fits no sequence", () => {
    expect(
      serve({ engine: "llama.cpp", format: "gguf", gpu: { ...a100, memoryTotalBytes: 8e9 } })
        .maxSequences,
    ).toBe(0);
  });
});

describe("the KV cache as ExLlamaV2 holds it", () => {
  it("every layer keeps the full context, sliding window or not", () => {
    const sliding: ModelArch = { ...llama, slidingWindow: 256 };
    // ExLlamaV2: 131,072 × 1000; vLLM keeps the 256-token window in every layer.
    const kv = (engine: "exllamav2" | "vllm") =>
      valueOf(
        serve({
          engine,
          format: engine === "vllm" ? "fp16" : "exl2",
          model: sliding,
          contextTokens: 1000,
        }).breakdown,
        "kv-cache",
      );
    expect(kv("exllamav2")).toBe(PER_TOKEN * 1000);
    expect(kv("vllm")).toBe(PER_TOKEN * 256);
  });
  it("fp16 and fp32 caches have no scales and no scratch", () => {
    const kv = (kvBits: number) =>
      valueOf(
        serve({ engine: "exllamav2", format: "exl2", kvBits, contextTokens: 1000 }).breakdown,
        "kv-cache",
      );
    expect(kv(16)).toBe(PER_TOKEN * 1000);
    expect(kv(32)).toBe(2 * PER_TOKEN * 1000);
  });
  it("a Q8 cache: 1.0625 bytes per element plus one fp16 scratch of a layer", () => {
    // Elements 131,072 / 2 per token; Q8 65,536 × 1.0625 = 69,632 B per token, and a scratch
    // of 131,072 / 32 layers = 4096 B per token: 73,728 B per token × 1000.
    const r = serve({ engine: "exllamav2", format: "exl2", kvBits: 8, contextTokens: 1000 });
    expect(valueOf(r.breakdown, "kv-cache")).toBe(73_728_000);
    // Every sequence has its own: 2 sequences, twice the bytes.
    const two = serve({
      engine: "exllamav2",
      format: "exl2",
      kvBits: 8,
      contextTokens: 1000,
      sequences: 2,
    });
    expect(valueOf(two.breakdown, "kv-cache")).toBe(147_456_000);
  });
  it("the scratch follows the KV heads a tensor-parallel rank keeps", () => {
    // tp 2: half the heads: (69,632 + 4096) / 2 = 36,864 B per token.
    const r = serve({
      engine: "exllamav2",
      format: "exl2",
      kvBits: 8,
      contextTokens: 1000,
      tensorParallel: 2,
    });
    expect(valueOf(r.breakdown, "kv-cache")).toBe(36_864_000);
  });
});

describe("layers left in CPU RAM", () => {
  it("more GPU layers than the model has keeps everything on the GPU", () => {
    const r = serve({ engine: "llama.cpp", format: "gguf", gpuLayers: 100, contextTokens: 1000 });
    expect(r.cpuBytes).toBe(0);
    expect(valueOf(r.breakdown, "weights")).toBe(W);
    expect(r.warnings.map((w) => w.code)).not.toContain("layers-on-cpu");
  });
  it("the warning names the layers left behind", () => {
    const r = serve({ engine: "ollama", format: "gguf", gpuLayers: 24, contextTokens: 1000 });
    // 8 of 32 layers in CPU RAM: a quarter of the weights.
    expect(r.cpuBytes).toBe(W / 4);
    expect(valueOf(r.breakdown, "weights")).toBe((3 * W) / 4);
    expect(r.warnings).toContainEqual({
      code: "layers-on-cpu",
      params: { cpuBytes: W / 4, layers: 8 },
    });
  });
});

describe("warnings and assumptions", () => {
  it("the KV cache outweighing the weights is said, with both figures", () => {
    // 8 × 131,072 × 16,384 = 17,179,869,184 B > 16,060,522,496 B of weights.
    const r = serve({ engine: "transformers", contextTokens: 16_384, sequences: 8 });
    expect(r.warnings).toContainEqual({
      code: "kv-exceeds-weights",
      params: { kvBytes: 17_179_869_184, weightBytes: W },
    });
    // 7 sequences: 15,032,385,536 B, less than the weights.
    const under = serve({ engine: "transformers", contextTokens: 16_384, sequences: 7 });
    expect(under.warnings.map((w) => w.code)).not.toContain("kv-exceeds-weights");
  });
  it("the pool holding exactly the sequences asked for is not short", () => {
    // SGLang pool above: 50 sequences of 8192 tokens.
    const codes = (sequences: number) =>
      serve({ engine: "sglang", gpu: h100like, sequences }).warnings.map((w) => w.code);
    expect(codes(50)).not.toContain("kv-pool-short");
    expect(codes(51)).toContain("kv-pool-short");
  });
  it("the parameter count's source: the architecture, or the request's own count", () => {
    const source = (r: ReturnType<typeof serve>) =>
      r.assumptions.find((a) => a.key === "params")?.source;
    expect(source(serve({}))).toBe("from-architecture");
    expect(source(serve({ model: { params: 7e9 } }))).toBe("request");
  });
  it("scale bits: the format's scales, or none", () => {
    const scale = (r: ReturnType<typeof serve>) =>
      r.assumptions.find((a) => a.key === "scale-bits");
    // AWQ: one fp16 scale and a 4-bit zero per 128 weights: 20 / 128 bits.
    expect(scale(serve({ format: "awq", weightBits: 4 }))).toEqual({
      key: "scale-bits",
      value: 20 / 128,
      source: "format-scales",
    });
    expect(scale(serve({}))?.source).toBe("no-scale-bits");
  });
  it("the engine is recorded with its memory model's source", () => {
    expect(serve({ engine: "ollama", format: "gguf" }).assumptions).toContainEqual({
      key: "engine",
      value: "ollama",
      source: "ollama-context",
    });
  });
});

describe("servingFit: a reserving engine's pool must hold every sequence", () => {
  const views = { recommendedBytes: 50e9, nvidiaSmiBytes: 40e9 };
  const pool = (maxSequences: number) => ({
    bytes: 0,
    tokens: 0,
    blocks: 0,
    maxSequences,
    share: 0.9,
    reservedBytes: 0,
  });
  it("a pool of 4 holds 4 sequences: the fit is by memory", () => {
    expect(servingFit({ ...views, kvPool: pool(4) }, a100, 4)).toBe("fits");
  });
  it("a pool of 3 does not hold 4: nothing fits", () => {
    expect(servingFit({ ...views, kvPool: pool(3) }, a100, 4)).toBe("does-not-fit");
  });
  it("without a pool, memory alone decides", () => {
    // 80 GiB card: 50 GB fits; a 45 GB card holds only the 40 GB peak (tight).
    expect(servingFit({ ...views, kvPool: null }, a100, 1000)).toBe("fits");
    expect(servingFit({ ...views, kvPool: null }, { ...a100, memoryTotalBytes: 45e9 }, 1)).toBe(
      "tight",
    );
  });
});

describe("the KV cache's elements outside ExLlamaV2", () => {
  it("an 8-bit cache is 1 byte per element with no scales", () => {
    // 65,536 B per token × 1000 tokens.
    const r = serve({ engine: "vllm", kvBits: 8, contextTokens: 1000 });
    expect(valueOf(r.breakdown, "kv-cache")).toBe(65_536_000);
  });
});

describe("an MoE layer's FFN values", () => {
  it("Mixtral 8x7B: the 2 active experts' FFNs of 14,336 each", () => {
    // 100 tokens × (4 × 4096 + 3 × 2 × 14,336) × 2 + 32,000 × 4
    // = 100 × 102,400 × 2 + 128,000 = 20,608,000 B.
    const mixtral = findPreset("mixtral-8x7b")!.model;
    expect(workspace({ engine: "transformers", model: mixtral, contextTokens: 100 })).toBe(
      20_608_000,
    );
  });
});

describe("what a request without an architecture is told", () => {
  it("the shape assumed from 7e9 parameters: h = 128·L, N = 12·h²·L → 33 layers of 4224", () => {
    // L = round(∛(7e9 / (12 × 128²))) = round(32.9) = 33;
    // h = round(∛(128 × 7e9 / 12) / 64) × 64 = round(65.8) × 64 = 4224.
    const r = serve({ model: { params: 7e9 }, engine: "transformers", contextTokens: 1 });
    expect(r.warnings).toContainEqual({
      code: "shape-assumed",
      params: { layers: 33, hidden: 4224 },
    });
  });
  it("a known architecture assumes nothing and, served small, warns of nothing", () => {
    expect(serve({ engine: "transformers", contextTokens: 1 }).warnings).toEqual([]);
  });
});

describe("the KV cache only outweighing the weights is said", () => {
  it("a cache exactly as large as the weights is not", () => {
    // 131,072 × 1000 = 131,072,000 B of KV against a 131,072,000-byte weight file.
    const r = serve({ engine: "transformers", contextTokens: 1000, weightFileBytes: 131_072_000 });
    expect(r.warnings.map((w) => w.code)).not.toContain("kv-exceeds-weights");
  });
});

describe("the assumptions an estimate states", () => {
  it("a Transformers estimate without a GPU: every figure it took, with its source", () => {
    const r = serve({ engine: "transformers", contextTokens: 1000 });
    expect(r.assumptions).toEqual([
      { key: "params", value: 8_030_261_248, source: "from-architecture" },
      // fp16 is what Transformers loads at 16 bits when no format is named (`defaultFormat`).
      { key: "weight-format", value: "fp16", source: "serve-format-default" },
      // 16 bits is the precision a request naming none gets (SERVING_FIELDS' default).
      { key: "weight-bits", value: 16, source: "serve-precision-default" },
      { key: "scale-bits", value: 0, source: "no-scale-bits" },
      { key: "kv-bytes-per-token", value: PER_TOKEN, source: "kv-formula" },
      // Transformers' forward pass is the whole prompt: 1000 tokens × 1 sequence.
      { key: "prefill-chunk-tokens", value: 1000, source: "hf-dynamic-cache" },
      { key: "engine", value: "transformers", source: "hf-dynamic-cache" },
      // The caching allocator's 10%, the 1343 MiB CUDA context, the 20% headroom.
      { key: "allocator-fragmentation", value: 0.1, source: "gmlake" },
      { key: "cuda-context-bytes", value: CUDA, source: "hf-anatomy" },
      { key: "headroom", value: 0.2, source: "seed-headroom" },
    ]);
  });
});
