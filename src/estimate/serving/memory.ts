/**
 * Inference memory per GPU: weights in their format, the KV cache as each engine allocates
 * it (`serving/engines.ts`), the activation workspace of the engine's largest forward pass,
 * and, for engines that reserve a share of the GPU, the KV pool that share leaves and how
 * many sequences it holds. Reported in the three views of `memory/views.ts`.
 */
import type { Engine, WeightFormat } from "../vocabulary.ts";
export type { Engine } from "../vocabulary.ts";
import type { GpuSpec } from "../hardware/gpu.ts";
import type { ModelArch, ModelSpec } from "../model/model.ts";
import { isArch, paramCounts, shapeFromParams } from "../model/model.ts";
import { kvBytesPerToken, kvCacheBytes } from "./kv-cache.ts";
import { kvShareOnGpu } from "./decode-step.ts";
import type { MemoryFit, MemoryOverheads, MemoryViews } from "../memory/views.ts";
import {
  CUDA_CONTEXT_BYTES,
  memoryFit,
  memoryViews,
  overheadAssumptions,
  pushCommonWarnings,
} from "../memory/views.ts";
import type { Assumption, Warning } from "../result.ts";
import { part } from "../result.ts";
import { ENGINE_MEMORY } from "./engine-memory.ts";
import {
  exllamaKvBytesPerElement,
  LLAMA_CPP_UBATCH,
  sglangDefaults,
  TRTLLM_FREE_FRACTION,
  TRTLLM_MAX_NUM_TOKENS,
  VLLM_BATCHED_TOKENS,
  VLLM_BLOCK_TOKENS,
  VLLM_GPU_MEMORY_UTILIZATION,
  VLLM_LARGE_GPU_BYTES,
  VLLM_MAX_SEQS,
  VLLM_NON_TORCH_BYTES,
} from "./engines.ts";
import { BYTES_PER_MIB } from "../units.ts";
import { weightBytes } from "../model/weight-bytes.ts";
import { formatScaleBits } from "../model/weight-formats.ts";
import { defaultFormat, SERVING_FIELDS } from "./fields.ts";

export interface InferenceMemoryInput extends MemoryOverheads {
  model: ModelSpec;
  format: WeightFormat;
  /** Bits per weight: 32, 16, 8, 4, or a GGUF/EXL2 average such as 4.85 (scales included). */
  weightBits: number;
  /** Scale bits per weight on top of `weightBits`; default by format (`formatScaleBits`). */
  scaleBits?: number;
  /** The weights' exact size from the user's file, replacing the computed one. */
  weightFileBytes?: number;
  /** Context per sequence, tokens (vLLM's max_model_len, llama.cpp's n_ctx per slot). */
  contextTokens: number;
  /** Sequences served at once. */
  sequences: number;
  kvBits: number;
  engine: Engine;
  /** The engine's share of GPU memory (vLLM gpu_memory_utilization, SGLang mem_fraction_static). */
  gpuMemoryUtilization?: number;
  /** Tokens of the engine's largest forward pass (vLLM max_num_batched_tokens, n_ubatch). */
  prefillChunkTokens?: number;
  /** Layers llama.cpp / Ollama keep on the GPU (the rest run from CPU RAM); default all. */
  gpuLayers?: number;
  /** GPUs the model is split over by tensor parallelism. */
  tensorParallel?: number;
  gpu?: GpuSpec;
}

export interface KvPool {
  /** Bytes the engine's share leaves for the cache on each GPU. */
  bytes: number;
  tokens: number;
  /** Pages of the pool (vLLM blocks of 16 tokens). */
  blocks: number;
  /** Sequences of `contextTokens` the pool holds at once (vLLM's "maximum concurrency"). */
  maxSequences: number;
  /** The engine's share of the GPU it reserves up front. */
  share: number;
  reservedBytes: number;
}

