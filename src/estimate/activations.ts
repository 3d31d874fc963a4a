/**
 * Activation memory of transformer training, following Korthikanti et al. 2022 ("Reducing
 * Activation Recomputation in Large Transformer Models", arXiv 2205.05198, sec. 4): per
 * layer, 16-bit, no recomputation, s·b·h·(34 + 5·a·s/h) bytes. The 34 and the 5 are sums
 * of the tensors each operator saves for its backward pass; this module counts the same
 * tensors from the architecture, so the formula still holds for GQA, gated MLPs (SwiGLU),
 * models without dropout, fp32 training and autocast. For a GPT block with 16-bit values
 * the count below reproduces exactly 34·s·b·h + 5·a·s²·b.
 */
import type { ModelArch } from "./model.ts";
import { headDimOf, kvHeadsOf } from "./model.ts";

export type Recompute = "none" | "selective" | "full";

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
  recompute: Recompute;
  flashAttention: boolean;
  tensorParallel: number;
  /** Dropout active during training (dropout masks are stored, 1 byte per value). */
  dropout: boolean;
  /** Logits kept for the loss: every token (language modelling) or one per sequence. */
  head: "lm" | "classifier";
}

/** A dropout mask is stored as one byte per element (torch native_dropout saves a bool mask). */
export const DROPOUT_MASK_BYTES = 1;
/**
 * The loss upcasts the logits to fp32 (HF transformers `logits.float()`, Megatron's fp32
 * cross-entropy), kept beside the 16-bit logits until backward (formulas.md).
 */
export const LOGITS_FP32_BYTES = 4;
/** Classification heads have few outputs; 2 labels as in the HF BERT measurements (A1-A6). */
export const CLASSIFIER_LABELS = 2;

export interface ActivationBytes {
  /** Stored per layer when nothing is recomputed (and the s² term when applicable). */
  perLayer: number;
  /** All layers, after recomputation choices: what is live at the start of backward. */
  layers: number;
  /** Logits (16-bit output + fp32 copy for the loss). */
  logits: number;
  /** Norm before the head and the head's input. */
  finalLayer: number;
  total: number;
}

/** Values saved per layer, in units of s·b·h values, split by tensor-parallel behaviour. */
function perLayerCounts(m: ModelArch): { replicated: number; parallel: number } {
  const h = m.hidden;
  const qDim = m.mla
    ? m.heads * (m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim)
    : m.heads * headDimOf(m);
  const kDim = m.mla ? qDim : kvHeadsOf(m) * headDimOf(m);
  const vDim = m.mla ? m.heads * m.mla.vHeadDim : kvHeadsOf(m) * headDimOf(m);
  // Inputs of the QKV and first MLP linears: the norm outputs (Korthikanti's "10sbh" part).
  const linearInputs = 2;
  // Q, K and V saved by the attention matmuls (GQA: K and V are narrower), plus the
  // attention output saved by the output projection.
  const attention = (qDim + kDim + vDim + qDim) / h;
  let ffn = m.ffn;
  if (m.moe) ffn = (m.moe.activeExperts + (m.moe.sharedExperts ?? 0)) * m.moe.expertFfn;
  // Plain MLP: activation input and output (4h each in GPT: Korthikanti's 8sbh + 8sbh).
  // Gated: gate output (activation input), activation output, up output, their product.
  const mlp = (((m.mlp ?? "gated") === "gated" ? 4 : 2) * ffn) / h;
  return { replicated: linearInputs, parallel: attention + mlp };
}

export function activationBytes(input: ActivationInput): ActivationBytes {
  const m = input.model;
  const { seqLen: s, microBatch: b, valueBytes: B } = input;
  const t = Math.max(1, input.tensorParallel);
  const sbh = s * b * m.hidden;
  const counts = perLayerCounts(m);
  const fp32Islands = input.autocast ? 4 : B;
  // Two norm inputs per layer (the residual stream, fp32 under autocast).
  const norms = 2 * fp32Islands;
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
  const perLayer = linear + flashOut + scores;
  // Full recomputation keeps each layer's input (the residual stream) and rebuilds one layer.
  const residualBytes = input.autocast ? 4 : B;
  const layers =
    input.recompute === "full" ? m.layers * sbh * residualBytes + perLayer : m.layers * perLayer;
  const logitValues = input.head === "lm" ? s * b * m.vocab : b * CLASSIFIER_LABELS;
  const logits = (logitValues * (B < LOGITS_FP32_BYTES ? B + LOGITS_FP32_BYTES : B)) / t;
  const finalLayer = sbh * (fp32Islands + B);
  return { perLayer, layers, logits, finalLayer, total: layers + logits + finalLayer };
}
