/**
 * KV cache = 2 (K and V) x layers x KV heads x head dim x tokens x sequences x bytes.
 * Uses the config's KV heads (GQA/MQA) and head_dim; never h/a when head_dim is given
 * (LMCache PR #694). MLA caches one compressed latent plus the shared RoPE key per token
 * per layer (DeepSeek-V2, arXiv 2405.04434 sec. 2.1.2: (d_c + d_h^R)·l elements per token).
 */
import type { ModelArch } from "./model.ts";
import { headDimOf, kvHeadsOf } from "./model.ts";

/** Bytes the cache holds for one token of one sequence. */
export function kvBytesPerToken(model: ModelArch, kvBits: number): number {
  const bytes = kvBits / 8;
  if (model.mla) return model.layers * (model.mla.kvLoraRank + model.mla.qkRopeHeadDim) * bytes;
  return 2 * model.layers * kvHeadsOf(model) * headDimOf(model) * bytes;
}

export function kvCacheBytes(
  model: ModelArch,
  kvBits: number,
  tokens: number,
  sequences: number,
): number {
  return kvBytesPerToken(model, kvBits) * tokens * sequences;
}
