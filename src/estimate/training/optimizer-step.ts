/**
 * The optimizer step: work done once per optimizer step whatever the batch, so a step over
 * few tokens spends a larger share of its time there. Each GPU updates the parameters of
 * its own optimizer shard (all of them without ZeRO; 1/dp with ZeRO-1/2/3 and FSDP; 1/tp
 * and 1/pp of them under tensor and pipeline parallel).
 *
 * AdamW as PyTorch runs it by default (torch/optim/adam.py `_multi_tensor_adam`, foreach;
 * the same element-wise work in `_fused_adam`): per parameter it reads the gradient and
 * both moment estimates, updates the moments in place (read and written) and updates the
 * parameter it steps (read and written): the fp32 master copy under mixed precision, whose
 * 16-bit weights are then written from it (Megatron-Core's distributed optimizer,
 * megatron/core/optimizer/optimizer.py `_copy_main_params_to_model_params`; Apex/DeepSpeed
 * alike), or the weights themselves without one. That is about a dozen FLOPs per 30-odd
 * bytes, far below any GPU's FLOPs-per-byte ridge, so the step runs at memory bandwidth:
 * its time is its bytes over the datasheet bandwidth (a lower bound: kernels reach less).
 * How many times those bytes move depends on the kernel: once fused, many times unfused
 * (`FOREACH_ADAMW_PASSES`).
 */
import { gbToBytes } from "../units.ts";

/** Bytes per trainable parameter of each value the step touches. */
export interface OptimizerStepBytes {
  /** The 16-bit (or fp32) weights the forward reads. */
  weights: number;
  /** The fp32 master copy under mixed precision; 0 without one. */
  master: number;
  grads: number;
  /** All optimizer state of one parameter (AdamW: both moments). */
  states: number;
}

/**
 * PyTorch's default AdamW step on CUDA is not one kernel: `torch.optim.AdamW` takes the
 * foreach path unless `fused=True` (torch/optim/optimizer.py `_default_to_fused_or_foreach`
 * is called with use_fused False), and `_multi_tensor_adam` (torch/optim/adam.py) makes one
 * pass over the tensor lists per operation, each reading and writing whole tensors:
 *   decoupled decay  `_foreach_mul_(params)`                   p read and written
 *   first moment     `_foreach_lerp_(exp_avgs, grads)`         m and g read, m written
 *   second moment    `_foreach_mul_(exp_avg_sqs)`              v read and written
 *                    `_foreach_addcmul_(exp_avg_sqs, g, g)`    v, g, g read, v written
 *   denominator      `_foreach_sqrt(exp_avg_sqs)`              v read, d written
 *                    `_foreach_div_(d)`, `_foreach_add_(d)`    d read and written, twice
 *   update           `_foreach_addcdiv_(params, m, d)`         p, m, d read, p written
 * with d in the moments' dtype: 4 passes over the stepped copy, 3 over the gradient and 14
 * over one moment's bytes, where a fused kernel reads and writes each once (2, 1 and 4).
 * A per-parameter loop (composer's DecoupledAdamW) runs the same element-wise operations.
 */
export const FOREACH_ADAMW_PASSES = { stepped: 4, grads: 3, moment: 14 } as const;
export const FUSED_PASSES = { stepped: 2, grads: 1, moment: 4 } as const;

/**
 * Bytes moved per trainable parameter: the gradient, the states and the stepped copy (the
 * fp32 master under mixed precision, else the weights) as many times as the step's kernels
 * pass over them, and the weights written from a master copy. `foreachAdamw`: PyTorch's
 * default unfused AdamW (above); otherwise one fused pass (Megatron-Core's and DeepSpeed's
 * FusedAdam, `adamw_torch_fused`, bitsandbytes' 8-bit and paged kernels).
 */
export function optimizerStepBytesPerParam(b: OptimizerStepBytes, foreachAdamw: boolean): number {
  const stepped = b.master > 0 ? b.master : b.weights;
  const passes = foreachAdamw ? FOREACH_ADAMW_PASSES : FUSED_PASSES;
  // AdamW's states are its two moments.
  const moment = b.states / 2;
  return (
    passes.grads * b.grads +
    passes.moment * moment +
    passes.stepped * stepped +
    (b.master > 0 ? b.weights : 0)
  );
}

/** Seconds of one optimizer step on one GPU; 0 where the GPU's bandwidth is not known. */
export function optimizerStepSeconds(
  paramsPerGpu: number,
  bytesPerParam: number,
  bandwidthGBps: number | undefined,
): number {
  return bandwidthGBps ? (paramsPerGpu * bytesPerParam) / gbToBytes(bandwidthGBps) : 0;
}
