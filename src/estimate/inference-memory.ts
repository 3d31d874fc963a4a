/**
 * Inference memory: quantized weights, KV cache, activation workspace, and the engine's
 * own reservation (vLLM gpu_memory_utilization), in the three views of `memory-views.ts`.
 */
import type { Engine } from "./vocabulary.ts";
import { VLLM_GPU_MEMORY_UTILIZATION } from "./vocabulary.ts";
export type { Engine } from "./vocabulary.ts";
import type { GpuSpec } from "./gpu.ts";
import type { ModelArch, ModelSpec } from "./model.ts";
import { isArch, paramCounts, shapeFromParams } from "./model.ts";
import { kvBytesPerToken } from "./kv-cache.ts";
import type { MemoryOverheads, MemoryViews } from "./memory-views.ts";
import { memoryViews, overheadAssumptions, pushCommonWarnings } from "./memory-views.ts";
import type { Assumption, Warning } from "./result.ts";
import { part } from "./result.ts";
import { gbToBytes } from "./units.ts";
import { NF4_SCALE_BITS } from "./precision.ts";

export interface InferenceMemoryInput extends MemoryOverheads {
  model: ModelSpec;
  /** Bits per weight: 32, 16, 8, 4, or a GGUF bits-per-weight figure such as 4.5 (scales included). */
  weightBits: number;
  /**
   * Scale bits per weight on top of `weightBits`. Default: none for 8 bits and up and
   * for fractional (GGUF) figures, which include their scales; 0.5 for integer 4-bit
   * (bitsandbytes/QLoRA: fp32 absmax per 64 weights).
   */
  scaleBits?: number;
  contextTokens: number;
  sequences: number;
  kvBits?: number;
  engine?: Engine;
  /** vLLM's share of GPU memory reserved up front (default 0.9). */
  gpuMemoryUtilization?: number;
  /** Tokens processed per forward during prefill (engine batch). */
  prefillChunkTokens?: number;
  /** GPUs the model is split over by tensor parallelism. */
  tensorParallel?: number;
  gpu?: GpuSpec;
}

export interface InferenceMemoryResult extends MemoryViews {
  assumptions: Assumption[];
  warnings: Warning[];
  weightBytes: number;
  kvCacheBytes: number;
  kvBytesPerToken: number;
  /** Largest number of sequences at `contextTokens` that fit the GPU; null without a GPU. */
  maxSequences: number | null;
  /** What nvidia-smi shows under an engine that reserves a share of memory up front. */
  engineReservedBytes: number | null;
}

/** llama.cpp's default physical batch (n_ubatch = 512, common/common.h). */
export const PREFILL_CHUNK_TOKENS = 512;
/**
 * llama.cpp allocates its compute buffers once, without a caching allocator; fragmentation
 * does not apply. vLLM preallocates the KV cache as one block.
 */
const ENGINE_FRAGMENTATION: Record<Engine, number | undefined> = {
  pytorch: undefined,
  vllm: undefined,
  "llama.cpp": 0,
};
/** Hidden-state values alive per token inside one layer: residual, norm output, q/k/v, attention output. */
export const WORKSPACE_HIDDEN_VALUES = 4;
/** FFN values alive per token: gate, up and their product (gated MLP). */
export const WORKSPACE_FFN_VALUES = 3;
/** Only the last position's logits are needed to sample, upcast to fp32. */
export const SAMPLING_LOGIT_BYTES = 4;

export function defaultScaleBits(weightBits: number): number {
  if (weightBits >= 8 || !Number.isInteger(weightBits)) return 0;
  return NF4_SCALE_BITS;
}

/**
 * Weight bytes at a bit width. bitsandbytes/GPTQ/AWQ leave embeddings and the output head
 * in 16 bit; GGUF files (llama.cpp) quantize every tensor, and their bits-per-weight figure
 * is an average over the file. A bare parameter count has no split.
 */
export function quantizedWeightBytes(
  params: number,
  quantizable: number,
  weightBits: number,
  scaleBits: number,
  engine: Engine,
): number {
  if (weightBits >= 16) return (params * weightBits) / 8;
  const quantParams = engine === "llama.cpp" || quantizable === params ? params : quantizable;
  return (quantParams * (weightBits + scaleBits)) / 8 + (params - quantParams) * 2;
}

