/**
 * Bytes of a model's weights in a format: what the GPU stores, and what one decode step
 * reads. A step reads every active linear weight and the output head, but only one row of
 * the input embedding per token, which for a small model with a large vocabulary is a
 * large share of the file that is never read (Qwen2.5-0.5B: 136M of 494M parameters).
 */
import type { ModelSpec } from "./model.ts";
import { isArch, matrixShapes, paramCounts, vectorParams } from "./model.ts";
import type { WeightFormat } from "./weight-formats.ts";
import { embeddingBits } from "./weight-formats.ts";

/** Norms, biases and routers stay in 16 bit in every quantized format (their share is tiny). */
export const SMALL_TENSOR_BITS = 16;

export interface WeightBytes {
  /** Bytes the weights occupy. */
  stored: number;
  /** Bytes one forward step reads (the experts its tokens route to, one embedding row). */
  readPerStep: number;
}

/**
 * The share of an MoE layer's experts that `tokens` tokens touch, each routed to a share
 * `active` of them: 1 − (1 − active)^tokens, routing taken as uniform and independent. One
 * token reads only its own experts; a batch of a few hundred reads nearly all of them, so a
 * large decode batch of an MoE model reads the whole model, as a dense one does.
 */
export function expertShareRead(active: number, tokens: number): number {
  if (active >= 1) return 1;
  return 1 - (1 - active) ** Math.max(1, tokens);
}

/**
 * `exactStored`: the size the user's file states; the bytes a step reads then scale with it,
 * as the file's own widths replace the format's nominal ones. `tokensPerStep`: the tokens one
 * forward step runs (decode batch plus prefill chunk), which decides how many experts it reads.
 */
export function weightBytes(
  model: ModelSpec,
  format: WeightFormat,
  weightBits: number,
  scaleBits: number,
  exactStored?: number,
  tokensPerStep = 1,
): WeightBytes {
  const computed = computedWeightBytes(model, format, weightBits, scaleBits, tokensPerStep);
  if (exactStored === undefined) return computed;
  return {
    stored: exactStored,
    readPerStep: computed.readPerStep * (exactStored / computed.stored),
  };
}

function computedWeightBytes(
  model: ModelSpec,
  format: WeightFormat,
  weightBits: number,
  scaleBits: number,
  tokens: number,
): WeightBytes {
  const linearBits = weightBits + scaleBits;
  if (!isArch(model)) {
    // Without a shape the experts are not known apart: the whole count read at the share a
    // batch touches, which is the active count for one token.
    const counts = paramCounts(model);
    const share = expertShareRead(counts.active / counts.total, tokens);
    return {
      stored: (counts.total * linearBits) / 8,
      readPerStep: (counts.total * share * linearBits) / 8,
    };
  }
  const embBits = embeddingBits(format, weightBits);
  const smallBits = Math.max(SMALL_TENSOR_BITS, weightBits);
  let stored = (vectorParams(model) * smallBits) / 8;
  let read = stored;
  for (const s of matrixShapes(model)) {
    const size = s.rows * s.cols;
    const bits =
      s.name === "embed" || s.name === "head"
        ? embBits
        : s.quantizable
          ? linearBits
          : SMALL_TENSOR_BITS;
    stored += (size * s.count * bits) / 8;
    if (s.name === "embed") {
      // Tied embeddings are read in full as the output head; untied, one row per token.
      read += model.tiedEmbeddings ? (size * bits) / 8 : (s.cols * bits) / 8;
      continue;
    }
    read += (size * s.count * expertShareRead(s.activeShare, tokens) * bits) / 8;
  }
  return { stored, readPerStep: read };
}
