/**
 * Memory of the loss at the model's head: the logits of every trained token and what the
 * cross-entropy keeps, at the moment it peaks (the end of the forward pass and the start of
 * the backward pass, when every activation is still held). Three paths, as frameworks run
 * them; the head's own input is counted with the final layer (`memory/activations.ts`).
 */
import type { LossPath } from "../vocabulary.ts";
export type { LossPath } from "../vocabulary.ts";

/** Classification heads have few outputs; 2 labels as in the HF BERT measurements (A1-A6). */
export const CLASSIFIER_LABELS = 2;
/** fp32, what a cross-entropy that upcasts computes its softmax in. */
export const FP32_BYTES = 4;
/**
 * torchtune's chunked cross-entropy splits the trained tokens into 8 chunks
 * (torchtune/modules/loss/cross_entropy_loss.py, `num_output_chunks: int = 8`).
 */
export const CHUNKED_LOSS_CHUNKS = 8;

export interface LossInput {
  path: LossPath;
  /** Tokens whose logits the loss reads (micro-batch x sequence; one per sequence for a classifier). */
  tokens: number;
  /** Output width: the vocabulary, or a classifier's labels. */
  vocab: number;
  hidden: number;
  /** Bytes per value of the logits as the head computes them (the compute dtype). */
  logitBytes: number;
  /**
   * The loss runs in fp32: Transformers upcasts explicitly (`ForCausalLMLoss`:
   * `logits = logits.float()`, src/transformers/loss/loss_utils.py) and torch.autocast runs
   * cross_entropy in fp32; pure-bf16 LitGPT keeps bf16.
   */
  lossInFp32: boolean;
  tensorParallel: number;
  /**
   * The chunked cross-entropy is compiled (torchtune's `compile: True` compiles the loss's
   * `compute_cross_entropy`): the fp32 upcast and log-softmax fuse into one kernel that keeps
   * each chunk's 16-bit logits and one log-sum-exp per row for backward, never an fp32 copy.
   */
  fusedKernels?: boolean;
}

export interface LossBytes {
  bytes: number;
  /** Logit values that exist at once (for the result's assumptions). */
  liveLogitValues: number;
}

/**
 * Loss-dtype values per logit at the start of backward, when every activation is still
 * held: the log-softmax cross-entropy saved, the dense gradient `nll_loss_backward` writes
 * for it (zeros with one entry per row set), and the gradient `_log_softmax_backward_data`
 * allocates for the logits beside both (PyTorch aten/src/ATen/native/LossNLL.cpp and
 * SoftMax.cpp). Only then are the saved output and the incoming gradient freed, and the
 * gradient cast back to the logits' dtype.
 */
export const LOSS_BACKWARD_VALUES = 3;

/**
 * - `standard`: all logits in the compute dtype, their fp32 copy, and the log-softmax that
 *   cross-entropy saves for backward (in the loss dtype): while the loss runs, the three
 *   exist together, 2 + 4 + 4 bytes per logit for a 16-bit model with an fp32 loss; at the
 *   start of backward the saved log-softmax and two gradients in the loss dtype
 *   (`LOSS_BACKWARD_VALUES`), 3 x 4 bytes: the larger moment is the loss's part. (LitGPT
 *   runs its bf16 loss in 128-token chunks, litgpt/utils.py `chunked_cross_entropy`, so its
 *   backward holds one chunk's gradients: 2 bytes per logit fewer than this counts.)
 * - `shifted`: as `standard`, plus the contiguous copy of the upcast logits shifted by one
 *   token (`shift_logits = logits[..., :-1, :].contiguous()`), which Transformers'
 *   `ForCausalLMLoss` made until v4.49 (huggingface/transformers PR #35646, merged
 *   2025-01-13, pads the labels instead) and remote-code models such as Qwen v1 still make:
 *   one more value per logit in the loss dtype.
 * - `chunked` (torchtune `LinearCrossEntropyLoss`): the head runs on one chunk of hidden
 *   states at a time and that chunk is upcast; each chunk's fp32 log-softmax is still saved
 *   for backward (eager PyTorch), so the saved part stays while the transient part shrinks
 *   to one chunk. Compiled, each chunk keeps its 16-bit logits instead (`fusedKernels`).
 * - `fused` (Liger Kernel's fused linear cross-entropy, Unsloth's fused loss, Cut
 *   Cross-Entropy): the gradient is computed inside the forward, chunk by chunk, so no logit
 *   outlives its chunk. Liger sizes a chunk so its logits match the hidden states in size
 *   (`inc_factor = ceil(V / H)`, `chunk_size = next_power_of_2(ceil(BT / inc_factor))`,
 *   src/liger_kernel/ops/fused_linear_cross_entropy.py) and keeps a gradient buffer for the
 *   hidden states (`grad_input`, B·T x H).
 */
export function lossBytes(input: LossInput): LossBytes {
  const { tokens, vocab, hidden, logitBytes } = input;
  const t = Math.max(1, input.tensorParallel);
  const lossBytesPerValue = input.lossInFp32 ? FP32_BYTES : logitBytes;
  // The upcast copy exists only when the loss dtype differs from the logits'.
  const upcast = lossBytesPerValue > logitBytes ? lossBytesPerValue : 0;
  const values = tokens * vocab;
  // Bytes per logit at the start of backward, for the paths that hold every logit at once.
  const backward = LOSS_BACKWARD_VALUES * lossBytesPerValue;
  switch (input.path) {
    case "standard":
      return {
        bytes: (values * Math.max(logitBytes + upcast + lossBytesPerValue, backward)) / t,
        liveLogitValues: values,
      };
    case "shifted":
      return {
        bytes: (values * Math.max(logitBytes + upcast + 2 * lossBytesPerValue, backward)) / t,
        liveLogitValues: values,
      };
    case "chunked": {
      const chunk = values / CHUNKED_LOSS_CHUNKS;
      if (input.fusedKernels)
        // Every chunk's 16-bit logits are kept; one chunk's 16-bit gradient at a time.
        return { bytes: (values * logitBytes + chunk * logitBytes) / t, liveLogitValues: chunk };
      return {
        bytes: (values * lossBytesPerValue + chunk * (logitBytes + upcast)) / t,
        liveLogitValues: chunk,
      };
    }
    case "fused": {
      const rows = fusedChunkRows(tokens, vocab, hidden);
      const chunk = rows * vocab;
      const gradInput = tokens * hidden * logitBytes;
      return {
        bytes: (chunk * (logitBytes + upcast) + gradInput) / t,
        liveLogitValues: chunk,
      };
    }
  }
}

/** Liger's chunk: as many rows as make the chunk's logits about as large as the hidden states. */
export function fusedChunkRows(tokens: number, vocab: number, hidden: number): number {
  const incFactor = Math.ceil(vocab / hidden);
  const rows = Math.ceil(tokens / incFactor);
  return Math.min(tokens, 2 ** Math.ceil(Math.log2(Math.max(1, rows))));
}
