/**
 * How many FLOPs a training job performs, by mechanism: every weight matrix a token passes
 * through, and the attention scores and values, which grow with the sequence length.
 *
 * Per token and weight (a multiply and an add = 2 FLOPs), a trained matrix costs 2 in the
 * forward pass, 2 for the input gradient and 2 for the weight gradient: 6·N (Kaplan et al.
 * 2020, sec. 2.1). Attention has no weights: per layer and token the forward multiplies the
 * query by the keys it attends to (QKᵀ: heads x d_qk x context MACs) and the attention
 * weights by the values (AV: heads x d_v x context), and the backward does twice that, so
 * 6 x heads x (d_qk + d_v) x context FLOPs. With d_qk = d_v = hidden / heads and every
 * query attending to the whole sequence this is 12·layers·hidden·seqLen per token, the term
 * of Narayanan et al. 2021 (Megatron-LM, SC21, eq. 3: 72·B·s·l·h²·(1 + s/6h + V/12lh) for
 * the 3 passes, whose s/6h part is 12·l·h·s per token) and of Chowdhery et al. 2022 (PaLM,
 * appendix B: 6N + 12·L·H·Q·T). A causal mask leaves a query at position i only i + 1 keys,
 * (s + 1)/2 on average, and FlashAttention-2 skips the masked blocks (Dao 2023, sec. 3.1),
 * so the FLOPs the model needs are half of that; Megatron-LM's own count halves them
 * (megatron/training/training.py, "causal mask (only half of the mask is non-zero)"). A
 * sliding-window layer attends to at most its window. GQA shares keys and values between
 * query heads but every query head still scores them: heads x head dim, not KV heads. MLA
 * scores with its own query/key head dim (nope + rope) and values of its value head dim.
 *
 * Model FLOPs (what utilisation is quoted on) are what the training step needs; hardware
 * FLOPs are what the GPU runs: full recomputation runs the forward again (Korthikanti et
 * al. 2022, sec. 5: 8·N instead of 6·N), selective recomputation the attention forward
 * (sec. 4.2), FlashAttention's backward recomputes the scores it did not store (five matrix
 * products to the forward's two: Dao 2023, FlashAttention-2, Algorithm 2), and eager
 * attention computes the whole square before masking it.
 */
import type { ModelArch, ModelSpec } from "../model/model.ts";
import { headDimOf, isArch, matrixShapes, paramCounts, shapeFromParams } from "../model/model.ts";
import type { Recompute } from "../vocabulary.ts";

/** Forward 2·N + input gradient 2·N + weight gradient 2·N per token (Kaplan et al. 2020). */
export const TRAIN_FLOPS_PER_PARAM_TOKEN = 6;
/** One forward pass: 2 FLOPs (a multiply and an add) per parameter per token. */
export const FORWARD_FLOPS_PER_PARAM_TOKEN = 2;
/**
 * A frozen weight computes no weight gradient, so its backward pass is the input gradient
 * alone, as large as its forward: 2·N·D forward + 2·N·D backward for a LoRA base
 * (formulas.md, "LoRA training FLOPs"; Hu et al. 2021, sec. 4.2, on the backward saving).
 */
export const FROZEN_FLOPS_PER_PARAM_TOKEN = 4;
/** The backward of attention (gradients of Q, K, V and the weights) is twice its forward. */
export const ATTENTION_TRAIN_TO_FORWARD = 3;
/**
 * FlashAttention's backward recomputes QKᵀ and the softmax from the saved row statistics,
 * then forms dV, dP, dQ and dK: five products to the forward's two, 2.5 x its FLOPs (Dao
 * 2023, Algorithm 2; the README benchmark counts it so).
 */
export const FLASH_BACKWARD_TO_FORWARD = 2.5;
/** Backward costs about twice the forward, so a forward-only FLOP figure triples for training. */
export const FORWARD_TO_TRAINING_FACTOR = 3;

export interface SamplesFlopsInput {
  samples: number;
  flopsPerSample: number;
  forwardOnly?: boolean;
}

/** A job counted in samples: samples x FLOPs per sample (x 3 for a forward-only figure). */
export function samplesFlops(input: SamplesFlopsInput): number {
  return (
    input.samples * input.flopsPerSample * (input.forwardOnly ? FORWARD_TO_TRAINING_FACTOR : 1)
  );
}

/**
 * Parameters a token multiplies by: every linear layer it passes through (MoE: the active
 * experts) and the output head. The input embedding is a table lookup, no FLOPs; with tied
 * embeddings the same matrix is the head, so it counts once.
 */
export function matmulParams(model: ModelSpec): number {
  if (!isArch(model)) return paramCounts(model).active;
  let n = 0;
  for (const s of matrixShapes(model)) {
    if (s.name === "embed") continue;
    n += s.rows * s.cols * s.count * s.activeShare;
  }
  if (model.tiedEmbeddings) n += model.vocab * model.hidden;
  return n;
}

/** Keys a query attends to on average in a causal sequence of `seqLen`, within `window`. */
export function meanCausalContext(seqLen: number, window?: number): number {
  if (window === undefined || seqLen <= window) return (seqLen + 1) / 2;
  // Positions 0..w-1 see i + 1 keys, the remaining s - w see w.
  return ((window * (window + 1)) / 2 + (seqLen - window) * window) / seqLen;
}

