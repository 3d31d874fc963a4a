/**
 * The serving engines' defaults and sizes that the memory and speed estimates read, each
 * from the engine's own source (read 2026-08; see /shared/reference/formulas.md "Modern
 * stacks"); how each engine takes memory is `serving/engine-memory.ts`.
 */
/**
 * vLLM's `gpu_memory_utilization` default (vllm/config/cache.py, `Field(default=0.9)`; the
 * newest main has 0.92, not yet in a release read here) and its KV block size (16 tokens).
 */
export const VLLM_GPU_MEMORY_UTILIZATION = 0.9;
export const VLLM_BLOCK_TOKENS = 16;
/**
 * vLLM's API server batches at most 8192 tokens on GPUs of 70 GiB or more other than the
 * A100, 2048 elsewhere, and at most 1024 or 256 sequences (vllm/engine/arg_utils.py); the
 * profile run that sizes the pool is one forward pass at that token limit.
 */
export const VLLM_LARGE_GPU_BYTES = 70 * 2 ** 30;
export const VLLM_BATCHED_TOKENS = { large: 8192, other: 2048 } as const;
export const VLLM_MAX_SEQS = { large: 1024, other: 256 } as const;
/**
 * Memory vLLM counts outside PyTorch (cuBLAS and attention workspaces, NCCL): its logs show
 * 0.20 GiB on a 24 GB card (vLLM PR #14447) and 1.79 GiB on an H100 (PR #10511); the mean
 * of the two, 1 GiB, per GPU.
 */
export const VLLM_NON_TORCH_BYTES = 2 ** 30;
/**
 * SGLang's default `mem_fraction_static` (python/sglang/srt/server_args.py,
 * `_handle_gpu_memory_settings`): (GPU memory − reserved) / GPU memory, reserved in MB =
 * 512 + max(chunked_prefill_size, 2048) x 1.5 + cuda_graph_max_bs x 2 + tp / 8 x 1024, at
 * least 10 GB on GPUs above 60 GB. `chunked_prefill_size` and `cuda_graph_max_bs` by GPU
 * memory: < 35 GB 2048 / 24 (80 at tp ≥ 4); < 60 GB 4096 / 32 (160); < 160 GB 8192 / 256
 * (512); larger 16384 / 512.
 */
export function sglangDefaults(gpuMiB: number, tp: number): { chunk: number; fraction: number } {
  const gb = gpuMiB / 1024;
  const [chunk, graphBs] =
    gb < 35
      ? [2048, tp < 4 ? 24 : 80]
      : gb < 60
        ? [4096, tp < 4 ? 32 : 160]
        : gb < 160
          ? [8192, tp < 4 ? 256 : 512]
          : [16384, 512];
  let reservedMiB = 512 + Math.max(chunk, 2048) * 1.5 + graphBs * 2 + (tp / 8) * 1024;
  if (gpuMiB > 60 * 1024) reservedMiB = Math.max(reservedMiB, 10 * 1024);
  return { chunk, fraction: Math.round(((gpuMiB - reservedMiB) / gpuMiB) * 1000) / 1000 };
}
/**
 * TensorRT-LLM gives the KV cache 90% of the memory free after weights and buffers
 * (KvCacheConfig `free_gpu_memory_fraction = 0.9`, nvidia.github.io/TensorRT-LLM) and sizes
 * activations at build time for `max_num_tokens`, 8192 in trtllm-serve (unverified: an
 * unofficial mirror of its docs).
 */
export const TRTLLM_FREE_FRACTION = 0.9;
export const TRTLLM_MAX_NUM_TOKENS = 8192;
/** llama.cpp's physical batch (`n_ubatch = 512`, common/common.h) sizes its compute buffer. */
export const LLAMA_CPP_UBATCH = 512;
/**
 * ExLlamaV2's quantized caches keep K and V packed plus fp16 scales, head_dim / 32 per
 * token and head (exllamav2/cache.py): Q4 0.5625, Q8 1.0625 bytes per element, and one
 * fp16 scratch K/V of the full shape per device.
 */
export function exllamaKvBytesPerElement(kvBits: number): number {
  if (kvBits >= 16) return kvBits / 8;
  return kvBits / 8 + 2 / 32;
}
