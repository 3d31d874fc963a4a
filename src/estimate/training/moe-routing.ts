/**
 * What routing tokens to experts costs beside the experts' own FLOPs (6·N_active) and the
 * expert-parallel all-to-alls (`training/scaling.ts`): copies of every routed token's hidden state
 * through GPU memory, memory-bound work that no tensor core speeds up.
 *
 * Megatron-Core's all-to-all token dispatcher (megatron/core/transformer/moe/
 * token_dispatcher.py, MoEAlltoAllTokenDispatcher, with moe_utils.permute / unpermute /
 * sort_chunks_by_idxs) moves each of a token's top-k copies, in the forward:
 * - permute: gathers the k copies into expert order (read k·h, write k·h);
 * - sort_chunks_by_idxs after the all-to-all: groups the received copies by local expert
 *   (read and write k·h), and again before the return all-to-all (read and write k·h);
 * - unpermute: reads the k expert outputs and sums them, weighted by the router's
 *   probabilities, into the token (read k·h, write h).
 * That is 7 passes of k·h elements. The backward runs each in reverse: the gradient of
 * unpermute writes k copies and reads the saved expert outputs for the probabilities'
 * gradient (2), the two sorts (4), permute's gradient scatter-adds the copies back (1): 7
 * again. Full recomputation reruns the forward's 7. The all-to-alls' own reads and writes
 * run under their link time and are not counted twice. DeepEP (AutoModel's dispatcher)
 * fuses the gather into its dispatch kernel, but its receive buffers are then permuted
 * for the grouped GEMM all the same; the same passes stand for it.
 */
import type { ModelArch } from "../model/model.ts";

/** Passes of k·h elements through memory per MoE layer: forward and backward. */
export const ROUTED_COPY_PASSES = { forward: 7, backward: 7 } as const;

/** bf16 activations: 2 bytes per element. */
export const ROUTED_COPY_BYTES = 2;

/** MoE layers of a model (all layers but its leading dense ones); 0 for a dense model. */
export function moeLayersOf(m: ModelArch): number {
  return m.moe ? m.layers - Math.min(m.moe.denseLayers ?? 0, m.layers) : 0;
}

/**
 * Bytes one token's routed copies move through memory in a training step, over all MoE
 * layers; `forwardReruns` is 1 under full recomputation.
 */
export function routedCopyBytesPerToken(m: ModelArch, forwardReruns: number): number {
  if (!m.moe) return 0;
  const passes = ROUTED_COPY_PASSES.forward * (1 + forwardReruns) + ROUTED_COPY_PASSES.backward;
  return moeLayersOf(m) * m.moe.activeExperts * m.hidden * ROUTED_COPY_BYTES * passes;
}

/**
 * Tokens each expert's GEMM multiplies per micro-batch with routing spread evenly: the
 * micro-batch's tokens on a tensor-parallel rank, top-k copies each, gathered from the ep
 * ranks of the expert group onto experts ÷ ep local experts.
 */
export function tokensPerExpert(
  m: ModelArch,
  microTokens: number,
  tensorParallel: number,
  expertParallel: number,
): number {
  if (!m.moe) return 0;
  return (microTokens * m.moe.activeExperts * expertParallel) / (tensorParallel * m.moe.experts);
}

/**
 * At or below this many tokens per expert a published grouped GEMM of a fine-grained MoE's
 * expert shape ran at 12–16% of an H100's peak (tgale96/grouped_gemm pull request 37, 2026:
 * Qwen3-30B-A3B's up projection, 128 experts, K 2048, N 1536, 512 tokens each, 117–161
 * TFLOPS), far below the dense utilisation the estimate applies: the task warns.
 */
export const SMALL_EXPERT_BATCH_TOKENS = 512;