export interface InferenceMemoryResult extends MemoryViews {
  assumptions: Assumption[];
  warnings: Warning[];
  /** Weight bytes of the whole model in its format. */
  weightBytes: number;
  /** KV cache of the requested sequences at their context, whole model (all GPUs). */
  kvCacheBytes: number;
  kvBytesPerToken: number;
  /** Largest number of sequences at `contextTokens` that fit the GPU; null without a GPU. */
  maxSequences: number | null;
  /** What nvidia-smi shows under an engine that reserves a share of memory up front. */
  engineReservedBytes: number | null;
  /** The KV pool of vLLM, SGLang or TensorRT-LLM on the chosen GPU; null otherwise. */
  kvPool: KvPool | null;
  /** Weights left in CPU RAM (llama.cpp layers not on the GPU). */
  cpuBytes: number;
}

/** Hidden-state values alive per token inside one layer: residual, norm output, q/k/v, attention output. */
export const WORKSPACE_HIDDEN_VALUES = 4;
/** FFN values alive per token: gate, up and their product (gated MLP). */
export const WORKSPACE_FFN_VALUES = 3;
/** Sampling reads one position's logits per sequence, in fp32. */
export const SAMPLING_LOGIT_BYTES = 4;
/** Activations in 16 bit; ggml computes in fp32 (llama.cpp, Ollama). */
const activationBytes = (engine: Engine): number =>
  engine === "llama.cpp" || engine === "ollama" ? 4 : 2;

/** The memory the GPU offers (nvidia-smi memory.total), what engines take their share of. */
const deviceBytes = (gpu: GpuSpec): number => gpu.memoryTotalBytes;

/** The tokens of the engine's largest forward pass, and the sequences it samples for. */
function forwardShape(
  input: InferenceMemoryInput,
  tp: number,
): { tokens: number; sequences: number } {
  const gpu = input.gpu;
  const given = input.prefillChunkTokens;
  switch (input.engine) {
    case "vllm": {
      const large =
        gpu !== undefined && deviceBytes(gpu) >= VLLM_LARGE_GPU_BYTES && !/A100/i.test(gpu.name);
      return {
        tokens: given ?? (large ? VLLM_BATCHED_TOKENS.large : VLLM_BATCHED_TOKENS.other),
        sequences: large ? VLLM_MAX_SEQS.large : VLLM_MAX_SEQS.other,
      };
    }
    case "sglang":
      return {
        tokens: given ?? (gpu ? sglangDefaults(deviceBytes(gpu) / BYTES_PER_MIB, tp).chunk : 8192),
        sequences: input.sequences,
      };
    case "tensorrt-llm":
      return { tokens: given ?? TRTLLM_MAX_NUM_TOKENS, sequences: input.sequences };
    case "llama.cpp":
    case "ollama":
    case "exllamav2":
      return { tokens: given ?? LLAMA_CPP_UBATCH, sequences: input.sequences };
    case "transformers":
      // generate runs every sequence's whole prompt in one forward pass.
      return { tokens: given ?? input.contextTokens * input.sequences, sequences: input.sequences };
  }
}