export function inferenceMemory(input: InferenceMemoryInput): InferenceMemoryResult {
  const warnings: Warning[] = [];
  const engine = input.engine ?? "pytorch";
  const tp = Math.max(1, input.tensorParallel ?? 1);
  const arch: ModelArch = isArch(input.model) ? input.model : shapeFromParams(input.model.params);
  if (!isArch(input.model))
    warnings.push({ code: "shape-assumed", params: { layers: arch.layers, hidden: arch.hidden } });
  const counts = paramCounts(input.model);
  const scaleBits = input.scaleBits ?? defaultScaleBits(input.weightBits);
  const quantized = input.weightBits < 16;
  const weightBytes = quantizedWeightBytes(
    counts.total,
    counts.quantizable,
    input.weightBits,
    scaleBits,
    engine,
  );
  const kvBits = input.kvBits ?? 16;
  const perToken = kvBytesPerToken(arch, kvBits);
  const kv = perToken * input.contextTokens * input.sequences;
  const chunk = Math.min(input.contextTokens, input.prefillChunkTokens ?? PREFILL_CHUNK_TOKENS);
  const ffn = arch.moe ? arch.moe.activeExperts * arch.moe.expertFfn : arch.ffn;
  const workspace =
    chunk * (WORKSPACE_HIDDEN_VALUES * arch.hidden + WORKSPACE_FFN_VALUES * ffn) * 2 +
    input.sequences * arch.vocab * SAMPLING_LOGIT_BYTES;
  // bitsandbytes 4-bit matmuls dequantize one weight matrix to 16 bit for prompt
  // processing (bitsandbytes functional.dequantize_4bit); llama.cpp and vLLM kernels do not.
  const dequant =
    engine === "pytorch" && quantized && input.weightBits < 8 ? counts.largestQuantizable * 2 : 0;
  const parts = [
    part("weights", weightBytes / tp),
    part("kv-cache", kv / tp),
    part("activation-workspace", workspace / tp),
    part("dequant-buffer", dequant / tp),
  ];
  const fragmentation = input.fragmentation ?? ENGINE_FRAGMENTATION[engine];
  const overheads: MemoryOverheads = { ...input };
  if (fragmentation !== undefined) overheads.fragmentation = fragmentation;
  const views = memoryViews(parts, overheads);

  let maxSequences: number | null = null;
  let engineReservedBytes: number | null = null;
  if (input.gpu) {
    const capacity = gbToBytes(input.gpu.memoryGB);
    const util =
      engine === "vllm" ? (input.gpuMemoryUtilization ?? VLLM_GPU_MEMORY_UTILIZATION) : 1;
    const budget = capacity * util;
    const nonKv =
      views.nvidiaSmiBytes -
      kv / tp -
      ((kv / tp) * views.fragmentation) / (1 - views.fragmentation);
    const perSeq = (perToken * input.contextTokens) / tp / (1 - views.fragmentation);
    maxSequences = Math.max(0, Math.floor((budget - nonKv) / perSeq));
    if (engine === "vllm") {
      engineReservedBytes = Math.max(budget, views.nvidiaSmiBytes);
      warnings.push({
        code: "engine-reserves-memory",
        params: { utilization: util, reservedBytes: engineReservedBytes },
      });
    }
  }
  if (kv > weightBytes)
    warnings.push({ code: "kv-exceeds-weights", params: { kvBytes: kv, weightBytes } });
  pushCommonWarnings(warnings, views, input.gpu);
  const assumptions: Assumption[] = [
    {
      key: "params",
      value: counts.total,
      source: isArch(input.model) ? "from-architecture" : "request",
    },
    { key: "weight-bits", value: input.weightBits, source: "request" },
    {
      key: "scale-bits",
      value: scaleBits,
      source: scaleBits > 0 ? "nf4-absmax" : "no-scale-bits",
    },
    {
      key: "kv-bytes-per-token",
      value: perToken,
      source: "kv-formula",
    },
    { key: "prefill-chunk-tokens", value: chunk, source: "llama-cpp-ubatch" },
    { key: "engine", value: engine, source: "request" },
    ...overheadAssumptions(views),
  ];
  return {
    ...views,
    assumptions,
    warnings,
    weightBytes,
    kvCacheBytes: kv,
    kvBytesPerToken: perToken,
    maxSequences,
    engineReservedBytes,
  };
}
