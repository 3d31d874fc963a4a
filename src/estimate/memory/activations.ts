/**
 * Activation memory of transformer training, following Korthikanti et al. 2022 ("Reducing
 * Activation Recomputation in Large Transformer Models", arXiv 2205.05198, sec. 4): per
 * layer, 16-bit, no recomputation, s·b·h·(34 + 5·a·s/h) bytes. The 34 and the 5 are sums
 * of the tensors each operator saves for its backward pass; this module counts the same
 * tensors from the architecture, so the formula still holds for GQA, gated MLPs (SwiGLU),
 * models without dropout, fp32 training and autocast. For a GPT block with 16-bit values
 * the count below reproduces exactly 34·s·b·h + 5·a·s²·b. Two things GPT's block did not
 * have change the count: RMSNorm's fp32 input copy, and frozen linear layers (LoRA), which
 * keep no inputs.
 */
import type { Recompute } from "../vocabulary.ts";
export type { Recompute } from "../vocabulary.ts";
import type { ModelArch } from "../model/model.ts";
import { headDimOf, kvHeadsOf } from "../model/model.ts";

/**
 * The inputs of a block's linear layers: the QKV projections' (first norm output), the
 * output projection's (attention output), the MLP's first layer(s) (second norm output)
 * and its down projection's (the activation, or gate x up product).
 */
export type LinearInput = "qkv" | "out" | "mlp" | "down";

export interface ActivationInput {
  model: ModelArch;
  seqLen: number;
  microBatch: number;
  /** Bytes per stored activation value (2 for 16-bit, 4 for fp32). */
  valueBytes: number;
  /**
   * torch.autocast runs layer_norm and softmax in fp32 (PyTorch AMP docs, "CUDA ops that
   * can autocast to float32"), so their saved tensors are 4 bytes in mixed precision.
   */
  autocast: boolean;
  /** Bytes per value of the residual stream, each block's input: the parameters' dtype. */
  residualBytes: number;
  recompute: Recompute;
  flashAttention: boolean;
  tensorParallel: number;
  /** Dropout active during training (dropout masks are stored, 1 byte per value). */
  dropout: boolean;
  /**
   * Linear inputs that no operation keeps. A linear layer keeps its input only for its
   * weight gradient, so the frozen base of LoRA keeps none, except where an adapter reads
   * the same tensor (`memory/lora.ts`). Default: all kept.
   */
  unsavedInputs?: readonly LinearInput[];
  /** What a block's LoRA adapters keep besides, per token (`adapterSavedBytesPerToken`). */
  adapterBytesPerToken?: number;
  /**
   * q, k and v come out of one fused projection whose output attention keeps alive
   * (LitGPT's `CausalSelfAttention`; see `savedQkvWidth`). Default false: separate
   * projections (Transformers' q_proj, k_proj, v_proj).
   */
  fusedQkv?: boolean;
  /** Norm weights are trained (full training); LoRA freezes them. Default true. */
  trainableNorms?: boolean;
  /** The output head is trained, so its input is kept for its weight gradient. */
  trainableHead: boolean;
  /**
   * Fused elementwise kernels (torch.compile, Liger Kernel, Unsloth's Triton kernels): a
   * norm keeps only its 16-bit input (and one fp32 statistic per token), and the gated
   * MLP keeps its gate and up outputs, recomputing the activation in backward (Liger
   * `LigerRMSNormFunction` saves X and rstd, `LigerSiLUMulFunction` saves a and b; Unsloth
   * `fast_rms_layernorm`, `LoRA_MLP` saves X, e, g; torchtune compiles each layer, and
   * AOTAutograd's min-cut partitioner recomputes pointwise ops rather than save them).
   */
  fusedKernels?: boolean;
}

/** A dropout mask is stored as one byte per element (torch native_dropout saves a bool mask). */
export const DROPOUT_MASK_BYTES = 1;
/**
 * RMSNorm as HF transformers (LlamaRMSNorm: `hidden_states.to(torch.float32)`) and LitGPT
 * (`x.float()`) write it upcasts its input and keeps that fp32 copy for backward, in any
 * training precision. With a trainable weight, HF's `weight * hidden_states.to(input_dtype)`
 * also keeps the normalized value, in the residual stream's dtype (fp32 under autocast).
 */
export const RMSNORM_SAVED_INPUT_BYTES = 4;

/**
 * Values of h width a block's backward holds besides its saved tensors: the gradient of its
 * output, its output (kept by `torch.utils.checkpoint`'s backward to run autograd from), and
 * the gradient of the MLP's input.
 */
