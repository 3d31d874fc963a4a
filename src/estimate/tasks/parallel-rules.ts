/** Cross-field rules of a parallel layout, which only the tasks check (not the page's inputs). */
import type { ModelSpec } from "../model.ts";
import { isArch, kvHeadsOf } from "../model.ts";
import type { Issue } from "./issue.ts";
import { issue } from "./issue.ts";

/** Tensor parallel splits each layer over GPUs of one data-parallel replica. */
function parallelRules(r: { gpus: number; tensorParallel: number }, gpusField = "gpus"): Issue[] {
  if (r.tensorParallel > r.gpus)
    return [issue("tensorParallel", "tp-exceeds-gpus", { gpus: r.gpus, field: gpusField })];
  if (r.gpus % r.tensorParallel !== 0)
    return [issue("tensorParallel", "tp-not-divisor", { gpus: r.gpus, field: gpusField })];
  return [];
}

/**
 * Tensor parallel splits the attention heads evenly over the GPUs, so it must divide them;
 * the K/V heads are split too when there are at least as many as GPUs, and otherwise each
 * is copied to tensorParallel / kvHeads GPUs, which must then be whole.
 * - Serving (`kvCopies: true`): vLLM `ModelConfig.verify_with_parallel_config` (heads %
 *   tp) and `QKVParallelLinear` (vllm/model_executor/layers/linear.py: kv % tp, or
 *   tp % kv with each K/V head replicated); SGLang and TensorRT-LLM split the same way.
 * - Training (`kvCopies: false`): Megatron-LM's `TransformerConfig` requires
 *   num_query_groups to be a multiple of tensor_model_parallel_size (no copies).
 * A model given only by its parameter count has an assumed shape, which is not held to this;
 * MLA (DeepSeek) keeps one latent K/V per token that every GPU holds whole.
 */
export function headRules(spec: ModelSpec, tensorParallel: number, kvCopies: boolean): Issue[] {
  if (!isArch(spec) || tensorParallel <= 1) return [];
  if (spec.heads % tensorParallel !== 0)
    return [issue("tensorParallel", "tp-heads", { heads: spec.heads })];
  const kv = kvHeadsOf(spec);
  if (spec.mla || kv % tensorParallel === 0) return [];
  if (kvCopies && tensorParallel % kv === 0) return [];
  return [issue("tensorParallel", kvCopies ? "tp-kv-copies" : "tp-kv-heads", { kvHeads: kv })];
}

/** A training layout: the GPU count first, then the model's heads (one issue per field). */
export function trainingParallelRules(r: {
  gpus: number;
  tensorParallel: number;
  model?: { spec: ModelSpec } | undefined;
}): Issue[] {
  const layout = parallelRules(r);
  return layout.length || !r.model ? layout : headRules(r.model.spec, r.tensorParallel, false);
}
