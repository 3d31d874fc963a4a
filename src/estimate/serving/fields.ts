/**
 * How a model is served: weight and KV precision, context, concurrency, engine, tensor
 * parallelism, prompt and output lengths. Shared by inference memory, decode speed and the
 * GPU ranking, and stored once on the page (`$serving`).
 */
import type { Engine, WeightFormat } from "../vocabulary.ts";
import { ARRIVALS, ENGINES, LINK_CLASSES, WEIGHT_FORMATS } from "../vocabulary.ts";
import { int, num, oneOf, share } from "../request/field.ts";
import { MEMORY_FIELDS } from "../memory/fields.ts";

/** KV cache element widths engines offer: fp32, fp16/bf16, fp8/int8, int4. */
export const KV_BITS = [4, 8, 16, 32] as const;

/**
 * The engine a serving request means when it names none: vLLM, the continuous-batching
 * server people serve users with (results say so: source `serve-engine-default`).
 */
export const DEFAULT_ENGINE: Engine = "vllm";
/**
 * Lengths a request means when it gives none: `vllm bench serve`'s defaults, a random
 * prompt of 1024 tokens (`--random-input-len`) and 256 output tokens
 * (`--custom-output-len`), as its own help prints them (vllm-project/vllm PR #23867).
 */
export const DEFAULT_PROMPT_TOKENS = 1024;
export const DEFAULT_OUTPUT_TOKENS = 256;

export const SERVING_FIELDS = {
  engine: oneOf(ENGINES, { default: DEFAULT_ENGINE }),
  /** Bits per weight: 32, 16, 8, 4, or a GGUF/EXL2 average such as 4.85 (its scales included). */
  weightBits: num("bits", 1, 32, { default: 16 }),
  /** How the weights are stored; default by engine and bits (`model/weight-formats.ts`). */
  weightFormat: oneOf(WEIGHT_FORMATS),
  /** Scale bits per weight on top of `weightBits`; default by format (`formatScaleBits`). */
  scaleBits: num("bits", 0, 16),
  /**
   * The weights' exact size when known (read from the user's own GGUF or safetensors
   * header): replaces the size computed from the format and bits.
   */
  weightFileBytes: num("bytes", 1, 1e14),
  kvBits: oneOf(KV_BITS, { default: 16 }),
  contextTokens: int("tokens", 1, 10_000_000, { default: 4096, suffixes: true }),
  sequences: int("sequences", 1, 100_000, { default: 1 }),
  /** Whether those users each wait for their answer, or send every request at once (a burst). */
  arrival: oneOf(ARRIVALS, { default: "closed" }),
  /**
   * The engine's share of GPU memory: vLLM's gpu_memory_utilization (default 0.9), SGLang's
   * mem_fraction_static (default from the GPU's memory), TensorRT-LLM's
   * free_gpu_memory_fraction (0.9); other engines take what they need.
   */
  gpuMemoryUtilization: share(),
  tensorParallel: int("gpus", 1, 1024, { default: 1, label: "f.tpInfer" }),
  /** How the tensor-parallel GPUs are joined; default what the catalog says of the GPU. */
  gpuLink: oneOf(LINK_CLASSES),
  /**
   * Tokens of the engine's largest forward pass, the most one step carries; default the
   * engine's (`serving/engines.ts`, `serving/schedule.ts`).
   */
  prefillChunkTokens: int("tokens", 1, 10_000_000),
  /** Layers llama.cpp or Ollama keeps on the GPU (n_gpu_layers); default all. */
  gpuLayers: int("count", 0, 1000),
  promptTokens: int("tokens", 0, 10_000_000, { default: DEFAULT_PROMPT_TOKENS, suffixes: true }),
  outputTokens: int("tokens", 1, 10_000_000, { default: DEFAULT_OUTPUT_TOKENS, suffixes: true }),
  /** Achieved share of the bandwidth bound; default per engine (inference-speed.ts). */
  efficiency: share(),
  ...MEMORY_FIELDS,
} as const;

/** The weight format a request means when it names none: by engine and bits (`defaultFormat`). */
/**
 * Defaults that depend on the rest of the request: the weight format by engine and bits, and
 * a prompt of `DEFAULT_PROMPT_TOKENS` cut to the context when the context is shorter (a
 * 512-token context holds a 512-token prompt at most; the request then says nothing wrong).
 */
export const servingDefaults = (given: Record<string, unknown>): Record<string, unknown> => {
  const context = given["contextTokens"] as number | undefined;
  return {
    weightFormat: defaultFormat(
      (given["engine"] as Engine | undefined) ?? DEFAULT_ENGINE,
      (given["weightBits"] as number | undefined) ?? 16,
    ),
    ...(context === undefined ? {} : { promptTokens: Math.min(DEFAULT_PROMPT_TOKENS, context) }),
  };
};

/**
 * The format a request means when it does not say: GGUF in llama.cpp and Ollama; otherwise
 * fp16 for 16-bit weights, else what the engine usually loads (EXL2 in ExLlamaV2,
 * bitsandbytes in Transformers, FP8 or AWQ in vLLM, SGLang and TensorRT-LLM).
 */
export function defaultFormat(engine: Engine, weightBits: number): WeightFormat {
  // llama.cpp and Ollama load GGUF files only, F16 included.
  if (engine === "llama.cpp" || engine === "ollama") return "gguf";
  if (weightBits >= 16) return "fp16";
  switch (engine) {
    case "exllamav2":
      return "exl2";
    case "transformers":
      return "bnb";
    case "vllm":
    case "sglang":
    case "tensorrt-llm":
      return weightBits >= 8 ? "fp8" : "awq";
  }
}
