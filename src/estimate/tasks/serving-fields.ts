/**
 * How a model is served: weight and KV precision, context, concurrency, engine, tensor
 * parallelism, prompt and output lengths. Shared by inference memory, decode speed and the
 * GPU ranking, and stored once on the page (`$serving`).
 */
import { ENGINES } from "../vocabulary.ts";
import { int, num, oneOf, share } from "./field.ts";
import { MEMORY_FIELDS } from "./memory-fields.ts";

/** KV cache element widths engines offer: fp32, fp16/bf16, fp8/int8, int4. */
export const KV_BITS = [4, 8, 16, 32] as const;

export const SERVING_FIELDS = {
  /** Bits per weight: 32, 16, 8, 4, or a GGUF average such as 4.85 (its scales included). */
  weightBits: num("bits", 1, 32, { default: 16 }),
  /** Scale bits per weight on top of `weightBits`; default by format (inference-memory.ts). */
  scaleBits: num("bits", 0, 16),
  kvBits: oneOf(KV_BITS, { default: 16 }),
  contextTokens: int("tokens", 1, 10_000_000, { default: 4096, suffixes: true }),
  sequences: int("sequences", 1, 100_000, { default: 1 }),
  engine: oneOf(ENGINES, { default: "pytorch" }),
  /** vLLM's share of GPU memory reserved up front (its default 0.9). */
  gpuMemoryUtilization: share({ default: 0.9 }),
  tensorParallel: int("gpus", 1, 1024, { default: 1, label: "f.tpInfer" }),
  prefillChunkTokens: int("tokens", 1, 10_000_000),
  promptTokens: int("tokens", 0, 10_000_000, { default: 0, suffixes: true }),
  outputTokens: int("tokens", 1, 10_000_000, { default: 256, suffixes: true }),
  /** Achieved share of the bandwidth bound; default per engine (inference-speed.ts). */
  efficiency: share(),
  ...MEMORY_FIELDS,
} as const;
