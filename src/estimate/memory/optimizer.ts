/** Optimizer state sizes per trainable parameter, where they live, and what a step adds. */
import type { Optimizer } from "../vocabulary.ts";
export type { Optimizer } from "../vocabulary.ts";
import type { ModelArch } from "../model/model.ts";
import { matrixShapes, paramCounts } from "../model/model.ts";

/** AdamW keeps momentum and variance: two states per parameter (Loshchilov & Hutter 2019). */
export const ADAM_STATES = 2;
/** SGD with momentum keeps one momentum buffer per parameter. */
export const SGD_MOMENTUM_STATES = 1;
/**
 * bitsandbytes' 8-bit optimizers quantize each state block-wise: one byte per value and one
 * fp32 absmax per 256 values (bitsandbytes/optim/optimizer.py, Optimizer2State.init_state:
 * `blocks = n // 256`, `absmax1`, `absmax2` in float32; the paper, Dettmers et al. 2022,
 * sec. 2, used 2048-value blocks). Two states: 2 + 2·4/256 bytes per parameter.
 */
export const BNB_8BIT_BLOCK = 256;
export const ADAM_8BIT_BYTES_PER_PARAM = 2 + (2 * 4) / BNB_8BIT_BLOCK;
/**
 * bitsandbytes' 32-bit optimizers keep their states in fp32 whatever the parameters' dtype
 * (Optimizer2State.init_state: `get_state_buffer(p, dtype=torch.float32)`).
 */
export const BNB_32BIT_STATE_BYTES = 4;

/** The paged optimizers: states in CUDA unified memory (`cudaMallocManaged`). */
export function isPaged(optimizer: Optimizer): boolean {
  return optimizer === "adamw-paged" || optimizer === "adam-8bit-paged";
}

export interface OptimizerStates {
  bytes: number;
  /** Adafactor's factored states approximated from a parameter count. */
  approximate: boolean;
  /**
   * The states are outside PyTorch's caching allocator: bitsandbytes' paged optimizers
   * allocate them with `cudaMallocManaged` (`get_state_buffer` → `F.get_paged` for every
   * tensor of 10⁵ values or more), so `max_memory_allocated` never counts them and the
   * driver moves them to CPU RAM when the GPU runs short (Dettmers et al. 2023, sec. 3,
   * "Paged Optimizers"). torchtune's switch from AdamW8bit to PagedAdamW8bit cut its
   * reported peak by 46% for Llama 3 8B (pytorch/torchtune PR #990).
   */
  paged: boolean;
}

/**
 * Optimizer state bytes. Adafactor without momentum (the HF default, beta1 = None) keeps
 * one row and one column second-moment vector per matrix (Shazeer & Stern 2018, sec. 3)
 * and a full second moment for vectors; with only a parameter count it is approximated
 * as 1% of AdamW's states and flagged.
 */
export function optimizerStateBytes(
  optimizer: Optimizer,
  trainableParams: number,
  stateBytes: number,
  arch: ModelArch | undefined,
  fullModelTrainable: boolean,
): OptimizerStates {
  const plain = (bytes: number): OptimizerStates => ({ bytes, approximate: false, paged: false });
  switch (optimizer) {
    case "adamw":
      return plain(trainableParams * ADAM_STATES * stateBytes);
    case "sgd-momentum":
      return plain(trainableParams * SGD_MOMENTUM_STATES * stateBytes);
    case "adam-8bit":
      return plain(trainableParams * ADAM_8BIT_BYTES_PER_PARAM);
    case "adamw-paged":
      return {
        bytes: trainableParams * ADAM_STATES * BNB_32BIT_STATE_BYTES,
        approximate: false,
        paged: true,
      };
    case "adam-8bit-paged":
      return {
        bytes: trainableParams * ADAM_8BIT_BYTES_PER_PARAM,
        approximate: false,
        paged: true,
      };
    case "adafactor": {
      if (!arch || !fullModelTrainable)
        return {
          bytes: trainableParams * 0.01 * ADAM_STATES * stateBytes,
          approximate: true,
          paged: false,
        };
      let values = 0;
      let matrixParams = 0;
      for (const s of matrixShapes(arch)) {
        values += (s.rows + s.cols) * s.count;
        matrixParams += s.rows * s.cols * s.count;
      }
      values += paramCounts(arch).total - matrixParams;
      return plain(values * stateBytes);
    }
  }
}

/**
 * Temporaries of one optimizer step, per parameter the step updates at once. PyTorch's
 * default AdamW and SGD on CUDA run the `foreach` implementation, which "uses ~
 * sizeof(params) more peak memory than the for-loop version due to the intermediates being
 * a tensorlist vs just one tensor" (torch.optim docs, `foreach`; `_multi_tensor_adamw`
 * builds `exp_avg_sq_sqrt` for every parameter at once): one extra value per parameter in
 * the states' dtype. The fused kernels (`fused=True`, Transformers' `adamw_torch_fused`,
 * DeepSpeed and Apex FusedAdam) and bitsandbytes' block-wise updates work in place.
 * Adafactor (Transformers) steps one parameter at a time: its temporaries are one
 * parameter's, negligible beside the model.
 */
export function optimizerStepBytes(
  optimizer: Optimizer,
  foreach: boolean,
  paramsPerStep: number,
  stateBytes: number,
): number {
  if (!foreach) return 0;
  if (optimizer === "adamw" || optimizer === "sgd-momentum") return paramsPerStep * stateBytes;
  return 0;
}