export const BACKWARD_HIDDEN_WIDTHS = 3;
/**
 * ffn-wide gradients live at once in the MLP's backward. Eager gated MLP: the gradient of
 * the down projection's input, then of the activation output and of the up output, then of
 * the gate (SiLU's backward); a plain MLP: the down input's and the activation's gradients.
 * Fused kernels write the gate and up gradients over their saved outputs (Liger
 * `swiglu_backward`, Unsloth `swiglu_DWf_DW_dfg_kernel`), so one ffn-wide buffer remains.
 */
export const BACKWARD_MLP_WIDTHS = { eagerGated: 3, eagerPlain: 2, fused: 1 } as const;

export interface ActivationBytes {
  /** One block's saved tensors when nothing in it is recomputed (and its s² term). */
  perLayer: number;
  /**
   * All blocks on the GPU at their worst moment: every block's tensors without
   * recomputation (the end of the forward pass), else the kept block inputs plus the one
   * block being rebuilt in backward.
   */
  layers: number;
  /** Under recomputation: the block inputs kept on the GPU (0 without recomputation). */
  checkpoints: number;
  /**
   * What one block's backward allocates besides what it kept: the gradient arriving at its
   * output, the output itself (held by the checkpoint's backward), the gradient leaving its
   * MLP, and the MLP's widest gradients (`BACKWARD_MLP_WIDTHS`).
   */
  backwardTransient: number;
  /** Blocks are rebuilt in backward (`full`, `offload`). */
  recomputed: boolean;
  /** Block inputs moved to CPU RAM (`recompute: "offload"`). */
  offloaded: number;
  /** Norm before the head and, when the head trains, its input. */
  finalLayer: number;
}

/**
 * Width (values per token) of the q, k and v that attention keeps for backward.
 *
 * Separate projections (Transformers' Llama: `q_proj`, `k_proj`, `v_proj`): q and k as
 * rotated, v as projected, each its own width.
 *
 * One fused projection, as LitGPT runs it (litgpt/model.py `CausalSelfAttention.forward`
 * @26857050, lines 472-539; the same in lit_gpt/model.py @8641822, the version behind its
 * resource tables): `qkv.split` leaves q, k and v as views of one output; RoPE's
 * `torch.cat((q_roped, ...))` makes new q and k tensors, but v stays a view, so the saved v
 * keeps the whole fused output alive (q + 2·kv wide) beside the new q and k. With grouped
 * queries (fewer kv heads than heads) k and v are first repeated to every head
 * (`repeat_interleave`, @8641822 `expand` then `reshape`): two new tensors as wide as q, and
 * the fused output is freed.
 */
export function savedQkvWidth(
  qDim: number,
  kDim: number,
  vDim: number,
  fused: boolean,
  groupedQueries: boolean,
): number {
  if (!fused) return qDim + kDim + vDim;
  if (groupedQueries) return 3 * qDim;
  return qDim + kDim + (qDim + kDim + vDim);
}

/**
 * Values saved per layer, in units of s·b·h values, split by tensor-parallel behaviour:
 * `replicated` (norm outputs feeding the QKV and MLP linears) and `parallel` (the rest).
 */
function perLayerCounts(
  m: ModelArch,
  unsaved: readonly LinearInput[],
  fused: boolean,
  fusedQkv: boolean,
): { replicated: number; parallel: number } {
  const h = m.hidden;
  const qDim = m.mla
    ? m.heads * (m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim)
    : m.heads * headDimOf(m);
  const kDim = m.mla ? qDim : kvHeadsOf(m) * headDimOf(m);
  const vDim = m.mla ? m.heads * m.mla.vHeadDim : kvHeadsOf(m) * headDimOf(m);
  const kept = (input: LinearInput, width: number) => (unsaved.includes(input) ? 0 : width);
  // Inputs of the QKV and first MLP linears: the norm outputs (Korthikanti's "10sbh" part).
  const linearInputs = kept("qkv", 1) + kept("mlp", 1);
  // Q, K and V saved by the attention matmuls (GQA: K and V are narrower; a fused
  // projection keeps more, `savedQkvWidth`), plus the attention output saved by the output
  // projection (MLA: value heads).
  const qkv = savedQkvWidth(qDim, kDim, vDim, fusedQkv && !m.mla, kvHeadsOf(m) < m.heads);
  const attention = (qkv + kept("out", m.mla ? vDim : qDim)) / h;
  let ffn = m.ffn;
  if (m.moe) ffn = (m.moe.activeExperts + (m.moe.sharedExperts ?? 0)) * m.moe.expertFfn;
  // Plain MLP: activation input, and its output as the down projection's input (4h each in
  // GPT: Korthikanti's 8sbh + 8sbh). Gated: gate output (activation input), activation
  // output, up output, and their product as the down projection's input; fused kernels
  // recompute the activation output from the gate.
  const gated = (m.mlp ?? "gated") === "gated";
  const mlp = ((gated ? (fused ? 2 : 3) : 1) * ffn + kept("down", ffn)) / h;
  return { replicated: linearInputs, parallel: attention + mlp };
}

