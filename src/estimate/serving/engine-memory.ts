/**
 * How each serving engine takes GPU memory, from its own source (read 2026-08; see
 * /shared/reference/formulas.md "Modern stacks"):
 * - `pool` engines (vLLM, SGLang, TensorRT-LLM) reserve a share of the GPU up front, load
 *   the weights, profile one forward pass at their batched-token limit, and turn what is
 *   left of the share into a paged KV pool: how many sequences fit is the pool over each
 *   sequence's cache.
 * - `context` engines (llama.cpp, Ollama, ExLlamaV2) allocate the cache for the context
 *   they are given, at load, plus compute buffers sized by their batch.
 * - `dynamic` (Transformers generate) grows the cache as tokens come (DynamicCache) under
 *   PyTorch's caching allocator.
 * Data only, so the page's inputs can offer each engine's own settings without loading the
 * estimator; the engines' constants are in `serving/engines.ts`.
 */
import type { Engine } from "../vocabulary.ts";
import type { SourceKey } from "../result.ts";

export type MemoryModel = "pool" | "context" | "dynamic";

export interface EngineMemory {
  model: MemoryModel;
  /**
   * Fragmentation of the caching allocator's reserve. Pool and context engines allocate
   * their cache as one block and their buffers once, so none applies; Transformers uses the
   * training default (memory-views.ts).
   */
  fragmentation: number | undefined;
  /** The engine can leave layers in CPU RAM (llama.cpp's and Ollama's `n_gpu_layers`). */
  cpuLayers: boolean;
  source: SourceKey;
}

export const ENGINE_MEMORY: Record<Engine, EngineMemory> = {
  transformers: {
    model: "dynamic",
    fragmentation: undefined,
    cpuLayers: false,
    source: "hf-dynamic-cache",
  },
  vllm: { model: "pool", fragmentation: 0, cpuLayers: false, source: "vllm-kv-pool" },
  sglang: { model: "pool", fragmentation: 0, cpuLayers: false, source: "sglang-kv-pool" },
  "tensorrt-llm": { model: "pool", fragmentation: 0, cpuLayers: false, source: "trtllm-kv-pool" },
  "llama.cpp": { model: "context", fragmentation: 0, cpuLayers: true, source: "llama-cpp-context" },
  ollama: { model: "context", fragmentation: 0, cpuLayers: true, source: "ollama-context" },
  exllamav2: { model: "context", fragmentation: 0, cpuLayers: false, source: "exllamav2-cache" },
};
