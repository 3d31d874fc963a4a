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
 * Bytes moved per trainable parameter: the gradient read, the states read and written,
 * the stepped copy read and written, and the weights written from a master copy.
 */
export function optimizerStepBytesPerParam(b: OptimizerStepBytes): number {
  const stepped = b.master > 0 ? b.master : b.weights;
  return b.grads + 2 * b.states + 2 * stepped + (b.master > 0 ? b.weights : 0);
}

/** Seconds of one optimizer step on one GPU; 0 where the GPU's bandwidth is not known. */
export function optimizerStepSeconds(
  paramsPerGpu: number,
  bytesPerParam: number,
  bandwidthGBps: number | undefined,
): number {
  return bandwidthGBps ? (paramsPerGpu * bytesPerParam) / gbToBytes(bandwidthGBps) : 0;
}
