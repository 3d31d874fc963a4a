/**
 * KV cache = 2 (K and V) x layers x KV heads x head dim x tokens x sequences x bytes.
 * Uses the config's KV heads (GQA/MQA) and head_dim; never h/a when head_dim is given
 * (LMCache PR #694). MLA caches one compressed latent plus the shared RoPE key per token
 * per layer (DeepSeek-V2, arXiv 2405.04434 sec. 2.1.2: (d_c + d_h^R)·l elements per token).
 * A sliding-window layer keeps only its last `slidingWindow` tokens (Mistral 7B, arXiv
 * 2310.06825 sec. 2 "rolling buffer cache"; Gemma 3, arXiv 2503.19786 sec. 2.1: 5 local
 * layers of 1024 tokens per global layer).
 */
import type { ModelArch } from "../model/model.ts";
import { headDimOf, kvHeadsOf } from "../model/model.ts";

/** Bytes one layer caches for one token. */
function bytesPerLayerToken(model: ModelArch, kvBits: number): number {
  const bytes = kvBits / 8;
  if (model.mla) return (model.mla.kvLoraRank + model.mla.qkRopeHeadDim) * bytes;
  return 2 * kvHeadsOf(model) * headDimOf(model) * bytes;
}

/**
 * Bytes the cache holds for one token of one sequence when every layer keeps the whole
 * context: exact for full attention, and what a sliding layer costs below its window.
 */
export function kvBytesPerToken(model: ModelArch, kvBits: number): number {
  return model.layers * bytesPerLayerToken(model, kvBits);
}

/** Layers that keep only a window of tokens (all of them when the count is not given). */
export function slidingLayersOf(model: ModelArch): number {
  if (model.slidingWindow === undefined) return 0;
  return Math.min(model.layers, model.slidingLayers ?? model.layers);
}

/**
 * Bytes the cache holds for one sequence of `contextTokens`: full-attention layers for the
 * whole context, sliding-window layers for at most their window.
 */
export function kvCacheBytes(model: ModelArch, contextTokens: number, kvBits: number): number {
  const sliding = slidingLayersOf(model);
  const window = Math.min(contextTokens, model.slidingWindow ?? contextTokens);
  const perLayer = bytesPerLayerToken(model, kvBits);
  return perLayer * ((model.layers - sliding) * contextTokens + sliding * window);
}