/** Per head: the query/key width QKᵀ multiplies over, and the value width AV produces. */
function headWidths(m: ModelArch): { qk: number; v: number } {
  if (m.mla) return { qk: m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim, v: m.mla.vHeadDim };
  const d = headDimOf(m);
  return { qk: d, v: d };
}

/**
 * One group of layers that attend alike: their causal forward FLOPs per token, and the
 * sequence length of a full causal run with the same mean context (2 x the mean keys a
 * query sees), at which the kernel benchmark's speed applies (`training/attention-speed.ts`).
 */
export interface AttentionGroup {
  forward: number;
  benchSeqLen: number;
}

/** Full-attention layers, then sliding-window ones (those with any). */
export function attentionGroups(m: ModelArch, seqLen: number): AttentionGroup[] {
  const { qk, v } = headWidths(m);
  const perKey = 2 * m.heads * (qk + v);
  const sliding = m.slidingWindow === undefined ? 0 : (m.slidingLayers ?? m.layers);
  const group = (layers: number, window?: number): AttentionGroup => {
    const keys = meanCausalContext(seqLen, window);
    return { forward: perKey * layers * keys, benchSeqLen: 2 * keys };
  };
  const groups = [group(m.layers - sliding)];
  if (sliding > 0) groups.push(group(sliding, m.slidingWindow));
  return groups.filter((g) => g.forward > 0);
}

/** The head width attention kernels are tuned for (MLA: the query/key width). */
export const attentionHeadDim = (m: ModelArch): number => headWidths(m).qk;

/**
 * Forward attention FLOPs per token (QKᵀ and AV, summed over layers): 2 x heads x (d_qk +
 * d_v) x keys attended. `causalSkip`: the kernel skips masked keys (the mean causal
 * context); otherwise it scores the whole sequence, as eager attention does.
 */
export function attentionForwardFlops(m: ModelArch, seqLen: number, causalSkip: boolean): number {
  if (causalSkip) return attentionGroups(m, seqLen).reduce((n, g) => n + g.forward, 0);
  const { qk, v } = headWidths(m);
  return 2 * m.heads * (qk + v) * m.layers * seqLen;
}

export interface TokenFlopsInput {
  model: ModelSpec;
  seqLen: number;
  recompute: Recompute;
  /** SDPA/FlashAttention, which skips the masked half; false: eager attention. */
  flashAttention: boolean;
  /** LoRA: the base is frozen and only these parameters train. */
  trainableParams?: number;
}

/** FLOPs per trained token: what the model needs and what the GPU runs, dense and attention. */
export interface TokenFlops {
  modelDense: number;
  modelAttention: number;
  hardwareDense: number;
  hardwareAttention: number;
  /** The causal attention forward by layer group, which the kernels' measured speed times. */
  attention: AttentionGroup[];
  /** Attention forwards run again by recomputation (0 or 1). */
  attentionRecomputes: number;
  /** Whole forwards run again by full recomputation (0 or 1), with their traffic. */
  forwardReruns: number;
  /** The head width the attention kernel runs at. */
  attentionHeadDim: number;
}

export const modelFlopsOf = (f: TokenFlops): number => f.modelDense + f.modelAttention;
export const hardwareFlopsOf = (f: TokenFlops): number => f.hardwareDense + f.hardwareAttention;

export function tokenFlops(input: TokenFlopsInput): TokenFlops {
  const arch = isArch(input.model) ? input.model : shapeFromParams(paramCounts(input.model).active);
  const n = matmulParams(input.model);
  const trainable = input.trainableParams;
  const modelDense =
    trainable === undefined
      ? TRAIN_FLOPS_PER_PARAM_TOKEN * n
      : FROZEN_FLOPS_PER_PARAM_TOKEN * n + TRAIN_FLOPS_PER_PARAM_TOKEN * trainable;
  const attention = attentionGroups(arch, input.seqLen);
  const forward = attention.reduce((sum, g) => sum + g.forward, 0);
  const modelAttention = ATTENTION_TRAIN_TO_FORWARD * forward;
  const full = input.recompute === "full" || input.recompute === "offload";
  const recomputes = full || input.recompute === "selective" ? 1 : 0;
  // Flash: forward, the backward's 2.5 forwards, the recomputed one. Eager: the whole
  // square, a backward twice the forward from the stored scores, and the recomputed one.
  const hardwareAttention = input.flashAttention
    ? (1 + FLASH_BACKWARD_TO_FORWARD + recomputes) * forward
    : (ATTENTION_TRAIN_TO_FORWARD + recomputes) * attentionForwardFlops(arch, input.seqLen, false);
  return {
    modelDense,
    modelAttention,
    hardwareDense: modelDense + (full ? FORWARD_FLOPS_PER_PARAM_TOKEN * (n + (trainable ?? 0)) : 0),
    hardwareAttention,
    attention,
    attentionRecomputes: recomputes,
    forwardReruns: full ? 1 : 0,
    attentionHeadDim: attentionHeadDim(arch),
  };
}

/** A job's FLOPs: per token times the tokens, model and hardware apart. */
export interface JobFlops {
  model: number;
  hardware: number;
  perToken?: TokenFlops;
}

export function transformerJobFlops(input: TokenFlopsInput, tokens: number): JobFlops {
  const perToken = tokenFlops(input);
  return {
    model: modelFlopsOf(perToken) * tokens,
    hardware: hardwareFlopsOf(perToken) * tokens,
    perToken,
  };
}
