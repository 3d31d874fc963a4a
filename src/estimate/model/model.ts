/**
 * A model as the estimator sees it: a parameter count, or an architecture from which the
 * parameter count (total and active per token) and every tensor shape are derived.
 */

/** DeepSeek-V2/V3 multi-head latent attention (arXiv 2405.04434 sec. 2.1). */
export interface MlaConfig {
  /** Rank of the compressed KV latent that is cached (`kv_lora_rank`). */
  kvLoraRank: number;
  /** Rank of the compressed query; absent means queries are not compressed. */
  qLoraRank?: number;
  /** Per-head decoupled RoPE key dim, cached once per token (`qk_rope_head_dim`). */
  qkRopeHeadDim: number;
  qkNopeHeadDim: number;
  vHeadDim: number;
}

export interface MoeConfig {
  experts: number;
  activeExperts: number;
  sharedExperts?: number;
  /** FFN size of one expert (`moe_intermediate_size`). */
  expertFfn: number;
  /** Leading layers that use a dense FFN of size `ffn` instead (`first_k_dense_replace`). */
  denseLayers?: number;
}

export interface ModelArch {
  layers: number;
  hidden: number;
  heads: number;
  /** Key/value heads (GQA/MQA); defaults to `heads`. */
  kvHeads?: number;
  /** Per-head dim; use the config's `head_dim` when given, never derive it then. */
  headDim?: number;
  /** FFN (intermediate) size of a dense layer. */
  ffn: number;
  vocab: number;
  tiedEmbeddings?: boolean;
  /** `gated`: SwiGLU/GeGLU with 3 matrices (Llama); `plain`: 2 matrices with GELU (BERT, GPT-2). */
  mlp?: "gated" | "plain";
  /** Learned absolute position embeddings (BERT, GPT-2). */
  positionEmbeddings?: number;
  /** BERT token-type embeddings. */
  typeVocab?: number;
  /** Linear layers carry biases (BERT, GPT-2); `qkv` only for Qwen2-style q/k/v biases. */
  bias?: "all" | "qkv" | "none";
  /** LayerNorm (weight + bias) or RMSNorm (weight). */
  norm?: "layer" | "rms";
  /** BERT pooler (a dense h x h layer). */
  pooler?: boolean;
  moe?: MoeConfig;
  mla?: MlaConfig;
  /** Dropout during training (BERT, GPT-2 = true; most LLMs fine-tune with 0). */
  dropout?: boolean;
  /**
   * Sliding-window attention: a local layer attends to, and caches, only the last this many
   * tokens (config.json `sliding_window`). Absent: every layer attends to the whole context.
   */
  slidingWindow?: number;
  /**
   * How many layers use the window; the rest attend globally. Absent with a window: all of
   * them (Mistral 7B v0.1). Gemma 3: 5 of every 6; gpt-oss: every other one.
   */
  slidingLayers?: number;
}

export type ModelSpec = { params: number; activeParams?: number } | ModelArch;

export function isArch(model: ModelSpec): model is ModelArch {
  return "layers" in model;
}

export const kvHeadsOf = (m: ModelArch): number => m.kvHeads ?? m.heads;
export const headDimOf = (m: ModelArch): number => m.headDim ?? m.hidden / m.heads;

/** A weight matrix: its shape and how many there are in the whole model. */
export interface MatrixShape {
  name:
    "q" | "k" | "v" | "o" | "gate" | "up" | "down" | "mla" | "router" | "embed" | "head" | "pooler";
  rows: number;
  cols: number;
  count: number;
  /** Quantizers (bitsandbytes, QLoRA) keep embeddings and the output head in 16 bit. */
  quantizable: boolean;
  /** Matrices that run for every token (false for inactive experts). */
  activeShare: number;
}

function attentionMatrices(m: ModelArch): MatrixShape[] {
  const L = m.layers;
  const h = m.hidden;
  if (m.mla) {
    const a = m.mla;
    const qDim = m.heads * (a.qkNopeHeadDim + a.qkRopeHeadDim);
    const q = a.qLoraRank ? h * a.qLoraRank + a.qLoraRank * qDim : h * qDim;
    const kvA = h * (a.kvLoraRank + a.qkRopeHeadDim);
    const kvB = a.kvLoraRank * m.heads * (a.qkNopeHeadDim + a.vHeadDim);
    return [
      { name: "mla", rows: 1, cols: q + kvA + kvB, count: L, quantizable: true, activeShare: 1 },
      {
        name: "o",
        rows: m.heads * a.vHeadDim,
        cols: h,
        count: L,
        quantizable: true,
        activeShare: 1,
      },
    ];
  }
  const qOut = m.heads * headDimOf(m);
  const kvOut = kvHeadsOf(m) * headDimOf(m);
  return [
    { name: "q", rows: h, cols: qOut, count: L, quantizable: true, activeShare: 1 },
    { name: "k", rows: h, cols: kvOut, count: L, quantizable: true, activeShare: 1 },
    { name: "v", rows: h, cols: kvOut, count: L, quantizable: true, activeShare: 1 },
    { name: "o", rows: qOut, cols: h, count: L, quantizable: true, activeShare: 1 },
  ];
}