export function inferenceMemory(input: InferenceMemoryInput): InferenceMemoryResult {
  const warnings: Warning[] = [];
  const engine = input.engine;
  const memory = ENGINE_MEMORY[engine];
  const tp = Math.max(1, input.tensorParallel ?? 1);
  const arch: ModelArch = isArch(input.model) ? input.model : shapeFromParams(input.model.params);
  if (!isArch(input.model))
    warnings.push({ code: "shape-assumed", params: { layers: arch.layers, hidden: arch.hidden } });
  const counts = paramCounts(input.model);
  const scaleBits = input.scaleBits ?? formatScaleBits(input.format, input.weightBits);
  const weights = weightBytes(
    input.model,
    input.format,
    input.weightBits,
    scaleBits,
    input.weightFileBytes,
  ).stored;

  // llama.cpp and Ollama can leave layers (their weights and their KV cache) in CPU RAM; the
  // rest of the model stays on the GPU. Other engines keep every layer there, whatever a
  // request says of GPU layers.
  const onGpuLayers = memory.cpuLayers
    ? Math.min(arch.layers, input.gpuLayers ?? arch.layers)
    : arch.layers;
  const cpuBytes = (weights * (arch.layers - onGpuLayers)) / arch.layers;
  const weightsPerGpu = (weights - cpuBytes) / tp;

  const perToken = kvBytesPerToken(arch, input.kvBits);
  // One sequence's cache at its context: sliding-window layers keep only their window,
  // except in ExLlamaV2, whose cache has the full length in every layer (exllamav2/cache.py).
  const perSequence =
    engine === "exllamav2"
      ? perToken * input.contextTokens
      : kvCacheBytes(arch, input.contextTokens, input.kvBits);
  const kvElementScale =
    engine === "exllamav2" ? exllamaKvBytesPerElement(input.kvBits) / (input.kvBits / 8) : 1;
  const gpuShare = kvElementScale * kvShareOnGpu(arch, tp);
  const perSequencePerGpu = perSequence * gpuShare;
  const perTokenPerGpu = perToken * gpuShare;
  const kvWanted = perSequence * input.sequences;
  const kvPerGpu = perSequencePerGpu * input.sequences * (onGpuLayers / arch.layers);
  // ExLlamaV2's quantized caches also keep one fp16 K/V scratch of the full shape.
  const scratch =
    engine === "exllamav2" && input.kvBits < 16
      ? (perToken / arch.layers) *
        (16 / input.kvBits) *
        kvShareOnGpu(arch, tp) *
        input.contextTokens *
        input.sequences
      : 0;

  const shape = forwardShape(input, tp);
  const ffn = arch.moe ? arch.moe.activeExperts * arch.moe.expertFfn : arch.ffn;
  const workspace =
    (Math.min(shape.tokens, Math.max(input.contextTokens, 1) * input.sequences) *
      (WORKSPACE_HIDDEN_VALUES * arch.hidden + WORKSPACE_FFN_VALUES * ffn) *
      activationBytes(engine)) /
      tp +
    shape.sequences * arch.vocab * SAMPLING_LOGIT_BYTES;
  // bitsandbytes 4-bit matmuls dequantize one weight matrix to 16 bit for prompt
  // processing (bitsandbytes functional.dequantize_4bit); the other engines' kernels do not.
  const dequant =
    input.format === "bnb" && input.weightBits < 8 ? (counts.largestQuantizable * 2) / tp : 0;
  const nonTorch = memory.model === "pool" && engine === "vllm" ? VLLM_NON_TORCH_BYTES : 0;

  const parts = [
    part("weights", weightsPerGpu),
    part("kv-cache", kvPerGpu + scratch),
    part("activation-workspace", workspace),
    part("dequant-buffer", dequant),
    part("engine-buffers", nonTorch),
  ];
  const overheads: MemoryOverheads = { ...input };
  const fragmentation = input.fragmentation ?? memory.fragmentation;
  if (fragmentation !== undefined) overheads.fragmentation = fragmentation;
  const views = memoryViews(parts, overheads);

  let kvPool: KvPool | null = null;
  let maxSequences: number | null = null;
  let engineReservedBytes: number | null = null;
  const assumptions: Assumption[] = [];
  if (input.gpu) {
    const total = deviceBytes(input.gpu);
    const perSeq = perSequencePerGpu;
    if (memory.model === "pool") {
      kvPool = poolOf(
        input,
        total,
        weightsPerGpu,
        workspace + nonTorch,
        perTokenPerGpu,
        perSeq,
        tp,
      );
      maxSequences = kvPool.maxSequences;
      engineReservedBytes = Math.max(kvPool.reservedBytes, views.nvidiaSmiBytes);
      warnings.push({
        code: "engine-reserves-memory",
        params: { utilization: kvPool.share, reservedBytes: kvPool.reservedBytes },
      });
      if (kvPool.maxSequences < input.sequences)
        warnings.push({
          code: "kv-pool-short",
          params: { sequences: input.sequences, maxSequences: kvPool.maxSequences },
        });
      assumptions.push({ key: "memory-share", value: kvPool.share, source: memory.source });
    } else {
      const nonKv = views.nvidiaSmiBytes - kvPerGpu / (1 - views.fragmentation);
      maxSequences = Math.max(
        0,
        Math.floor((total - nonKv) / (perSeq / (1 - views.fragmentation))),
      );
    }
  }
  if (kvWanted > weights)
    warnings.push({
      code: "kv-exceeds-weights",
      params: { kvBytes: kvWanted, weightBytes: weights },
    });
  if (cpuBytes > 0)
    warnings.push({
      code: "layers-on-cpu",
      params: { cpuBytes, layers: arch.layers - onGpuLayers },
    });
  pushCommonWarnings(warnings, views, input.gpu);
  assumptions.push(
    {
      key: "params",
      value: counts.total,
      source: isArch(input.model) ? "from-architecture" : "request",
    },
    {
      key: "weight-format",
      value: input.format,
      // A request that names no format gets the engine's at these bits (`servingDefaults`),
      // which must not read as typed; as the plan's assumptions do, that value typed is
      // reported as the default it equals.
      source:
        input.format === defaultFormat(engine, input.weightBits)
          ? "serve-format-default"
          : "request",
    },
    {
      key: "weight-bits",
      value: input.weightBits,
      // 16 bits is what a request naming no precision gets: reported as the default it is.
      source:
        input.weightBits === SERVING_FIELDS.weightBits.default
          ? "serve-precision-default"
          : "request",
    },
    {
      key: "scale-bits",
      value: scaleBits,
      source: scaleBits > 0 ? "format-scales" : "no-scale-bits",
    },
    { key: "kv-bytes-per-token", value: perToken, source: "kv-formula" },
    { key: "prefill-chunk-tokens", value: shape.tokens, source: memory.source },
    { key: "engine", value: engine, source: memory.source },
    ...overheadAssumptions(views),
  );
  return {
    ...views,
    assumptions,
    warnings,
    weightBytes: weights,
    kvCacheBytes: kvWanted,
    kvBytesPerToken: perToken,
    maxSequences,
    engineReservedBytes,
    kvPool,
    cpuBytes,
  };
}

