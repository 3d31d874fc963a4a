/**
 * Cross-field rules of a parallel layout, which only the tasks check (not the page's
 * inputs): the layout, the heads tensor parallelism splits, and an optimizer step that
 * needs one micro-batch.
 */
import type { ModelArch, ModelSpec } from "../model/model.ts";
import { isArch, kvHeadsOf } from "../model/model.ts";
import type { Issue } from "../request/issue.ts";
import { issue } from "../request/issue.ts";

/** Tensor parallel splits each layer over GPUs of one data-parallel replica. */
function parallelRules(r: { gpus: number; tensorParallel: number }, gpusField = "gpus"): Issue[] {
  if (r.tensorParallel > r.gpus)
    return [issue("tensorParallel", "tp-exceeds-gpus", { gpus: r.gpus, field: gpusField })];
  if (r.gpus % r.tensorParallel !== 0)
    return [issue("tensorParallel", "tp-not-divisor", { gpus: r.gpus, field: gpusField })];
  return [];
}

export interface SpeedLayout {
  gpus: number;
  tensorParallel: number;
  pipelineParallel: number;
  virtualStages: number;
  expertParallel: number;
}

/**
 * Pipeline and expert parallelism (training time). Tensor x pipeline parallel GPUs make
 * one model replica and must divide the GPUs. Pipeline stages (x virtual stages when
 * interleaved) hold at least a layer each; an uneven split is allowed, as Megatron-LM
 * allows it, and the slowest stage sets the pace (`training/step.ts`). Experts split evenly
 * over expert-parallel ranks, which exist only for an MoE, and come out of each stage's
 * tensor x data parallel GPUs (Megatron-Core with expert tensor parallelism 1), so pipeline
 * x expert parallel must divide the GPUs too.
 */
export function speedLayoutRules(r: SpeedLayout, arch: ModelArch | undefined): Issue[] {
  const out: Issue[] = [];
  const model = r.tensorParallel * r.pipelineParallel;
  if (r.gpus % r.tensorParallel === 0 && r.gpus % model !== 0)
    out.push(issue("pipelineParallel", "layout-not-divisor", { product: model, gpus: r.gpus }));
  if (r.virtualStages > 1 && r.pipelineParallel === 1)
    out.push(issue("virtualStages", "needs-with", { with: "pipelineParallel > 1" }));
  const stages = r.pipelineParallel * r.virtualStages;
  if (arch && stages > arch.layers)
    out.push(issue("pipelineParallel", "stages-exceed-layers", { layers: arch.layers, stages }));
  if (r.expertParallel > 1) {
    const product = r.pipelineParallel * r.expertParallel;
    if (!arch?.moe) out.push(issue("expertParallel", "dense-no-experts"));
    else if (arch.moe.experts % r.expertParallel !== 0)
      out.push(issue("expertParallel", "experts-not-divisible", { experts: arch.moe.experts }));
    else if (r.gpus % product !== 0)
      out.push(issue("expertParallel", "experts-layout-not-divisor", { product, gpus: r.gpus }));
  }
  return out;
}

/**
 * Stepping each parameter inside backward frees its gradient at once, so gradients cannot
 * accumulate over micro-batches (torchtune's recipes refuse the combination).
 */
export function optimizerRules(r: {
  optimizerInBackward: boolean;
  gradAccumulation: number;
}): Issue[] {
  return r.optimizerInBackward && r.gradAccumulation > 1
    ? [issue("optimizerInBackward", "needs-single-micro-batch", {})]
    : [];
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