/**
 * With recomputation (activation checkpointing) each block keeps only its input; in
 * backward one block at a time is run forward again and holds its full working set
 * (whatever it keeps: attention and MLP tensors, norm inputs, LoRA dropout copies,
 * bitsandbytes' saved inputs) until its own backward ends. Selective recomputation drops
 * what Korthikanti et al. drop (sec. 5): the attention scores, softmax and its dropout.
 * Offload (Unsloth's "unsloth" checkpointing, unsloth_zoo/gradient_checkpointing.py) copies
 * every block input but the last to pinned CPU memory and stages one back at a time.
 */
export function activationBytes(input: ActivationInput): ActivationBytes {
  const m = input.model;
  const { seqLen: s, microBatch: b, valueBytes: B } = input;
  const t = Math.max(1, input.tensorParallel);
  const sbh = s * b * m.hidden;
  const fused = input.fusedKernels ?? false;
  const counts = perLayerCounts(m, input.unsavedInputs ?? [], fused, input.fusedQkv ?? false);
  const fp32Islands = input.autocast ? 4 : B;
  // What each norm keeps: LayerNorm its input (the residual stream, fp32 under autocast);
  // RMSNorm an fp32 copy, plus the normalized value when its weight trains; a fused norm
  // only its input, in the residual stream's dtype.
  const normBytes = fused
    ? input.residualBytes
    : (m.norm ?? "rms") === "rms"
      ? RMSNORM_SAVED_INPUT_BYTES + ((input.trainableNorms ?? true) ? fp32Islands : 0)
      : fp32Islands;
  const norms = 2 * normBytes;
  const masks = input.dropout ? 2 * DROPOUT_MASK_BYTES : 0;
  const linear = sbh * (counts.replicated * B + norms + masks + (counts.parallel * B) / t);
  // FlashAttention's backward needs its output and log-sum-exp (Dao et al. 2022, alg. 2),
  // one more s·b·h copy besides the projection input.
  const flashOut = input.flashAttention ? (sbh * B) / t : 0;
  // Attention scores: softmax output, then (with dropout) its mask and the dropped copy;
  // Korthikanti's 5·a·s²·b for 16-bit with dropout. Flash attention and selective
  // recomputation do not store them.
  const softmaxBytes = fp32Islands + (input.dropout ? DROPOUT_MASK_BYTES + B : 0);
  const scores =
    input.flashAttention || input.recompute === "selective"
      ? 0
      : (m.heads * s * s * b * softmaxBytes) / t;
  const adapters = s * b * (input.adapterBytesPerToken ?? 0);
  const perLayer = linear + flashOut + scores + adapters;
  const blockInput = sbh * input.residualBytes;
  let checkpoints = 0;
  let offloaded = 0;
  switch (input.recompute) {
    case "full":
      checkpoints = m.layers * blockInput;
      break;
    case "offload":
      // The last block's input stays, one more is staged back from the CPU.
      checkpoints = Math.min(m.layers, 2) * blockInput;
      offloaded = Math.max(0, m.layers - 1) * blockInput;
      break;
  }
  const recomputed = input.recompute === "full" || input.recompute === "offload";
  const layers = recomputed ? checkpoints + perLayer : m.layers * perLayer;
  const finalLayer = sbh * (normBytes + (input.trainableHead ? B : 0));
  const mlpWidths = fused
    ? BACKWARD_MLP_WIDTHS.fused
    : (m.mlp ?? "gated") === "gated"
      ? BACKWARD_MLP_WIDTHS.eagerGated
      : BACKWARD_MLP_WIDTHS.eagerPlain;
  const ffnWidth = m.moe
    ? (m.moe.activeExperts + (m.moe.sharedExperts ?? 0)) * m.moe.expertFfn
    : m.ffn;
  const backwardTransient =
    s * b * B * (BACKWARD_HIDDEN_WIDTHS * m.hidden + (mlpWidths * ffnWidth) / t);
  return {
    perLayer,
    layers,
    checkpoints,
    backwardTransient,
    recomputed,
    offloaded,
    finalLayer,
  };
}