function mlpMatrices(m: ModelArch): MatrixShape[] {
  const h = m.hidden;
  const gated = (m.mlp ?? "gated") === "gated";
  const out: MatrixShape[] = [];
  const add = (ffn: number, count: number, activeShare: number): void => {
    if (count <= 0) return;
    if (gated)
      out.push({ name: "gate", rows: h, cols: ffn, count, quantizable: true, activeShare });
    out.push({ name: "up", rows: h, cols: ffn, count, quantizable: true, activeShare });
    out.push({ name: "down", rows: ffn, cols: h, count, quantizable: true, activeShare });
  };
  if (!m.moe) {
    add(m.ffn, m.layers, 1);
    return out;
  }
  const dense = Math.min(m.moe.denseLayers ?? 0, m.layers);
  const moeLayers = m.layers - dense;
  add(m.ffn, dense, 1);
  add(m.moe.expertFfn, moeLayers * m.moe.experts, m.moe.activeExperts / m.moe.experts);
  add(m.moe.expertFfn, moeLayers * (m.moe.sharedExperts ?? 0), 1);
  out.push({
    name: "router",
    rows: h,
    cols: m.moe.experts,
    count: moeLayers,
    quantizable: false,
    activeShare: 1,
  });
  return out;
}

/** Every weight matrix of the model; vectors (norms, biases) are counted by `vectorParams`. */
export function matrixShapes(m: ModelArch): MatrixShape[] {
  const h = m.hidden;
  const out: MatrixShape[] = [
    {
      name: "embed",
      rows: m.vocab + (m.positionEmbeddings ?? 0) + (m.typeVocab ?? 0),
      cols: h,
      count: 1,
      quantizable: false,
      activeShare: 1,
    },
    ...attentionMatrices(m),
    ...mlpMatrices(m),
  ];
  if (!m.tiedEmbeddings)
    out.push({
      name: "head",
      rows: h,
      cols: m.vocab,
      count: 1,
      quantizable: false,
      activeShare: 1,
    });
  if (m.pooler)
    out.push({ name: "pooler", rows: h, cols: h, count: 1, quantizable: true, activeShare: 1 });
  return out;
}

/** Norm weights and biases: small, but BERT/GPT-2 counts come out exact with them. */
export function vectorParams(m: ModelArch): number {
  const h = m.hidden;
  const normWidth = (m.norm ?? "rms") === "layer" ? 2 * h : h;
  // Two norms per layer, one final norm (BERT: one after the embeddings instead).
  let n = (2 * m.layers + 1) * normWidth;
  const bias = m.bias ?? "none";
  if (bias !== "none") {
    for (const s of attentionMatrices(m)) {
      if (bias === "all" || s.name === "q" || s.name === "k" || s.name === "v")
        n += s.cols * s.count;
    }
  }
  if (bias === "all") {
    for (const s of mlpMatrices(m)) n += s.cols * s.count;
    if (m.pooler) n += h;
  }
  return n;
}

export interface ParamCounts {
  total: number;
  /** Parameters used per token (MoE: active experts only). */
  active: number;
  /** Parameters a weight quantizer converts (linear layers, not embeddings/head). */
  quantizable: number;
  /** The largest single matrix, in parameters (what ZeRO-3 gathers at once). */
  largestMatrix: number;
  /** The largest quantizable matrix (what a 4-bit matmul dequantizes at once). */
  largestQuantizable: number;
}

export function paramCounts(model: ModelSpec): ParamCounts {
  if (!isArch(model)) {
    const total = model.params;
    return {
      total,
      active: model.activeParams ?? total,
      quantizable: total,
      largestMatrix: 0,
      largestQuantizable: 0,
    };
  }
  const vectors = vectorParams(model);
  let total = vectors;
  let active = vectors;
  let quantizable = 0;
  let largestMatrix = 0;
  let largestQuantizable = 0;
  for (const s of matrixShapes(model)) {
    const size = s.rows * s.cols;
    total += size * s.count;
    active += size * s.count * s.activeShare;
    if (s.quantizable) {
      quantizable += size * s.count;
      largestQuantizable = Math.max(largestQuantizable, size);
    }
    largestMatrix = Math.max(largestMatrix, size);
  }
  return { total, active, quantizable, largestMatrix, largestQuantizable };
}

/**
 * Width/depth ratio h/L used when only a parameter count is known: 4096/32 = 128 for
 * Llama 2 7B, 5120/40 = 128 for Llama 2 13B (their config.json files).
 */
export const ASSUMED_HIDDEN_PER_LAYER = 128;
/** Non-embedding parameters per layer ~ 12·h² for a GPT block (Kaplan et al. 2020, sec. 2.1). */
export const PARAMS_PER_LAYER_PER_HIDDEN_SQUARED = 12;

/**
 * A dense, full multi-head shape with the given parameter count, for estimates that need
 * layers and widths (KV cache, activations) when the user gave only a count. Full MHA is
 * the conservative choice: GQA models cache less.
 */
export function shapeFromParams(params: number): ModelArch {
  // Layers and width are each taken from the parameter count alone (h = 128·L, N = 12·h²·L),
  // so both are non-decreasing in it: deriving one from the other after rounding made a
  // larger count yield fewer layers, and less activation memory.
  const hidden = Math.max(
    64,
    Math.round(
      Math.cbrt((ASSUMED_HIDDEN_PER_LAYER * params) / PARAMS_PER_LAYER_PER_HIDDEN_SQUARED) / 64,
    ) * 64,
  );
  const layers = Math.max(
    1,
    Math.round(
      Math.cbrt(params / (PARAMS_PER_LAYER_PER_HIDDEN_SQUARED * ASSUMED_HIDDEN_PER_LAYER ** 2)),
    ),
  );
  return {
    layers,
    hidden,
    heads: Math.max(1, Math.round(hidden / 128)),
    ffn: 4 * hidden,
    vocab: 32000,
    mlp: "plain",
    tiedEmbeddings: true,
  };
}