/**
 * How a GPU serves the sequences (`memoryFit`'s three levels), and an engine that reserves a
 * pool must hold all of them in it, else nothing fits. The memory page's verdict and every
 * plan row use this one rule.
 */
export function servingFit(
  result: Pick<InferenceMemoryResult, "recommendedBytes" | "nvidiaSmiBytes" | "kvPool">,
  gpu: GpuSpec,
  sequences: number,
): MemoryFit {
  if (result.kvPool !== null && result.kvPool.maxSequences < sequences) return "does-not-fit";
  return memoryFit(result, gpu.memoryTotalBytes);
}

/**
 * The KV pool a reserving engine builds on one GPU:
 * - vLLM: utilisation x total memory − weights − the profiled activation peak − memory
 *   outside PyTorch (vllm/v1/worker/gpu_worker.py, vllm/utils/mem_utils.py);
 * - SGLang: mem_fraction_static x memory free before loading − weights
 *   (sglang/srt/model_executor/model_runner.py `profile_max_num_token`);
 * - TensorRT-LLM: 90% of what weights and activations leave free.
 */
function poolOf(
  input: InferenceMemoryInput,
  total: number,
  weightsPerGpu: number,
  buffers: number,
  perTokenPerGpu: number,
  perSequencePerGpu: number,
  tp: number,
): KvPool {
  let share: number;
  let bytes: number;
  let pageTokens: number;
  const freeAtStart = total - CUDA_CONTEXT_BYTES;
  switch (input.engine) {
    case "sglang":
      share = input.gpuMemoryUtilization ?? sglangDefaults(total / BYTES_PER_MIB, tp).fraction;
      bytes = share * freeAtStart - weightsPerGpu;
      pageTokens = 1;
      break;
    case "tensorrt-llm":
      share = input.gpuMemoryUtilization ?? TRTLLM_FREE_FRACTION;
      bytes = share * (freeAtStart - weightsPerGpu - buffers);
      pageTokens = 32;
      break;
    default:
      share = input.gpuMemoryUtilization ?? VLLM_GPU_MEMORY_UTILIZATION;
      bytes = share * total - weightsPerGpu - buffers;
      pageTokens = VLLM_BLOCK_TOKENS;
  }
  bytes = Math.max(0, bytes);
  const tokens = Math.floor(bytes / perTokenPerGpu);
  return {
    bytes,
    tokens,
    blocks: Math.floor(tokens / pageTokens),
    maxSequences: Math.floor(bytes / perSequencePerGpu),
    share,
    reservedBytes: input.engine === "vllm" ? share * total : weightsPerGpu + buffers + bytes,
  };
}
