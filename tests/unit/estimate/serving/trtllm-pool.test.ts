/**
 * TensorRT-LLM sizes its KV pool from what is free once the engine is loaded: the weights and
 * the activation buffers it reserves for `max_num_tokens` are taken first, and the pool is
 * `free_gpu_memory_fraction` (0.9 by default, tensorrt_llm/llmapi/llm_args.py KvCacheConfig)
 * of the rest.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";

const ctx = { gpus: loadGpuSpecs(), presets: PRESETS, prices: [] };

interface Result {
  breakdown: { key: string; value: number }[];
  kvPool: { bytes: number; share: number };
}

const pool = (prefillChunkTokens: number): Result => {
  const r = runRequest(
    {
      task: "infer-memory",
      model: { preset: "llama-3.1-8b" },
      engine: "tensorrt-llm",
      gpu: "h100-sxm",
      contextTokens: 8192,
      sequences: 8,
      prefillChunkTokens,
    },
    ctx,
  );
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as Result;
};
const part = (r: Result, key: string) => r.breakdown.find((p) => p.key === key)?.value ?? NaN;

describe("TensorRT-LLM's KV pool", () => {
  it("is 90% of the memory left after the CUDA context, the weights and the activation buffers", () => {
    const r = pool(2048);
    // H100 SXM: 85,520,809,984 bytes (81,559 MiB, content/gpus.json). Llama 3.1 8B in fp16:
    // 8,030,261,248 parameters × 2 bytes = 16,060,522,496 bytes of weights.
    expect(part(r, "weights")).toBe(16_060_522_496);
    const free = 85_520_809_984 - part(r, "cuda-context") - 16_060_522_496;
    expect(r.kvPool.share).toBe(0.9);
    expect(r.kvPool.bytes).toBeCloseTo(0.9 * (free - part(r, "activation-workspace")), 0);
  });

  it("shrinks by 90% of what a larger token budget adds to the activation buffers", () => {
    const small = pool(2048);
    const large = pool(4096);
    const added = part(large, "activation-workspace") - part(small, "activation-workspace");
    expect(added).toBeGreaterThan(0);
    expect(small.kvPool.bytes - large.kvPool.bytes).toBeCloseTo(0.9 * added, 0);
  });
});
